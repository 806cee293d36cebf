// The money loop through the API (decision 018): entries follow lead status changes, the holding
// period, payouts and their rules, races, payout details' privacy, balances, lists and CSVs.

import { env, exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { Balances, EntryDTO, MarketerBalanceDTO, OwedRow, PayoutDTO, PayoutDetailsDTO, PayoutPreview } from '../../worker/contract/payouts'
import { MONEY_MESSAGES } from '../../worker/contract/payouts'
import { GSTIN_MESSAGES } from '../../worker/contract/gstin'
import { indiaDate } from '../../worker/domain/ledger'
import { call, ORIGIN } from '../helpers/api'
import { makeLead, makeVerifiedMarketer, makeProduct, makeVerifiedVendor, type SignedInMarketer, type SignedInVendor } from '../helpers/factories'
import { badTokens } from '../helpers/tokens'

const today = () => indiaDate(Date.now())

async function scene(holdingDays = 0) {
  const vendor = await makeVerifiedVendor({ VendorName: 'Chai & Co.' })
  const marketer = await makeVerifiedMarketer({ MarketerName: 'Meera Nair' })
  const product = await makeProduct(vendor, { ProductName: 'Assam Masala Chai', Price: '1000', CommissionType: 'Fixed', CommissionValue: '150' })
  const settings = await call('PUT', '/api/money/settings', { token: vendor.token, json: { HoldingDays: holdingDays, PaymentTermsDays: 30 } })
  expect(settings.status).toBe(200)
  return { vendor, marketer, product }
}

const setStatus = (vendor: SignedInVendor, leadId: number, Status: string, Reason?: string) =>
  call('PUT', `/api/leads/status/${leadId}`, { token: vendor.token, json: { Status, Reason } })

// Taking commission back, or giving it again, needs the vendor's reason.
const BACK = 'Buyer returned the order'

const entries = (who: { token: string }, query = '') => call<EntryDTO[]>('GET', `/api/money/entries${query}`, { token: who.token })
const balance = <T = MarketerBalanceDTO>(who: { token: string }) => call<T>('GET', '/api/money/balance', { token: who.token })

let utrSeq = 0
const utr = () => `UTR${Date.now().toString(36).toUpperCase()}${String(utrSeq++).padStart(6, '0')}`

const pay = (vendor: SignedInVendor, marketer: SignedInMarketer, extra: Record<string, unknown> = {}) =>
  call<PayoutDTO>('POST', '/api/money/payouts', {
    token: vendor.token,
    json: { MarketerID: marketer.id, Method: 'UPI', UTR: utr(), PaidOn: today(), ...extra },
  })

async function converted(holdingDays = 0) {
  const s = await scene(holdingDays)
  const lead = await makeLead(s.product, s.marketer)
  expect((await setStatus(s.vendor, lead.LeadID, 'Converted')).status).toBe(200)
  return { ...s, lead }
}

describe('commission entries', () => {
  it('are created when a lead converts: pending until the holding period ends, with the day it clears', async () => {
    const { marketer, vendor } = await converted(14)
    const list = await entries(marketer)
    expect(list.status).toBe(200)
    expect(list.body.data).toHaveLength(1)
    const [entry] = list.body.data
    expect(entry).toMatchObject({ Amount: 150, status: 'pending', Kind: 'commission', VendorName: 'Chai & Co.', ProductName: 'Assam Masala Chai' })
    expect(Date.parse(entry.clearsAt) - Date.parse(entry.convertedAt)).toBe(14 * 86_400_000)
    expect(Date.parse(entry.dueAt) - Date.parse(entry.clearsAt)).toBe(30 * 86_400_000)
    const b = await balance(marketer)
    expect(b.body.data).toMatchObject({ pending: 150, payable: 0, paid: 0, lifetime: 150 })
    expect((await balance<Balances>(vendor)).body.data).toMatchObject({ pending: 150, lifetime: 150 })
  })

  it('are payable at once with a holding period of 0', async () => {
    const { marketer } = await converted(0)
    expect((await entries(marketer)).body.data[0].status).toBe('payable')
    expect((await balance(marketer)).body.data).toMatchObject({ pending: 0, payable: 150, overdue: 0 })
  })

  it('are reversed when the lead moves back before payment, and a new one counts once when it converts again', async () => {
    const { marketer, vendor, lead } = await converted(0)
    await setStatus(vendor, lead.LeadID, 'Lost', BACK)
    let list = (await entries(marketer)).body.data
    expect(list.map((e) => e.status)).toEqual(['reversed'])
    expect((await balance(marketer)).body.data).toMatchObject({ payable: 0, lifetime: 0 })
    await setStatus(vendor, lead.LeadID, 'Converted', BACK)
    await setStatus(vendor, lead.LeadID, 'Converted')
    list = (await entries(marketer)).body.data
    expect(list.map((e) => e.status)).toEqual(['payable', 'reversed'])
    expect((await balance(marketer)).body.data).toMatchObject({ payable: 150, lifetime: 150 })
  })

  it('count a lead once when its status is changed several times at the same moment', async () => {
    const { marketer, vendor, product } = await scene(0)
    const lead = await makeLead(product, marketer)
    const statuses = ['Converted', 'Converted', 'Lost', 'Converted', 'Pending', 'Converted', 'Converted', 'Lost']
    const results = await Promise.all(statuses.map((s) => setStatus(vendor, lead.LeadID, s, BACK)))
    for (const r of results) expect(r.status).toBe(200)
    const leads = await call<Array<{ LeadID: number; Status: string }>>('GET', `/api/leads/leadsbyvendorid/${vendor.id}`, { token: vendor.token })
    const final = leads.body.data.find((l) => l.LeadID === lead.LeadID)?.Status
    const b = (await balance(marketer)).body.data
    expect(b.lifetime).toBe(final === 'Converted' ? 150 : 0)
    expect((await entries(marketer, '?status=payable')).body.data).toHaveLength(final === 'Converted' ? 1 : 0)
  })

  it('get a negative adjustment when a paid lead moves back, which the next payout deducts', async () => {
    const { marketer, vendor, product, lead } = await converted(0)
    expect((await pay(vendor, marketer)).status).toBe(201)
    await setStatus(vendor, lead.LeadID, 'Pending', BACK)
    const list = (await entries(marketer)).body.data
    expect(list.map((e) => [e.status, e.Amount])).toEqual([
      ['adjustment', -150],
      ['paid', 150],
    ])
    expect((await balance(marketer)).body.data).toMatchObject({ paid: 150, adjustments: -150, lifetime: 0 })

    // Nothing else is payable: a payout would be zero, so it is refused.
    expect((await pay(vendor, marketer)).status).toBe(400)
    const second = await makeLead(product, marketer)
    const third = await makeLead(product, marketer)
    await setStatus(vendor, second.LeadID, 'Converted')
    await setStatus(vendor, third.LeadID, 'Converted')
    const preview = await call<PayoutPreview>('POST', '/api/money/payouts/preview', { token: vendor.token, json: { MarketerID: marketer.id } })
    expect(preview.body.data).toMatchObject({ gross: 150, tds: 0, net: 150 })
    expect(preview.body.data.entries).toHaveLength(3)
    const paid = await pay(vendor, marketer)
    expect(paid.body.data).toMatchObject({ Gross: 150, TDS: 0, Net: 150, entries: 3 })
    expect((await balance(marketer)).body.data).toMatchObject({ paid: 300, adjustments: 0, payable: 0, lifetime: 300 })
  })

  it('reverse an open adjustment when the lead converts again, so the paid lead counts once', async () => {
    const { marketer, vendor, lead } = await converted(0)
    await pay(vendor, marketer)
    await setStatus(vendor, lead.LeadID, 'Lost', BACK)
    await setStatus(vendor, lead.LeadID, 'Converted', BACK)
    const list = (await entries(marketer)).body.data
    expect(list.map((e) => e.status)).toEqual(['reversed', 'paid'])
    expect((await balance(marketer)).body.data).toMatchObject({ paid: 150, adjustments: 0, lifetime: 150 })
  })
})

describe('recording a payout', () => {
  it('settles every payable entry, marks them paid with the reference, and moves the balance at once', async () => {
    const { marketer, vendor, product } = await converted(0)
    await setStatus(vendor, (await makeLead(product, marketer)).LeadID, 'Converted')
    const reference = utr()
    const res = await pay(vendor, marketer, { UTR: reference, Method: 'Bank transfer' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ statusCode: 1, message: 'Payout recorded' })
    expect(res.body.data).toMatchObject({ Gross: 300, TDS: 0, Net: 300, Method: 'Bank transfer', UTR: reference, entries: 2, MarketerName: 'Meera Nair' })
    const list = (await entries(marketer)).body.data
    expect(list.every((e) => e.status === 'paid' && e.UTR === reference)).toBe(true)
    expect((await balance(marketer)).body.data).toMatchObject({ payable: 0, paid: 300, lifetime: 300 })
    const history = await call<PayoutDTO[]>('GET', '/api/money/payouts', { token: marketer.token })
    expect(history.body.data.map((p) => p.UTR)).toEqual([reference])
  })

  it('settles only the chosen entries, with TDS worked out on them, leaving the rest payable', async () => {
    const { marketer, vendor, product } = await converted(0)
    await setStatus(vendor, (await makeLead(product, marketer)).LeadID, 'Converted')
    const [newest, oldest] = (await entries(marketer)).body.data
    const preview = await call<PayoutPreview>('POST', '/api/money/payouts/preview', {
      token: vendor.token,
      json: { MarketerID: marketer.id, EntryIDs: [oldest.EntryID] },
    })
    expect(preview.body.data).toMatchObject({ gross: 150, net: 150 })
    expect(preview.body.data.entries.map((e) => e.EntryID)).toEqual([oldest.EntryID])
    const res = await pay(vendor, marketer, { EntryIDs: [oldest.EntryID] })
    expect(res.body.data).toMatchObject({ Gross: 150, entries: 1 })
    const after = (await entries(marketer)).body.data
    expect(after.map((e) => [e.EntryID, e.status])).toEqual([
      [newest.EntryID, 'payable'],
      [oldest.EntryID, 'paid'],
    ])
    expect((await pay(vendor, marketer, { EntryIDs: [oldest.EntryID] })).status).toBe(409)
    expect(
      (
        await call('POST', '/api/money/payouts', {
          token: vendor.token,
          json: { MarketerID: marketer.id, EntryIDs: [], Method: 'UPI', UTR: utr(), PaidOn: today() },
        })
      ).body.message,
    ).toBe(MONEY_MESSAGES.entriesInvalid)
  })

  it('refuses bad references, future dates, dates before the entries and entries still pending', async () => {
    const { marketer, vendor } = await converted(0)
    for (const [extra, message] of [
      [{ UTR: 'SHORT123' }, MONEY_MESSAGES.utrInvalid],
      [{ UTR: 'ABC-123-456-789' }, MONEY_MESSAGES.utrInvalid],
      [{ Method: 'Cash' }, MONEY_MESSAGES.methodInvalid],
      [{ PaidOn: '2026-02-30' }, MONEY_MESSAGES.dateInvalid],
      [{ PaidOn: indiaDate(Date.now() + 3 * 86_400_000) }, MONEY_MESSAGES.dateFuture],
      [{ PaidOn: indiaDate(Date.now() - 3 * 86_400_000) }, MONEY_MESSAGES.dateBeforeEntries],
    ] as const) {
      const res = await pay(vendor, marketer, extra)
      expect(res.status, message).toBe(400)
      expect(res.body.message).toBe(message)
    }
    const pendingOnly = await converted(14)
    const res = await pay(pendingOnly.vendor, pendingOnly.marketer)
    expect(res).toMatchObject({ status: 400, body: { message: MONEY_MESSAGES.nothingPayable } })
    expect((await balance(marketer)).body.data.paid).toBe(0)
  })

  it('is for the calling vendor only: 401 without a session, 403 for an influencer, nothing for another vendor to pay', async () => {
    const { marketer, vendor } = await converted(0)
    const other = await makeVerifiedVendor()
    expect((await call('POST', '/api/money/payouts', { json: { MarketerID: marketer.id } })).status).toBe(401)
    expect((await call('POST', '/api/money/payouts', { token: marketer.token, json: { MarketerID: marketer.id } })).status).toBe(403)
    expect((await pay(other, marketer)).body.message).toBe(MONEY_MESSAGES.nothingPayable)
    const own = (await entries(marketer)).body.data[0]
    const res = await pay(other, marketer, { EntryIDs: [own.EntryID] })
    expect(res.status).toBe(409)
    expect((await entries(marketer)).body.data[0].status).toBe('payable')
    expect((await entries(other)).body.data).toEqual([])
    expect((await pay(vendor, marketer)).status).toBe(201)
  })

  it('of the same entries at the same moment: one wins, the others get 409 and nothing is paid twice', async () => {
    const { marketer, vendor, product } = await converted(0)
    for (let i = 0; i < 3; i++) await setStatus(vendor, (await makeLead(product, marketer)).LeadID, 'Converted')
    const results = await Promise.all(Array.from({ length: 5 }, () => pay(vendor, marketer)))
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    for (const r of results.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(409)
      expect(r.body.statusCode).toBe(0)
    }
    const payouts = await call<PayoutDTO[]>('GET', '/api/money/payouts', { token: vendor.token })
    expect(payouts.body.data).toHaveLength(1)
    expect((await balance(marketer)).body.data).toMatchObject({ paid: 600, payable: 0, lifetime: 600 })
  })

  it('of different entries to one influencer at the same moment never skip the TDS their sum owes', async () => {
    for (let round = 0; round < 4; round++) {
      // Two commissions of ₹15,000: each under the ₹20,000 threshold, together over it.
      const vendor = await makeVerifiedVendor()
      const marketer = await makeVerifiedMarketer()
      expect(
        (await call('PUT', '/api/money/details', { token: marketer.token, json: { Method: 'UPI', UpiID: 'meera.nair@okhdfc', PAN: 'abcde1234f' } })).status,
      ).toBe(200)
      expect((await call('PUT', '/api/money/settings', { token: vendor.token, json: { HoldingDays: 0, PaymentTermsDays: 30 } })).status).toBe(200)
      const product = await makeProduct(vendor, { Price: '150000', CommissionType: 'Fixed', CommissionValue: '15000' })
      for (let i = 0; i < 2; i++) expect((await setStatus(vendor, (await makeLead(product, marketer)).LeadID, 'Converted')).status).toBe(200)
      const ids = (await entries(marketer)).body.data.map((e) => e.EntryID)
      const results = await Promise.all(ids.map((id) => pay(vendor, marketer, { EntryIDs: [id] })))
      for (const r of results) expect([201, 409]).toContain(r.status)
      const recorded = results.filter((r) => r.status === 201).map((r) => r.body.data)
      expect(recorded.length).toBeGreaterThan(0)
      const gross = recorded.reduce((sum, p) => sum + p.Gross, 0)
      const tds = recorded.reduce((sum, p) => sum + p.TDS, 0)
      // 2% of the whole year's amount once it is over the threshold, nothing under it.
      expect(tds).toBeCloseTo(gross > 20_000 ? gross * 0.02 : 0, 2)
    }
  })

  it('with a reference already used answers 409 and records nothing', async () => {
    const { marketer, vendor, product } = await converted(0)
    const reference = utr()
    expect((await pay(vendor, marketer, { UTR: reference })).status).toBe(201)
    await setStatus(vendor, (await makeLead(product, marketer)).LeadID, 'Converted')
    const again = await pay(vendor, marketer, { UTR: reference.toLowerCase() })
    expect(again).toMatchObject({ status: 409, body: { message: MONEY_MESSAGES.utrUsed } })
    expect((await balance(marketer)).body.data).toMatchObject({ paid: 150, payable: 150 })
  })

  it('racing a lead status change never leaves an entry both reversed and paid', async () => {
    for (let round = 0; round < 6; round++) {
      const { marketer, vendor, lead } = await converted(0)
      const [paid, moved] = await Promise.all([pay(vendor, marketer), setStatus(vendor, lead.LeadID, 'Lost', BACK)])
      expect(moved.status).toBe(200)
      expect([201, 409]).toContain(paid.status)
      const rows = await env.DB.prepare(
        `SELECT e.EntryID FROM commission_entries e JOIN payout_items p ON p.EntryID = e.EntryID WHERE e.reversedAt IS NOT NULL AND e.MarketerID = ?`,
      )
        .bind(marketer.id)
        .all()
      expect(rows.results).toEqual([])
      // The lead is Lost now, so it counts for nothing, whichever came first.
      expect((await balance(marketer)).body.data.lifetime).toBe(0)
    }
  })
})

describe('payout details', () => {
  const upi = { Method: 'UPI', UpiID: 'meera.nair@okhdfc', PAN: 'abcde1234f' }

  it('are checked rule by rule, with a message for each', async () => {
    const marketer = await makeVerifiedMarketer()
    const bank = { Method: 'Bank', AccountHolder: 'Meera Nair', AccountNumber: '123456789012', ConfirmAccountNumber: '123456789012', IFSC: 'HDFC0001234' }
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ Method: 'Cash' }, MONEY_MESSAGES.detailsMethod],
      [{ Method: 'UPI', UpiID: 'meera' }, MONEY_MESSAGES.upiInvalid],
      [{ Method: 'UPI', UpiID: 'm@okhdfc' }, MONEY_MESSAGES.upiInvalid],
      [{ Method: 'UPI', UpiID: 'meera@ok1' }, MONEY_MESSAGES.upiInvalid],
      [{ ...bank, AccountHolder: ' ' }, MONEY_MESSAGES.holderRequired],
      [{ ...bank, AccountNumber: '12345678', ConfirmAccountNumber: '12345678' }, MONEY_MESSAGES.accountInvalid],
      [{ ...bank, ConfirmAccountNumber: '123456789013' }, MONEY_MESSAGES.accountMismatch],
      [{ ...bank, IFSC: 'HDFC1001234' }, MONEY_MESSAGES.ifscInvalid],
      [{ ...upi, PAN: 'ABCD1234F' }, MONEY_MESSAGES.panInvalid],
      [{ ...upi, GSTIN: '27ABCDE1234F' }, GSTIN_MESSAGES.invalid],
      [{ ...upi, GSTIN: '27ABCDE1234F1Z9' }, GSTIN_MESSAGES.checksum],
      [{ ...upi, GSTIN: '27AAPFU0939F1ZV' }, GSTIN_MESSAGES.panMismatch],
      [{ ...bank, GSTIN: '27ABCDE1234F1Z0' }, GSTIN_MESSAGES.panRequired],
    ]
    for (const [json, message] of cases) {
      const res = await call('PUT', '/api/money/details', { token: marketer.token, json })
      expect(res.status, message).toBe(400)
      expect(res.body.message).toBe(message)
    }
    const saved = await call<PayoutDetailsDTO>('PUT', '/api/money/details', { token: marketer.token, json: { ...bank, IFSC: 'hdfc0001234' } })
    expect(saved.body.data).toMatchObject({ Method: 'Bank', AccountNumber: '123456789012', IFSC: 'HDFC0001234', UpiID: null, PAN: null, GSTIN: null })
    const registered = await call<PayoutDetailsDTO>('PUT', '/api/money/details', { token: marketer.token, json: { ...upi, GSTIN: ' 27abcde1234f1z0 ' } })
    expect(registered.body.data).toMatchObject({ PAN: 'ABCDE1234F', GSTIN: '27ABCDE1234F1Z0' })
  })

  it('are seen by the vendor who owes money while something is payable (the PAN masked), and by nobody else', async () => {
    const { marketer, vendor } = await converted(0)
    const stranger = await makeVerifiedVendor()
    await call('PUT', '/api/money/details', { token: marketer.token, json: { ...upi, GSTIN: '27ABCDE1234F1Z0' } })
    expect((await call<PayoutDetailsDTO>('GET', '/api/money/details', { token: marketer.token })).body.data).toMatchObject({
      UpiID: 'meera.nair@okhdfc',
      PAN: 'ABCDE1234F',
      GSTIN: '27ABCDE1234F1Z0',
    })
    expect((await call('GET', '/api/money/details', { token: vendor.token })).status).toBe(403)

    const owed = await call<OwedRow[]>('GET', '/api/money/influencers', { token: vendor.token })
    expect(owed.body.data[0]).toMatchObject({
      MarketerID: marketer.id,
      payable: 150,
      payoutDetails: { UpiID: 'meera.nair@okhdfc', PAN: 'XXXXXX234F', GSTIN: '27XXXXXXXXXX1Z0' },
    })
    const preview = await call<PayoutPreview>('POST', '/api/money/payouts/preview', { token: vendor.token, json: { MarketerID: marketer.id } })
    expect(preview.body.data.payoutDetails).toMatchObject({ PAN: 'XXXXXX234F' })
    expect((await call<OwedRow[]>('GET', '/api/money/influencers', { token: stranger.token })).body.data).toEqual([])

    const publicReads = [
      await exports.default.fetch(new Request(`${ORIGIN}/api/marketers/social-media/${marketer.id}`)),
      await exports.default.fetch(new Request(`${ORIGIN}/api/marketers/social-media?limit=100`)),
      await exports.default.fetch(new Request(`${ORIGIN}/api/marketers/${marketer.id}`, { headers: { authorization: `Bearer ${vendor.token}` } })),
    ]
    for (const res of publicReads) expect(await res.text()).not.toMatch(/okhdfc|ABCDE1234F/i)

    // Once paid, nothing is payable: the vendor no longer sees the details.
    await pay(vendor, marketer)
    const after = await call<OwedRow[]>('GET', '/api/money/influencers', { token: vendor.token })
    expect(after.body.data[0]).toMatchObject({ payable: 0, payoutDetails: null, lastPayout: { Net: 150 } })
  })

  it('are nudged for on the balance while something is payable and none are set', async () => {
    const { marketer } = await converted(0)
    expect((await balance(marketer)).body.data.needsPayoutDetails).toBe(true)
    await call('PUT', '/api/money/details', { token: marketer.token, json: upi })
    expect((await balance(marketer)).body.data.needsPayoutDetails).toBe(false)
  })
})

