import type { ProductDTO } from '@contract/product'
import type { ProductListParams } from '@contract/product-list'
import { requestData } from './client'

// Public product reads and the marketer's affiliate products (spec 000 and 001 section 7). The buy
// page's calls live in buy.ts.

/**
 * The lists are paged on the server; until the pages ask for pages themselves, they take the first
 * (largest) page: the newest 100. A literal, not the contract's constant: this file is part of the
 * buy page's bundle, which must not pull in zod.
 */
export const FIRST_PAGE = { limit: '100' } satisfies ProductListParams

export const listProducts = () => requestData<ProductDTO[]>('GET', 'products', { query: FIRST_PAGE })
export const listVendorProducts = (vendorId: number) =>
  requestData<ProductDTO[]>('GET', `products/getProductByVendor/${vendorId}`, { query: FIRST_PAGE })
export const listAffiliateProducts = (marketerId: number) =>
  requestData<ProductDTO[]>('GET', 'affiliate/product-links', { query: { marketerId, ...FIRST_PAGE } })
export const getProduct = (productId: number) => requestData<ProductDTO>('GET', `products/${productId}`)
