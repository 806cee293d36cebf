// Payouts through the vendor's own RazorpayX or Cashfree account, against the in-process stand-ins
// (decisions 297, 298): connecting, a run over many creators, each fault the providers can throw
// at us, and a crash between creating a payout and sending it. Never paid twice, whatever happens.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { PAYOUT_ACCOUNT_MESSAGES as M, type PayoutAccountDTO, type TransferDTO } from '../../worker/contract/payout-accounts'
import { makeDb } from '../../worker/db/client'
import { setLeadStatus } from '../../worker/db/leads'
import { leads, marketers, payoutDetails } from '../../worker/db/schema'
import { indiaDate } from '../../worker/domain/ledger'
import { directEvents } from '../../worker/services/events'
import { createTransfer, pollTransfers } from '../../worker/services/provider-payouts'
import { DEMO_RAZORPAYX } from '../../worker/services/payout-providers/demo-account'
import { standIn } from '../../worker/services/payout-providers/stand-in'
import { hmacSha256, toBase64 } from '../../worker/services/payout-providers/http'
import { payoutKey } from '../../worker/services/payout-providers/types'
import { call, ORIGIN } from '../helpers/api'
import { makeVerifiedMarketer, makeVerifiedVendor, type SignedInVendor } from '../helpers/factories'
import { exports } from 'cloudflare:workers'

let seq = 0
const DAY = 86_400_000

async function vendorWith(provider: 'razorpayx' | 'cashfree', minimum?: number) {
  const vendor = await makeVerifiedVendor()
  expect((await call('PUT', '/api/money/settings', { token: vendor.token, json: { HoldingDays: 0, PaymentTermsDays: 30 } })).status).toBe(200)
  const n = seq++
  const id = provider === 'razorpayx' ? `rzp_live_standin${n}` : `CF_STANDIN_${n}`
  const secret = `secret-${n}-abcdefgh`
  const webhookSecret = `hook-${n}-abcdefgh`
  standIn.openAccount({ provider, id, secret, accountNumber: '7878780080316316', webhookSecret, vendorId: vendor.id })
  const json =
    provider === 'razorpayx'
      ? {
          Provider: provider,
          KeyID: id,
          KeySecret: secret,
          AccountNumber: '7878780080316316',
          WebhookSecret: webhookSecret,
          ...(minimum ? { MinimumPayout: minimum } : {}),
        }
      : { Provider: provider, ClientID: id, ClientSecret: secret, WebhookSecret: webhookSecret, ...(minimum ? { MinimumPayout: minimum } : {}) }
  const connected = await call<PayoutAccountDTO>('PUT', '/api/money/payout-account', { token: vendor.token, json })
  expect(connected.status).toBe(200)
  return { vendor, secret, webhookSecret, id }
}

/** Creators owed `paise` each by the vendor (payable now), with UPI details saved. */
async function marketersOwed(vendor: SignedInVendor, amounts: number[]): Promise<number[]> {
  const db = makeDb(env.DB)
  const ids: number[] = []
  const earlier = Date.now() - 2 * DAY
  for (const paise of amounts) {
    const n = seq++
    const [m] = await db
      .insert(marketers)
      .values({ MarketerName: `Creator ${n}`, Email: `pp-creator-${n}-${Date.now()}@example.in`, MobileNumber: '9123456780', PasswordHash: 'x' })
      .returning()
    await db
      .insert(payoutDetails)
      .values({ MarketerID: m.MarketerID, Method: 'UPI', UpiID: `creator${n}@okaxis`, PAN: 'ABCPE1234F', updatedAt: new Date(earlier).toISOString() })
    const [lead] = await db
      .insert(leads)
      .values({
        VendorID: vendor.id,
        MarketerID: m.MarketerID,
        ClientName: 'Kiran',
        ClientPhone: `90${String(n).padStart(8, '0')}`,
        ProductName: 'Kurta',
        PricePaise: paise * 10,
        CommissionAmountPaise: paise,
      })
      .returning({ LeadID: leads.LeadID })
    await setLeadStatus(db, lead.LeadID, 'Converted', earlier)
    ids.push(m.MarketerID)
  }
  return ids
}