describe('vendor settings', () => {
  it('take a holding period of 0 to 90 days and payment terms of 7 to 45 days', async () => {
    const vendor = await makeVerifiedVendor()
    expect((await call('GET', '/api/money/settings', { token: vendor.token })).body.data).toEqual({ HoldingDays: 14, PaymentTermsDays: 30 })
    for (const [json, message] of [
      [{ HoldingDays: 91, PaymentTermsDays: 30 }, MONEY_MESSAGES.holdingInvalid],
      [{ HoldingDays: -1, PaymentTermsDays: 30 }, MONEY_MESSAGES.holdingInvalid],
      [{ HoldingDays: 1.5, PaymentTermsDays: 30 }, MONEY_MESSAGES.holdingInvalid],
      [{ HoldingDays: 10, PaymentTermsDays: 6 }, MONEY_MESSAGES.termsInvalid],
      [{ HoldingDays: 10, PaymentTermsDays: 46 }, MONEY_MESSAGES.termsInvalid],
    ] as const) {
      const res = await call('PUT', '/api/money/settings', { token: vendor.token, json })
      expect(res.body.message).toBe(message)
      expect(res.status).toBe(400)
    }
    expect((await call('PUT', '/api/money/settings', { token: vendor.token, json: { HoldingDays: '0', PaymentTermsDays: '45' } })).status).toBe(200)
    expect((await call('GET', '/api/money/settings', { token: vendor.token })).body.data).toEqual({ HoldingDays: 0, PaymentTermsDays: 45 })
    const marketer = await makeVerifiedMarketer()
    expect((await call('PUT', '/api/money/settings', { token: marketer.token, json: { HoldingDays: 0, PaymentTermsDays: 7 } })).status).toBe(403)
  })
})

