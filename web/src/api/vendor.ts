import type { LeadDTO, LeadStatus, LeadStatusChanged, LeadStatusEffect } from '@contract/lead'
import type { MarketerListItem } from '@contract/marketer'
import type { ProductDTO } from '@contract/product'
import { ANALYTICS_ROUTES } from '@contract/trends'
import type { VendorAnalytics, VendorSelf } from '@contract/vendor'
import type { Envelope, EnvelopeWithToken } from '@contract/envelope'
import { ApiError, callData, request, type RequestOptions, requestData, requestPage } from './client'

// The vendor dashboard's calls (spec 000 section 7), one function each.

/** A mutation whose success message the page toasts; a non-1 statusCode rejects (spec 000 section 8). */
async function mutate<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const envelope = await request<T>(method, path, options)
  if (envelope.statusCode !== 1) throw new ApiError(envelope.message, { statusCode: envelope.statusCode, data: envelope.data })
  return envelope
}

export const getVendor = (id: number) => requestData<VendorSelf>('GET', `vendors/${id}`)

/** Password (with CurrentPassword) only when the vendor sets a new one. */
export type VendorProfileInput = { VendorName: string; Email: string; Mobile: string; VendorID: number; Password?: string; CurrentPassword?: string }

/**
 * The whole envelope: the profile modal toasts the server's message whatever the outcome. After a
 * password change it carries a fresh `token`: the one this call was sent with no longer works.
 */
export const updateVendor = (input: VendorProfileInput): Promise<EnvelopeWithToken<VendorSelf>> =>
  request<VendorSelf>('PUT', `vendors/${input.VendorID}`, { json: input })

export function uploadVendorPicture(vendorId: number, file: File) {
  const form = new FormData()
  form.set('VendorID', String(vendorId))
  form.set('VendorProfilePic', file)
  return request<VendorSelf>('POST', `vendors/upload/vendor-profile/${vendorId}`, { form })
}

export const getVendorAnalytics = (id: number) => requestData<VendorAnalytics>('GET', `vendors/analytics/${id}`)

export const getVendorTrend = () => callData(ANALYTICS_ROUTES.daily)

/** The text fields of the create and edit forms, as the multipart payload names them. */
export type ProductFields = {
  VendorID: number
  ProductName: string
  Description: string
  Price: string
  CommissionType: string
  CommissionValue: string
  Category: string
  SKU: string
  product_link: string
}

function productForm(fields: ProductFields, images: readonly File[]): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.set(key, String(value))
  for (const image of images) form.append('images', image)
  return form
}

export const createProduct = (fields: ProductFields, images: readonly File[]) => mutate<ProductDTO>('POST', 'products', { form: productForm(fields, images) })

export const updateProduct = (productId: number, fields: ProductFields) =>
  mutate<ProductDTO>('PUT', `products/update/${productId}`, { form: productForm(fields, []) })

export function addProductImages(productId: number, images: readonly File[]) {
  const form = new FormData()
  for (const image of images) form.append('images', image)
  return requestData<ProductDTO>('PUT', `products/update-images/${productId}`, { form })
}

export const deleteProductImages = (productId: number, images: readonly string[]) =>
  requestData<ProductDTO>('DELETE', `products/delete-images/${productId}`, { json: { images } })

export const deleteProduct = (productId: number) => mutate<null>('DELETE', `products/${productId}`)

export const toggleProductStatus = (productId: number) => mutate<ProductDTO>('PUT', `products/status/${productId}`)

/** `Reason` only when the change moves commission money (leadStatusEffect says so). */
export const setLeadStatus = (leadId: number, Status: LeadStatus, Reason?: string) =>
  mutate<LeadStatusChanged>('PUT', `leads/status/${leadId}`, { json: Reason ? { Status, Reason } : { Status } })

/** What a status change would move in the ledger, asked before it is made. */
export const leadStatusEffect = (leadId: number, Status: LeadStatus) =>
  requestData<LeadStatusEffect>('GET', `leads/status/${leadId}/effect`, { query: { Status } })

/** One page of the vendor's leads, filtered and sorted on the server (see README, Lists). */
export const vendorLeadPage = (vendorId: number, params: Record<string, string>, cursor: string | undefined, signal?: AbortSignal) =>
  requestPage<LeadDTO>(`leads/leadsbyvendorid/${vendorId}`, { ...params, limit: String(LEADS_PAGE_SIZE), cursor }, signal)

/** One page of the vendor's own products (inactive ones included), newest first. */
export const vendorProductPage = (vendorId: number, cursor: string | undefined, signal?: AbortSignal) =>
  requestPage<ProductDTO>(`products/getProductByVendor/${vendorId}`, { limit: String(LEADS_PAGE_SIZE), cursor }, signal)

/** A few of the vendor's own products whose name, SKU or price match `q` (the leads table's product picker). */
export const searchOwnProducts = async (vendorId: number, q: string, signal?: AbortSignal) =>
  (await requestPage<ProductDTO>(`products/getProductByVendor/${vendorId}`, { limit: '8', q }, signal)).rows.map((p) => ({
    id: p.ProductID,
    label: `${p.ProductName} · ${p.SKU}`,
  }))

/** A few influencers whose name, handle or bio match `q`, from the public directory (the leads table's influencer picker). */
export const searchMarketers = async (q: string, signal?: AbortSignal) =>
  (await requestPage<MarketerListItem>('marketers/social-media', { limit: '8', q }, signal)).rows.map((m) => ({ id: m.MarketerID, label: m.MarketerName }))

/** Rows per dashboard table page (the spec's tables page at 10). */
export const LEADS_PAGE_SIZE = 10
