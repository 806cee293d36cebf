// Decision 070. A status change that moves money needs the vendor's reason, which the
// influencer reads on the entry and may dispute; the vendor and the back office see the dispute.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { AuditEntryDTO } from '../../worker/contract/admin'
import { DISPUTE_MESSAGES, type DisputeDTO, ERASED_DISPUTE_NOTE } from '../../worker/contract/disputes'
import { LEAD_REASON_MESSAGES, type LeadStatusEffect } from '../../worker/contract/lead'
import type { MarketerBalanceDTO, ListedEntryDTO, PayoutDTO, EntryDisputeState } from '../../worker/contract/payouts'
import { indiaDate } from '../../worker/domain/ledger'
import { call } from '../helpers/api'
import { makeAdmin, makeLead, makeVerifiedMarketer, makeProduct, makeVerifiedVendor, type SignedInMarketer, type SignedInVendor } from '../helpers/factories'

const today = () => indiaDate(Date.now())
let utrSeq = 0
const utr = () => `DISPUTE${Date.now().toString(36).toUpperCase()}${String(utrSeq++).padStart(5, '0')}`

async function converted() {
  const vendor = await makeVerifiedVendor({ VendorName: 'Chai & Co.' })
  const marketer = await makeVerifiedMarketer({ MarketerName: 'Kavya Iyer' })
  const product = await makeProduct(vendor, { ProductName: 'Assam Masala Chai', Price: '1000', CommissionType: 'Fixed', CommissionValue: '150' })
  await call('PUT', '/api/money/settings', { token: vendor.token, json: { HoldingDays: 0, PaymentTermsDays: 30 } })
  const lead = await makeLead(product, marketer)
  expect((await setStatus(vendor, lead.LeadID, 'Converted')).status).toBe(200)
  return { vendor, marketer, product, lead }
}

const setStatus = (vendor: SignedInVendor, leadId: number, Status: string, Reason?: unknown) =>
  call<{ LeadID: number; Status: string; Reason: string | null }>('PUT', `/api/leads/status/${leadId}`, { token: vendor.token, json: { Status, Reason } })
const effect = (vendor: SignedInVendor, leadId: number, Status: string) =>
  call<LeadStatusEffect>('GET', `/api/leads/status/${leadId}/effect?Status=${Status}`, { token: vendor.token })
const entries = (who: { token: string }) => call<ListedEntryDTO[]>('GET', '/api/money/entries', { token: who.token })
const dispute = (who: { token: string }, entryId: number, Note: unknown = 'I was not told why this was taken back') =>
  call<EntryDisputeState>('POST', `/api/money/entries/${entryId}/dispute`, { token: who.token, json: { Note } })
const pay = (vendor: SignedInVendor, marketer: SignedInMarketer) =>
  call<PayoutDTO>('POST', '/api/money/payouts', { token: vendor.token, json: { MarketerID: marketer.id, Method: 'UPI', UTR: utr(), PaidOn: today() } })
const leadStatusOf = async (vendor: SignedInVendor, leadId: number) =>
  (await call<Array<{ LeadID: number; Status: string }>>('GET', `/api/leads/leadsbyvendorid/${vendor.id}`, { token: vendor.token })).body.data.find(
    (l) => l.LeadID === leadId,
  )?.Status

