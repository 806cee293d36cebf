// The ledger under any history (decision 018): random lead status changes, payouts (some racing a
// status change) and clock steps, checked after every step against the raw rows and a model of
// which leads are Converted.

import { env } from 'cloudflare:workers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { LeadStatus } from '../../worker/contract/lead'
import { setLeadStatus } from '../../worker/db/leads'
import { saveTerms } from '../../worker/db/ledger'
import { DomainError } from '../../worker/domain/errors'
import { balancesOf, indiaDate } from '../../worker/domain/ledger'
import { marketerBalances, pairBalances, vendorBalances } from '../../worker/services/ledger'
import { recordPayout } from '../../worker/services/payouts'
import { leads, marketers } from '../../worker/db/schema'
import { moneyWorld, nextUtr } from '../helpers/money'
import { present } from '../helpers/present'
import { PROPERTY_TIMEOUT } from '../helpers/property'
import { keptEvents } from '../helpers/events'

const LEADS = 3
const TERMS = { HoldingDays: 3, PaymentTermsDays: 7 }

type Step =
  | { kind: 'status'; lead: number; status: LeadStatus }
  | { kind: 'pay' }
  | { kind: 'race'; lead: number; status: LeadStatus }
  | { kind: 'time'; hours: number }
  | { kind: 'utrRace'; split: number }
  | { kind: 'reuse'; which: number }
  | { kind: 'terms'; HoldingDays: number; PaymentTermsDays: number }

const status = fc.constantFrom<LeadStatus>('Pending', 'Lost', 'Converted', 'Converted')
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('status' as const), lead: fc.nat(LEADS - 1), status }),
  fc.record({ kind: fc.constant('pay' as const) }),
  fc.record({ kind: fc.constant('race' as const), lead: fc.nat(LEADS - 1), status }),
  // Mostly forward; now and then back (another isolate's clock), which the kept figures must follow.
  fc.record({ kind: fc.constant('time' as const), hours: fc.integer({ min: -30, max: 24 * 6 }) }),
  // Two payouts at once with one UTR, of different entries.
  fc.record({ kind: fc.constant('utrRace' as const), split: fc.nat(LEADS) }),
  // A payout with a UTR used before (another influencer's, or this one's), racing a fresh one.
  fc.record({ kind: fc.constant('reuse' as const), which: fc.nat(8) }),
  // The vendor changes the holding period or payment terms: every open entry moves at once.
  fc.record({ kind: fc.constant('terms' as const), HoldingDays: fc.constantFrom(0, 1, 3, 10), PaymentTermsDays: fc.constantFrom(7, 10) }),
)

type World = Awaited<ReturnType<typeof moneyWorld>> & { used: string[]; other: { MarketerID: number; PayoutID: number }; terms: typeof TERMS }

/**
 * A payout (of everything payable, or of the chosen entries); refusals the rules allow (nothing to
 * pay, a lost race, a UTR used before) are fine, anything else (a 500) fails the property.
 */
async function tryPay(world: World, now: number, extra: { UTR?: string; EntryIDs?: number[] } = {}) {
  const UTR = extra.UTR ?? nextUtr()
  try {
    await recordPayout(
      world.db,
      keptEvents(),
      world.vendorId,
      { MarketerID: world.marketerId, Method: 'UPI', UTR, PaidOn: indiaDate(now), EntryIDs: extra.EntryIDs },
      now,
    )
    world.used.push(UTR)
  } catch (err) {
    if (!(err instanceof DomainError)) throw err
  }
}

async function payableIds(world: World, now: number): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `SELECT e.EntryID FROM commission_entries e WHERE e.VendorID = ? AND e.MarketerID = ? AND e.AmountPaise > 0 AND e.reversedAt IS NULL
       AND NOT EXISTS (SELECT 1 FROM payout_items pi WHERE pi.EntryID = e.EntryID) AND strftime('%Y-%m-%dT%H:%M:%fZ', e.convertedAt, '+${world.terms.HoldingDays} days') <= ?`,
  )
    .bind(world.vendorId, world.marketerId, new Date(now).toISOString())
    .all<{ EntryID: number }>()
  return results.map((r) => r.EntryID)
}

