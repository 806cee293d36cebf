import { Hono } from 'hono'
import { productListQuerySchema } from '../../contract/product-list'
import { db } from '../../db/client'
import { toProductDTO } from '../../db/products'
import type { AppEnv } from '../../env'
import { apiKeyOf, requireScope } from '../../middleware/api-key'
import { okPage } from '../../middleware/envelope'
import { parseWith, queryOf } from '../../middleware/validate'
import { productPage } from '../../services/product-lists'

/** /api/v1/products: the key's vendor's own products, inactive ones included, newest first. */
export const v1ProductRoutes = new Hono<AppEnv>().get('/', requireScope('products:read'), async (c) => {
  const page = await productPage(db(c), { vendorId: apiKeyOf(c).vendorId, activeOnly: false }, parseWith(productListQuerySchema, queryOf(c)))
  return okPage(
    c,
    'Products fetched successfully',
    page.rows.map((row) => toProductDTO(row)),
    page.paging,
  )
})