describe('a lead status change that moves money', () => {
  it('is refused without a reason and changes nothing, then reverses the open commission with the reason kept on the entry', async () => {
    const { vendor, marketer, lead } = await converted()
    const told = await effect(vendor, lead.LeadID, 'Lost')
    expect(told.body.data).toMatchObject({ from: 'Converted', to: 'Lost', MarketerName: 'Kavya Iyer', reversed: 150, deducted: 0, reasonRequired: true })

    for (const reason of [undefined, null, '', '   ']) {
      const refused = await setStatus(vendor, lead.LeadID, 'Lost', reason)
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({ statusCode: 0, message: LEAD_REASON_MESSAGES.required, data: null })
    }
    expect(await leadStatusOf(vendor, lead.LeadID)).toBe('Converted')
    expect((await entries(marketer)).body.data.map((e) => e.status)).toEqual(['payable'])

    const done = await setStatus(vendor, lead.LeadID, 'Lost', '  Buyer returned the saree  ')
    expect(done.status).toBe(200)
    expect(done.body.data).toEqual({ LeadID: lead.LeadID, Status: 'Lost', Reason: 'Buyer returned the saree' })
    const [entry] = (await entries(marketer)).body.data
    expect(entry).toMatchObject({ status: 'reversed', reversedReason: 'Buyer returned the saree', Reason: null, dispute: null })
  })

  it('deducts a paid commission from the next payout, telling the vendor first and keeping the reason on the adjustment', async () => {
    const { vendor, marketer, lead } = await converted()
    expect((await pay(vendor, marketer)).status).toBe(201)
    expect((await effect(vendor, lead.LeadID, 'Pending')).body.data).toMatchObject({ reversed: 0, deducted: 150, reasonRequired: true })
    expect((await setStatus(vendor, lead.LeadID, 'Pending')).status).toBe(400)
    expect((await setStatus(vendor, lead.LeadID, 'Pending', 'Payment bounced')).status).toBe(200)
    const list = (await entries(marketer)).body.data
    expect(list.map((e) => [e.status, e.Amount, e.Reason])).toEqual([
      ['adjustment', -150, 'Payment bounced'],
      ['paid', 150, null],
    ])
    // The vendor's own list shows the same reason.
    expect((await entries(vendor)).body.data[0].Reason).toBe('Payment bounced')

    // Converting it again cancels the deduction: that moves money too.
    expect((await effect(vendor, lead.LeadID, 'Converted')).body.data).toMatchObject({ restored: 150, commission: 0, reasonRequired: true })
    expect((await setStatus(vendor, lead.LeadID, 'Converted')).status).toBe(400)
    expect((await setStatus(vendor, lead.LeadID, 'Converted', 'Paid again by cheque')).status).toBe(200)
    expect((await entries(marketer)).body.data[0]).toMatchObject({ status: 'reversed', Reason: 'Payment bounced', reversedReason: 'Paid again by cheque' })
  })

  it('needs no reason for a first conversion or a change that moves nothing, but does for converting a reversed lead again', async () => {
    const vendor = await makeVerifiedVendor()
    const marketer = await makeVerifiedMarketer()
    const product = await makeProduct(vendor, { Price: '1000', CommissionType: 'Fixed', CommissionValue: '150' })
    const lead = await makeLead(product, marketer)
    expect((await effect(vendor, lead.LeadID, 'Converted')).body.data).toMatchObject({ commission: 150, reasonRequired: false })
    expect((await effect(vendor, lead.LeadID, 'Lost')).body.data).toMatchObject({ reversed: 0, deducted: 0, reasonRequired: false })
    expect((await setStatus(vendor, lead.LeadID, 'Lost')).status).toBe(200)
    expect((await setStatus(vendor, lead.LeadID, 'Pending')).status).toBe(200)
    expect((await setStatus(vendor, lead.LeadID, 'Converted')).status).toBe(200)
    expect((await setStatus(vendor, lead.LeadID, 'Converted')).status).toBe(200)
    expect((await setStatus(vendor, lead.LeadID, 'Lost', 'Wrong lead')).status).toBe(200)

    expect((await effect(vendor, lead.LeadID, 'Converted')).body.data).toMatchObject({ commission: 150, reasonRequired: true })
    expect((await setStatus(vendor, lead.LeadID, 'Converted')).status).toBe(400)
    expect((await setStatus(vendor, lead.LeadID, 'Converted', 'It was the right lead')).status).toBe(200)
    expect((await entries(marketer)).body.data.map((e) => [e.status, e.Reason])).toEqual([
      ['pending', 'It was the right lead'],
      ['reversed', null],
    ])
  })

  it.each([['ab'], ['x'.repeat(301)], [42]])('refuses the reason %j with the length message', async (reason) => {
    const { vendor, lead } = await converted()
    const res = await setStatus(vendor, lead.LeadID, 'Lost', reason)
    expect(res.body).toEqual({ statusCode: 0, message: LEAD_REASON_MESSAGES.length, data: null })
    expect(res.status).toBe(400)
  })

  it("is told only to the lead's vendor", async () => {
    const { marketer, lead } = await converted()
    const other = await makeVerifiedVendor()
    expect((await effect(other, lead.LeadID, 'Lost')).status).toBe(403)
    expect((await call('GET', `/api/leads/status/${lead.LeadID}/effect?Status=Lost`, { token: marketer.token })).status).toBe(403)
    expect((await call('GET', `/api/leads/status/${lead.LeadID}/effect?Status=Won`, { token: other.token })).status).toBe(403)
  })
})

async function reversedEntry() {
  const s = await converted()
  expect((await setStatus(s.vendor, s.lead.LeadID, 'Lost', 'Buyer returned the saree')).status).toBe(200)
  const [entry] = (await entries(s.marketer)).body.data
  return { ...s, entry }
}

