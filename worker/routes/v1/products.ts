import { V1_ROUTES as R } from '../../contract/v1-routes'
import { db } from '../../db/client'
import { toProductDTO } from '../../db/products'
import { apiKeyOf } from '../../middleware/api-key'
import { productPage } from '../../services/product-lists'
import { handle } from '../define'

/** /api/v1/products: the key's vendor's own products, inactive ones included, newest first. */
export const v1ProductRoutes = [
  handle(R.products, async (c, r) => {
    const page = await productPage(db(c), { vendorId: apiKeyOf(c).vendorId, activeOnly: false }, r.query())
    return r.page(
      page.rows.map((row) => toProductDTO(row)),
      page.paging,
    )
  }),
]
