import type { ProductDTO } from '@contract/product'
import { requestData } from './client'

// Public product reads and the marketer's affiliate products (spec 000 and 001 section 7). The buy
// page's calls live in buy.ts.

export const listProducts = () => requestData<ProductDTO[]>('GET', 'products')
export const listVendorProducts = (vendorId: number) => requestData<ProductDTO[]>('GET', `products/getProductByVendor/${vendorId}`)
export const listAffiliateProducts = (marketerId: number) =>
  requestData<ProductDTO[]>('GET', 'affiliate/product-links', { query: { marketerId } })
export const getProduct = (productId: number) => requestData<ProductDTO>('GET', `products/${productId}`)