describe('disputing an entry', () => {
  it("is the entry's own influencer's: shown on the entry, one open at a time", async () => {
    const { marketer, entry } = await reversedEntry()
    const opened = await dispute(marketer, entry.EntryID, '  The buyer kept it, I have the chat  ')
    expect(opened.status).toBe(201)
    expect(opened.body).toMatchObject({
      statusCode: 1,
      message: DISPUTE_MESSAGES.opened,
      data: { Note: 'The buyer kept it, I have the chat', resolvedAt: null },
    })
    const [shown] = (await entries(marketer)).body.data
    expect(shown.dispute).toMatchObject({ Note: 'The buyer kept it, I have the chat', resolvedAt: null, resolvedBy: null })

    const again = await dispute(marketer, entry.EntryID)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(DISPUTE_MESSAGES.alreadyOpen)
  })

  it('is refused to another influencer, the vendor, an admin token and a visitor; an unknown entry is 404; the note is checked', async () => {
    const { vendor, marketer, entry } = await reversedEntry()
    const stranger = await makeVerifiedMarketer()
    const admin = await makeAdmin()
    expect((await dispute(stranger, entry.EntryID)).status).toBe(403)
    expect((await dispute(vendor, entry.EntryID)).status).toBe(403)
    expect((await dispute(admin, entry.EntryID)).status).toBe(403)
    expect((await call('POST', `/api/money/entries/${entry.EntryID}/dispute`, { json: { Note: 'hello there' } })).status).toBe(401)
    expect((await dispute(marketer, 987_654_321)).body).toEqual({ statusCode: 0, message: DISPUTE_MESSAGES.entryNotFound, data: null })
    for (const note of ['no', 'x'.repeat(501), null]) {
      const res = await dispute(marketer, entry.EntryID, note)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(DISPUTE_MESSAGES.noteLength)
    }
    // Nothing of the above opened a dispute.
    expect((await entries(marketer)).body.data[0].dispute).toBeNull()
  })

  it('sent many times at the same moment opens one dispute', async () => {
    const { marketer, entry } = await reversedEntry()
    const results = await Promise.all(Array.from({ length: 6 }, () => dispute(marketer, entry.EntryID)))
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(5)
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM entry_disputes WHERE EntryID = ?').bind(entry.EntryID).first<{ n: number }>()
    expect(rows?.n).toBe(1)
  })

  it("reaches the entry's vendor, who can resolve it with a note; then the influencer may dispute again", async () => {
    const { vendor, marketer, entry } = await reversedEntry()
    const other = await makeVerifiedVendor()
    const { DisputeID } = (await dispute(marketer, entry.EntryID, 'The buyer kept it')).body.data

    const list = await call<DisputeDTO[]>('GET', '/api/money/disputes', { token: vendor.token })
    expect(list.status).toBe(200)
    expect(list.body.data).toHaveLength(1)
    expect(list.body.data[0]).toMatchObject({
      DisputeID,
      EntryID: entry.EntryID,
      MarketerName: 'Kavya Iyer',
      VendorName: 'Chai & Co.',
      ProductName: 'Assam Masala Chai',
      Amount: 150,
      Reason: 'Buyer returned the saree',
      reversed: true,
      Note: 'The buyer kept it',
      resolvedAt: null,
    })
    expect((list.body as unknown as { paging: { total: number } }).paging.total).toBe(1)
    expect((await call<DisputeDTO[]>('GET', '/api/money/disputes', { token: other.token })).body.data).toEqual([])
    expect((await call('GET', '/api/money/disputes', { token: marketer.token })).status).toBe(403)
    expect((await call('GET', '/api/money/disputes?state=closed', { token: vendor.token })).status).toBe(400)

    const resolve = (who: { token: string }, Note = 'Checked the courier receipt: returned') =>
      call<EntryDisputeState>('POST', `/api/money/disputes/${DisputeID}/resolve`, { token: who.token, json: { Note } })
    expect((await resolve(other)).status).toBe(403)
    expect((await resolve(marketer)).status).toBe(403)
    const done = await resolve(vendor)
    expect(done.status).toBe(200)
    expect(done.body.data).toMatchObject({ resolvedBy: 'vendor', ResolutionNote: 'Checked the courier receipt: returned' })
    expect((await resolve(vendor)).status).toBe(409)

    expect((await entries(marketer)).body.data[0].dispute).toMatchObject({ resolvedBy: 'vendor', ResolutionNote: 'Checked the courier receipt: returned' })
    expect((await call<DisputeDTO[]>('GET', '/api/money/disputes', { token: vendor.token })).body.data).toEqual([])
    expect((await call<DisputeDTO[]>('GET', '/api/money/disputes?state=resolved', { token: vendor.token })).body.data).toHaveLength(1)
    expect((await dispute(marketer, entry.EntryID, 'The courier receipt is wrong')).status).toBe(201)
  })

  it('reaches the back office, paged, with vendor, influencer, entry, amount, reason and note; an admin resolution is audited', async () => {
    const first = await reversedEntry()
    const second = await reversedEntry()
    await dispute(first.marketer, first.entry.EntryID, 'First objection')
    const { DisputeID } = (await dispute(second.marketer, second.entry.EntryID, 'Second objection')).body.data
    const admin = await makeAdmin()

    const page = await call<DisputeDTO[]>('GET', '/api/admin/disputes?limit=1', { token: admin.token })
    expect(page.status).toBe(200)
    expect(page.body.data).toHaveLength(1)
    expect(page.body.data[0]).toMatchObject({
      DisputeID,
      VendorName: 'Chai & Co.',
      MarketerName: 'Kavya Iyer',
      EntryID: second.entry.EntryID,
      Amount: 150,
      Reason: 'Buyer returned the saree',
      Note: 'Second objection',
      createdAt: expect.any(String),
    })
    const paging = (page.body as unknown as { paging: { nextCursor: string; total: number } }).paging
    expect(paging.total).toBeGreaterThanOrEqual(2)
    const next = await call<DisputeDTO[]>('GET', `/api/admin/disputes?limit=1&cursor=${paging.nextCursor}`, { token: admin.token })
    expect(next.body.data[0].DisputeID).toBeLessThan(DisputeID)

    for (const token of [second.vendor.token, second.marketer.token]) {
      expect((await call('GET', '/api/admin/disputes', { token })).status).toBe(403)
      expect((await call('POST', `/api/admin/disputes/${DisputeID}/resolve`, { token, json: { Note: 'Closing it' } })).status).toBe(403)
    }

    const done = await call<EntryDisputeState>('POST', `/api/admin/disputes/${DisputeID}/resolve`, {
      token: admin.token,
      json: { Note: 'Vendor showed the return' },
    })
    expect(done.status).toBe(200)
    expect(done.body.data).toMatchObject({ resolvedBy: 'admin', ResolutionNote: 'Vendor showed the return' })
    const audit = await call<AuditEntryDTO[]>('GET', '/api/admin/audit?action=resolve-dispute', { token: admin.token })
    expect(audit.body.data[0]).toMatchObject({
      action: 'resolve-dispute',
      targetType: 'dispute',
      targetId: String(DisputeID),
      reason: 'Vendor showed the return',
    })
    expect((await call('POST', '/api/admin/disputes/987654321/resolve', { token: admin.token, json: { Note: 'Closing it' } })).status).toBe(404)
  })
})

