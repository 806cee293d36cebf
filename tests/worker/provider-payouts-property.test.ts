// Random sequences of pay runs, provider answers (success, timeout then success, 5xx, failure,
// reversal before and after paid), duplicated and reordered webhooks, polls, manual payouts and
// leads lost meanwhile (decision 298). After every step: no entry is paid twice, every paid payout
// has its UTR, balances equal their entries, and money the provider sent is never reopened.

import { env } from 'cloudflare:workers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { makeDb } from '../../worker/db/client'
import { setLeadStatus } from '../../worker/db/leads'
import { leads, marketers, payoutDetails, vendors } from '../../worker/db/schema'
import { Conflict, InvalidInput } from '../../worker/domain/errors'
import { indiaDate } from '../../worker/domain/ledger'
import type { Events } from '../../worker/services/event-sink'
import { standIn } from '../../worker/services/payout-providers/stand-in'
import { payoutKey } from '../../worker/services/payout-providers/types'
import { connectPayoutAccount, pollTransfers, receivePayoutWebhook, runPayouts } from '../../worker/services/provider-payouts'
import { recordPayout } from '../../worker/services/payouts'
import { nextUtr } from '../helpers/money'
import { PROPERTY_TIMEOUT } from '../helpers/property'

const PAYEES = 3
const quiet: Events = { raise: async () => {} }
let seq = 0

async function world(provider: 'razorpayx' | 'cashfree', commissions: number[], now: number) {
  const db = makeDb(env.DB)
  const n = seq++
  const [vendor] = await db
    .insert(vendors)
    .values({
      VendorName: `PP ${n}`,
      Email: `pp-prop-${n}-${Date.now()}@example.in`,
      MobileNumber: '9876543210',
      PasswordHash: 'x',
      HoldingDays: 0,
      PaymentTermsDays: 30,
    })
    .returning()
  const id = `${provider}_prop_${n}_${Date.now()}`
  standIn.openAccount({
    provider,
    id,
    secret: 'prop-secret-1234',
    accountNumber: '7878780080316316',
    webhookSecret: 'prop-hook-1234',
    vendorId: vendor.VendorID,
  })
  const input =
    provider === 'razorpayx'
      ? ({
          Provider: 'razorpayx',
          KeyID: id,
          KeySecret: 'prop-secret-1234',
          AccountNumber: '7878780080316316',
          WebhookSecret: 'prop-hook-1234',
          MinimumPayout: 100,
        } as const)
      : ({ Provider: 'cashfree', ClientID: id, ClientSecret: 'prop-secret-1234', WebhookSecret: 'prop-hook-1234', MinimumPayout: 100 } as const)
  await connectPayoutAccount(env, db, 'http://collabkart.test', vendor.VendorID, input, now)
  const payees: number[] = []
  const leadIds: number[] = []
  for (let c = 0; c < PAYEES; c++) {
    const [m] = await db
      .insert(marketers)
      .values({ MarketerName: `PP creator ${n}-${c}`, Email: `pp-prop-c-${n}-${c}-${Date.now()}@example.in`, MobileNumber: '9123456780', PasswordHash: 'x' })
      .returning()
    await db
      .insert(payoutDetails)
      .values({ MarketerID: m.MarketerID, Method: 'UPI', UpiID: `pp${n}c${c}@okaxis`, updatedAt: new Date(now - 10 * 86_400_000).toISOString() })
    payees.push(m.MarketerID)
  }
  for (const [i, paise] of commissions.entries()) {
    const [lead] = await db
      .insert(leads)
      .values({
        VendorID: vendor.VendorID,
        MarketerID: payees[i % PAYEES],
        ClientName: 'Kiran',
        ClientPhone: `91${String(seq++).padStart(8, '0')}`,
        ProductName: 'Saree',
        PricePaise: paise * 10,
        CommissionAmountPaise: paise,
      })
      .returning({ LeadID: leads.LeadID })
    await setLeadStatus(db, lead.LeadID, 'Converted', now - 86_400_000)
    leadIds.push(lead.LeadID)
  }
  return { db, vendorId: vendor.VendorID, payees, leadIds }
}

type World = Awaited<ReturnType<typeof world>>

const step = fc.oneof(
  fc.constant({ kind: 'run' as const }),
  fc.record({ kind: fc.constant('answer' as const), pick: fc.nat(), outcome: fc.constantFrom('processed' as const, 'failed' as const, 'reversed' as const) }),
  fc.record({ kind: fc.constant('deliver' as const), order: fc.array(fc.nat(), { maxLength: 12 }) }),
  fc.record({ kind: fc.constant('fault' as const), fault: fc.constantFrom('timeout-after-accept' as const, 'server-error' as const, 'low-balance' as const) }),
  fc.constant({ kind: 'poll' as const }),
  fc.record({ kind: fc.constant('manual' as const), payee: fc.nat({ max: PAYEES - 1 }) }),
  fc.record({ kind: fc.constant('lost' as const), lead: fc.nat() }),
)

async function transfersOf(w: World) {
  const { results } = await env.DB.prepare('SELECT TransferID, Status, UTR, PayoutID, EntryIDs FROM provider_payouts WHERE VendorID = ?')
    .bind(w.vendorId)
    .all<{ TransferID: number; Status: string; UTR: string | null; PayoutID: number | null; EntryIDs: string }>()
  return results
}