describe('overdue', () => {
  it('marks entries payable past their due date and puts those influencers first on the vendor tab', async () => {
    const { marketer, vendor } = await converted(0)
    const late = await makeVerifiedMarketer({ MarketerName: 'Late Lata' })
    const product = await makeProduct(vendor, { CommissionType: 'Fixed', CommissionValue: '10' })
    const lead = await makeLead(product, late)
    await setStatus(vendor, lead.LeadID, 'Converted')
    // Converted 40 days ago with 0 days holding and 30 days terms: 10 days overdue.
    await env.DB.prepare(`UPDATE commission_entries SET convertedAt = ? WHERE LeadID = ?`)
      .bind(new Date(Date.now() - 40 * 86_400_000).toISOString(), lead.LeadID)
      .run()
    const owed = (await call<OwedRow[]>('GET', '/api/money/influencers', { token: vendor.token })).body.data
    expect(owed.map((r) => [r.MarketerName, r.payable, r.overdue])).toEqual([
      ['Late Lata', 10, 10],
      ['Meera Nair', 150, 0],
    ])
    const lateEntries = (await entries(late)).body.data
    expect(lateEntries[0]).toMatchObject({ status: 'payable', overdue: true })
    expect((await balance(late)).body.data).toMatchObject({ payable: 10, overdue: 10 })
    expect((await entries(marketer)).body.data[0].overdue).toBe(false)
  })
})