describe('the influencer balance', () => {
  it('is unchanged by a dispute: disputing questions the entry, it does not move money', async () => {
    const { marketer, entry } = await reversedEntry()
    const before = (await call<MarketerBalanceDTO>('GET', '/api/money/balance', { token: marketer.token })).body.data
    await dispute(marketer, entry.EntryID)
    expect((await call<MarketerBalanceDTO>('GET', '/api/money/balance', { token: marketer.token })).body.data).toEqual(before)
  })
})

describe('net received', () => {
  it('is what the payouts put in the influencer’s account after TDS, beside the gross paid', async () => {
    const vendor = await makeVerifiedVendor()
    const marketer = await makeVerifiedMarketer()
    const product = await makeProduct(vendor, { Price: '100000', CommissionType: 'Fixed', CommissionValue: '25000' })
    await call('PUT', '/api/money/settings', { token: vendor.token, json: { HoldingDays: 0, PaymentTermsDays: 30 } })
    const lead = await makeLead(product, marketer)
    await setStatus(vendor, lead.LeadID, 'Converted')
    const paid = (await pay(vendor, marketer)).body.data
    expect(paid.TDS).toBeGreaterThan(0)
    const b = (await call<MarketerBalanceDTO>('GET', '/api/money/balance', { token: marketer.token })).body.data
    expect(b).toMatchObject({ paid: 25000, tdsThisYear: paid.TDS, netReceived: paid.Net })
    expect(b.netReceived).toBe(25000 - paid.TDS)
  })
})

describe('erasing an influencer', () => {
  it('erases the words of their disputes and keeps the dispute for the vendor', async () => {
    const { vendor, marketer, entry } = await reversedEntry()
    await dispute(marketer, entry.EntryID, 'Call me on 9876543210, Kavya')
    const admin = await makeAdmin()
    const erased = await call('POST', `/api/admin/influencers/${marketer.id}/erase`, {
      token: admin.token,
      json: { email: marketer.email, reasonCode: 'data-request' },
    })
    expect(erased.status).toBe(200)
    const [row] = (await call<DisputeDTO[]>('GET', '/api/money/disputes', { token: vendor.token })).body.data
    expect(row).toMatchObject({ EntryID: entry.EntryID, Note: ERASED_DISPUTE_NOTE, Amount: 150 })
  })
})
