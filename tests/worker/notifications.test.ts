// The server side of notifications (decision 140): each marketplace event writes the bell entry of every
// recipient and mails the right people once, as their preferences say; one-click unsubscribe turns
// off one kind without signing in; always-on kinds mail regardless; the bell pages and marks read.

import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { app } from '../../worker/app'
import { NOTIFICATION_MESSAGES, type NotificationDTO, type NotificationPreferences } from '../../worker/contract/notifications'
import { indiaDate } from '../../worker/domain/ledger'
import {
  commissionPayableNotice,
  marketerPayoutDetailsNotice,
  leadConvertedNotice,
  leadNewNotice,
  type Notice,
  payoutRecordedNotice,
  replaceNameInSpots,
} from '../../worker/domain/mail-templates'
import { unsubscribeToken } from '../../worker/domain/notifications'
import type { Bindings } from '../../worker/env'
import type { Mailer } from '../../worker/mail/mailer'
import type { MailMessage, MarketplaceEvent, QueuedMail } from '../../worker/types'
import { dispatchEvents } from '../../worker/services/events'
import { deliverMail } from '../../worker/services/mail-delivery'
import { makeDb } from '../../worker/db/client'
import { ERASED_SUBJECT, markMailDead } from '../../worker/db/mail-log'
import { maskEmail, sha256Hex } from '../../worker/domain/secrets'
import { ORIGIN } from '../helpers/api'
import {
  freshIp,
  leadForm,
  makeAdmin,
  makeMarketer,
  makeProduct,
  makeVendor,
  makeVerifiedMarketer,
  makeVerifiedVendor,
  PASSWORD,
  type SignedInMarketer,
} from '../helpers/factories'
import { callWith, linkIn, recordingQueue } from '../helpers/mail'

const PUBLIC = 'https://collabkart.example'
const bindings = env as unknown as Bindings

/** Every call of a test goes through one recording mail queue, so the test sees what was mailed. */
function world() {
  const q = recordingQueue()
  const over = { MAIL_QUEUE: q.queue, PUBLIC_ORIGIN: PUBLIC }
  const api = <T = unknown>(method: string, path: string, who?: { token: string }, json?: unknown) =>
    callWith(over, method, path, json, who ? { authorization: `Bearer ${who.token}` } : {}) as Promise<{
      status: number
      body: { statusCode: number; message: string; data: T; paging?: { nextCursor: string | null; total: number } }
    }>
  const raise = (...events: MarketplaceEvent[]) => dispatchEvents({ ...bindings, ...over }, events)
  const to = (email: string) => q.sent.filter((m) => m.message.to === email)
  return { sent: q.sent, over, api, raise, to }
}

type World = ReturnType<typeof world>

async function scene(w: World, holdingDays = 0) {
  // Verified addresses: the scenes record payouts and save payout details (decision 131's gates).
  const vendor = await makeVerifiedVendor({ VendorName: 'Chai & Co.' })
  const marketer = await makeVerifiedMarketer({ MarketerName: 'Meera Nair' })
  const product = await makeProduct(vendor, { ProductName: 'Assam Masala Chai', Price: '1000', CommissionType: 'Fixed', CommissionValue: '150' })
  expect((await w.api('PUT', '/api/money/settings', vendor, { HoldingDays: holdingDays, PaymentTermsDays: 30 })).status).toBe(200)
  return { vendor, marketer, product }
}

type Scene = Awaited<ReturnType<typeof scene>>

const BUYER = { ClientName: 'Kiran Rao', ClientEmail: 'kiran.buyer@example.in', ClientPhone: '9812345678' }

async function lead(w: World, s: Scene, buyer: Partial<typeof BUYER> = BUYER): Promise<number> {
  const res = await callWith(w.over, 'POST', '/api/leads/create', leadForm(s.product, s.marketer, buyer), { 'cf-connecting-ip': freshIp() })
  expect(res.status).toBe(201)
  return (res.body.data as { LeadID: number }).LeadID
}

const convert = async (w: World, s: Scene, leadId: number) =>
  expect((await w.api('PUT', `/api/leads/status/${leadId}`, s.vendor, { Status: 'Converted' })).status).toBe(200)

const bell = async (w: World, who: { token: string }, query = '') => w.api<NotificationDTO[]>('GET', `/api/notifications${query}`, who)

const setMail = (w: World, who: { token: string }, mail: Record<string, boolean>, digestHour: number | null = null) =>
  w.api<NotificationPreferences>('PUT', '/api/notifications/preferences', who, { mail, digestHour })

