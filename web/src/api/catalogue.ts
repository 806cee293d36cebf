import type { ProductDTO } from '@contract/product'
import type { ProductListParams } from '@contract/product-list'
import { AFFILIATE_ROUTES, PRODUCT_ROUTES } from '@contract/product-routes'
import { callData, callPage, type Page } from './client'

// Public product reads and the marketer's affiliate products (spec 000 and 001 section 7). The buy
// page's calls live in buy.ts.

export const getProduct = (productId: number) => callData(PRODUCT_ROUTES.one, { params: { id: productId } })

/** Who is looking decides the list (spec 000 section 4): marketers their affiliate products, vendors their own, everyone else all. */
export type ProductListOwner = { viewer: 'visitor' | 'vendor' | 'marketer'; vendorId: number | null; marketerId: number | null }

/** One page of the products page's list, searched on the server. */
export function productPage(owner: ProductListOwner, params: ProductListParams, signal?: AbortSignal): Promise<Page<ProductDTO>> {
  const query = { ...params }
  if (owner.viewer === 'marketer' && owner.marketerId)
    return callPage(AFFILIATE_ROUTES.productLinks, { query: { ...query, marketerId: owner.marketerId }, signal })
  if (owner.viewer === 'vendor' && owner.vendorId) return callPage(PRODUCT_ROUTES.byVendor, { params: { vendorId: owner.vendorId }, query, signal })
  return callPage(PRODUCT_ROUTES.catalogue, { query, signal })
}
