import type { ProductDTO } from '@contract/product'
import type { ProductListParams } from '@contract/product-list'
import { type Page, requestData, requestPage } from './client'

// Public product reads and the marketer's affiliate products (spec 000 and 001 section 7). The buy
// page's calls live in buy.ts.

export const getProduct = (productId: number) => requestData<ProductDTO>('GET', `products/${productId}`)

/** Who is looking decides the list (spec 000 section 4): marketers their affiliate products, vendors their own, everyone else all. */
export type ProductListOwner = { viewer: 'visitor' | 'vendor' | 'marketer'; vendorId: number | null; marketerId: number | null }

/** One page of the products page's list, searched on the server. */
export function productPage(owner: ProductListOwner, params: ProductListParams, signal?: AbortSignal): Promise<Page<ProductDTO>> {
  const query = { ...params }
  if (owner.viewer === 'marketer' && owner.marketerId)
    return requestPage<ProductDTO>('affiliate/product-links', { ...query, marketerId: owner.marketerId }, signal)
  if (owner.viewer === 'vendor' && owner.vendorId) return requestPage<ProductDTO>(`products/getProductByVendor/${owner.vendorId}`, query, signal)
  return requestPage<ProductDTO>('products', query, signal)
}
