import { CAMPAIGN_ROUTES, type CampaignDTO } from '@contract/campaigns'
import { type CodeState, COUPON_ROUTES, type CreateCode, type EditCode } from '@contract/coupons'
import { MARKETER_ROUTES } from '@contract/marketer-routes'
import { PRODUCT_ROUTES } from '@contract/product-routes'
import { callPage, callRoute } from './client'

// Creator coupon codes, one function per call.

export type VendorCodeQuery = { q: string; state: CodeState }

export const listVendorCodes = (query: VendorCodeQuery, cursor: string | undefined, signal?: AbortSignal) =>
  callPage(COUPON_ROUTES.list, { query: { ...(query.q ? { q: query.q } : {}), state: query.state, ...(cursor ? { cursor } : {}) }, signal })

export const listMyCodes = (cursor: string | undefined, signal?: AbortSignal) => callPage(COUPON_ROUTES.mine, { query: cursor ? { cursor } : {}, signal })

export const createCode = (input: CreateCode) => callRoute(COUPON_ROUTES.create, { json: input })

export const switchCode = (codeId: number, Active: boolean) => callRoute(COUPON_ROUTES.status, { params: { id: codeId }, json: { Active } })

export const editCode = (codeId: number, input: EditCode) => callRoute(COUPON_ROUTES.edit, { params: { id: codeId }, json: input })

/** Creators whose name matches, for the code form's picker (the directory's own search, 10 at most). */
export const findMarketers = (q: string, signal?: AbortSignal) => callPage(MARKETER_ROUTES.directory, { query: { q, limit: 10 }, signal })

/** The vendor's products for the code form (the first 100; more: 'All my products'). */
export const codeProducts = (vendorId: number, signal?: AbortSignal) =>
  callPage(PRODUCT_ROUTES.byVendor, { params: { vendorId }, query: { limit: 100 }, signal })

/**
 * The vendor's campaigns a code can be for (decision 213): the newest 100, less those ended or
 * closed (a code for them is refused).
 */
export async function codeCampaigns(signal?: AbortSignal): Promise<CampaignDTO[]> {
  const page = await callPage(CAMPAIGN_ROUTES.list, { query: { limit: 100 }, signal })
  return page.rows.filter((c) => c.Status === 'Live' || c.Status === 'Upcoming')
}
