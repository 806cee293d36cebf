import type { CampaignDTO } from '@contract/campaigns'
import type { CodeDTO, CodeState, CreateCode, EditCode } from '@contract/coupons'
import type { MarketerListItem } from '@contract/marketer'
import type { ProductDTO } from '@contract/product'
import { ApiError, request, requestPage } from './client'

// Creator coupon codes, one function per call.

export type VendorCodeQuery = { q: string; state: CodeState }

export const listVendorCodes = (query: VendorCodeQuery, cursor: string | undefined, signal?: AbortSignal) =>
  requestPage<CodeDTO>('coupons', { ...(query.q ? { q: query.q } : {}), state: query.state, ...(cursor ? { cursor } : {}) }, signal)

export const listMyCodes = (cursor: string | undefined, signal?: AbortSignal) => requestPage<CodeDTO>('coupons/mine', cursor ? { cursor } : {}, signal)

export async function createCode(input: CreateCode) {
  const res = await request<CodeDTO>('POST', 'coupons', { json: input })
  if (res.statusCode !== 1) throw new ApiError(res.message)
  return res
}

export async function switchCode(codeId: number, Active: boolean) {
  const res = await request<{ CodeID: number; Active: boolean }>('PUT', `coupons/${codeId}/status`, { json: { Active } })
  if (res.statusCode !== 1) throw new ApiError(res.message)
  return res
}

export async function editCode(codeId: number, input: EditCode) {
  const res = await request<null>('PUT', `coupons/${codeId}`, { json: input })
  if (res.statusCode !== 1) throw new ApiError(res.message)
  return res
}

/** Creators whose name matches, for the code form's picker (the directory's own search, 10 at most). */
export const findMarketers = (q: string, signal?: AbortSignal) => requestPage<MarketerListItem>('marketers/social-media', { q, limit: '10' }, signal)

/** The vendor's products for the code form (the first 100; more: 'All my products'). */
export const codeProducts = (vendorId: number, signal?: AbortSignal) =>
  requestPage<ProductDTO>(`products/getProductByVendor/${vendorId}`, { limit: '100' }, signal)

/**
 * The vendor's campaigns a code can be for (decision 213): the newest 100, less those ended or
 * closed (a code for them is refused).
 */
export async function codeCampaigns(signal?: AbortSignal): Promise<CampaignDTO[]> {
  const page = await requestPage<CampaignDTO>('campaigns', { limit: '100' }, signal)
  return page.rows.filter((c) => c.Status === 'Live' || c.Status === 'Upcoming')
}
