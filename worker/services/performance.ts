// 'My Links' (the influencer's links, one row per product they can share) and the vendor's
// 'Performance' by product and by influencer, over 7, 30, 90 days or all time.

import { paiseToRupees, paiseToRupeeString } from '../contract/money'
import type {
  LinkPerformanceRow,
  Period,
  PerformanceFigures,
  PerformanceQuery,
  VendorPerformanceRow,
  VendorPerformanceView,
  SubPerformanceRow,
} from '../contract/performance'
import { SUB_ROWS_SHOWN } from '../contract/performance'
import type { Paging } from '../contract/paging'
import { makeDb } from '../db/client'
import { doneSlots, openSlots, pendingByLink } from '../db/impressions'
import { type AggregateQuery, type AggregateRow, aggregateRows, productTableTotal } from '../db/performance'
import { aggregateStatement, reportView } from '../db/performance-sql'
import { moveReportWindows, REPORT_WINDOW_SQL } from '../db/report-figures'
import { completeShortCodes } from '../db/short-links'
import { affiliateLink } from '../domain/affiliate'
import { periodStart } from '../domain/performance'
import { shortLinkUrl } from '../domain/short-links'
import type { ImpressionOwner } from '../domain/impressions'
import type { Bindings } from '../env'
import { pageThrough } from './paging'
import { subFiguresOf } from '../db/store-refs'

type Stores = Pick<Bindings, 'DB' | 'IMPRESSIONS'>

/** A report: whose, which table, which period, as of when. */
type Report = Omit<AggregateQuery, 'sort' | 'order' | 'after' | 'limit' | 'source' | 'pending'> & {
  /** The owner as KV names it, and which part of a link's name the table groups by (0: product, 1: influencer). */
  visits: { owner: ImpressionOwner; part: 0 | 1 }
  now: number
}
type PageOf = Pick<AggregateQuery, 'sort' | 'order' | 'after' | 'limit'>

/**
 * One read of a report, normally in one D1 round trip: the page from the kept figures, the
 * rolled-up slots and the report's window go together, and KV's listing of the owner's impressions
 * not yet rolled up runs beside them. The page is read again only when it cannot stand: KV holds
 * impressions of the period not yet in D1 (they must sort with the rest), or the window starts
 * before the period's first day (a new day in India the cron has not reached yet: the window is moved on
 * first) or after it (a clock set back: the period is counted from the rows).
 */
