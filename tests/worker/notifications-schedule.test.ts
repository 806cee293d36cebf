// The notifications the clock raises: a vendor's daily lead digest at the hour they chose
// in India's time (UTC+5:30), once a day; and 'commission became payable', once per ledger entry.

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { NotificationDTO, NotificationPreferences } from '../../worker/contract/notifications'
import type { Bindings } from '../../worker/env'
import worker from '../../worker/index'
import { sendLeadDigests, tellPayableCommissions } from '../../worker/services/notification-schedule'
import { freshIp, leadForm, makeMarketer, makeProduct, makeVendor, nextPhone } from '../helpers/factories'
import { callWith, recordingQueue } from '../helpers/mail'

const PUBLIC = 'https://collabkart.example'
const bindings = env as unknown as Bindings
const DAY = 86_400_000

function world() {
  const q = recordingQueue()
  const over = { MAIL_QUEUE: q.queue, PUBLIC_ORIGIN: PUBLIC }
  const api = <T = unknown>(method: string, path: string, who?: { token: string }, json?: unknown) =>
    callWith(over, method, path, json, who ? { authorization: `Bearer ${who.token}` } : {}) as Promise<{ status: number; body: { message: string; data: T } }>
  return { sent: q.sent, over, api, to: (email: string) => q.sent.filter((m) => m.message.to === email), env: { ...bindings, ...over } }
}
type World = ReturnType<typeof world>

async function scene(w: World, holdingDays = 3) {
  const vendor = await makeVendor({ VendorName: 'Chai & Co.' })
  const marketer = await makeMarketer({ MarketerName: 'Meera Nair' })
  const product = await makeProduct(vendor, { ProductName: 'Assam Masala Chai', Price: '1000', CommissionType: 'Fixed', CommissionValue: '150' })
  expect((await w.api('PUT', '/api/money/settings', vendor, { HoldingDays: holdingDays, PaymentTermsDays: 30 })).status).toBe(200)
  return { vendor, marketer, product }
}
type Scene = Awaited<ReturnType<typeof scene>>

async function lead(w: World, s: Scene): Promise<number> {
  const res = await callWith(w.over, 'POST', '/api/leads/create', leadForm(s.product, s.marketer, { ClientPhone: nextPhone() }), {
    'cf-connecting-ip': freshIp(),
  })
  expect(res.status).toBe(201)
  return (res.body.data as { LeadID: number }).LeadID
}

/** The moment `hh:mm` India time on the India day `daysAhead` days from today (IST = UTC+5:30). */
function ist(hh: number, mm: number, daysAhead = 1): number {
  const todayIst = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)
  return Date.parse(`${todayIst}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+05:30`) + daysAhead * DAY
}