async function check(w: World) {
  const one = async <T>(query: string) => (await env.DB.prepare(query).bind(w.vendorId).first<T>()) as T
  // No entry both held and settled, and holds only for open payouts.
  expect(
    await one<{ n: number }>(
      'SELECT count(*) AS n FROM payout_holds h JOIN payout_items pi ON pi.EntryID = h.EntryID JOIN commission_entries e ON e.EntryID = h.EntryID WHERE e.VendorID = ?',
    ),
  ).toEqual({ n: 0 })
  expect(
    await one<{ n: number }>(
      "SELECT count(*) AS n FROM payout_holds h JOIN provider_payouts t ON t.TransferID = h.TransferID WHERE t.VendorID = ? AND t.Status NOT IN ('queued', 'processing')",
    ),
  ).toEqual({ n: 0 })
  // Balances equal their entries: each payout's gross is what its items settle, and the kept figures agree.
  expect(
    await one<{ n: number }>(
      'SELECT count(*) AS n FROM payouts p WHERE p.VendorID = ? AND p.GrossPaise <> (SELECT COALESCE(SUM(e.AmountPaise), 0) FROM payout_items pi JOIN commission_entries e ON e.EntryID = pi.EntryID WHERE pi.PayoutID = p.PayoutID)',
    ),
  ).toEqual({ n: 0 })
  const kept = await one<{ paid: number }>('SELECT paidPaise AS paid FROM ledger_figures WHERE VendorID = ? AND MarketerID = 0')
  const paid = await one<{ paid: number }>(
    'SELECT COALESCE(SUM(e.AmountPaise), 0) AS paid FROM commission_entries e JOIN payout_items pi ON pi.EntryID = e.EntryID WHERE e.VendorID = ?',
  )
  expect(Number(kept?.paid ?? 0)).toBe(Number(paid.paid))
  // Each entry is reopened at most once (the unique index) and only after its payout was reversed.
  expect(
    await one<{ n: number }>(
      "SELECT count(*) AS n FROM commission_entries r JOIN payout_items pi ON pi.EntryID = r.ReopensEntryID JOIN provider_payouts t ON t.PayoutID = pi.PayoutID WHERE r.VendorID = ? AND t.Status <> 'reversed'",
    ),
  ).toEqual({ n: 0 })
  for (const t of await transfersOf(w)) {
    const sent = standIn.payout(payoutKey(t.TransferID))
    const state = sent?.status.toLowerCase()
    if (t.Status === 'paid') {
      // Paid with the provider's UTR, recorded once.
      expect(t.PayoutID).not.toBeNull()
      expect(t.UTR).toBe(sent?.utr)
    }
    // Money the provider sent and kept is never handed back to payable.
    if (state === 'processed' || state === 'success') expect(['queued', 'processing', 'paid']).toContain(t.Status)
    if (state === 'failed') expect(t.Status).not.toBe('paid')
  }
}

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never

async function act(w: World, s: Step, now: number) {
  // A manual payout refused (entries held or paid meanwhile, nothing payable) is the rule working.
  const ignoreRefusals = (p: Promise<unknown>) =>
    p.catch((err: unknown) => {
      if (err instanceof Conflict || err instanceof InvalidInput) return
      throw err
    })
  switch (s.kind) {
    case 'run':
      return runPayouts(env, w.db, quiet, w.vendorId, now)
    case 'poll':
      return pollTransfers(env, w.db, quiet, now + 31 * 60_000)
    case 'fault':
      return standIn.inject(s.fault)
    case 'answer': {
      const mine = (await transfersOf(w)).map((t) => standIn.payout(payoutKey(t.TransferID))).filter((p) => p !== undefined)
      const open = mine.filter(
        (p) =>
          ['processing', 'queued', 'received', 'pending'].includes(p.status.toLowerCase()) ||
          (s.outcome === 'reversed' && ['processed', 'success'].includes(p.status.toLowerCase())),
      )
      if (open.length === 0) return
      return standIn.settle(open[s.pick % open.length].key, s.outcome)
    }
    case 'deliver': {
      const queued = standIn.takeDeliveries()
      const order = [...queued.map((_, i) => i), ...s.order.map((i) => i % Math.max(1, queued.length))].filter((i) => i < queued.length)
      for (const i of order.reverse()) {
        const d = queued[i]
        const [, , , , provider, vendor] = d.path.split('/')
        await receivePayoutWebhook(env, w.db, quiet, provider, Number(vendor), d.body, (name) => d.headers[name.toLowerCase()], now).catch(() => undefined)
      }
      return
    }
    case 'manual':
      return ignoreRefusals(
        recordPayout(w.db, quiet, w.vendorId, { MarketerID: w.payees[s.payee], Method: 'UPI', UTR: nextUtr(), PaidOn: indiaDate(now) }, now),
      )
    case 'lost':
      return setLeadStatus(w.db, w.leadIds[s.lead % w.leadIds.length], 'Lost', now)
  }
}

describe('provider payouts under any sequence of runs, answers, webhooks and manual payouts', () => {
  it('never pay an entry twice, record every paid payout with its UTR, and keep balances equal to their entries', { timeout: PROPERTY_TIMEOUT }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('razorpayx' as const, 'cashfree' as const),
        fc.array(fc.integer({ min: 10_000, max: 900_000 }), { minLength: PAYEES, maxLength: 6 }),
        fc.array(step, { minLength: 1, maxLength: 14 }),
        async (provider, commissions, steps) => {
          let now = Date.now()
          const w = await world(provider, commissions, now)
          for (const s of steps) {
            now += 60_000
            await act(w, s, now)
            await check(w)
          }
        },
      ),
      { numRuns: 20 },
    )
  })
})
