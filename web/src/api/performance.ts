import type { LinkPerformanceRow, Period, SortOrder, VendorPerformanceRow, VendorPerformanceView } from '@contract/performance'
import { AFFILIATE_ROUTES } from '@contract/product-routes'
import { pathOf } from '@contract/route'
import { VENDOR_ROUTES } from '@contract/vendor-routes'
import { getToken } from '../lib/storage'
import { ApiError, callData, callPage, type Page } from './client'

export type PerformanceListQuery = { period: Period; sort: string; order: SortOrder }

/** 'My Links': the signed-in influencer's links with their figures, one page. */
export const listMyLinks = (q: PerformanceListQuery, cursor: string | undefined, signal?: AbortSignal): Promise<Page<LinkPerformanceRow>> =>
  callPage(AFFILIATE_ROUTES.myLinks, { query: { ...q, cursor }, signal })

/** The signed-in vendor's performance by product or by influencer, one page. */
export const listVendorPerformance = (
  view: VendorPerformanceView,
  q: PerformanceListQuery,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<VendorPerformanceRow>> => callPage(VENDOR_ROUTES.performance, { params: { view }, query: { ...q, cursor }, signal })

/** Every row of one table as a CSV file (the server writes it; a spreadsheet opens it as is). */
export async function fetchPerformanceCsv(view: VendorPerformanceView, q: PerformanceListQuery): Promise<{ blob: Blob; name: string }> {
  const token = getToken()
  const query = new URLSearchParams(q)
  let res: Response
  try {
    res = await fetch(`${pathOf(VENDOR_ROUTES.performanceCsv.path, { view })}?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  } catch {
    throw new ApiError('Network Error', { network: true })
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null
    throw new ApiError(body?.message || `Request failed with status code ${res.status}`, { status: res.status })
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `performance-${view}.csv`
  return { blob: await res.blob(), name }
}

/** 'My Links' by sub-ID: the signed-in influencer's links with a sub-ID, all time, most clicks first. */
export const listMySubs = (signal?: AbortSignal) => callData(AFFILIATE_ROUTES.mySubs, { signal })