/** Runs queued mails through the real consumer with a recording mailer: what would reach the inbox. */
async function deliver(mails: QueuedMail[]): Promise<MailMessage[]> {
  const delivered: MailMessage[] = []
  const mailer: Mailer = { send: async (m) => void delivered.push(m) }
  const batch = createMessageBatch<QueuedMail>(
    'collabkart-mail',
    mails.map((body, i) => ({ id: `n${i}-${body.log.eventKey}`, timestamp: new Date(), attempts: 1, body })),
  )
  await deliverMail(batch, bindings, mailer)
  await getQueueResult(batch, createExecutionContext())
  return delivered
}

/** A POST to the unsubscribe address as a mail client sends it (RFC 8058): a form body, no sign-in. */
async function oneClick(url: string): Promise<{ status: number; body: { message: string; data: unknown } }> {
  const res = await app.fetch(
    new Request(url.replace(PUBLIC, ORIGIN), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    }),
    bindings,
    createExecutionContext(),
  )
  return { status: res.status, body: await res.json() }
}

const unsubscribeUrl = (m: QueuedMail) => /^<(.+)>$/.exec(m.message.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? ''

describe('a new lead', () => {
  it("mails the vendor once with the product, the influencer and a link to the lead, and puts it in the vendor's bell", async () => {
    const w = world()
    const s = await scene(w)
    const leadId = await lead(w, s)
    const mails = w.to(s.vendor.email)
    expect(mails.map((m) => m.message.subject)).toEqual(['New lead for Assam Masala Chai'])
    const [mail] = mails
    expect(mail.message.text).toContain("Meera Nair's link")
    expect(mail.message.text).toContain(`${PUBLIC}/vendor?tab=leads&lead=${leadId}`)
    // Never more buyer data than the dashboard shows: none at all in the mail.
    for (const secret of [BUYER.ClientEmail, BUYER.ClientPhone]) expect(JSON.stringify(mail)).not.toContain(secret)
    expect(mail.message.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
    expect(unsubscribeUrl(mail)).toMatch(/^https:\/\/collabkart\.example\/api\/notifications\/unsubscribe\?token=/)
    // The influencer is told nothing of a new lead.
    expect(w.to(s.marketer.email)).toHaveLength(0)
    const page = await bell(w, s.vendor)
    expect(page.body.data).toMatchObject([
      { kind: 'lead-new', title: 'New lead for Assam Masala Chai', link: `/vendor?tab=leads&lead=${leadId}`, readAt: null },
    ])
    // The same event raised again tells nobody twice.
    await w.raise({
      type: 'lead.created',
      leadId,
      vendorId: s.vendor.id,
      marketerId: s.marketer.id,
      productId: s.product.ProductID,
      at: new Date().toISOString(),
    })
    expect(w.to(s.vendor.email)).toHaveLength(1)
    expect((await bell(w, s.vendor)).body.data).toHaveLength(1)
  })

  it('reaches the inbox through the queue consumer with its one-click unsubscribe headers', async () => {
    const w = world()
    const s = await scene(w)
    await lead(w, s)
    const [delivered] = await deliver(w.to(s.vendor.email))
    expect(delivered.subject).toBe('New lead for Assam Masala Chai')
    expect(delivered.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/collabkart\.example\/api\/notifications\/unsubscribe\?token=.+>$/)
    expect(delivered.html).not.toMatch(/<img/i)
  })

  it('puts the lead in the bell but mails nothing when the vendor turned new-lead mails off', async () => {
    const w = world()
    const s = await scene(w)
    expect((await setMail(w, s.vendor, { 'lead-new': false })).body.data.mail['lead-new']).toBe(false)
    await lead(w, s)
    expect(w.to(s.vendor.email)).toHaveLength(0)
    expect((await bell(w, s.vendor)).body.data.map((n) => n.kind)).toEqual(['lead-new'])
  })
})

describe('a converted lead', () => {
  it('mails the influencer the commission in rupees, with no buyer phone or email, once', async () => {
    const w = world()
    const s = await scene(w, 14)
    const leadId = await lead(w, s)
    await convert(w, s, leadId)
    const mails = w.to(s.marketer.email)
    expect(mails.map((m) => m.message.subject)).toEqual(['Your lead for Assam Masala Chai converted: ₹150'])
    expect(mails[0].message.text).toContain('Your commission is ₹150.')
    expect(mails[0].message.text).toContain('Chai & Co.')
    for (const secret of [BUYER.ClientEmail, BUYER.ClientPhone, BUYER.ClientName]) expect(JSON.stringify(mails[0])).not.toContain(secret)
    const page = await bell(w, s.marketer)
    expect(page.body.data.map((n) => n.kind)).toEqual(['lead-converted'])
    expect(JSON.stringify(page.body.data)).not.toContain(BUYER.ClientPhone)
    // A status change that writes no commission (Lost) tells the influencer nothing.
    const other = await lead(w, s, { ...BUYER, ClientPhone: '9812345699' })
    expect((await w.api('PUT', `/api/leads/status/${other}`, s.vendor, { Status: 'Lost' })).status).toBe(200)
    expect(w.to(s.marketer.email)).toHaveLength(1)
  })
})

describe('money and security mails (always on)', () => {
  it('mails a recorded payout with gross, TDS, net, UTR, method and date, even with every optional kind off', async () => {
    const w = world()
    const s = await scene(w, 0)
    await convert(w, s, await lead(w, s))
    expect((await setMail(w, s.marketer, { 'lead-converted': false, 'commission-payable': false })).status).toBe(200)
    const day = indiaDate(Date.now())
    const paid = await w.api('POST', '/api/money/payouts', s.vendor, { MarketerID: s.marketer.id, Method: 'UPI', UTR: `NOTIFY${Date.now()}`, PaidOn: day })
    expect(paid.status).toBe(201)
    const [mail] = w.to(s.marketer.email).filter((m) => m.message.subject.startsWith('Payout recorded'))
    expect(mail.message.subject).toBe('Payout recorded: ₹150 from Chai & Co.')
    for (const line of ['Gross: ₹150', 'TDS: ₹0', 'Net paid: ₹150', `UTR: NOTIFY`, 'Method: UPI']) expect(mail.message.text).toContain(line)
    // Always-on mails carry no unsubscribe: there is nothing to turn off.
    expect(mail.message.headers).toBeUndefined()
  })

  it('refuses to turn off an always-on kind, or a kind the role never gets, and changes nothing', async () => {
    const w = world()
    const s = await scene(w)
    for (const mail of [{ 'payout-recorded': false }, { 'password-changed': false }, { 'lead-new': false }] as Array<Record<string, boolean>>) {
      const res = await setMail(w, s.marketer, mail)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(NOTIFICATION_MESSAGES.kindInvalid)
    }
    const prefs = await w.api<NotificationPreferences>('GET', '/api/notifications/preferences', s.marketer)
    expect(prefs.body.data).toEqual({
      mail: {
        'lead-converted': true,
        'commission-payable': true,
        'payout-recorded': true,
        'own-payout-details-changed': true,
        'campaign-invited': true,
        'campaign-answered': true,
        'deliverable-reviewed': true,
        'deliverable-due': true,
        'password-changed': true,
        'email-verified': true,
      },
      digestHour: null,
    })
    const digest = await setMail(w, s.marketer, {}, 9)
    expect(digest.status).toBe(400)
    expect(digest.body.message).toBe(NOTIFICATION_MESSAGES.digestHourInvalid)
  })

  it('tells the influencer and only the vendors who owe them when payout details change, never the account number', async () => {
    const w = world()
    const s = await scene(w, 14)
    await convert(w, s, await lead(w, s))
    const stranger = await makeVendor({ VendorName: 'Owes Nothing' })
    const saved = await w.api('PUT', '/api/money/details', s.marketer, {
      Method: 'Bank',
      AccountHolder: 'Meera Nair',
      AccountNumber: '123456789012',
      ConfirmAccountNumber: '123456789012',
      IFSC: 'HDFC0001234',
    })
    expect(saved.status).toBe(200)
    const own = w.to(s.marketer.email).filter((m) => m.message.subject === 'Your payout details were changed')
    expect(own).toHaveLength(1)
    expect(own[0].message.text).toContain('support@collabkart.in')
    expect(own[0].message.text).toContain('bank account ending 9012')
    const vendorMails = w.to(s.vendor.email).filter((m) => m.message.subject === 'Meera Nair changed their payout details')
    expect(vendorMails).toHaveLength(1)
    expect(w.to(stranger.email)).toHaveLength(0)
    for (const m of [...own, ...vendorMails]) expect(JSON.stringify(m)).not.toContain('123456789012')
    expect((await bell(w, s.vendor)).body.data.map((n) => n.kind)).toContain('influencer-payout-details-changed')
  })

  it('mails and rings once when a password is changed from the profile', async () => {
    const w = world()
    const vendor = await makeVendor()
    const res = await w.api('PUT', `/api/vendors/${vendor.id}`, vendor, {
      VendorName: 'Asha Textiles',
      Mobile: '9876543210',
      Email: vendor.email,
      Password: 'fresh-pass-2',
      CurrentPassword: PASSWORD,
    })
    expect(res.status).toBe(200)
    expect(w.to(vendor.email).map((m) => m.message.subject)).toEqual(['Your Collabkart password was changed'])
    expect(w.to(vendor.email)[0].message.text).toContain(`${PUBLIC}/forgot-password/vendor`)
    const fresh = { token: (res.body as unknown as { token: string }).token }
    expect((await bell(w, fresh)).body.data.map((n) => n.kind)).toEqual(['password-changed'])
    // Saving the profile without a new password tells nobody.
    await w.api('PUT', `/api/vendors/${vendor.id}`, fresh, { VendorName: 'Asha Textiles', Mobile: '9876543210', Email: vendor.email })
    expect(w.to(vendor.email)).toHaveLength(1)
  })

  it('tells an influencer once, by mail and in the bell, when a reset link sets a new password', async () => {
    const w = world()
    const m = await makeMarketer()
    await callWith(w.over, 'POST', '/api/marketers/password/forgot', { Email: m.email }, { 'cf-connecting-ip': freshIp() })
    const token = new URL(linkIn(w.to(m.email)[0], `${PUBLIC}/reset-password/influencer?token=`)).searchParams.get('token')
    expect((await w.api('POST', '/api/marketers/password/reset', undefined, { Token: token, Password: 'brand-new-9' })).status).toBe(200)
    expect(w.to(m.email).map((x) => x.message.subject)).toEqual(['Reset your Collabkart password', 'Your Collabkart password was changed'])
    expect(w.to(m.email)[1].message.text).toContain(`${PUBLIC}/forgot-password/influencer`)
    const login = await callWith(w.over, 'POST', '/api/marketers/login', { Email: m.email, Password: 'brand-new-9' }, { 'cf-connecting-ip': freshIp() })
    const fresh = { token: (login.body.data as { token: string }).token }
    expect((await bell(w, fresh)).body.data.map((n) => n.kind)).toEqual(['password-changed'])
  })

  it('mails and rings when an address is verified, once however often the event is raised', async () => {
    const w = world()
    const m = await makeMarketer()
    const event: MarketplaceEvent = { type: 'account.email_verified', role: 'marketer', accountId: m.id, at: new Date().toISOString() }
    await w.raise(event)
    await w.raise(event)
    expect(w.to(m.email).map((x) => x.message.subject)).toEqual(['Your email address is verified'])
    expect((await bell(w, m)).body.data.map((n) => n.kind)).toEqual(['email-verified'])
  })
})

describe('one-click unsubscribe', () => {
  it('turns off only that kind, without signing in, and again changes nothing', async () => {
    const w = world()
    const s = await scene(w, 14)
    await lead(w, s)
    const url = unsubscribeUrl(w.to(s.vendor.email)[0])
    const first = await oneClick(url)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ message: NOTIFICATION_MESSAGES.unsubscribed, data: { kind: 'lead-new', role: 'vendor' } })
    expect((await oneClick(url)).status).toBe(200)
    const prefs = await w.api<NotificationPreferences>('GET', '/api/notifications/preferences', s.vendor)
    expect(prefs.body.data.mail).toEqual({
      'lead-new': false,
      'influencer-payout-details-changed': true,
      'webhook-disabled': true,
      'deliverable-submitted': true,
      'campaign-applications-waiting': true,
      'password-changed': true,
      'email-verified': true,
    })
    // The next lead rings the bell but mails nothing; another vendor still gets theirs.
    await lead(w, s, { ...BUYER, ClientPhone: '9812345600' })
    expect(w.to(s.vendor.email)).toHaveLength(1)
    expect((await bell(w, s.vendor)).body.data).toHaveLength(2)
    const other = await scene(w)
    await lead(w, other)
    expect(w.to(other.vendor.email)).toHaveLength(1)
  })

  it("stops every older link of an account when its password changes, and the next mail's link works", async () => {
    const w = world()
    const s = await scene(w, 14)
    await lead(w, s)
    const old = unsubscribeUrl(w.to(s.vendor.email)[0])
    const changed = await w.api('PUT', `/api/vendors/${s.vendor.id}`, s.vendor, {
      VendorName: 'Chai & Co.',
      Mobile: '9876543210',
      Email: s.vendor.email,
      Password: 'rotated-pass-7',
      CurrentPassword: PASSWORD,
    })
    expect(changed.status, changed.body.message).toBe(200)
    const refused = await oneClick(old)
    expect([refused.status, refused.body.message]).toEqual([400, NOTIFICATION_MESSAGES.unsubscribeInvalid])
    // Another account's links are not touched by it.
    const other = await scene(w)
    await lead(w, other)
    expect((await oneClick(unsubscribeUrl(w.to(other.vendor.email)[0]))).status).toBe(200)
    // The vendor's next mail carries a link of the new version, which works.
    await lead(w, s, { ...BUYER, ClientPhone: '9812345601' })
    const fresh = w.to(s.vendor.email).map(unsubscribeUrl).filter(Boolean).at(-1) ?? ''
    expect(fresh).not.toBe(old)
    expect((await oneClick(fresh)).status).toBe(200)
  })

  it('refuses a forged, altered or missing token with the contract message and changes nothing', async () => {
    const w = world()
    const vendor = await makeVendor()
    const good = await unsubscribeToken('another-secret', { role: 'vendor', accountId: vendor.id, kind: 'lead-new' })
    const real = await unsubscribeToken(bindings.JWT_SECRET, { role: 'vendor', accountId: vendor.id, kind: 'lead-new' })
    const alwaysOn = real.replace('lead-new', 'password-changed')
    const otherAccount = real.replace(`vendor.${vendor.id}.`, `vendor.${vendor.id + 1}.`)
    for (const token of [good, alwaysOn, otherAccount, 'nonsense', '']) {
      const res = await oneClick(`${PUBLIC}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(NOTIFICATION_MESSAGES.unsubscribeInvalid)
    }
    const prefs = await w.api<NotificationPreferences>('GET', '/api/notifications/preferences', vendor)
    expect(Object.values(prefs.body.data.mail).every(Boolean)).toBe(true)
  })
})

describe('the bell', () => {
  async function ringMany(w: World, m: SignedInMarketer, n: number) {
    const base = Date.parse('2026-11-01T00:00:00.000Z')
    for (let i = 0; i < n; i++) {
      await w.raise({ type: 'account.email_verified', role: 'marketer', accountId: m.id, at: new Date(base + i * 60_000).toISOString() })
    }
  }

  it('pages newest first with a cursor, filters unread, counts unread, and marks one or all read', async () => {
    const w = world()
    const m = await makeMarketer()
    await ringMany(w, m, 25)
    const first = await bell(w, m, '?limit=10')
    expect(first.body.data).toHaveLength(10)
    expect(first.body.paging).toMatchObject({ total: 25 })
    const ids = first.body.data.map((n) => n.NotificationID)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    const second = await bell(w, m, `?limit=10&cursor=${first.body.paging?.nextCursor}`)
    expect(Math.max(...second.body.data.map((n) => n.NotificationID))).toBeLessThan(Math.min(...ids))
    expect((await w.api('GET', '/api/notifications/unread', m)).body.data).toEqual({ unread: 25 })

    const read = await w.api<NotificationDTO>('POST', `/api/notifications/${ids[0]}/read`, m)
    expect(read.status).toBe(200)
    expect(read.body.message).toBe(NOTIFICATION_MESSAGES.marked)
    expect(read.body.data.readAt).not.toBeNull()
    expect((await w.api('GET', '/api/notifications/unread', m)).body.data).toEqual({ unread: 24 })
    const unread = await bell(w, m, '?unread=1&limit=100')
    expect(unread.body.data.map((n) => n.NotificationID)).not.toContain(ids[0])
    expect(unread.body.paging?.total).toBe(24)

    const all = await w.api('POST', '/api/notifications/read-all', m)
    expect(all.body).toMatchObject({ message: NOTIFICATION_MESSAGES.allMarked, data: { marked: 24 } })
    expect((await w.api('GET', '/api/notifications/unread', m)).body.data).toEqual({ unread: 0 })
    expect((await bell(w, m, '?unread=1')).body.data).toHaveLength(0)
  })

  it("answers 404 for another person's notification and leaves it unread", async () => {
    const w = world()
    const owner = await makeMarketer()
    const other = await makeMarketer()
    const vendor = await makeVendor()
    await ringMany(w, owner, 1)
    const [mine] = (await bell(w, owner)).body.data
    for (const who of [other, vendor]) {
      const res = await w.api('POST', `/api/notifications/${mine.NotificationID}/read`, who)
      expect(res.status).toBe(404)
      expect(res.body.message).toBe(NOTIFICATION_MESSAGES.notFound)
    }
    expect((await bell(w, owner)).body.data[0].readAt).toBeNull()
    expect((await bell(w, other)).body.data).toHaveLength(0)
  })

  it('refuses an operator (403) and a caller without a session (401)', async () => {
    const w = world()
    const admin = await makeAdmin()
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread'],
      ['POST', '/api/notifications/1/read'],
      ['POST', '/api/notifications/read-all'],
      ['GET', '/api/notifications/preferences'],
    ] as const) {
      expect((await w.api(method, path, admin)).status, path).toBe(403)
      expect((await w.api(method, path)).status, path).toBe(401)
    }
    expect((await w.api('PUT', '/api/notifications/preferences', admin, { mail: {}, digestHour: null })).status).toBe(403)
  })

  it('goes with the account when an operator erases it: entries, choices and counts', async () => {
    const w = world()
    const m = await makeMarketer()
    await ringMany(w, m, 3)
    expect((await setMail(w, m, { 'lead-converted': false })).status).toBe(200)
    const admin = await makeAdmin()
    const erased = await w.api('POST', `/api/admin/influencers/${m.id}/erase`, admin, { email: m.email, reasonCode: 'data-request' })
    expect(erased.status).toBe(200)
    const left = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM notifications WHERE role = 'marketer' AND accountId = ?1) AS entries,
        (SELECT count(*) FROM mail_preferences WHERE role = 'marketer' AND accountId = ?1) AS choices,
        (SELECT total + unread FROM notification_counts WHERE role = 'marketer' AND accountId = ?1) AS counted`,
    )
      .bind(m.id)
      .first()
    expect(left).toEqual({ entries: 0, choices: 0, counted: 0 })
  })
})

describe('a suspended account', () => {
  const entriesOf = async (role: 'vendor' | 'marketer', id: number) =>
    (
      await env.DB.prepare('SELECT kind FROM notifications WHERE role = ? AND accountId = ? ORDER BY NotificationID').bind(role, id).all<{ kind: string }>()
    ).results.map((r) => r.kind)

  async function suspendAccount(w: World, kind: 'vendors' | 'influencers', id: number) {
    const admin = await makeAdmin()
    expect((await w.api('POST', `/api/admin/${kind}/${id}/suspend`, admin, { reasonCode: 'fraud', note: 'Fake leads' })).status).toBe(200)
  }

  it('hears of no conversion or payout after its suspension, in the bell or by mail, but is still told its password changed', async () => {
    const w = world()
    const s = await scene(w, 0)
    const leadId = await lead(w, s)
    await suspendAccount(w, 'influencers', s.marketer.id)
    await convert(w, s, leadId)
    const day = indiaDate(Date.now())
    const paid = await w.api('POST', '/api/money/payouts', s.vendor, { MarketerID: s.marketer.id, Method: 'UPI', UTR: `SUSP${Date.now()}`, PaidOn: day })
    expect(paid.status).toBe(201)
    expect(w.to(s.marketer.email)).toHaveLength(0)
    expect(await entriesOf('marketer', s.marketer.id)).toEqual([])

    // Word that its own password changed is the one thing that still reaches it.
    await w.raise({ type: 'password.changed', role: 'marketer', accountId: s.marketer.id, tokenVersion: 7, at: new Date().toISOString() })
    expect(w.to(s.marketer.email).map((m) => m.message.subject)).toEqual(['Your Collabkart password was changed'])
    expect(await entriesOf('marketer', s.marketer.id)).toEqual(['password-changed'])
  })

  it('rings and mails no suspended vendor of a lead first told after the suspension, while the buyer still hears from us', async () => {
    const w = world()
    const s = await scene(w)
    const leadId = await lead(w, s)
    await suspendAccount(w, 'vendors', s.vendor.id)
    // The lead as if it were told only now (a late delivery of its event): nothing of it is kept yet.
    await env.DB.prepare("DELETE FROM notifications WHERE role = 'vendor' AND accountId = ?").bind(s.vendor.id).run()
    w.sent.splice(0)
    await w.raise({
      type: 'lead.created',
      leadId,
      vendorId: s.vendor.id,
      marketerId: s.marketer.id,
      productId: s.product.ProductID,
      at: new Date().toISOString(),
    })
    expect(await entriesOf('vendor', s.vendor.id)).toEqual([])
    expect(w.to(s.vendor.email)).toEqual([])
    expect(w.to(BUYER.ClientEmail)).toHaveLength(1)
  })

  it('drops a mail queued before the suspension when the consumer gets to it after, but still sends a password notice', async () => {
    const w = world()
    const s = await scene(w)
    await lead(w, s)
    await w.raise({ type: 'password.changed', role: 'vendor', accountId: s.vendor.id, tokenVersion: 3, at: new Date().toISOString() })
    const queued = w.to(s.vendor.email)
    expect(queued.map((m) => m.message.subject)).toEqual(['New lead for Assam Masala Chai', 'Your Collabkart password was changed'])
    await suspendAccount(w, 'vendors', s.vendor.id)
    const delivered = await deliver(queued)
    expect(delivered.map((m) => m.subject)).toEqual(['Your Collabkart password was changed'])
    // The dropped mail is not logged: the back office's dead-letter list is for mails that failed.
    const logged = await env.DB.prepare('SELECT kind, state FROM mail_log WHERE eventKey LIKE ?').bind(`%:vendor:${s.vendor.id}`).all()
    expect(logged.results).toEqual([{ kind: 'password-changed', state: 'sent' }])
  })
})

describe('an erased account in other people’s bells', () => {
  const erase = async (w: World, kind: 'vendors' | 'influencers', who: { id: number; email: string }) => {
    const admin = await makeAdmin()
    expect((await w.api('POST', `/api/admin/${kind}/${who.id}/erase`, admin, { email: who.email, reasonCode: 'data-request' })).status).toBe(200)
  }

  it("reads 'Deleted user' where an erased influencer's name stood in the vendor's entries", async () => {
    const w = world()
    const s = await scene(w, 14)
    await convert(w, s, await lead(w, s))
    const saved = await w.api('PUT', '/api/money/details', s.marketer, { Method: 'UPI', UpiID: 'meera.nair@okicici' })
    expect(saved.status).toBe(200)
    const before = (await bell(w, s.vendor)).body.data
    expect(before.map((n) => n.kind)).toEqual(['influencer-payout-details-changed', 'lead-new'])
    expect(JSON.stringify(before)).toContain('Meera Nair')

    await erase(w, 'influencers', s.marketer)
    const after = (await bell(w, s.vendor)).body.data
    expect(JSON.stringify(after)).not.toContain('Meera Nair')
    expect(after.map((n) => n.title)).toEqual(['Deleted user changed their payout details', 'New lead for Assam Masala Chai'])
    expect(after[1].body).toContain("through Deleted user's link")
    // Only the name changed: the entries, their order and read state stay.
    expect(after.map((n) => [n.NotificationID, n.readAt])).toEqual(before.map((n) => [n.NotificationID, n.readAt]))
  })

  it('removes an erased name from the subjects of unsent mail and their own address from it, leaving other mail alone', async () => {
    const w = world()
    const vendor = await makeVerifiedVendor({ VendorName: 'Chai & Co.' })
    const marketer = await makeVerifiedMarketer({ MarketerName: 'Farah Iqbal' })
    const db = makeDb(env.DB)
    const logged = async (key: string, to: string, subject: string) => {
      await markMailDead(db, { eventKey: key, recipientHash: await sha256Hex(to.toLowerCase()), recipientHint: maskEmail(to), kind: 'lead-new', subject })
      return key
    }
    const k = `erase-${Date.now()}`
    const naming = await logged(`${k}:1`, vendor.email, 'Farah Iqbal changed their payout details')
    const own = await logged(`${k}:2`, marketer.email, 'Your payout details were changed')
    const other = await logged(`${k}:3`, vendor.email, 'New lead for Assam Masala Chai')
    await erase(w, 'influencers', marketer)
    const rows = await env.DB.prepare('SELECT eventKey, subject, recipientHint FROM mail_log WHERE eventKey LIKE ? ORDER BY eventKey')
      .bind(`${k}:%`)
      .all<{ eventKey: string; subject: string; recipientHint: string }>()
    expect(rows.results).toEqual([
      { eventKey: naming, subject: ERASED_SUBJECT, recipientHint: maskEmail(vendor.email) },
      { eventKey: own, subject: 'Your payout details were changed', recipientHint: '' },
      { eventKey: other, subject: 'New lead for Assam Masala Chai', recipientHint: maskEmail(vendor.email) },
    ])
  })

  it("reads 'Deleted user' where an erased vendor's name stood in the influencer's entries, and leaves other vendors named", async () => {
    const w = world()
    const s = await scene(w, 0)
    await convert(w, s, await lead(w, s))
    const day = indiaDate(Date.now())
    expect(
      (await w.api('POST', '/api/money/payouts', s.vendor, { MarketerID: s.marketer.id, Method: 'UPI', UTR: `ERASE${Date.now()}`, PaidOn: day })).status,
    ).toBe(201)
    // Another vendor the same influencer works with keeps its name.
    const other = await makeVerifiedVendor({ VendorName: 'Kesar Sweets' })
    const otherProduct = await makeProduct(other, { ProductName: 'Kaju Katli', Price: '500', CommissionType: 'Fixed', CommissionValue: '50' })
    const res = await callWith(w.over, 'POST', '/api/leads/create', leadForm(otherProduct, s.marketer, BUYER), { 'cf-connecting-ip': freshIp() })
    const otherLead = (res.body.data as { LeadID: number }).LeadID
    expect((await w.api('PUT', `/api/leads/status/${otherLead}`, other, { Status: 'Converted' })).status).toBe(200)

    await erase(w, 'vendors', s.vendor)
    const after = (await bell(w, s.marketer)).body.data
    const text = JSON.stringify(after)
    expect(text).not.toContain('Chai & Co.')
    expect(text).toContain('Kesar Sweets marked a lead of yours')
    expect(after.find((n) => n.kind === 'payout-recorded')?.title).toBe('Payout recorded: ₹150 from Deleted user')
    expect(after.filter((n) => n.kind === 'lead-converted').map((n) => n.body.split(' marked')[0])).toEqual(['Kesar Sweets', 'Deleted user'])
  })
})

describe('the name spots of the notices', () => {
  const naming: Array<[string, (name: string) => Notice]> = [
    ['a new lead', (name) => leadNewNotice({ LeadID: 1, ProductName: 'Assam Masala Chai', MarketerName: name })],
    ['a conversion', (name) => leadConvertedNotice({ ProductName: 'Assam Masala Chai', VendorName: name, commissionPaise: 15000, clearsAt: null })],
    [
      'a payout',
      (name) =>
        payoutRecordedNotice({ VendorName: name, GrossPaise: 15000, TdsPaise: 0, NetPaise: 15000, UTR: 'UTIB0001', Method: 'UPI', PaidOn: '2026-11-27' }),
    ],
    ['commission became payable', (name) => commissionPayableNotice({ entries: [{ ProductName: 'Assam Masala Chai', AmountPaise: 15000, VendorName: name }] })],
    ['changed payout details', (name) => marketerPayoutDetailsNotice({ MarketerName: name, at: '2026-11-27T04:30:00.000Z', masked: 'UPI a•••@okicici' })],
  ]

  it.each(naming)('hold every place %s names the other account, and nothing else, whatever the name', (_, render) => {
    // Names that are also words of the notices themselves ('A buyer asked…', '…in Payouts…').
    for (const name of ['Meera Nair', 'Chai & Co.', 'A', 'Payouts', 'commission']) {
      const before = render(name)
      const after = render('Deleted user')
      expect(replaceNameInSpots(before.title, name, 'Deleted user'), name).toBe(after.title)
      expect(replaceNameInSpots(before.body, name, 'Deleted user'), name).toBe(after.body)
    }
  })

  it('leaves the rest of an entry alone when the erased name is an ordinary word', async () => {
    const w = world()
    const vendor = await makeVerifiedVendor({ VendorName: 'Chai & Co.' })
    const marketer = await makeVerifiedMarketer({ MarketerName: 'A' })
    const product = await makeProduct(vendor, { ProductName: 'Assam Masala Chai', Price: '1000', CommissionType: 'Fixed', CommissionValue: '150' })
    expect((await callWith(w.over, 'POST', '/api/leads/create', leadForm(product, marketer, BUYER), { 'cf-connecting-ip': freshIp() })).status).toBe(201)
    const admin = await makeAdmin()
    const erased = await w.api('POST', `/api/admin/influencers/${marketer.id}/erase`, admin, { email: marketer.email, reasonCode: 'data-request' })
    expect(erased.status).toBe(200)
    const [entry] = (await bell(w, vendor)).body.data
    expect(entry.title).toBe('New lead for Assam Masala Chai')
    expect(entry.body).toBe(leadNewNotice({ LeadID: 1, ProductName: 'Assam Masala Chai', MarketerName: 'Deleted user' }).body)
  })
})

describe("a notice's dates", () => {
  it("reads them in India's time, also across midnight", () => {
    const clearing = (clearsAt: string) => leadConvertedNotice({ ProductName: 'Chai', VendorName: 'Chai & Co.', commissionPaise: 15_000, clearsAt }).lines
    expect(clearing('2026-11-26T17:15:00.000Z')).toEqual(["It becomes payable after the vendor's holding period, on 26 Nov 2026, 10:45 pm IST."])
    expect(clearing('2026-11-26T19:00:00.000Z')).toEqual(["It becomes payable after the vendor's holding period, on 27 Nov 2026, 12:30 am IST."])
  })
})
