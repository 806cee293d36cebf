// The dashboards' kept figures (account_totals, account_daily: decision 012) under any history of writes:
// leads created in any status, status changes through the ledger's batches, deleted leads and
// products, new products and rolled-up impressions. After every history the figures must equal what
// counting the raw rows gives, and the migration's fill statements must rebuild exactly them.

import { env } from 'cloudflare:workers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { LeadStatus } from '../../worker/contract/lead'
import { makeDb } from '../../worker/db/client'
import { keptFigureFills } from '../../worker/db/kept-figures'
import { setLeadStatus } from '../../worker/db/leads'
import type { Product } from '../../worker/db/schema'
import { makeMarketer, makeVendor } from '../helpers/factories'
import { addImpressions, deleteLead, insertLead, insertProduct } from '../helpers/rows'
import { present } from '../helpers/present'
import { PROPERTY_TIMEOUT } from '../helpers/property'

const DAY = 86_400_000
const START = Date.parse('2026-10-01T09:00:00Z')

type Step =
  | { kind: 'lead'; product: number; marketer: number; status: LeadStatus; day: number }
  | { kind: 'status'; lead: number; status: LeadStatus; day: number }
  | { kind: 'deleteLead'; lead: number }
  | { kind: 'product'; vendor: number }
  | { kind: 'deleteProduct'; product: number }
  | { kind: 'impressions'; product: number; marketer: number; day: number; n: number }

const statusArb = fc.constantFrom<LeadStatus>('Pending', 'Lost', 'Converted')
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('lead' as const), product: fc.nat(9), marketer: fc.nat(1), status: statusArb, day: fc.nat(20) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('status' as const), lead: fc.nat(19), status: statusArb, day: fc.nat(30) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteLead' as const), lead: fc.nat(19) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('product' as const), vendor: fc.nat(1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteProduct' as const), product: fc.nat(9) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('impressions' as const),
      product: fc.nat(9),
      marketer: fc.nat(1),
      day: fc.nat(20),
      n: fc.integer({ min: 1, max: 50 }),
    }),
  },
)

type World = { vendors: number[]; marketers: number[]; products: Product[]; leads: number[] }

async function world(): Promise<World> {
  const vendors = [(await makeVendor()).id, (await makeVendor()).id]
  const marketers = [(await makeMarketer()).id, (await makeMarketer()).id]
  const products = [await insertProduct(vendors[0]), await insertProduct(vendors[1], { PricePaise: 250_000, CommissionAmountPaise: 37_500 })]
  return { vendors, marketers, products, leads: [] }
}

const pick = <T>(list: T[], i: number): T | undefined => (list.length === 0 ? undefined : list[i % list.length])
const dayOf = (day: number) => new Date(START + day * DAY).toISOString()

async function apply(w: World, step: Step): Promise<void> {
  const db = makeDb(env.DB)
  switch (step.kind) {
    case 'lead': {
      const product = pick(w.products, step.product)
      if (!product) return
      const at = dayOf(step.day)
      const lead = await insertLead(product, w.marketers[step.marketer], step.status, { createdAt: at, convertedAt: step.status === 'Converted' ? at : null })
      w.leads.push(lead.LeadID)
      return
    }
    case 'status': {
      const lead = pick(w.leads, step.lead)
      if (lead !== undefined) await setLeadStatus(db, lead, step.status, START + step.day * DAY + 3_600_000)
      return
    }
    case 'deleteLead': {
      const lead = pick(w.leads, step.lead)
      if (lead === undefined) return
      await deleteLead(lead)
      w.leads = w.leads.filter((id) => id !== lead)
      return
    }
    case 'product':
      w.products.push(await insertProduct(w.vendors[step.vendor]))
      return
    case 'deleteProduct': {
      const product = pick(w.products, step.product)
      if (!product || w.products.length <= 1) return
      await env.DB.prepare('DELETE FROM products WHERE ProductID = ?').bind(product.ProductID).run()
      w.products = w.products.filter((p) => p !== product)
      return
    }
    case 'impressions': {
      const product = pick(w.products, step.product)
      if (!product) return
      await addImpressions(dayOf(step.day).slice(0, 10), product, w.marketers[step.marketer], step.n)
    }
  }
}

type Figures = {
  role: string
  accountId: number
  products: number
  leads: number
  pending: number
  converted: number
  revenuePaise: number
  commissionPaise: number
  impressions: number
}
type Day = { role: string; accountId: number; day: string; leads: number; conversions: number; impressions: number }

async function rows<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...params)
      .all<T>()
  ).results
}