/** The same vendor pays another influencer first, so an older UTR of another payout exists. */
async function withOtherPayout(world: Awaited<ReturnType<typeof moneyWorld>>, now: number): Promise<World> {
  const [marketer] = await world.db
    .insert(marketers)
    .values({ MarketerName: 'Other creator', Email: `other-${world.vendorId}-${Date.now()}@example.in`, MobileNumber: '9123456781', PasswordHash: 'x' })
    .returning()
  const [lead] = await world.db
    .insert(leads)
    .values({
      VendorID: world.vendorId,
      MarketerID: marketer.MarketerID,
      ClientName: 'Asha',
      ClientPhone: '9000099999',
      ProductName: 'Other',
      PricePaise: 10_000,
      CommissionAmountPaise: 1_000,
    })
    .returning()
  const earlier = now - (TERMS.HoldingDays + 1) * 86_400_000
  await setLeadStatus(world.db, lead.LeadID, 'Converted', earlier)
  const UTR = nextUtr()
  const payout = await recordPayout(
    world.db,
    keptEvents(),
    world.vendorId,
    { MarketerID: marketer.MarketerID, Method: 'UPI', UTR, PaidOn: indiaDate(now) },
    now,
  )
  return { ...world, used: [UTR], other: { MarketerID: marketer.MarketerID, PayoutID: payout.PayoutID }, terms: { ...TERMS } }
}

type RawEntry = { EntryID: number; LeadID: number; AmountPaise: number; convertedAt: string; reversedAt: string | null; PayoutID: number | null }

async function check(world: World, commissions: number[], statuses: LeadStatus[], now: number) {
  const raw = (
    await env.DB.prepare(
      `SELECT e.EntryID, e.LeadID, e.AmountPaise, e.convertedAt, e.reversedAt, p.PayoutID
       FROM commission_entries e LEFT JOIN payout_items p ON p.EntryID = e.EntryID WHERE e.VendorID = ? AND e.MarketerID = ?`,
    )
      .bind(world.vendorId, world.marketerId)
      .all<RawEntry>()
  ).results
  const items = present(
    await env.DB.prepare(
      `SELECT count(*) AS n, count(DISTINCT pi.EntryID) AS d FROM payout_items pi JOIN payouts p ON p.PayoutID = pi.PayoutID WHERE p.VendorID = ?`,
    )
      .bind(world.vendorId)
      .first<{ n: number; d: number }>(),
  )
  const payouts = (
    await env.DB.prepare(
      `SELECT p.PayoutID, p.GrossPaise, p.NetPaise, p.TdsPaise, (SELECT SUM(e.AmountPaise) FROM payout_items pi JOIN commission_entries e ON e.EntryID = pi.EntryID WHERE pi.PayoutID = p.PayoutID) AS settled
       FROM payouts p WHERE p.VendorID = ? AND p.MarketerID <> ?`,
    )
      .bind(world.vendorId, world.other.MarketerID)
      .all<{ PayoutID: number; GrossPaise: number; NetPaise: number; TdsPaise: number; settled: number }>()
  ).results

  // Every item's entry is its payout's vendor's and influencer's; the other influencer's payout
  // still holds its one entry.
  const strays = await env.DB.prepare(
    `SELECT count(*) AS n FROM payout_items pi JOIN payouts p ON p.PayoutID = pi.PayoutID JOIN commission_entries e ON e.EntryID = pi.EntryID
     WHERE p.VendorID = ? AND (e.VendorID <> p.VendorID OR e.MarketerID <> p.MarketerID)`,
  )
    .bind(world.vendorId)
    .first<{ n: number }>()
  expect(strays?.n).toBe(0)
  const other = await env.DB.prepare('SELECT count(*) AS n FROM payout_items WHERE PayoutID = ?').bind(world.other.PayoutID).first<{ n: number }>()
  expect(other?.n).toBe(1)
  // No entry is paid twice, and none is both reversed and paid.
  expect(items.n).toBe(items.d)
  expect(raw.filter((e) => e.reversedAt !== null && e.PayoutID !== null)).toEqual([])
  // Nothing negative (or zero) is ever paid; a payout's gross is what its entries add up to.
  for (const p of payouts) {
    expect(p.GrossPaise).toBeGreaterThan(0)
    expect(p.NetPaise).toBeGreaterThanOrEqual(0)
    expect(p.NetPaise + p.TdsPaise).toBe(p.GrossPaise)
    expect(p.settled).toBe(p.GrossPaise)
  }
  // Every balance is the sum of its entries.
  const [pair] = await pairBalances(world.db, { VendorID: world.vendorId, MarketerID: world.marketerId }, now)
  const expected = balancesOf(
    raw.map((e) => ({ ...e, terms: world.terms })),
    now,
  )
  expect(pair?.balances ?? expected).toEqual(expected)
  expect(expected.paid).toBe(payouts.reduce((sum, p) => sum + p.GrossPaise, 0))
  // The kept figures (the balance routes' source) agree with the entries, for the pair, the
  // vendor (with the other influencer's payout) and the influencer, whatever the clock did.
  const vendorRaw = (
    await env.DB.prepare(
      `SELECT e.AmountPaise, e.convertedAt, e.reversedAt, p.PayoutID FROM commission_entries e LEFT JOIN payout_items p ON p.EntryID = e.EntryID WHERE e.VendorID = ?`,
    )
      .bind(world.vendorId)
      .all<Omit<RawEntry, 'EntryID' | 'LeadID'>>()
  ).results
  const rupees = (b: typeof expected) => Object.fromEntries(Object.entries(b).map(([k, v]) => [k, v / 100]))
  const vendorExpected = balancesOf(
    vendorRaw.map((e) => ({ ...e, terms: world.terms })),
    now,
  )
  expect(await vendorBalances(world.db, world.vendorId, now)).toMatchObject(rupees(vendorExpected))
  const marketer = await marketerBalances(world.db, world.marketerId, now)
  expect(marketer).toMatchObject(rupees(expected))
  if (raw.length > 0) expect(marketer.byVendor).toMatchObject([{ VendorID: world.vendorId, ...rupees(expected) }])
  // Lifetime earned is the commission of the leads Converted now (adjustments included in the sum).
  const converted = statuses.reduce((sum, s, i) => sum + (s === 'Converted' ? commissions[i] : 0), 0)
  expect(expected.lifetime).toBe(converted)
  // Each lead's standing entries are its commission while Converted, nothing otherwise.
  for (let i = 0; i < LEADS; i++) {
    const standing = raw.filter((e) => e.LeadID === world.leadIds[i] && e.reversedAt === null).reduce((s, e) => s + e.AmountPaise, 0)
    expect(standing).toBe(statuses[i] === 'Converted' ? commissions[i] : 0)
  }
}