describe('lists and statements', () => {
  it("page entries on the server, filter by status and vendor, and show only the caller's own", async () => {
    const { marketer, vendor, product } = await converted(0)
    for (let i = 0; i < 2; i++) await setStatus(vendor, (await makeLead(product, marketer)).LeadID, 'Converted')
    const lost = await makeLead(product, marketer)
    await setStatus(vendor, lost.LeadID, 'Converted')
    await setStatus(vendor, lost.LeadID, 'Lost', BACK)
    const first = await entries(marketer, '?limit=2')
    expect(first.body.data).toHaveLength(2)
    const paging = (first.body as unknown as { paging: { total: number; nextCursor: string } }).paging
    expect(paging.total).toBe(4)
    const second = await entries(marketer, `?limit=2&cursor=${paging.nextCursor}`)
    expect([...first.body.data, ...second.body.data].map((e) => e.EntryID)).toEqual(
      [...new Set([...first.body.data, ...second.body.data].map((e) => e.EntryID))].sort((a, b) => b - a),
    )
    expect((await entries(marketer, '?status=reversed')).body.data).toHaveLength(1)
    expect((await entries(marketer, '?status=payable')).body.data).toHaveLength(3)
    expect((await entries(marketer, `?vendorId=${vendor.id + 100000}`)).body.data).toHaveLength(0)
    expect((await entries(vendor, `?marketerId=${marketer.id}`)).body.data).toHaveLength(4)
    expect((await entries(marketer, '?status=owed')).status).toBe(400)
    const outsider = await makeVerifiedMarketer()
    expect((await entries(outsider)).body.data).toEqual([])
    expect((await call('GET', '/api/money/entries')).status).toBe(401)
  })

  it("page the vendor's influencers by what is owed, largest first, without repeats", async () => {
    const { vendor } = await scene(0)
    const amounts = ['30', '90', '60']
    for (const [i, amount] of amounts.entries()) {
      const marketer = await makeVerifiedMarketer({ MarketerName: `Creator ${i}` })
      const product = await makeProduct(vendor, { CommissionType: 'Fixed', CommissionValue: amount })
      await setStatus(vendor, (await makeLead(product, marketer)).LeadID, 'Converted')
    }
    const first = await call<OwedRow[]>('GET', '/api/money/influencers?limit=2', { token: vendor.token })
    const paging = (first.body as unknown as { paging: { total: number; nextCursor: string } }).paging
    expect(paging.total).toBe(3)
    const second = await call<OwedRow[]>('GET', `/api/money/influencers?limit=2&cursor=${paging.nextCursor}`, { token: vendor.token })
    expect([...first.body.data, ...second.body.data].map((r) => r.payable)).toEqual([90, 60, 30])
    expect((await call('GET', '/api/money/influencers?cursor=bogus', { token: vendor.token })).status).toBe(400)
  })

  it("download as CSV: the influencer's statement with entries, payouts and TDS, the vendor's payouts", async () => {
    const { marketer, vendor } = await converted(0)
    const reference = utr()
    await pay(vendor, marketer, { UTR: reference })
    const statement = await exports.default.fetch(
      new Request(`${ORIGIN}/api/money/statement.csv?from=${today()}&to=${today()}`, { headers: { authorization: `Bearer ${marketer.token}` } }),
    )
    expect(statement.headers.get('content-type')).toMatch(/text\/csv/)
    const lines = (await statement.text()).trim().split('\r\n')
    expect(lines[0]).toBe('Type,Date,Vendor,Product,Amount,Status,Reference,Gross,TDS,Net,Financial year')
    expect(lines.slice(1, 3)).toEqual([
      `Entry,${indiaDate(Date.parse((await entries(marketer)).body.data[0].convertedAt))},Chai & Co.,Assam Masala Chai,150,paid,${reference},,,,`,
      expect.stringMatching(new RegExp(`^Payout,${today()},Chai & Co.,,,UPI,${reference},150,0,150,\\d{4}-\\d{2}$`)),
    ])
    const vendorCsv = await exports.default.fetch(new Request(`${ORIGIN}/api/money/payouts.csv`, { headers: { authorization: `Bearer ${vendor.token}` } }))
    const rows = (await vendorCsv.text()).trim().split('\r\n')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toBe('Payout ID,Paid on,Financial year,Section,Vendor,Influencer,PAN,Gross,TDS,Net,Method,UTR,Entries')
    expect(rows[1]).toContain(`,194H,Chai & Co.,Meera Nair,,150,0,150,UPI,${reference},1`)
    const none = await exports.default.fetch(
      new Request(`${ORIGIN}/api/money/statement.csv?from=2020-01-01&to=2020-01-31`, { headers: { authorization: `Bearer ${marketer.token}` } }),
    )
    expect((await none.text()).trim().split('\r\n')).toHaveLength(1)
    expect((await exports.default.fetch(new Request(`${ORIGIN}/api/money/statement.csv`))).status).toBe(401)
  })
})