/** What the figures must be, counted from the raw rows of the world's accounts. */
async function counted(w: World): Promise<{ totals: Figures[]; days: Day[] }> {
  const totals: Figures[] = []
  const days: Day[] = []
  for (const [role, column, ids] of [
    ['vendor', 'VendorID', w.vendors],
    ['marketer', 'MarketerID', w.marketers],
  ] as const) {
    for (const id of ids) {
      const [l] = await rows<Omit<Figures, 'role' | 'accountId' | 'products' | 'impressions'>>(
        `SELECT count(*) AS leads, coalesce(sum(Status = 'Pending'), 0) AS pending, coalesce(sum(Status = 'Converted'), 0) AS converted,
           coalesce(sum(CASE WHEN Status = 'Converted' THEN PricePaise END), 0) AS revenuePaise,
           coalesce(sum(CASE WHEN Status = 'Converted' THEN CommissionAmountPaise END), 0) AS commissionPaise
         FROM leads WHERE ${column} = ?`,
        id,
      )
      const [p] = await rows<{ n: number }>(`SELECT count(*) AS n FROM products WHERE VendorID = ?`, role === 'vendor' ? id : -1)
      const [i] = await rows<{ n: number }>(`SELECT coalesce(sum(n), 0) AS n FROM impressions_daily WHERE ${column} = ?`, id)
      totals.push({ role, accountId: id, products: p.n, ...l, impressions: i.n })
      const byDay = new Map<string, Day>()
      const at = (day: string) => present(byDay.get(day) ?? byDay.set(day, { role, accountId: id, day, leads: 0, conversions: 0, impressions: 0 }).get(day))
      for (const r of await rows<{ day: string; n: number }>(
        `SELECT substr(createdAt, 1, 10) AS day, count(*) AS n FROM leads WHERE ${column} = ? GROUP BY 1`,
        id,
      ))
        at(r.day).leads = r.n
      for (const r of await rows<{ day: string; n: number }>(
        `SELECT substr(convertedAt, 1, 10) AS day, count(*) AS n FROM leads WHERE ${column} = ? AND Status = 'Converted' AND convertedAt IS NOT NULL GROUP BY 1`,
        id,
      ))
        at(r.day).conversions = r.n
      for (const r of await rows<{ day: string; n: number }>(`SELECT day, sum(n) AS n FROM impressions_daily WHERE ${column} = ? GROUP BY 1`, id))
        at(r.day).impressions = r.n
      days.push(...[...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)))
    }
  }
  return { totals, days }
}

/** The figures as kept, for the world's accounts (an account with nothing has no row: zeros). */
async function kept(w: World): Promise<{ totals: Figures[]; days: Day[] }> {
  const totals: Figures[] = []
  const days: Day[] = []
  for (const [role, ids] of [
    ['vendor', w.vendors],
    ['marketer', w.marketers],
  ] as const) {
    for (const id of ids) {
      // The figures, not leadsStamp (a random value, migration lead_count_stamps).
      const [row] = await rows<Figures>(
        `SELECT role, accountId, products, leads, pending, converted, revenuePaise, commissionPaise, impressions FROM account_totals WHERE role = ? AND accountId = ?`,
        role,
        id,
      )
      totals.push(row ?? { role, accountId: id, products: 0, leads: 0, pending: 0, converted: 0, revenuePaise: 0, commissionPaise: 0, impressions: 0 })
      days.push(
        ...(await rows<Day>(
          `SELECT * FROM account_daily WHERE role = ? AND accountId = ? AND (leads != 0 OR conversions != 0 OR impressions != 0) ORDER BY day`,
          role,
          id,
        )),
      )
    }
  }
  return { totals, days }
}

/** The statements that fill the figures from the rows, written from the triggers' one definition. */
function fillStatements(): string[] {
  return keptFigureFills().filter((q) => /^INSERT INTO `account_(totals|daily)`/.test(q))
}

describe('the dashboards’ kept figures', () => {
  it('equal what counting the rows gives after any history of leads, status changes, deletions, products and impressions', {
    timeout: PROPERTY_TIMEOUT,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        const w = await world()
        for (const step of steps) await apply(w, step)
        expect(await kept(w)).toEqual(await counted(w))
      }),
      { numRuns: 25 },
    )
  })

  it('are rebuilt exactly by the fill statements of their definition', { timeout: PROPERTY_TIMEOUT }, async () => {
    const w = await world()
    for (const step of fc.sample(stepArb, { numRuns: 60, seed: 7 })) await apply(w, step)
    const before = await kept(w)
    expect(before.totals.some((t) => t.leads > 0 && t.impressions > 0)).toBe(true)
    await env.DB.batch([
      env.DB.prepare('DELETE FROM account_totals'),
      env.DB.prepare('DELETE FROM account_daily'),
      ...fillStatements().map((q) => env.DB.prepare(q)),
    ])
    expect(await kept(w)).toEqual(before)
    expect(before).toEqual(await counted(w))
  })
})
