// 'My Links' (the influencer's links, one row per product they can share) and the vendor's
// 'Performance' by product and by influencer (issue 14), over 7, 30, 90 days or all time.

import { paiseToRupees, paiseToRupeeString } from '../contract/money'
import type { LinkPerformanceRow, PerformanceFigures, PerformanceQuery, VendorPerformanceRow, VendorPerformanceView } from '../contract/performance'
import type { Paging } from '../contract/paging'
import { makeDb } from '../db/client'
import { pendingByLink, rolledSlots } from '../db/impressions'
import { type AggregateQuery, type AggregateRow, aggregateRows } from '../db/performance'
import { completeShortCodes } from '../db/short-links'
import { affiliateLink } from '../domain/affiliate'
import { periodStart } from '../domain/performance'
import { shortLinkUrl } from '../domain/short-links'
import type { ImpressionOwner } from '../domain/impressions'
import type { Bindings } from '../env'
import { pageThrough } from './paging'

type Stores = Pick<Bindings, 'DB' | 'IMPRESSIONS'>

/** KV's counts per link of the period, listed beside the D1 read of which slots are rolled up. */
function pendingLinks(env: Stores, owner: ImpressionOwner, fromDay: string, now: number): Promise<Map<string, number>> {
  return pendingByLink(env.IMPRESSIONS, owner, rolledSlots(makeDb(env.DB), now), fromDay, now)
}

/** KV's counts per link, summed by the part of the link name the table groups by (0: product, 1: the other id). */
function pendingBy(byLink: Map<string, number>, part: 0 | 1): Map<number, number> {
  const out = new Map<number, number>()
  for (const [link, n] of byLink) {
    const id = Number(link.split('.')[part])
    out.set(id, (out.get(id) ?? 0) + n)
  }
  return out
}

const figures = (r: AggregateRow): PerformanceFigures => ({
  impressions: r.impressions,
  leads: r.leads,
  conversions: r.conversions,
  conversionRate: r.conversionRate,
  revenue: paiseToRupees(r.revenuePaise),
  commission: paiseToRupees(r.commissionPaise),
})

const SORT_KIND = (sort: string) => (sort === 'name' ? 'string' : 'number') as 'string' | 'number'

function sortValue(r: AggregateRow, sort: string): string | number {
  switch (sort) {
    case 'name':
      return r.name
    case 'revenue':
      return r.revenuePaise
    case 'commission':
      return r.commissionPaise
    case 'impressions':
    case 'leads':
    case 'conversions':
    case 'conversionRate':
      return r[sort]
    default:
      throw new Error(`Unknown sort ${sort}`)
  }
}

type Base = Omit<AggregateQuery, 'sort' | 'order' | 'after' | 'limit'>

async function paged(d1: D1Database, base: Base, query: PerformanceQuery<string>) {
  let total = 0
  const page = await pageThrough<AggregateRow>({
    cursor: query.cursor,
    limit: query.limit,
    order: `${query.sort}-${query.order}`,
    kinds: [SORT_KIND(query.sort), 'number'],
    fetch: async (from, limit) => {
      const after = from ? ([from[0], Number(from[1])] as [string | number, number]) : null
      const rows = await aggregateRows(d1, { ...base, sort: query.sort, order: query.order, after, limit })
      total = rows[0]?.total ?? (from ? total : 0)
      return { rows, total }
    },
    keyOf: (r) => [sortValue(r, query.sort), r.id],
  })
  // A page past the last row has no row to read the total from: ask once more for the first row.
  if (page.rows.length === 0 && query.cursor) {
    const [first] = await aggregateRows(d1, { ...base, sort: query.sort, order: query.order, after: null, limit: 1 })
    page.paging.total = first?.total ?? 0
  }
  return page
}

export async function linkPerformancePage(
  env: Stores,
  origin: string,
  marketerId: number,
  query: PerformanceQuery<string>,
  now = Date.now(),
): Promise<{ rows: LinkPerformanceRow[]; paging: Paging }> {
  const fromDay = periodStart(query.period, now)
  const pending = pendingBy(await pendingLinks(env, { MarketerID: marketerId }, fromDay, now), 0)
  const base: Base = { owner: { column: 'MarketerID', id: marketerId }, group: 'ProductID', universe: 'activeProducts', fromDay, pending }
  const page = await paged(env.DB, base, query)
  const known = new Map(page.rows.flatMap((r) => (r.code ? [[r.id, r.code] as const] : [])))
  const codes = await completeShortCodes(makeDb(env.DB), marketerId, page.rows.map((r) => ({ ProductID: r.id, VendorID: r.vendorId ?? 0 })), known)
  const rows = page.rows.map((r) => ({
    ProductID: r.id,
    ProductName: r.name,
    Price: paiseToRupeeString(r.pricePaise ?? 0),
    Link: affiliateLink(origin, { ProductID: r.id, VendorID: r.vendorId ?? 0 }, marketerId),
    ShortLink: shortLinkUrl(origin, codes.get(r.id) ?? ''),
    ...figures(r),
  }))
  return { rows, paging: page.paging }
}

function vendorBase(vendorId: number, view: VendorPerformanceView, fromDay: string, byLink: Map<string, number>): Base {
  const byProduct = view === 'products'
  return {
    owner: { column: 'VendorID', id: vendorId },
    group: byProduct ? 'ProductID' : 'MarketerID',
    universe: byProduct ? 'ownProducts' : 'influencersWithActivity',
    fromDay,
    pending: pendingBy(byLink, byProduct ? 0 : 1),
  }
}

export async function vendorPerformancePage(
  env: Stores,
  vendorId: number,
  view: VendorPerformanceView,
  query: PerformanceQuery<string>,
  now = Date.now(),
): Promise<{ rows: VendorPerformanceRow[]; paging: Paging }> {
  const fromDay = periodStart(query.period, now)
  const byLink = await pendingLinks(env, { VendorID: vendorId }, fromDay, now)
  const page = await paged(env.DB, vendorBase(vendorId, view, fromDay, byLink), query)
  return { rows: page.rows.map((r) => ({ id: r.id, name: r.name, ...figures(r) })), paging: page.paging }
}

/** A spreadsheet cell: quoted, and never read as a formula (a name may start with =, +, - or @). */
function cell(value: string | number): string {
  const text = String(value)
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replaceAll('"', '""')}"` : safe
}

export async function vendorPerformanceCsv(
  env: Stores,
  vendorId: number,
  view: VendorPerformanceView,
  query: Pick<PerformanceQuery<string>, 'period' | 'sort' | 'order'>,
  now = Date.now(),
): Promise<string> {
  const fromDay = periodStart(query.period, now)
  const byLink = await pendingLinks(env, { VendorID: vendorId }, fromDay, now)
  const rows = await aggregateRows(env.DB, { ...vendorBase(vendorId, view, fromDay, byLink), sort: query.sort, order: query.order, after: null, limit: null })
  const head = [view === 'products' ? 'Product' : 'Influencer', 'ID', 'Impressions', 'Leads', 'Conversions', 'Conversion rate (%)', 'Revenue (INR)', 'Commission (INR)']
  const lines = rows.map((r) => {
    const f = figures(r)
    return [r.name, r.id, f.impressions, f.leads, f.conversions, f.conversionRate, f.revenue.toFixed(2), f.commission.toFixed(2)].map(cell).join(',')
  })
  return `${[head.join(','), ...lines].join('\r\n')}\r\n`
}
