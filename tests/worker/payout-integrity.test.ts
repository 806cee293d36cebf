// Payouts sent at the same moment with one UTR: exactly one is recorded, every
// other answers 409 with nothing written, never 500, and no payout ever holds entries it was not
// sent for. The database refuses the same faults on its own (migration payout_integrity).

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { EntryDTO, MarketerBalanceDTO, PayoutDTO } from '../../worker/contract/payouts'
import { MONEY_MESSAGES } from '../../worker/contract/payouts'
import { indiaDate } from '../../worker/domain/ledger'
import { call } from '../helpers/api'
import { makeLead, makeVerifiedMarketer, makeProduct, makeVerifiedVendor, type SignedInMarketer, type SignedInVendor } from '../helpers/factories'

const today = () => indiaDate(Date.now())
let utrSeq = 0
const utr = () => `RACE${Date.now().toString(36).toUpperCase()}${String(utrSeq++).padStart(6, '0')}`

async function converting(vendor: SignedInVendor, marketer: SignedInMarketer, commissions: number[]): Promise<EntryDTO[]> {
  for (const commission of commissions) {
    const product = await makeProduct(vendor, { Price: String(commission * 10), CommissionType: 'Fixed', CommissionValue: String(commission) })
    const lead = await makeLead(product, marketer)
    expect((await call('PUT', `/api/leads/status/${lead.LeadID}`, { token: vendor.token, json: { Status: 'Converted' } })).status).toBe(200)
  }
  const listed = await call<EntryDTO[]>('GET', `/api/money/entries?marketerId=${marketer.id}&limit=100`, { token: vendor.token })
  return listed.body.data
}

async function payingVendor() {
  const vendor = await makeVerifiedVendor()
  expect((await call('PUT', '/api/money/settings', { token: vendor.token, json: { HoldingDays: 0, PaymentTermsDays: 30 } })).status).toBe(200)
  return vendor
}

const pay = (vendor: SignedInVendor, marketer: SignedInMarketer, EntryIDs: number[], UTR: string) =>
  call<PayoutDTO>('POST', '/api/money/payouts', { token: vendor.token, json: { MarketerID: marketer.id, EntryIDs, Method: 'UPI', UTR, PaidOn: today() } })

/** Each payout of the vendor with the sum and count of the entries its items settle. */
async function settled(vendorId: number) {
  const { results } = await env.DB.prepare(
    `SELECT p.PayoutID, p.MarketerID, p.GrossPaise, count(pi.EntryID) AS items, COALESCE(SUM(e.AmountPaise), 0) AS itemsPaise,
       SUM(e.MarketerID <> p.MarketerID OR e.VendorID <> p.VendorID) AS foreign_
     FROM payouts p LEFT JOIN payout_items pi ON pi.PayoutID = p.PayoutID LEFT JOIN commission_entries e ON e.EntryID = pi.EntryID
     WHERE p.VendorID = ? GROUP BY p.PayoutID`,
  )
    .bind(vendorId)
    .all<{ PayoutID: number; MarketerID: number; GrossPaise: number; items: number; itemsPaise: number; foreign_: number }>()
  return results
}

