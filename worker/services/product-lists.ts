// The three product lists (GET products, products/getProductByVendor/{id}, affiliate/product-links):
// one page, newest first, optionally searched.

import type { ProductListQuery } from '../contract/product-list'
import type { Db } from '../db/client'
import { SEARCH_COLUMNS } from '../db/list-sql'
import { pageProducts, type ProductRow } from '../db/products'
import { productSearch } from '../domain/search'
import { pageThrough } from './paging'

/**
 * Which products a list may show: one vendor's or everyone's; inactive ones only to their vendor.
 * `shortCodesOf`: the influencer whose short codes come with the rows.
 */
export type ProductScope = { vendorId?: number; activeOnly: boolean; shortCodesOf?: number }

export function productPage(d: Db, scope: ProductScope, query: ProductListQuery) {
  const search = query.q ? productSearch(query.q, SEARCH_COLUMNS.products) : undefined
  return pageThrough<ProductRow>({
    cursor: query.cursor,
    limit: query.limit,
    order: 'newest',
    kinds: ['number'],
    fetch: (from, take, count) => pageProducts(d, { ...scope, search }, from as number[] | null, take, count),
    keyOf: (row) => [row.ProductID],
  })
}
