// Query of the product lists (GET products, products/getProductByVendor/{id},
// affiliate/product-links): a page, newest first (ProductID descending), optionally searched.

import * as z from 'zod/mini'
import { searchField } from './list-query'
import { pageQueryShape } from './paging'

/**
 * `q`: case-insensitive containment in the name, the SKU, the price as the API prints it
 * ("1499.00") or the commission amount (150, 12.5), as the products page searched before.
 */
export const productListQuerySchema = z.object({
  ...pageQueryShape,
  q: searchField('Search text'),
})
/** What a caller may send (every value text, as in a URL). */
export type ProductListParams = z.input<typeof productListQuerySchema>
export type ProductListQuery = z.output<typeof productListQuerySchema>
