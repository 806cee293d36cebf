// The conversion API (decision 163): a vendor's system reports an order; the lead becomes Converted
// with its ledger entry, once per orderId whatever the retries, and a refund takes it back under
// the dashboard's ledger rules.

import { COUPON_MESSAGES } from '../../worker/contract/coupons'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { LeadDTO } from '../../worker/contract/lead'
import type { ListedEntryDTO, PayoutDTO } from '../../worker/contract/payouts'
import { CONVERSION_MESSAGES, type ConversionDTO } from '../../worker/contract/v1'
import { indiaDate } from '../../worker/domain/ledger'
import { call } from '../helpers/api'
import { callWith, recordingQueue } from '../helpers/mail'
import { makeApiKey } from '../helpers/api-keys'
import { makeLead, makeMarketer, makeProduct, makeVendor, makeVerifiedVendor, type SignedInMarketer, type SignedInVendor } from '../helpers/factories'

async function scene(product: Record<string, string> = {}) {
  // Verified: the reversal-after-payment case records a payout, which needs a verified address.
  const vendor = await makeVerifiedVendor({ VendorName: 'Chai & Co.' })
  const marketer = await makeMarketer()
  const item = await makeProduct(vendor, { Price: '1000', CommissionType: 'Fixed', CommissionValue: '150', ...product })
  expect((await call('PUT', '/api/money/settings', { token: vendor.token, json: { HoldingDays: 0, PaymentTermsDays: 30 } })).status).toBe(200)
  const key = await makeApiKey(vendor, ['conversions:write', 'leads:read'])
  const lead = await makeLead(item, marketer)
  return { vendor, marketer, product: item, key, lead }
}

const convert = (key: { Secret: string }, json: unknown) => call<ConversionDTO>('POST', '/api/v1/conversions', { token: key.Secret, json })
const reverse = (key: { Secret: string }, orderId: string, json?: unknown) =>
  call<ConversionDTO>('POST', `/api/v1/conversions/${encodeURIComponent(orderId)}/reverse`, { token: key.Secret, json })