describe('the payouts CSV for the TDS return', () => {
  it("has the influencer's full PAN, section 194H, the financial year, gross, TDS and net, after a UTF-8 byte-order mark", async () => {
    const { marketer, vendor } = await converted(0)
    await call('PUT', '/api/money/details', { token: marketer.token, json: { Method: 'UPI', UpiID: 'meera.nair@okhdfc', PAN: 'abcde1234f' } })
    const reference = utr()
    expect((await pay(vendor, marketer, { UTR: reference, PaidOn: today() })).status).toBe(201)
    for (const who of [vendor, marketer]) {
      const res = await exports.default.fetch(new Request(`${ORIGIN}/api/money/payouts.csv`, { headers: { authorization: `Bearer ${who.token}` } }))
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const lines = new TextDecoder().decode(bytes).trim().split('\r\n')
      const year = Number(today().slice(0, 4)) - (today().slice(5) < '04-01' ? 1 : 0)
      expect(lines[1]).toMatch(
        new RegExp(
          `^\\d+,${today()},${year}-${String((year + 1) % 100).padStart(2, '0')},194H,Chai & Co\\.,Meera Nair,ABCDE1234F,150,0,150,UPI,${reference},1$`,
        ),
      )
    }
    // Everywhere else the vendor sees it masked.
    const owed = await call<OwedRow[]>('GET', '/api/money/influencers', { token: vendor.token })
    expect(JSON.stringify(owed.body)).not.toContain('ABCDE1234F')
  })

  it("starts the influencer's statement with a byte-order mark too", async () => {
    const { marketer } = await converted(0)
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/money/statement.csv`, { headers: { authorization: `Bearer ${marketer.token}` } }))
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  })
})

describe('every money route', () => {
  const ROUTES: Array<{ method: string; path: string; role: 'vendor' | 'marketer' | 'any'; json?: unknown }> = [
    { method: 'GET', path: '/api/money/balance', role: 'any' },
    { method: 'GET', path: '/api/money/entries', role: 'any' },
    { method: 'GET', path: '/api/money/payouts', role: 'any' },
    { method: 'GET', path: '/api/money/payouts.csv', role: 'any' },
    { method: 'GET', path: '/api/money/statement.csv', role: 'marketer' },
    { method: 'GET', path: '/api/money/details', role: 'marketer' },
    { method: 'PUT', path: '/api/money/details', role: 'marketer', json: { Method: 'UPI', UpiID: 'taken.over@okaxis' } },
    { method: 'GET', path: '/api/money/influencers', role: 'vendor' },
    { method: 'GET', path: '/api/money/settings', role: 'vendor' },
    { method: 'PUT', path: '/api/money/settings', role: 'vendor', json: { HoldingDays: 90, PaymentTermsDays: 45 } },
    { method: 'POST', path: '/api/money/payouts/preview', role: 'vendor', json: { MarketerID: 1 } },
    { method: 'POST', path: '/api/money/payouts', role: 'vendor', json: { MarketerID: 1, Method: 'UPI', UTR: 'GUARDUTR000001', PaidOn: '2026-01-01' } },
  ]

  const raw = (method: string, path: string, token?: string, json?: unknown) =>
    exports.default.fetch(
      new Request(`${ORIGIN}${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
        body: json ? JSON.stringify(json) : undefined,
      }),
    )

  it('answers 401 to a missing, expired, forged or garbage token and 403 to the other role, changing nothing', async () => {
    const { marketer, vendor } = await converted(0)
    await call('PUT', '/api/money/details', { token: marketer.token, json: { Method: 'UPI', UpiID: 'meera@okhdfc' } })
    const before = [
      await balance(marketer),
      await call('GET', '/api/money/details', { token: marketer.token }),
      await call('GET', '/api/money/settings', { token: vendor.token }),
    ].map((r) => r.body)
    for (const route of ROUTES) {
      const role = route.role === 'any' ? 'vendor' : route.role
      for (const [kind, token] of await badTokens(role, role === 'vendor' ? vendor.id : marketer.id)) {
        const res = await raw(route.method, route.path, token, route.json)
        expect(res.status, `${route.path} with ${kind}`).toBe(401)
        expect(await res.json(), `${route.path} with ${kind}`).toMatchObject({ statusCode: 0, message: 'Please log in to continue', data: null })
      }
      if (route.role !== 'any') {
        const stranger = route.role === 'vendor' ? marketer.token : vendor.token
        const res = await raw(route.method, route.path, stranger, route.json)
        expect(res.status, `${route.path} by the other role`).toBe(403)
        expect(await res.json()).toMatchObject({ statusCode: 0, message: 'You are not allowed to do this' })
      }
    }
    const after = [
      await balance(marketer),
      await call('GET', '/api/money/details', { token: marketer.token }),
      await call('GET', '/api/money/settings', { token: vendor.token }),
    ].map((r) => r.body)
    expect(after).toEqual(before)
  })
})