async function deliver(deliveries: { path: string; headers: Record<string, string>; body: string }[]) {
  const answers: string[] = []
  for (const d of deliveries) {
    const res = await exports.default.fetch(new Request(`${ORIGIN}${d.path}`, { method: 'POST', headers: d.headers, body: d.body }))
    const body = (await res.json()) as { message: string }
    expect(res.status).toBe(200)
    answers.push(body.message)
  }
  return answers
}

async function paidRows(vendorId: number) {
  const { results } = await env.DB.prepare('SELECT MarketerID, UTR, GrossPaise, TdsPaise, NetPaise FROM payouts WHERE VendorID = ?')
    .bind(vendorId)
    .all<{ MarketerID: number; UTR: string; NetPaise: number }>()
  return results
}

const transfers = async (vendor: SignedInVendor) => (await call<TransferDTO[]>('GET', '/api/money/payout-account/transfers', { token: vendor.token })).body.data

describe('connecting a payouts account', () => {
  it('keeps the secrets sealed, shows a hint and the check, and disconnects', async () => {
    const { vendor, secret } = await vendorWith('razorpayx')
    const got = await call<PayoutAccountDTO>('GET', '/api/money/payout-account', { token: vendor.token })
    expect(got.body.data).toMatchObject({ Provider: 'razorpayx', MinimumPayout: 500, check: { ok: true } })
    expect(got.body.data.webhookUrl).toBe(`${ORIGIN}/api/money/payout-webhooks/razorpayx/${vendor.id}`)
    expect(JSON.stringify(got.body)).not.toContain(secret)
    const { results } = await env.DB.prepare('SELECT Sealed FROM payout_accounts WHERE VendorID = ?').bind(vendor.id).all<{ Sealed: string }>()
    expect(results[0].Sealed).not.toContain(secret)
    expect((await call('DELETE', '/api/money/payout-account', { token: vendor.token })).status).toBe(200)
    expect((await call('GET', '/api/money/payout-account', { token: vendor.token })).body.data).toBeNull()
    expect((await call('POST', '/api/money/payout-account/check', { token: vendor.token })).body.message).toBe(M.notConnected)
  })

  it('says plainly when the provider refuses the keys', async () => {
    const vendor = await makeVerifiedVendor()
    const res = await call<PayoutAccountDTO>('PUT', '/api/money/payout-account', {
      token: vendor.token,
      json: { Provider: 'cashfree', ClientID: 'CF_UNKNOWN', ClientSecret: 'not-the-secret', WebhookSecret: 'whatever-secret' },
    })
    expect(res.body.data.check).toMatchObject({ ok: false, message: 'Cashfree refused the client id or client secret' })
    const bad = await call('PUT', '/api/money/payout-account', {
      token: vendor.token,
      json: { Provider: 'razorpayx', KeyID: 'rzp', KeySecret: 'x', AccountNumber: '12', WebhookSecret: 'y' },
    })
    expect(bad.status).toBe(400)
  })

  it("connects the seed's demo brand to the stand-in's demo account", async () => {
    const vendor = await makeVerifiedVendor()
    const res = await call<PayoutAccountDTO>('PUT', '/api/money/payout-account', { token: vendor.token, json: { Provider: 'razorpayx', ...DEMO_RAZORPAYX } })
    expect(res.body.data).toMatchObject({ Provider: 'razorpayx', check: { ok: true } })
  })

  it('is refused to an influencer and to nobody signed in', async () => {
    expect((await call('GET', '/api/money/payout-account')).status).toBe(401)
    const marketer = await makeVerifiedMarketer()
    expect((await call('PUT', '/api/money/payout-account', { token: marketer.token, json: { Provider: 'razorpayx', ...DEMO_RAZORPAYX } })).status).toBe(403)
  })
})

