import type { Envelope } from '@contract/envelope'
import type { ProductDTO } from '@contract/product'
import type { ProductListParams } from '@contract/product-list'
import { request, requestData } from './client'

// Public product reads, the marketer's affiliate products, and the buy page's calls (spec 000 and
// 001 section 7).

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

/** The buy form's payload (spec 001 section 3). */
export type LeadSubmission = {
  ProductID: number
  VendorID: number
  MarketerID: number
  ClientName: string
  ClientEmail: string
  ClientPhone: string
}

/** Answers the whole envelope: the buy page moves to 'Thank You!' once a status code comes back. */
export const createLead = (input: LeadSubmission): Promise<Envelope<unknown>> => request('POST', 'leads/create', { json: input })

export const trackImpression = (ids: { productId: number; vendorId: number; marketerId: number }) =>
  request<unknown>('POST', 'affiliate/track/impression', { query: ids })
