// The link performance reports' kept figures (report_figures, decision 013, at the bench's scale) under
// any history: leads created on any day of the last 100 in any status, status changes, deleted
// leads and products, rolled-up impressions on any day, and new days starting in India (the windows
// move on). After every history each report of the world's accounts (My Links; Performance by product
// and by influencer; every period) read from the kept figures must equal the same report counted
// from the rows, row for row, and the migration's fill must rebuild exactly the kept figures.
// Its own file: the moved windows are the database's, and the clock here only goes forward.

import { env } from 'cloudflare:workers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { LeadStatus } from '../../worker/contract/lead'
import { indiaDay } from '../../worker/contract/india-date'
import { PERIODS, type Period } from '../../worker/contract/performance'
import { makeDb } from '../../worker/db/client'
import { keptFigureFills } from '../../worker/db/kept-figures'
import { setLeadStatus } from '../../worker/db/leads'
import { type AggregateQuery, type AggregateRow, aggregateStatement } from '../../worker/db/performance-sql'
import { moveReportWindows } from '../../worker/db/report-figures'
import type { Product } from '../../worker/db/schema'
import { periodStart } from '../../worker/domain/performance'
import { linkPerformancePage } from '../../worker/services/performance'
import { makeMarketer, makeVendor } from '../helpers/factories'
import { addImpressions, deleteLead, insertLead, insertProduct } from '../helpers/rows'
import { present } from '../helpers/present'
import { PROPERTY_TIMEOUT } from '../helpers/property'

const DAY = 86_400_000
// The simulated now: starts at the real one (the migration set the windows from it) and only grows.
let clock = Date.now()

type Step =
  | { kind: 'lead'; product: number; marketer: number; status: LeadStatus; daysAgo: number }
  | { kind: 'status'; lead: number; status: LeadStatus }
  | { kind: 'deleteLead'; lead: number }
  | { kind: 'deleteProduct'; product: number }
  | { kind: 'impressions'; product: number; marketer: number; daysAgo: number; n: number }
  | { kind: 'newDay'; days: number }

const statusArb = fc.constantFrom<LeadStatus>('Pending', 'Lost', 'Converted')
// Days ago reach past the 7-, 30- and 90-day edges.
const daysAgoArb = fc.oneof(fc.nat(8), fc.integer({ min: 26, max: 32 }), fc.integer({ min: 86, max: 100 }))
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('lead' as const), product: fc.nat(5), marketer: fc.nat(1), status: statusArb, daysAgo: daysAgoArb }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('status' as const), lead: fc.nat(19), status: statusArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteLead' as const), lead: fc.nat(19) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteProduct' as const), product: fc.nat(5) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('impressions' as const),
      product: fc.nat(5),
      marketer: fc.nat(1),
      daysAgo: daysAgoArb,
      n: fc.integer({ min: 1, max: 50 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('newDay' as const), days: fc.constantFrom(1, 1, 2, 6, 25) }) },
)

type World = { vendors: number[]; marketers: number[]; products: Product[]; leads: number[] }

async function world(): Promise<World> {
  const vendors = [(await makeVendor()).id, (await makeVendor()).id]
  const marketers = [(await makeMarketer()).id, (await makeMarketer()).id]
  const products = [
    await insertProduct(vendors[0]),
    await insertProduct(vendors[0], { PricePaise: 99_900, CommissionAmountPaise: 9_990 }),
    await insertProduct(vendors[1], { PricePaise: 250_000, CommissionAmountPaise: 37_500 }),
  ]
  return { vendors, marketers, products, leads: [] }
}

const pick = <T>(list: T[], i: number): T | undefined => (list.length === 0 ? undefined : list[i % list.length])
const at = (daysAgo: number) => new Date(clock - daysAgo * DAY)

async function apply(w: World, step: Step): Promise<void> {
  switch (step.kind) {
    case 'lead': {
      const product = pick(w.products, step.product)
      if (!product) return
      const when = at(step.daysAgo).toISOString()
      const lead = await insertLead(product, w.marketers[step.marketer], step.status, {
        createdAt: when,
        convertedAt: step.status === 'Converted' ? when : null,
      })
      w.leads.push(lead.LeadID)
      return
    }
    case 'status': {
      const lead = pick(w.leads, step.lead)
      if (lead !== undefined) await setLeadStatus(makeDb(env.DB), lead, step.status, clock)
      return
    }
    case 'deleteLead': {
      const lead = pick(w.leads, step.lead)
      if (lead === undefined) return
      await deleteLead(lead)
      w.leads = w.leads.filter((id) => id !== lead)
      return
    }
    case 'deleteProduct': {
      // Its leads stay, with no product (ON DELETE SET NULL): they still count by influencer.
      const product = pick(w.products, step.product)
      if (!product || w.products.length <= 1) return
      await env.DB.prepare('DELETE FROM products WHERE ProductID = ?').bind(product.ProductID).run()
      w.products = w.products.filter((p) => p !== product)
      return
    }
    case 'impressions': {
      const product = pick(w.products, step.product)
      if (!product) return
      await addImpressions(indiaDay(at(step.daysAgo)), product, w.marketers[step.marketer], step.n)
      return
    }
    case 'newDay':
      clock += step.days * DAY
      await moveReportWindows(env.DB, clock)
  }
}

