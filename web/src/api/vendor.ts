import type { LeadStatus } from '@contract/lead'
import { LEAD_ROUTES } from '@contract/lead-routes'
import { PRODUCT_ROUTES } from '@contract/product-routes'
import { MARKETER_ROUTES } from '@contract/marketer-routes'
import { ANALYTICS_ROUTES } from '@contract/trends'
import { VENDOR_NOT_FOUND_MESSAGE, type VendorSelf } from '@contract/vendor'
import { VENDOR_ROUTES } from '@contract/vendor-routes'
import { ApiError, callData, callPage, callRoute } from './client'

// The vendor dashboard's calls (spec 000 section 7), one function each.

/** The signed-in vendor's own record: the route answers anyone else only the public fields. */
export async function getVendor(id: number): Promise<VendorSelf> {
  const vendor = await callData(VENDOR_ROUTES.one, { params: { id } })
  if (!('Email' in vendor)) throw new ApiError(VENDOR_NOT_FOUND_MESSAGE, { status: 404 })
  return vendor
}

/** Password (with CurrentPassword) only when the vendor sets a new one. */
export type VendorProfileInput = { VendorName: string; Email: string; Mobile: string; VendorID: number; Password?: string; CurrentPassword?: string }

/**
 * The whole envelope: the profile modal toasts the server's message whatever the outcome. After a
 * password change it carries a fresh `token`: the one this call was sent with no longer works.
 */
export const updateVendor = (input: VendorProfileInput) => callRoute(VENDOR_ROUTES.update, { params: { id: input.VendorID }, json: input })

export function uploadVendorPicture(vendorId: number, file: File) {
  const form = new FormData()
  form.set('VendorID', String(vendorId))
  form.set('VendorProfilePic', file)
  return callRoute(VENDOR_ROUTES.picture, { params: { id: vendorId }, form })
}

export const getVendorAnalytics = (id: number) => callData(VENDOR_ROUTES.analytics, { params: { id } })

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

export const createProduct = (fields: ProductFields, images: readonly File[]) => callRoute(PRODUCT_ROUTES.create, { form: productForm(fields, images) })

export const updateProduct = (productId: number, fields: ProductFields) =>
  callRoute(PRODUCT_ROUTES.update, { params: { productId }, form: productForm(fields, []) })

export function addProductImages(productId: number, images: readonly File[]) {
  const form = new FormData()
  for (const image of images) form.append('images', image)
  return callData(PRODUCT_ROUTES.addImages, { params: { productId }, form })
}

export const deleteProductImages = (productId: number, images: readonly string[]) =>
  callData(PRODUCT_ROUTES.deleteImages, { params: { productId }, json: { images: [...images] } })

export const deleteProduct = (productId: number) => callRoute(PRODUCT_ROUTES.remove, { params: { id: productId } })

export const toggleProductStatus = (productId: number) => callRoute(PRODUCT_ROUTES.toggle, { params: { id: productId } })

/** `Reason` only when the change moves commission money (leadStatusEffect says so). */
export const setLeadStatus = (leadId: number, Status: LeadStatus, Reason?: string) =>
  callRoute(LEAD_ROUTES.changeStatus, { params: { id: leadId }, json: Reason ? { Status, Reason } : { Status } })

/** What a status change would move in the ledger, asked before it is made. */
export const leadStatusEffect = (leadId: number, Status: LeadStatus) => callData(LEAD_ROUTES.statusEffect, { params: { id: leadId }, query: { Status } })

/** One page of the vendor's leads, filtered and sorted on the server (see README, Lists). */
export const vendorLeadPage = (vendorId: number, params: Record<string, string>, cursor: string | undefined, signal?: AbortSignal) =>
  callPage(LEAD_ROUTES.byVendor, { params: { vendorId }, query: { ...params, limit: LEADS_PAGE_SIZE, cursor }, signal })

/** One page of the vendor's own products (inactive ones included), newest first. */
export const vendorProductPage = (vendorId: number, cursor: string | undefined, signal?: AbortSignal) =>
  callPage(PRODUCT_ROUTES.byVendor, { params: { vendorId }, query: { limit: LEADS_PAGE_SIZE, cursor }, signal })

/** A few of the vendor's own products whose name, SKU or price match `q` (the leads table's product picker). */
export const searchOwnProducts = async (vendorId: number, q: string, signal?: AbortSignal) =>
  (await callPage(PRODUCT_ROUTES.byVendor, { params: { vendorId }, query: { limit: 8, q }, signal })).rows.map((p) => ({
    id: p.ProductID,
    label: `${p.ProductName} · ${p.SKU}`,
  }))

/** A few influencers whose name, handle or bio match `q`, from the public directory (the leads table's influencer picker). */
export const searchMarketers = async (q: string, signal?: AbortSignal) =>
  (await callPage(MARKETER_ROUTES.directory, { query: { limit: 8, q }, signal })).rows.map((m) => ({ id: m.MarketerID, label: m.MarketerName }))

/** Rows per dashboard table page (the spec's tables page at 10). */
export const LEADS_PAGE_SIZE = 10