describe('two payouts sent at once with one UTR', () => {
  it('record exactly one: the other answers 409, and the influencer is still owed the rest', async () => {
    for (let round = 0; round < 4; round++) {
      const vendor = await payingVendor()
      const marketer = await makeVerifiedMarketer()
      const listed = await converting(vendor, marketer, [100, 5000, 5000, 5000, 5000])
      const small = listed.filter((e) => e.Amount === 100).map((e) => e.EntryID)
      const big = listed.filter((e) => e.Amount === 5000).map((e) => e.EntryID)
      const reference = utr()
      const [a, b] = await Promise.all([pay(vendor, marketer, small, reference), pay(vendor, marketer, big, reference)])
      expect([a.status, b.status].sort()).toEqual([201, 409])
      const [won, lost] = a.status === 201 ? [a, b] : [b, a]
      expect(lost.body.message).toBe(MONEY_MESSAGES.utrUsed)
      const wonGross = won.body.data.Gross
      expect(won.body.data.entries).toBe(wonGross === 100 ? 1 : 4)

      const payouts = await settled(vendor.id)
      expect(payouts).toHaveLength(1)
      expect(payouts[0]).toMatchObject({ GrossPaise: wonGross * 100, itemsPaise: wonGross * 100, foreign_: 0 })
      const money = await call<MarketerBalanceDTO>('GET', '/api/money/balance', { token: marketer.token })
      expect(money.body.data).toMatchObject({ paid: wonGross, payable: 20_100 - wonGross })
    }
  })

  it("refuse a UTR the vendor already used for another influencer's payout, and leave that payout as it was", async () => {
    for (let round = 0; round < 4; round++) {
      const vendor = await payingVendor()
      const first = await makeVerifiedMarketer()
      const second = await makeVerifiedMarketer()
      const [older] = await converting(vendor, first, [300])
      const reference = utr()
      expect((await pay(vendor, first, [older.EntryID], reference)).status).toBe(201)
      const entries = await converting(vendor, second, [700, 800, 900, 1000])
      // Payouts with fresh UTRs for the same influencer, and one with the old UTR, at once.
      const results = await Promise.all([
        ...entries.slice(1).map((e) => pay(vendor, second, [e.EntryID], utr())),
        pay(vendor, second, [entries[0].EntryID], reference),
      ])
      expect(results[3]).toMatchObject({ status: 409, body: { message: MONEY_MESSAGES.utrUsed } })
      for (const r of results) expect([201, 409]).toContain(r.status)
      for (const p of await settled(vendor.id)) {
        expect(p.foreign_).toBe(0)
        expect(p.itemsPaise).toBe(p.GrossPaise)
      }
      const old = (await settled(vendor.id)).find((p) => p.MarketerID === first.id)
      expect(old).toMatchObject({ items: 1, GrossPaise: 30_000 })
    }
  })

  it('sixteen at once: one 201, fifteen 409, no 500', async () => {
    const vendor = await payingVendor()
    const marketer = await makeVerifiedMarketer()
    const listed = await converting(
      vendor,
      marketer,
      Array.from({ length: 16 }, (_, i) => 100 + i),
    )
    const reference = utr()
    const results = await Promise.all(listed.map((e) => pay(vendor, marketer, [e.EntryID], reference)))
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(15)
    const payouts = await settled(vendor.id)
    expect(payouts).toHaveLength(1)
    expect(payouts[0]).toMatchObject({ items: 1, foreign_: 0 })
    expect(payouts[0].itemsPaise).toBe(payouts[0].GrossPaise)
  })
})

async function one<T>(statement: D1PreparedStatement): Promise<T> {
  const row = await statement.first<T>()
  if (!row) throw new Error('expected a row')
  return row
}