type Report = Omit<AggregateQuery, 'source'>

/** Every report of the world's accounts, every period, every row (the CSV's reading). */
function reports(w: World): Report[] {
  const common = { pending: new Map<number, number>(), sort: 'impressions', order: 'desc' as const, after: null, limit: null }
  return PERIODS.flatMap((period: Period) => {
    const when = { period, fromDay: periodStart(period, clock) }
    return [
      ...w.marketers.map((id): Report => ({ ...common, ...when, owner: { column: 'MarketerID', id }, group: 'ProductID', universe: 'activeProducts' })),
      ...w.vendors.flatMap((id): Report[] => [
        { ...common, ...when, owner: { column: 'VendorID', id }, group: 'ProductID', universe: 'ownProducts' },
        { ...common, ...when, owner: { column: 'VendorID', id }, group: 'MarketerID', universe: 'marketersWithActivity' },
      ]),
    ]
  })
}

async function read(q: AggregateQuery): Promise<AggregateRow[]> {
  const { sql, params } = aggregateStatement(q)
  return (
    await env.DB.prepare(sql)
      .bind(...params)
      .all<AggregateRow>()
  ).results
}

/** Each report from the kept figures and counted from the rows, side by side. */
async function bothWays(w: World): Promise<{ kept: AggregateRow[][]; counted: AggregateRow[][] }> {
  const kept: AggregateRow[][] = []
  const counted: AggregateRow[][] = []
  for (const q of reports(w)) {
    kept.push(await read({ ...q, source: 'figures' }))
    counted.push(await read({ ...q, source: 'rows' }))
  }
  return { kept, counted }
}

/** The statements that fill report_figures from the rows, written from the triggers' one definition. */
function fillStatements(): string[] {
  return keptFigureFills().filter((q) => /^INSERT INTO `report_figures`/.test(q))
}