const entries = (who: { token: string }) => call<ListedEntryDTO[]>('GET', '/api/money/entries', { token: who.token })
const leadOf = (key: { Secret: string }, id: number) => call<LeadDTO>('GET', `/api/v1/leads/${id}`, { token: key.Secret })
const entryCount = async (leadId: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM commission_entries WHERE LeadID = ?').bind(leadId).first<{ n: number }>())?.n

let utrSeq = 0
const pay = (vendor: SignedInVendor, marketer: SignedInMarketer) =>
  call<PayoutDTO>('POST', '/api/money/payouts', {
    token: vendor.token,
    json: { MarketerID: marketer.id, Method: 'UPI', UTR: `UTRCONV${Date.now().toString(36).toUpperCase()}${utrSeq++}`, PaidOn: indiaDate(Date.now()) },
  })

describe('reporting a conversion by leadId', () => {
  it("converts the lead and writes its commission entry (Fixed: the lead's snapshot, whatever the amount)", async () => {
    const { key, lead, marketer } = await scene()
    const res = await convert(key, { leadId: lead.LeadID, orderId: 'SHOP-1001', amount: 250_000 })
    expect([res.status, res.body.message]).toEqual([201, CONVERSION_MESSAGES.recorded])
    expect(res.body.data).toMatchObject({ orderId: 'SHOP-1001', LeadID: lead.LeadID, amount: 250_000, Commission: 150, source: 'api', reversedAt: null })
    expect((await leadOf(key, lead.LeadID)).body.data).toMatchObject({ Status: 'Converted', CommissionAmount: 150 })
    const list = (await entries(marketer)).body.data
    expect(list.map((e) => [e.LeadID, e.Kind, e.Amount, e.Reason])).toEqual([[lead.LeadID, 'commission', 150, 'Order SHOP-1001']])
  })

  it("takes a Percentage commission from the order's amount, and from the snapshot without one", async () => {
    const { key, lead, marketer, product } = await scene({ CommissionType: 'Percentage', CommissionValue: '10' })
    const res = await convert(key, { leadId: lead.LeadID, orderId: 'ORD-77', amount: 249_950 })
    // 10 % of ₹2,499.50 is ₹249.95.
    expect(res.body.data.Commission).toBe(249.95)
    expect((await leadOf(key, lead.LeadID)).body.data.CommissionAmount).toBe(249.95)
    const second = await makeLead(product, marketer)
    expect((await convert(key, { leadId: second.LeadID, orderId: 'ORD-78' })).body.data.Commission).toBe(100)
    expect((await entries(marketer)).body.data.map((e) => e.Amount)).toEqual([100, 249.95])
  })

  it('answers the first result again for the same report, and 409 for a different one with the same orderId', async () => {
    const { key, lead, product, marketer } = await scene()
    const body = { leadId: lead.LeadID, orderId: 'A-1', amount: 100_000, occurredAt: '2026-11-20T10:00:00+05:30' }
    const first = await convert(key, body)
    expect(first.status).toBe(201)
    const again = await convert(key, body)
    expect([again.status, again.body.message, again.body.data]).toEqual([200, CONVERSION_MESSAGES.replayed, first.body.data])
    expect(first.body.data.occurredAt).toBe('2026-11-20T04:30:00.000Z')
    const other = await makeLead(product, marketer)
    for (const changed of [
      { ...body, amount: 100_001 },
      { ...body, leadId: other.LeadID },
      { ...body, occurredAt: '2026-11-21T10:00:00Z' },
    ]) {
      const res = await convert(key, changed)
      expect([res.status, res.body.message]).toEqual([409, CONVERSION_MESSAGES.orderConflict])
    }
    expect(await entryCount(lead.LeadID)).toBe(1)
    expect((await leadOf(key, other.LeadID)).body.data.Status).toBe('Pending')
  })

  it('writes exactly one ledger entry under 20 identical calls at once, and answers each the same conversion', async () => {
    const { key, lead } = await scene()
    const body = { leadId: lead.LeadID, orderId: 'RACE-20', amount: 99_900 }
    const answers = await Promise.all(Array.from({ length: 20 }, () => convert(key, body)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 200)).toHaveLength(19)
    for (const a of answers) expect(a.body.data).toEqual(answers[0].body.data)
    expect(await entryCount(lead.LeadID)).toBe(1)
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM conversions WHERE OrderID = 'RACE-20'").first<{ n: number }>()
    expect(rows?.n).toBe(1)
  })

  it('refuses one orderId reported for two leads at once: one wins, the other is 409 and its lead stays Pending', async () => {
    const { key, lead, product, marketer } = await scene()
    const other = await makeLead(product, marketer)
    const [a, b] = await Promise.all([convert(key, { leadId: lead.LeadID, orderId: 'TWICE' }), convert(key, { leadId: other.LeadID, orderId: 'TWICE' })])
    expect([a.status, b.status].sort()).toEqual([201, 409])
    const statuses = [(await leadOf(key, lead.LeadID)).body.data.Status, (await leadOf(key, other.LeadID)).body.data.Status].sort()
    expect(statuses).toEqual(['Converted', 'Pending'])
    expect(((await entryCount(lead.LeadID)) ?? 0) + ((await entryCount(other.LeadID)) ?? 0)).toBe(1)
  })

  it('refuses a lead that is already Converted under another order', async () => {
    const { key, lead } = await scene()
    await convert(key, { leadId: lead.LeadID, orderId: 'FIRST' })
    const res = await convert(key, { leadId: lead.LeadID, orderId: 'SECOND' })
    expect([res.status, res.body.message]).toEqual([409, CONVERSION_MESSAGES.leadConverted])
    expect(await entryCount(lead.LeadID)).toBe(1)
  })

  it("answers another vendor's lead as not found and writes nothing", async () => {
    const { lead } = await scene()
    const stranger = await makeVendor()
    const strangerKey = await makeApiKey(stranger, ['conversions:write'])
    const res = await convert(strangerKey, { leadId: lead.LeadID, orderId: 'STEAL-1' })
    expect([res.status, res.body.message]).toEqual([404, 'Lead not found'])
    expect(await entryCount(lead.LeadID)).toBe(0)
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM conversions WHERE OrderID = 'STEAL-1'").first<{ n: number }>()
    expect(rows?.n).toBe(0)
  })
})

describe('malformed conversions', () => {
  it('are refused with 400 and a message naming the field', async () => {
    const { key, lead } = await scene()
    const cases: Array<[unknown, string]> = [
      [{ leadId: lead.LeadID }, CONVERSION_MESSAGES.orderIdRequired],
      [{ leadId: lead.LeadID, orderId: '' }, CONVERSION_MESSAGES.orderIdRequired],
      [{ leadId: lead.LeadID, orderId: 'has space' }, CONVERSION_MESSAGES.orderIdInvalid],
      [{ leadId: lead.LeadID, orderId: 'x'.repeat(65) }, CONVERSION_MESSAGES.orderIdInvalid],
      [{ leadId: lead.LeadID, orderId: -5 }, CONVERSION_MESSAGES.orderIdRequired],
      [{ leadId: lead.LeadID, orderId: 'A1', amount: 0 }, CONVERSION_MESSAGES.amountInvalid],
      [{ leadId: lead.LeadID, orderId: 'A1', amount: -100 }, CONVERSION_MESSAGES.amountInvalid],
      [{ leadId: lead.LeadID, orderId: 'A1', amount: 1499.5 }, CONVERSION_MESSAGES.amountInvalid],
      [{ leadId: lead.LeadID, orderId: 'A1', amount: '149900' }, CONVERSION_MESSAGES.amountInvalid],
      [{ leadId: lead.LeadID, orderId: 'A1', amount: 1e12 }, CONVERSION_MESSAGES.amountTooLarge],
      [{ leadId: lead.LeadID, orderId: 'A1', occurredAt: 'yesterday' }, CONVERSION_MESSAGES.occurredAtInvalid],
      [{ leadId: lead.LeadID, orderId: 'A1', occurredAt: '2099-01-01T00:00:00Z' }, CONVERSION_MESSAGES.occurredAtFuture],
      [{ orderId: 'A1' }, CONVERSION_MESSAGES.oneTarget],
      [{ leadId: lead.LeadID, coupon: 'RIYA10', orderId: 'A1' }, CONVERSION_MESSAGES.oneTarget],
      [{ leadId: 'abc', orderId: 'A1' }, CONVERSION_MESSAGES.leadIdInvalid],
      [{ coupon: 'RIYA10', orderId: 'A1' }, COUPON_MESSAGES.unknown],
      [{ leadId: lead.LeadID, productId: 3, orderId: 'A1' }, CONVERSION_MESSAGES.productIdWithCoupon],
    ]
    for (const [json, message] of cases) {
      const res = await convert(key, json)
      expect([res.status, res.body.message], JSON.stringify(json)).toEqual([400, message])
    }
    expect(await entryCount(lead.LeadID)).toBe(0)
  })

  it('answers 404 for a ref no visit of the vendor matches (store refs, services/store-refs.ts)', async () => {
    const { key } = await scene()
    const res = await convert(key, { ref: 'r_3kd93k', orderId: 'A1' })
    expect([res.status, res.body.message]).toEqual([404, CONVERSION_MESSAGES.refNotFound])
  })
})

describe('reversing a conversion', () => {
  it('reverses the unpaid commission and moves the lead to Lost; a second call answers the same', async () => {
    const { key, lead, marketer } = await scene()
    await convert(key, { leadId: lead.LeadID, orderId: 'REF-1' })
    const res = await reverse(key, 'REF-1', { reason: 'Customer returned the kurta' })
    expect([res.status, res.body.message]).toEqual([200, CONVERSION_MESSAGES.reversed])
    expect(res.body.data.reversedAt).not.toBeNull()
    expect((await leadOf(key, lead.LeadID)).body.data.Status).toBe('Lost')
    expect((await entries(marketer)).body.data.map((e) => [e.status, e.Amount, e.reversedReason])).toEqual([['reversed', 150, 'Customer returned the kurta']])
    const again = await reverse(key, 'REF-1')
    expect([again.status, again.body.message, again.body.data]).toEqual([200, CONVERSION_MESSAGES.alreadyReversed, res.body.data])
    expect(await entryCount(lead.LeadID)).toBe(1)
  })

  it('adds a negative adjustment once the commission was paid', async () => {
    const { key, lead, marketer, vendor } = await scene()
    await convert(key, { leadId: lead.LeadID, orderId: 'PAID-1' })
    expect((await pay(vendor, marketer)).status).toBe(201)
    expect((await reverse(key, 'PAID-1')).status).toBe(200)
    expect((await entries(marketer)).body.data.map((e) => [e.status, e.Amount, e.Reason])).toEqual([
      ['adjustment', -150, 'Order PAID-1 refunded or cancelled'],
      ['paid', 150, 'Order PAID-1'],
    ])
  })

  it("answers an unknown orderId, or another vendor's, as not found", async () => {
    const { key, lead } = await scene()
    await convert(key, { leadId: lead.LeadID, orderId: 'MINE-1' })
    expect((await reverse(key, 'NOPE')).body.message).toBe(CONVERSION_MESSAGES.notFound)
    const strangerKey = await makeApiKey(await makeVendor(), ['conversions:write'])
    const res = await reverse(strangerKey, 'MINE-1')
    expect([res.status, res.body.message]).toEqual([404, CONVERSION_MESSAGES.notFound])
    expect((await leadOf(key, lead.LeadID)).body.data.Status).toBe('Converted')
  })
})

describe('events of a conversion', () => {
  it('raise lead.status_changed like the dashboard: the influencer is told once, replays tell nobody again', async () => {
    const { key, lead, marketer } = await scene()
    const { queue, sent } = recordingQueue()
    const post = () =>
      callWith(
        { MAIL_QUEUE: queue, PUBLIC_ORIGIN: 'https://collabkart.test' },
        'POST',
        '/api/v1/conversions',
        { leadId: lead.LeadID, orderId: 'BELL-1' },
        { authorization: `Bearer ${key.Secret}` },
      )
    expect((await post()).status).toBe(201)
    expect((await post()).status).toBe(200)
    const bell = await call<Array<{ kind: string }>>('GET', '/api/notifications', { token: marketer.token })
    expect(bell.body.data.map((n) => n.kind)).toEqual(['lead-converted'])
    expect(sent.filter((m) => m.message.to === marketer.email).map((m) => m.message.subject)).toHaveLength(1)
  })
})

describe('a reversal touches only what its own conversion wrote', () => {
  const setStatus = (vendor: SignedInVendor, leadId: number, Status: string, Reason?: string) =>
    call('PUT', `/api/leads/status/${leadId}`, { token: vendor.token, json: { Status, Reason } })
  const ledger = async (marketer: SignedInMarketer) => (await entries(marketer)).body.data.map((e) => [e.status, e.Amount, e.Reason, e.reversedReason])

  /** Lead converted by order A, set Lost by the vendor, converted again by order B. */
  async function reconverted(prefix: string) {
    const s = await scene()
    expect((await convert(s.key, { leadId: s.lead.LeadID, orderId: `${prefix}-A` })).status).toBe(201)
    expect((await setStatus(s.vendor, s.lead.LeadID, 'Lost', 'Buyer cancelled on the phone')).status).toBe(200)
    expect((await convert(s.key, { leadId: s.lead.LeadID, orderId: `${prefix}-B` })).status).toBe(201)
    return s
  }

  it("refunding order A after order B converted the lead again marks A reversed and leaves B's commission and the lead alone", async () => {
    const { key, lead, marketer } = await reconverted('OWN')
    const before = await ledger(marketer)
    expect(before.map((e) => e[2])).toEqual(['Order OWN-B', 'Order OWN-A'])

    const res = await reverse(key, 'OWN-A', { reason: 'refund of A' })
    expect([res.status, res.body.message]).toEqual([200, CONVERSION_MESSAGES.reversedLeadMovedOn])
    expect(res.body.data).toMatchObject({ orderId: 'OWN-A', reversedAt: expect.any(String) })
    expect((await convert(key, { leadId: lead.LeadID, orderId: 'OWN-B' })).body.data.reversedAt).toBeNull()
    expect((await leadOf(key, lead.LeadID)).body.data.Status).toBe('Converted')
    expect(await ledger(marketer)).toEqual(before)

    // A second reversal of the same order changes nothing either.
    const again = await reverse(key, 'OWN-A', { reason: 'refund of A' })
    expect([again.status, again.body.message, again.body.data]).toEqual([200, CONVERSION_MESSAGES.alreadyReversed, res.body.data])
    expect(await ledger(marketer)).toEqual(before)
    expect(await entryCount(lead.LeadID)).toBe(2)
  })

  it("refunding order B, the lead's current conversion, takes back B's commission only", async () => {
    const { key, lead, marketer } = await reconverted('CUR')
    const res = await reverse(key, 'CUR-B', { reason: 'refund of B' })
    expect([res.status, res.body.message]).toEqual([200, CONVERSION_MESSAGES.reversed])
    expect((await leadOf(key, lead.LeadID)).body.data.Status).toBe('Lost')
    expect(await ledger(marketer)).toEqual([
      ['reversed', 150, 'Order CUR-B', 'refund of B'],
      ['reversed', 150, 'Order CUR-A', 'Buyer cancelled on the phone'],
    ])
  })

  it('refunding an order after the vendor set its lead Lost and then Converted by hand keeps what the vendor set', async () => {
    const { key, lead, marketer, vendor } = await scene()
    expect((await convert(key, { leadId: lead.LeadID, orderId: 'HAND-A' })).status).toBe(201)
    expect((await setStatus(vendor, lead.LeadID, 'Lost', 'Buyer cancelled on the phone')).status).toBe(200)
    expect((await setStatus(vendor, lead.LeadID, 'Converted', 'Buyer paid at the shop')).status).toBe(200)
    const before = await ledger(marketer)
    const res = await reverse(key, 'HAND-A')
    expect([res.status, res.body.message]).toEqual([200, CONVERSION_MESSAGES.reversedLeadMovedOn])
    expect((await leadOf(key, lead.LeadID)).body.data.Status).toBe('Converted')
    expect(await ledger(marketer)).toEqual(before)
  })

  it("refunding a creator-code order after another order converted its lead again leaves that order's commission alone", async () => {
    const { key, vendor, marketer, product } = await scene()
    const code = await call<{ Code: string }>('POST', '/api/coupons', {
      token: vendor.token,
      json: { MarketerID: marketer.id, Code: 'OWNCODE10', BuyerText: '10% off at checkout', ProductIDs: [product.ProductID] },
    })
    expect(code.status, code.body.message).toBe(201)
    const first = await convert(key, { coupon: 'OWNCODE10', orderId: 'CPN-A' })
    expect(first.status, first.body.message).toBe(201)
    const leadId = first.body.data.LeadID
    expect((await setStatus(vendor, leadId, 'Lost', 'Buyer cancelled on the phone')).status).toBe(200)
    expect((await convert(key, { leadId, orderId: 'CPN-B' })).status).toBe(201)
    const before = await ledger(marketer)
    const res = await reverse(key, 'CPN-A', { reason: 'refund of A' })
    expect([res.status, res.body.message]).toEqual([200, CONVERSION_MESSAGES.reversedLeadMovedOn])
    expect((await leadOf(key, leadId)).body.data.Status).toBe('Converted')
    expect(await ledger(marketer)).toEqual(before)
  })

  it('reversals of A and B at once: B takes back its own commission, A moves nothing', async () => {
    const { key, lead, marketer } = await reconverted('RACE')
    const [a, b] = await Promise.all([reverse(key, 'RACE-A', { reason: 'refund of A' }), reverse(key, 'RACE-B', { reason: 'refund of B' })])
    expect([a.status, b.status]).toEqual([200, 200])
    expect([a.body.data.reversedAt, b.body.data.reversedAt].every((at) => at !== null)).toBe(true)
    expect((await leadOf(key, lead.LeadID)).body.data.Status).toBe('Lost')
    expect(await ledger(marketer)).toEqual([
      ['reversed', 150, 'Order RACE-B', 'refund of B'],
      ['reversed', 150, 'Order RACE-A', 'Buyer cancelled on the phone'],
    ])
  })
})