describe('the ledger under any sequence of status changes, payouts and time', () => {
  it('never pays an entry twice, keeps balances equal to their entries, pays nothing negative, counts each converted lead once, and never lets payouts racing on one UTR take entries they were not sent for', {
    timeout: PROPERTY_TIMEOUT,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: LEADS, maxLength: LEADS }),
        fc.array(step, { minLength: 1, maxLength: 18 }),
        async (commissions, steps) => {
          let now = Date.parse('2026-06-01T06:00:00Z')
          const world = await withOtherPayout(await moneyWorld(commissions, TERMS), now)
          const statuses: LeadStatus[] = commissions.map(() => 'Pending')
          for (const s of steps) {
            if (s.kind === 'time') now += s.hours * 3_600_000
            else if (s.kind === 'pay') await tryPay(world, now)
            else if (s.kind === 'utrRace') {
              const ids = await payableIds(world, now)
              const UTR = nextUtr()
              const parts = [ids.slice(0, s.split), ids.slice(s.split)].filter((part) => part.length > 0)
              await Promise.all(parts.map((EntryIDs) => tryPay(world, now, { UTR, EntryIDs })))
            } else if (s.kind === 'terms') {
              world.terms = { HoldingDays: s.HoldingDays, PaymentTermsDays: s.PaymentTermsDays }
              await saveTerms(world.db, world.vendorId, world.terms)
            } else if (s.kind === 'reuse') {
              const UTR = world.used[s.which % world.used.length]
              await Promise.all([tryPay(world, now), tryPay(world, now, { UTR })])
            } else if (s.kind === 'status') await setLeadStatus(world.db, world.leadIds[s.lead], s.status, now)
            else if (s.kind === 'race') await Promise.all([tryPay(world, now), setLeadStatus(world.db, world.leadIds[s.lead], s.status, now)])
            if (s.kind === 'status' || s.kind === 'race') statuses[s.lead] = s.status
            await check(world, commissions, statuses, now)
          }
        },
      ),
      { numRuns: 25 },
    )
  })
})