describe('a pay run over many creators', () => {
  for (const provider of ['razorpayx', 'cashfree'] as const) {
    it(`pays each payable creator once through ${provider}, with the UTRs recorded, whatever the webhooks' order`, async () => {
      const { vendor } = await vendorWith(provider)
      const owed = await marketersOwed(vendor, [...Array.from({ length: 50 }, (_, i) => 60_000 + i * 100), 40_000])
      const run = await call<{ RunID: number; transfers: TransferDTO[] }>('POST', '/api/money/payout-account/runs', { token: vendor.token })
      expect(run.status).toBe(201)
      // The creator owed ₹400 is under the ₹500 minimum.
      expect(run.body.data.transfers).toHaveLength(50)
      expect(run.body.data.transfers.every((t) => t.Status === 'processing')).toBe(true)
      for (const t of run.body.data.transfers) await standIn.settle(payoutKey(t.TransferID), 'processed')
      const deliveries = standIn.takeDeliveries()
      // Each webhook twice, the second round in reverse order.
      const answers = await deliver([...deliveries, ...[...deliveries].reverse()])
      expect(answers.filter((a) => a === M.webhookDuplicate)).toHaveLength(50)
      const paid = await paidRows(vendor.id)
      expect(paid).toHaveLength(50)
      expect(new Set(paid.map((p) => p.MarketerID)).size).toBe(50)
      expect(paid.every((p) => p.UTR.startsWith('UTR'))).toBe(true)
      expect(paid.map((p) => p.MarketerID)).not.toContain(owed[50])
      expect((await transfers(vendor)).every((t) => t.Status === 'paid' && t.UTR)).toBe(true)
      // A second run finds nothing left to pay above the minimum.
      const again = await call<{ transfers: TransferDTO[] }>('POST', '/api/money/payout-account/runs', { token: vendor.token })
      expect(again.body.data.transfers).toHaveLength(0)
    })
  }
})