describe('the daily lead digest', () => {
  it('holds new-lead mails for a vendor on the digest and sends one digest at the chosen India hour, once that day', async () => {
    const w = world()
    const s = await scene(w)
    const prefs = await w.api<NotificationPreferences>('PUT', '/api/notifications/preferences', s.vendor, { mail: {}, digestHour: 9 })
    expect(prefs.body.data.digestHour).toBe(9)
    for (let i = 0; i < 7; i++) await lead(w, s)
    // Each lead rings the bell now; no mail until the digest.
    expect(w.to(s.vendor.email)).toHaveLength(0)
    const bell = await w.api<NotificationDTO[]>('GET', '/api/notifications', s.vendor)
    expect(bell.body.data).toHaveLength(7)

    // 08:59 IST (03:29 UTC) and 08:30 UTC-ish hours other than 9 IST: nothing.
    for (const at of [ist(8, 59), ist(10, 0), Date.parse(new Date(ist(9, 0)).toISOString().replace(/T.*/, 'T09:00:00Z'))]) {
      await sendLeadDigests(w.env, at)
    }
    expect(w.to(s.vendor.email)).toHaveLength(0)

    // 09:00 IST is 03:30 UTC.
    expect(new Date(ist(9, 0)).toISOString()).toMatch(/T03:30:00/)
    await sendLeadDigests(w.env, ist(9, 0))
    await sendLeadDigests(w.env, ist(9, 5))
    await sendLeadDigests(w.env, ist(9, 55))
    const digests = w.to(s.vendor.email)
    expect(digests.map((m) => m.message.subject)).toEqual(['7 new leads since your last digest'])
    const text = digests[0].message.text
    expect(text.match(/• Assam Masala Chai, through Meera Nair/g)).toHaveLength(5)
    expect(text).toContain('…and more in your dashboard.')
    expect(digests[0].message.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    // The digest sums up the bell; it adds no entry of its own.
    expect((await w.api<NotificationDTO[]>('GET', '/api/notifications', s.vendor)).body.data).toHaveLength(7)

    // The next day at 9 IST: no new leads, no mail; a new lead, then the day after: a digest of one.
    await sendLeadDigests(w.env, ist(9, 0, 2))
    await lead(w, s)
    await sendLeadDigests(w.env, ist(9, 0, 3))
    expect(w.to(s.vendor.email).map((m) => m.message.subject)).toEqual(['7 new leads since your last digest', '1 new lead since your last digest'])
  })

  it('starts after the leads already mailed when a vendor moves from instant mails to the digest', async () => {
    const w = world()
    const s = await scene(w)
    await lead(w, s)
    expect(w.to(s.vendor.email)).toHaveLength(1)
    await w.api('PUT', '/api/notifications/preferences', s.vendor, { mail: {}, digestHour: 0 })
    // Midnight IST is 18:30 UTC the day before.
    expect(new Date(ist(0, 10)).toISOString()).toMatch(/T18:40:00/)
    await sendLeadDigests(w.env, ist(0, 10))
    expect(w.to(s.vendor.email)).toHaveLength(1)
    // Back to instant mails: the next lead is mailed at once.
    await w.api('PUT', '/api/notifications/preferences', s.vendor, { mail: {}, digestHour: null })
    await lead(w, s)
    expect(w.to(s.vendor.email).map((m) => m.message.subject)).toEqual(['New lead for Assam Masala Chai', 'New lead for Assam Masala Chai'])
  })
})

describe('commission became payable', () => {
  it('tells the influencer once per entry, after the holding period, through the scheduled handler', async () => {
    const w = world()
    const s = await scene(w, 3)
    const first = await lead(w, s)
    const second = await lead(w, s)
    const lost = await lead(w, s)
    for (const id of [first, second, lost]) expect((await w.api('PUT', `/api/leads/status/${id}`, s.vendor, { Status: 'Converted' })).status).toBe(200)
    // A reversed entry is not payable: it is never told.
    expect((await w.api('PUT', `/api/leads/status/${lost}`, s.vendor, { Status: 'Lost', Reason: 'Buyer returned the order' })).status).toBe(200)
    const payable = () => w.to(s.marketer.email).filter((m) => m.message.subject.endsWith('became payable'))

    await tellPayableCommissions(w.env, Date.now() + 2 * DAY)
    expect(payable()).toHaveLength(0)

    const ctx = createExecutionContext()
    await worker.scheduled({ scheduledTime: Date.now() + 4 * DAY, cron: '*/5 * * * *', noRetry() {} }, w.env, ctx)
    await waitOnExecutionContext(ctx)
    const told = payable()
    expect(told.map((m) => m.message.subject)).toEqual(['₹300 of commission became payable'])
    expect(told[0].message.text).toContain('2 commissions totalling ₹300')

    await tellPayableCommissions(w.env, Date.now() + 5 * DAY)
    await tellPayableCommissions(w.env, Date.now() + 6 * DAY)
    expect(payable()).toHaveLength(1)
    const bell = await w.api<NotificationDTO[]>('GET', '/api/notifications', s.marketer)
    expect(bell.body.data.filter((n) => n.kind === 'commission-payable')).toHaveLength(1)
  })

  it('still tells an entry that a shortened holding period moved behind what the last run covered', async () => {
    const w = world()
    const slow = await scene(w, 10)
    const quick = await scene(w, 3)
    const slowLead = await lead(w, slow)
    const quickLead = await lead(w, quick)
    for (const [s, id] of [
      [slow, slowLead],
      [quick, quickLead],
    ] as const) {
      expect((await w.api('PUT', `/api/leads/status/${id}`, s.vendor, { Status: 'Converted' })).status).toBe(200)
    }
    // The run at day 7 covers the quick vendor's entry (day 3); the slow one clears at day 10.
    await tellPayableCommissions(w.env, Date.now() + 7 * DAY)
    expect(w.to(quick.marketer.email).filter((m) => m.message.subject.endsWith('became payable'))).toHaveLength(1)
    // The slow vendor shortens the holding period to 1 day: the entry cleared at day 1, behind the run.
    expect((await w.api('PUT', '/api/money/settings', slow.vendor, { HoldingDays: 1, PaymentTermsDays: 30 })).status).toBe(200)
    await tellPayableCommissions(w.env, Date.now() + 8 * DAY)
    await tellPayableCommissions(w.env, Date.now() + 9 * DAY)
    expect(
      w
        .to(slow.marketer.email)
        .filter((m) => m.message.subject.endsWith('became payable'))
        .map((m) => m.message.subject),
    ).toEqual(['₹150 of commission became payable'])
    expect(w.to(quick.marketer.email).filter((m) => m.message.subject.endsWith('became payable'))).toHaveLength(1)
  })
})