async function reportRows(env: Stores, report: Report, page: PageOf): Promise<AggregateRow[]> {
  const d1 = env.DB
  const db = makeDb(d1)
  const view = reportView(report.owner, report.group)
  const counted = productTableTotal(db, report.universe, report.owner.id)
  const q: AggregateQuery = { ...report, ...page, source: 'figures', pending: new Map(), countTotal: counted === null }
  const guess = aggregateStatement(q)
  const slots = openSlots(db, report.now)
  const read = d1.batch<unknown>([
    slots.statement,
    d1.prepare(REPORT_WINDOW_SQL).bind(view, report.period),
    d1.prepare(guess.sql).bind(...guess.params),
    ...(counted ? [counted.query.statement] : []),
  ])
  const byLink = pendingByLink(
    env.IMPRESSIONS,
    report.visits.owner,
    read.then(([r]) => doneSlots(slots.read(r), report.now)),
    report.fromDay,
    report.now,
  )
  const [, windowRead, guessRead, countRead] = await read
  const total = counted && countRead ? counted.read(counted.query.read(countRead)).total : null
  const withTotal = (rows: AggregateRow[]) => (total === null ? rows : rows.map((row) => ({ ...row, total })))
  let window: string | undefined = (windowRead.results as Array<{ fromDay: string }>)[0]?.fromDay
  const pending = pendingBy(await byLink, report.visits.part)
  if (window === report.fromDay && pending.size === 0) return withTotal(guessRead.results as AggregateRow[])
  if (window !== undefined && window < report.fromDay) {
    await moveReportWindows(d1, report.now)
    window = (await d1.prepare(REPORT_WINDOW_SQL).bind(view, report.period).first<{ fromDay: string }>())?.fromDay
  }
  const fresh = window === report.fromDay
  return withTotal(await aggregateRows(d1, { ...q, source: fresh ? 'figures' : 'rows', pending }))
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

async function paged(env: Stores, report: Report, query: PerformanceQuery<string>) {
  let total = 0
  const page = await pageThrough<AggregateRow>({
    cursor: query.cursor,
    limit: query.limit,
    order: `${query.sort}-${query.order}`,
    kinds: [SORT_KIND(query.sort), 'number'],
    fetch: async (from, limit) => {
      const after = from ? ([from[0], Number(from[1])] as [string | number, number]) : null
      const rows = await reportRows(env, report, { sort: query.sort, order: query.order, after, limit })
      total = rows[0]?.total ?? (from ? total : 0)
      return { rows, total }
    },
    keyOf: (r) => [sortValue(r, query.sort), r.id],
  })
  // A page past the last row has no row to read the total from: ask once more for the first row.
  if (page.rows.length === 0 && query.cursor) {
    const [first] = await reportRows(env, report, { sort: query.sort, order: query.order, after: null, limit: 1 })
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
  const page = await paged(
    env,
    {
      owner: { column: 'MarketerID', id: marketerId },
      group: 'ProductID',
      universe: 'activeProducts',
      visits: { owner: { MarketerID: marketerId }, part: 0 },
      period: query.period,
      fromDay: periodStart(query.period, now),
      now,
    },
    query,
  )
  const known = new Map(page.rows.flatMap((r) => (r.code ? [[r.id, r.code] as const] : [])))
  const codes = await completeShortCodes(
    makeDb(env.DB),
    marketerId,
    page.rows.map((r) => ({ ProductID: r.id, VendorID: r.vendorId ?? 0 })),
    known,
  )
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

function vendorReport(vendorId: number, view: VendorPerformanceView, period: Period, now: number): Report {
  const byProduct = view === 'products'
  return {
    owner: { column: 'VendorID', id: vendorId },
    group: byProduct ? 'ProductID' : 'MarketerID',
    universe: byProduct ? 'ownProducts' : 'marketersWithActivity',
    visits: { owner: { VendorID: vendorId }, part: byProduct ? 0 : 1 },
    period,
    fromDay: periodStart(period, now),
    now,
  }
}

export async function vendorPerformancePage(
  env: Stores,
  vendorId: number,
  view: VendorPerformanceView,
  query: PerformanceQuery<string>,
  now = Date.now(),
): Promise<{ rows: VendorPerformanceRow[]; paging: Paging }> {
  const page = await paged(env, vendorReport(vendorId, view, query.period, now), query)
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
  const rows = await reportRows(env, vendorReport(vendorId, view, query.period, now), { sort: query.sort, order: query.order, after: null, limit: null })
  const head = [
    view === 'products' ? 'Product' : 'Influencer',
    'ID',
    'Impressions',
    'Leads',
    'Conversions',
    'Conversion rate (%)',
    'Revenue (INR)',
    'Commission (INR)',
  ]
  const lines = rows.map((r) => {
    const f = figures(r)
    return [r.name, r.id, f.impressions, f.leads, f.conversions, f.conversionRate, f.revenue.toFixed(2), f.commission.toFixed(2)].map(cell).join(',')
  })
  return `${[head.join(','), ...lines].join('\r\n')}\r\n`
}

/** 'My Links' by sub-ID (decision 291): all time, from the kept figures. */
export async function subPerformance(env: Pick<Bindings, 'DB'>, marketerId: number): Promise<SubPerformanceRow[]> {
  const rows = await subFiguresOf(makeDb(env.DB), marketerId, SUB_ROWS_SHOWN)
  return rows.map((r) => ({
    ProductID: r.ProductID,
    ProductName: r.ProductName ?? 'Removed product',
    sub: r.sub,
    clicks: r.clicks,
    leads: r.leads,
    conversions: r.conversions,
    commission: paiseToRupees(r.commissionPaise),
  }))
}