describe('the database on its own', () => {
  async function paidWorld() {
    const vendor = await payingVendor()
    const first = await makeVerifiedMarketer()
    const second = await makeVerifiedMarketer()
    const [paidEntry] = await converting(vendor, first, [400])
    const [otherEntry] = await converting(vendor, second, [500])
    const paid = await pay(vendor, first, [paidEntry.EntryID], utr())
    expect(paid.status).toBe(201)
    return { payoutId: paid.body.data.PayoutID, paidEntry, otherEntry }
  }

  const refused = async (statement: D1PreparedStatement) => {
    const error = await statement.run().then(
      () => null,
      (err: unknown) => String(err),
    )
    expect(error).toMatch(/ledger: /)
  }

  it("refuses an item written outside a payout's own statement, or for another influencer's entry", async () => {
    const { payoutId, otherEntry } = await paidWorld()
    await refused(env.DB.prepare('INSERT INTO payout_items (EntryID, PayoutID) VALUES (?, ?)').bind(otherEntry.EntryID, payoutId))
    await refused(
      env.DB.prepare(
        `INSERT INTO payouts (VendorID, MarketerID, GrossPaise, TdsPaise, TdsBasePaise, NetPaise, Method, UTR, PaidOn, createdAt)
         SELECT VendorID, MarketerID, 100, 0, 0, 100, 'UPI', 'DIRECTWRITE0001', PaidOn, createdAt FROM payouts WHERE PayoutID = ?`,
      ).bind(payoutId),
    )
    const items = await one<{ n: number }>(env.DB.prepare('SELECT count(*) AS n FROM payout_items WHERE EntryID = ?').bind(otherEntry.EntryID))
    expect(items.n).toBe(0)
  })

  it('refuses a payout whose items do not add up to its gross, and one with an entry of another influencer', async () => {
    const { payoutId, otherEntry } = await paidWorld()
    const row = await one<{ VendorID: number; MarketerID: number }>(
      env.DB.prepare('SELECT VendorID, MarketerID FROM payouts WHERE PayoutID = ?').bind(payoutId),
    )
    const record = (gross: number, entries: number[], marketerId = row.MarketerID) =>
      env.DB.prepare(
        `INSERT INTO payout_records (VendorID, MarketerID, GrossPaise, TdsPaise, TdsBasePaise, NetPaise, Method, UTR, PaidOn, createdAt, EntryIDs, fyStart, fyEnd, lastPayoutId)
         VALUES (?, ?, ?, 0, 0, ?, 'UPI', ?, '2026-01-01', '2026-01-01T00:00:00.000Z', ?, '2000-01-01', '2000-01-01', 0)`,
      ).bind(row.VendorID, marketerId, gross, gross, utr(), JSON.stringify(entries))
    // The other influencer's ₹500 entry, under the first influencer's payout.
    await refused(record(50_000, [otherEntry.EntryID]))
    // Their own payout, with a gross the entry does not add up to (more, and less).
    const second = await one<{ MarketerID: number }>(env.DB.prepare('SELECT MarketerID FROM commission_entries WHERE EntryID = ?').bind(otherEntry.EntryID))
    await refused(record(60_000, [otherEntry.EntryID], second.MarketerID))
    await refused(record(40_000, [otherEntry.EntryID], second.MarketerID))
    const payouts = await one<{ n: number }>(env.DB.prepare('SELECT count(*) AS n FROM payouts WHERE VendorID = ?').bind(row.VendorID))
    expect(payouts.n).toBe(1)
    // And the right one goes through.
    await record(50_000, [otherEntry.EntryID], second.MarketerID).run()
  })

  it('never deletes or changes a payout, its items or a ledger entry', async () => {
    const { payoutId, paidEntry } = await paidWorld()
    await refused(env.DB.prepare('DELETE FROM payout_items WHERE PayoutID = ?').bind(payoutId))
    await refused(env.DB.prepare('DELETE FROM payouts WHERE PayoutID = ?').bind(payoutId))
    await refused(env.DB.prepare('DELETE FROM commission_entries WHERE EntryID = ?').bind(paidEntry.EntryID))
    await refused(env.DB.prepare('UPDATE payouts SET GrossPaise = GrossPaise + 1 WHERE PayoutID = ?').bind(payoutId))
    await refused(env.DB.prepare('UPDATE payouts SET SettledPaise = 0 WHERE PayoutID = ?').bind(payoutId))
    await refused(env.DB.prepare('UPDATE payout_items SET PayoutID = PayoutID WHERE PayoutID = ?').bind(payoutId))
    const kept = await one<{ n: number }>(env.DB.prepare('SELECT count(*) AS n FROM payout_items WHERE PayoutID = ?').bind(payoutId))
    expect(kept.n).toBe(1)
  })
})
