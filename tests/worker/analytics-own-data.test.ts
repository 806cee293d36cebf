// An account's analytics cost depends only on its own data. Every analytics function gets
// KV and D1 through recording wrappers; the test checks that each listed prefix and key read is the
// account's own, and that each query reaches the account tables only through the owner's index.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeDb } from '../../worker/db/client'
import { marketerAnalytics, vendorAnalytics } from '../../worker/db/analytics'
import { impressionTotal, impressionsByDay, recordImpression } from '../../worker/db/impressions'
import { impressionsDaily } from '../../worker/db/schema'
import { dailyCounts } from '../../worker/db/trends'
import type { ImpressionOwner, ImpressionRef } from '../../worker/domain/impressions'
import { buildTrend, lastDays } from '../../worker/domain/trends'
import { makeMarketer, makeVendor } from '../helpers/factories'
import { type KvAccess, queryPlan, recordingD1, recordingKv, type Statement } from '../helpers/recording'
import { insertLead, insertProduct } from '../helpers/rows'

const days = lastDays(new Date(), 30)
const today = days.at(-1) ?? ''
const visitor = (i: number) => i.toString(16).padStart(16, '0')

type World = { vendor: number; otherVendor: number; marketer: number; otherMarketer: number }
let world: World

// Two vendors and two influencers who each share both vendors' products, so every account has
// neighbours with impressions, leads and rolled-up rows of their own.
beforeAll(async () => {
  const [vendor, otherVendor] = [(await makeVendor()).id, (await makeVendor()).id]
  const [marketer, otherMarketer] = [(await makeMarketer()).id, (await makeMarketer()).id]
  const product = await insertProduct(vendor, { PricePaise: 100_000, CommissionAmountPaise: 10_000 })
  const otherProduct = await insertProduct(otherVendor, { PricePaise: 500_000, CommissionAmountPaise: 50_000 })
  const links: [ImpressionRef, number][] = [
    [{ productId: product.ProductID, vendorId: vendor, marketerId: marketer }, 2],
    [{ productId: product.ProductID, vendorId: vendor, marketerId: otherMarketer }, 3],
    [{ productId: otherProduct.ProductID, vendorId: otherVendor, marketerId: marketer }, 5],
    [{ productId: otherProduct.ProductID, vendorId: otherVendor, marketerId: otherMarketer }, 7],
  ]
  let v = 0
  for (const [ref, visitors] of links) {
    for (let i = 0; i < visitors; i++) await recordImpression(env.IMPRESSIONS, ref, visitor(++v))
    // Already rolled up: ten times the fresh ones, yesterday.
    await makeDb(env.DB)
      .insert(impressionsDaily)
      .values({ day: days.at(-2) ?? '', ProductID: ref.productId, VendorID: ref.vendorId, MarketerID: ref.marketerId, n: visitors * 10 })
  }
  await insertLead(product, marketer, 'Converted')
  await insertLead(product, otherMarketer, 'Pending')
  await insertLead(otherProduct, marketer, 'Pending')
  await insertLead(otherProduct, otherMarketer, 'Converted')
  await insertLead(otherProduct, otherMarketer, 'Lost')
  world = { vendor, otherVendor, marketer, otherMarketer }
})

function recorded() {
  const kv = recordingKv(env.IMPRESSIONS)
  const d1 = recordingD1(env.DB)
  return { stores: { DB: d1.d1, IMPRESSIONS: kv.kv }, db: makeDb(d1.d1), accesses: kv.accesses, statements: d1.statements }
}

const ACCOUNT_TABLES = ['vendors', 'marketers', 'products', 'leads', 'impressions_daily']
// The dashboards' kept figures: one row per account (and day), keyed by role and account id.
const FIGURE_TABLES = ['account_totals', 'account_daily']