describe('the link performance reports’ kept figures', () => {
  it('equal what counting the rows gives after any history of writes and new days', { timeout: PROPERTY_TIMEOUT }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        const w = await world()
        for (const step of steps) await apply(w, step)
        const { kept, counted } = await bothWays(w)
        expect(kept).toEqual(counted)
      }),
      { numRuns: 25 },
    )
  })

  it('count from the first day of each period, and a window moves on only forward and once', async () => {
    const w = await world()
    const [product] = w.products
    await insertLead(product, w.marketers[0], 'Converted', { createdAt: at(6).toISOString(), convertedAt: at(6).toISOString() })
    const linkRow = async (period: Period) =>
      (await read({ ...present(reports(w).find((q) => q.period === period && q.owner.column === 'MarketerID')), source: 'figures' })).find(
        (r) => r.id === product.ProductID,
      )
    expect((await linkRow('7'))?.leads).toBe(1)
    // A new day: the lead, now 7 days old, has left the 7-day period but not the 30-day one.
    clock += DAY
    await moveReportWindows(env.DB, clock)
    await moveReportWindows(env.DB, clock)
    expect((await linkRow('7'))?.leads).toBe(0)
    expect((await linkRow('30'))?.leads).toBe(1)
    const { results } = await env.DB.prepare("SELECT fromDay FROM report_windows WHERE view = 'link' AND period = '7'").all<{ fromDay: string }>()
    expect(results).toEqual([{ fromDay: periodStart('7', clock) }])
    // A clock set back moves nothing.
    await moveReportWindows(env.DB, clock - 3 * DAY)
    expect((await env.DB.prepare("SELECT fromDay FROM report_windows WHERE view = 'link' AND period = '7'").first<{ fromDay: string }>())?.fromDay).toBe(
      periodStart('7', clock),
    )
  })

  it('serve a report on a new day only after its window has moved on, and a clock set back counts from the rows', async () => {
    const w = await world()
    const [product] = w.products
    const marketer = w.marketers[0]
    await insertLead(product, marketer, 'Converted', { createdAt: at(6).toISOString(), convertedAt: at(6).toISOString() })
    const leadsOn = async (now: number) => {
      const page = await linkPerformancePage(env, 'https://collabkart.test', marketer, { period: '7', sort: 'leads', order: 'desc' }, now)
      return page.rows.find((r) => r.ProductID === product.ProductID)?.leads
    }
    expect(await leadsOn(clock)).toBe(1)
    // India's next day, before any cron: the report moves the window itself, and the 7-day-old lead is out.
    clock += DAY
    expect(await leadsOn(clock)).toBe(0)
    expect((await env.DB.prepare("SELECT fromDay FROM report_windows WHERE view = 'link' AND period = '7'").first<{ fromDay: string }>())?.fromDay).toBe(
      periodStart('7', clock),
    )
    // Asked as of the day before (a clock set back), the kept window cannot serve: counted from the rows.
    expect(await leadsOn(clock - DAY)).toBe(1)
  })

  it('page through every sort both ways exactly as the rows order them, with and without impressions pending in KV', {
    timeout: PROPERTY_TIMEOUT,
  }, async () => {
    const w = await world()
    for (const step of fc.sample(stepArb, { numRuns: 40, seed: 5 })) await apply(w, step)
    // The newest products have nothing yet: their zeros sort around the rows with activity both ways.
    await insertProduct(w.vendors[0])
    const idle = await insertProduct(w.vendors[0])
    // An influencer whose one lead was deleted keeps kept rows of zeros, which no table lists.
    const gone = (await makeMarketer()).id
    await deleteLead((await insertLead(w.products[0], gone, 'Converted')).LeadID)
    const sortValue = (r: AggregateRow, sort: string) =>
      sort === 'name' ? r.name : sort === 'revenue' ? r.revenuePaise : sort === 'commission' ? r.commissionPaise : r[sort as 'impressions']
    // KV's counts for a product (or influencer) with figures and for one with none.
    const pendingOf = (base: Report) =>
      new Map(
        base.group === 'ProductID'
          ? [
              [w.products[0].ProductID, 2],
              [idle.ProductID, 5],
            ]
          : [
              [w.marketers[0], 2],
              [w.marketers[1], 5],
            ],
      )
    let walked = 0
    for (const base of reports(w).flatMap((r) => [r, { ...r, pending: pendingOf(r) }])) {
      for (const sort of ['impressions', 'leads', 'conversions', 'conversionRate', 'revenue', 'commission', 'name']) {
        for (const order of ['desc', 'asc'] as const) {
          const all = await read({ ...base, sort, order, source: 'rows' })
          const pages: AggregateRow[] = []
          let after: [string | number, number] | null = null
          for (;;) {
            const page = await read({ ...base, sort, order, after, limit: 3, source: 'figures' })
            pages.push(...page)
            const last = page.at(-1)
            if (page.length < 3 || !last) break
            after = [sortValue(last, sort), last.id]
          }
          expect(pages).toEqual(all)
          walked += all.length
        }
      }
    }
    expect(walked).toBeGreaterThan(100)
  })

  it("give a table sorted by a figure its page from that figure's index, reading no more than the page", async () => {
    const w = await world()
    const owns = (r: Report) => r.owner.id === (r.owner.column === 'MarketerID' ? w.marketers[0] : w.vendors[0])
    const tables = reports(w).filter((r) => r.period === '30' && owns(r))
    expect(tables.map((r) => r.universe)).toEqual(['activeProducts', 'ownProducts', 'marketersWithActivity'])
    const sorts = {
      impressions: 'impressions',
      leads: 'leads',
      conversions: 'conversions',
      revenue: 'revenuePaise',
      commission: 'commissionPaise',
      conversionRate: 'rate',
    }
    for (const [sort, index] of Object.entries(sorts)) {
      for (const [table, after] of tables.flatMap(
        (t) =>
          [
            [t, null],
            [t, [5, 3]],
          ] as Array<[Report, [number, number] | null]>,
      )) {
        const { sql, params } = aggregateStatement({ ...table, sort, order: 'desc', after, limit: 20, source: 'figures' })
        const plan = (
          await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
            .bind(...params)
            .all<{ detail: string }>()
        ).results.map((r) => r.detail)
        const seek = after
          ? new RegExp(`USING COVERING INDEX report_figures_by_${index} \\(view=\\? AND accountId=\\? AND period=\\? AND .+>\\? AND .+<\\?\\)`)
          : new RegExp(`USING COVERING INDEX report_figures_by_${index} \\(`)
        expect(plan, `${sort} after ${after}`).toContainEqual(expect.stringMatching(seek))
        expect(
          plan.filter((d) => /^MATERIALIZE|TEMP B-TREE FOR GROUP BY/.test(d)),
          sort,
        ).toEqual(['MATERIALIZE pend'])
      }
    }
  })

  it("find the influencer table's rows through the index of rows with activity", async () => {
    const w = await world()
    const table = reports(w).find((r) => r.period === '30' && r.universe === 'marketersWithActivity' && r.owner.id === w.vendors[0])
    if (!table) throw new Error('no influencer table in the fixture')
    for (const sort of ['impressions', 'name']) {
      const { sql, params } = aggregateStatement({ ...table, sort, order: 'desc', after: null, limit: 20, source: 'figures' })
      const plan = (
        await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>()
      ).results.map((r) => r.detail)
      expect(plan, sort).toContainEqual(expect.stringMatching(/USING (COVERING )?INDEX report_figures_active \(view=\? AND accountId=\? AND period=\?\)/))
    }
  })

  it('are rebuilt exactly by the fill statements of their definition', { timeout: PROPERTY_TIMEOUT }, async () => {
    const w = await world()
    for (const step of fc.sample(stepArb, { numRuns: 60, seed: 11 })) await apply(w, step)
    const before = await bothWays(w)
    expect(before.kept.flat().some((r) => r.leads > 0 && r.impressions > 0)).toBe(true)
    await env.DB.batch([env.DB.prepare('DELETE FROM report_figures'), ...fillStatements().map((q) => env.DB.prepare(q))])
    const after = await bothWays(w)
    expect(after.kept).toEqual(before.kept)
    expect(before.kept).toEqual(before.counted)
  })
})