describe('faults at the provider', () => {
  it('a timeout after the provider accepted: the poll completes it without a second payment', async () => {
    const { vendor, id } = await vendorWith('razorpayx')
    const [marketer] = await marketersOwed(vendor, [80_000])
    standIn.inject('timeout-after-accept')
    const sent = await call<TransferDTO>('POST', '/api/money/payout-account/pay', { token: vendor.token, json: { MarketerID: marketer } })
    expect(sent.body.data).toMatchObject({ Status: 'queued', sentAt: null })
    expect(standIn.payoutCount(`razorpayx:${id}`)).toBe(1)
    // A manual payout of the same entries meanwhile is refused: they are held.
    const manual = await call('POST', '/api/money/payouts', {
      token: vendor.token,
      json: { MarketerID: marketer, Method: 'UPI', UTR: `MANUALPAY${String(seq++).padStart(6, '0')}`, PaidOn: indiaDate(Date.now()) },
    })
    expect(manual.status).toBe(409)
    await pollTransfers(env, makeDb(env.DB), directEvents(env), Date.now() + 2 * 60_000)
    expect(standIn.payoutCount(`razorpayx:${id}`)).toBe(1)
    const [after] = await transfers(vendor)
    expect(after).toMatchObject({ Status: 'processing' })
    await standIn.settle(payoutKey(after.TransferID), 'processed', { utr: 'UTRTIMEOUT0001' })
    await deliver(standIn.takeDeliveries())
    expect(await paidRows(vendor.id)).toMatchObject([{ UTR: 'UTRTIMEOUT0001', NetPaise: 80_000 }])
  })

  it('a 5xx leaves the payout unsent, and the next run sends it once', async () => {
    const { vendor, id } = await vendorWith('cashfree')
    const [marketer] = await marketersOwed(vendor, [90_000])
    standIn.inject('server-error')
    const sent = await call<TransferDTO>('POST', '/api/money/payout-account/pay', { token: vendor.token, json: { MarketerID: marketer } })
    expect(sent.body.data).toMatchObject({ Status: 'queued', sentAt: null })
    expect(standIn.payoutCount(`cashfree:${id}`)).toBe(0)
    const run = await call<{ transfers: TransferDTO[] }>('POST', '/api/money/payout-account/runs', { token: vendor.token })
    expect(run.body.data.transfers).toHaveLength(0)
    expect(standIn.payoutCount(`cashfree:${id}`)).toBe(1)
    const [t] = await transfers(vendor)
    expect(t).toMatchObject({ Status: 'processing', TransferID: sent.body.data.TransferID })
  })

  it('a failure returns the entries to payable, and a late "processed" changes nothing', async () => {
    const { vendor } = await vendorWith('razorpayx')
    const [marketer] = await marketersOwed(vendor, [70_000])
    const sent = await call<TransferDTO>('POST', '/api/money/payout-account/pay', { token: vendor.token, json: { MarketerID: marketer } })
    const key = payoutKey(sent.body.data.TransferID)
    await standIn.settle(key, 'failed')
    const failed = standIn.takeDeliveries()
    await standIn.settle(key, 'processed')
    const late = standIn.takeDeliveries()
    await deliver([...failed, ...late])
    expect(await paidRows(vendor.id)).toHaveLength(0)
    const [t] = await transfers(vendor)
    expect(t).toMatchObject({ Status: 'failed', Reason: 'Beneficiary bank offline' })
    // Payable again: paid now by hand, once.
    const manual = await call('POST', '/api/money/payouts', {
      token: vendor.token,
      json: { MarketerID: marketer, Method: 'UPI', UTR: `MANUALPAY${String(seq++).padStart(6, '0')}`, PaidOn: indiaDate(Date.now()) },
    })
    expect(manual.status).toBe(201)
  })

  it('processed then reversed: the payout stays recorded and its entries are payable again exactly once', async () => {
    const { vendor } = await vendorWith('cashfree')
    const [marketer] = await marketersOwed(vendor, [75_000])
    const sent = await call<TransferDTO>('POST', '/api/money/payout-account/pay', { token: vendor.token, json: { MarketerID: marketer } })
    const key = payoutKey(sent.body.data.TransferID)
    await standIn.settle(key, 'processed')
    const processed = standIn.takeDeliveries()
    await standIn.settle(key, 'reversed')
    const reversed = standIn.takeDeliveries()
    await deliver([...processed, ...reversed, ...reversed, ...processed])
    const [t] = await transfers(vendor)
    expect(t).toMatchObject({ Status: 'reversed' })
    expect(await paidRows(vendor.id)).toHaveLength(1)
    const { results } = await env.DB.prepare(
      'SELECT count(*) AS n, SUM(AmountPaise) AS s FROM commission_entries WHERE VendorID = ? AND ReopensEntryID IS NOT NULL',
    )
      .bind(vendor.id)
      .all<{ n: number; s: number }>()
    expect(results[0]).toMatchObject({ n: 1, s: 75_000 })
    // The creator is owed it again, and the next run pays it.
    const run = await call<{ transfers: TransferDTO[] }>('POST', '/api/money/payout-account/runs', { token: vendor.token })
    expect(run.body.data.transfers).toMatchObject([{ MarketerID: marketer, Gross: 750 }])
  })

  it('a forged webhook is refused and changes nothing', async () => {
    const { vendor } = await vendorWith('razorpayx')
    const [marketer] = await marketersOwed(vendor, [65_000])
    const sent = await call<TransferDTO>('POST', '/api/money/payout-account/pay', { token: vendor.token, json: { MarketerID: marketer } })
    await standIn.settle(payoutKey(sent.body.data.TransferID), 'processed')
    const [d] = standIn.takeDeliveries()
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}${d.path}`, { method: 'POST', headers: { ...d.headers, 'x-razorpay-signature': '0'.repeat(64) }, body: d.body }),
    )
    expect(res.status).toBe(404)
    expect(await paidRows(vendor.id)).toHaveLength(0)
  })

  it('refuses a correctly signed Cashfree webhook whose timestamp is old or ahead, and takes a fresh one', async () => {
    const { vendor, webhookSecret } = await vendorWith('cashfree')
    const [marketer] = await marketersOwed(vendor, [64_000])
    const sent = await call<TransferDTO>('POST', '/api/money/payout-account/pay', { token: vendor.token, json: { MarketerID: marketer } })
    await standIn.settle(payoutKey(sent.body.data.TransferID), 'processed')
    const [d] = standIn.takeDeliveries()
    // The same body re-signed as Cashfree would have signed it 10 minutes ago, or 10 minutes ahead.
    for (const shift of [-10 * 60_000, 10 * 60_000]) {
      const timestamp = String(Date.now() + shift)
      const signature = toBase64(await hmacSha256(webhookSecret, timestamp + d.body))
      const res = await exports.default.fetch(
        new Request(`${ORIGIN}${d.path}`, {
          method: 'POST',
          headers: { ...d.headers, 'x-webhook-timestamp': timestamp, 'x-webhook-signature': signature },
          body: d.body,
        }),
      )
      expect(res.status).toBe(400)
      expect(((await res.json()) as { message: string }).message).toBe(M.webhookStale)
      expect(await paidRows(vendor.id)).toHaveLength(0)
    }
    // The stand-in's own delivery carries the current time and is applied.
    expect(await deliver([d])).toEqual([M.webhookReceived])
    expect(await paidRows(vendor.id)).toMatchObject([{ MarketerID: marketer }])
  })
})

describe('a crash between creating a payout and sending it', () => {
  it('is completed by the next run, with one payment', async () => {
    const { vendor, id } = await vendorWith('razorpayx')
    const [marketer] = await marketersOwed(vendor, [55_000])
    const created = await createTransfer(makeDb(env.DB), 'razorpayx', vendor.id, marketer, null, Date.now())
    expect(standIn.payoutCount(`razorpayx:${id}`)).toBe(0)
    const run = await call<{ transfers: TransferDTO[] }>('POST', '/api/money/payout-account/runs', { token: vendor.token })
    expect(run.body.data.transfers).toHaveLength(0)
    expect(standIn.payoutCount(`razorpayx:${id}`)).toBe(1)
    await pollTransfers(env, makeDb(env.DB), directEvents(env), Date.now() + 31 * 60_000)
    expect(standIn.payoutCount(`razorpayx:${id}`)).toBe(1)
    await standIn.settle(payoutKey(created.TransferID), 'processed')
    await deliver(standIn.takeDeliveries())
    const money = await env.DB.prepare('SELECT count(*) AS n FROM payouts WHERE VendorID = ?').bind(vendor.id).first<{ n: number }>()
    expect(money?.n).toBe(1)
  })
})

describe('the database', () => {
  it('refuses a second payout holding an entry another one holds', async () => {
    const { vendor } = await vendorWith('razorpayx')
    const [marketer] = await marketersOwed(vendor, [52_000])
    const db = makeDb(env.DB)
    const first = await createTransfer(db, 'razorpayx', vendor.id, marketer, null, Date.now())
    await expect(createTransfer(db, 'razorpayx', vendor.id, marketer, null, Date.now())).rejects.toThrow(M.alreadySending)
    const entry = (JSON.parse(first.EntryIDs) as number[])[0]
    await expect(env.DB.prepare(`UPDATE provider_payouts SET Status = 'failed' WHERE TransferID = ?`).bind(first.TransferID).run()).resolves.toBeTruthy()
    await expect(env.DB.prepare('INSERT INTO payout_holds (EntryID, TransferID) VALUES (?, ?)').bind(entry, first.TransferID).run()).rejects.toThrow(/not open/)
  })

  it('turns a lead reversed while its commission is held into an adjustment, never a reversal of the held entry', async () => {
    const { vendor } = await vendorWith('razorpayx')
    const [marketer] = await marketersOwed(vendor, [51_000])
    const db = makeDb(env.DB)
    const held = await createTransfer(db, 'razorpayx', vendor.id, marketer, null, Date.now())
    const lead = await env.DB.prepare('SELECT LeadID FROM leads WHERE MarketerID = ?').bind(marketer).first<{ LeadID: number }>()
    await setLeadStatus(db, lead?.LeadID ?? 0, 'Lost', Date.now())
    const { results } = await env.DB.prepare('SELECT Kind, AmountPaise, reversedAt FROM commission_entries WHERE MarketerID = ? ORDER BY EntryID')
      .bind(marketer)
      .all()
    expect(results).toMatchObject([
      { Kind: 'commission', AmountPaise: 51_000, reversedAt: null },
      { Kind: 'adjustment', AmountPaise: -51_000 },
    ])
    // The held payout still settles whole when the provider pays it.
    await call('POST', '/api/money/payout-account/runs', { token: vendor.token })
    await standIn.settle(payoutKey(held.TransferID), 'processed')
    await deliver(standIn.takeDeliveries())
    expect(await paidRows(vendor.id)).toMatchObject([{ MarketerID: marketer, NetPaise: 51_000 }])
  })
})