/** Fails unless every KV access is under the owner's prefix and every query finds account rows through the owner's column. */
async function expectOnlyOwnData(owner: ImpressionOwner, accesses: KvAccess[], statements: Statement[]) {
  const [column, id] = 'VendorID' in owner ? ['VendorID', owner.VendorID] : ['MarketerID', owner.MarketerID]
  const family = 'VendorID' in owner ? 'v' : 'm'
  expect(accesses.length).toBeGreaterThan(0)
  for (const access of accesses) expect(access.key).toMatch(new RegExp(`^imp:\\d+:${family}:${id}:`))
  expect(statements.length).toBeGreaterThan(0)
  for (const statement of statements) {
    for (const step of await queryPlan(env.DB, statement)) {
      const table = /^(?:SCAN|SEARCH) (\w+)/.exec(step)?.[1]
      if (table && FIGURE_TABLES.includes(table)) {
        expect(step, statement.sql).toMatch(new RegExp(`^SEARCH ${table} USING (?:COVERING )?INDEX \\w+ \\(role=\\? AND accountId=\\?`))
        expect(statement.params, statement.sql).toEqual(expect.arrayContaining([family === 'v' ? 'vendor' : 'marketer', id]))
        continue
      }
      if (!table || !ACCOUNT_TABLES.includes(table)) continue // impression_rollups: slot markers, no account's data
      expect(step, statement.sql).toMatch(new RegExp(`^SEARCH ${table} USING (?:COVERING )?INDEX \\w+ \\(${column}=\\?`))
      expect(statement.params, statement.sql).toContain(id)
    }
  }
}

describe("an account's analytics read only that account's keys and rows", () => {
  it("a vendor's totals count their own products' impressions and leads, and touch nothing else", async () => {
    const { stores, db, accesses, statements } = recorded()
    expect(await vendorAnalytics(db, stores, world.vendor)).toEqual({
      totalProducts: 1,
      totalLeads: 2,
      totalConvertedLead: 1,
      totalPendingLead: 1,
      totalRevenue: 1000,
      totalImpressions: (2 + 3) * 11,
    })
    await expectOnlyOwnData({ VendorID: world.vendor }, accesses, statements)
  })

  it("an influencer's totals count their own links' impressions and leads, and touch nothing else", async () => {
    const { stores, db, accesses, statements } = recorded()
    expect(await marketerAnalytics(db, stores, world.marketer)).toEqual({
      totalLeads: 2,
      totalConversions: 1,
      totalCommission: 100,
      totalImpressions: (2 + 5) * 11,
    })
    expect(await impressionTotal(stores, { MarketerID: world.marketer })).toBe((2 + 5) * 11)
    await expectOnlyOwnData({ MarketerID: world.marketer }, accesses, statements)
  })

  it.each(['vendor', 'marketer'] as const)("a %s's 30-day trend shows fresh and rolled-up counts of their own, and touches nothing else", async (role) => {
    const { stores, db, accesses, statements } = recorded()
    const owner = role === 'vendor' ? { VendorID: world.vendor } : { MarketerID: world.marketer }
    const trend = buildTrend(days, await dailyCounts(db, stores, owner, days[0]))
    const fresh = role === 'vendor' ? 2 + 3 : 2 + 5
    expect(trend.at(-1)).toEqual({ day: today, impressions: fresh, leads: 2, conversions: 1 })
    expect(trend.at(-2)).toMatchObject({ impressions: fresh * 10 })
    expect(trend.reduce((t, d) => t + d.impressions, 0)).toBe(fresh * 11)
    await expectOnlyOwnData(owner, accesses, statements)
  })

  it('an influencer with no impressions of their own lists only their own empty prefix', async () => {
    const newcomer = (await makeMarketer()).id
    const { stores, accesses, statements } = recorded()
    expect(await impressionsByDay(stores, { MarketerID: newcomer }, days[0])).toEqual([])
    await expectOnlyOwnData({ MarketerID: newcomer }, accesses, statements)
  })
})
