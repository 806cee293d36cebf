// The operators' side (decision 135): dead mail in the back office, the operators' alerts (a data
// request logged, mail stuck in the dead-letter queue) and the buyer's confirmation of a lead.

import { createMessageBatch } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { DEAD_MAIL_FETCHED, type DeadMailDTO } from '../../worker/contract/admin'
import { dpdpNotice } from '../../worker/contract/dpdp'
import { LEAD_MESSAGES } from '../../worker/contract/lead'
import type { Bindings } from '../../worker/env'
import type { MailMessage, QueuedMail } from '../../worker/types'
import { mailBuyerOfLead } from '../../worker/services/buyer-mail'
import { deliverMail, recordDeadMail } from '../../worker/services/mail-delivery'
import { enqueueMail, withMailOutbox } from '../../worker/services/mail-outbox'
import { call } from '../helpers/api'
import { freshIp, leadForm, makeAdmin, makeMarketer, makeProduct, makeVendor } from '../helpers/factories'
import { callWith, recordingQueue } from '../helpers/mail'

const bindings = env as unknown as Bindings
const content = { subject: 'A notice', text: 'Hello', html: '<p>Hello</p>' }
let seq = 0

/** A mail raised and then turned away by the queue: it is in the log as dead at once. */
async function deadMail(to = `priya${++seq}@example.com`) {
  await enqueueMail({ ...bindings, MAIL_QUEUE: recordingQueue(true).queue }, { eventKey: `dead:${++seq}`, kind: 'password-changed', to, content })
}

/** A queued mail, as the mail queue would hand it on to the dead-letter queue. */
async function queuedMail(kind: 'password-changed' | 'ops-dead-letter' = 'password-changed'): Promise<QueuedMail> {
  const q = recordingQueue()
  await enqueueMail({ ...bindings, MAIL_QUEUE: q.queue }, { eventKey: `q:${++seq}`, kind, to: `meera${++seq}@example.com`, content })
  return q.sent[0]
}

/** Sends queued mails through the mail queue's consumer: what reached an inbox. */
async function deliver(bodies: QueuedMail[]): Promise<MailMessage[]> {
  const delivered: MailMessage[] = []
  const batch = createMessageBatch<QueuedMail>(
    'collabkart-mail',
    bodies.map((body) => ({ id: `m${++seq}`, timestamp: new Date(), attempts: 1, body })),
  )
  await deliverMail(batch, bindings, { send: async (m) => void delivered.push(m) })
  return delivered
}

/** Runs the dead-letter consumer over `bodies` at `now`, with the operators' inbox `ops`; the alerts that reached it. */
async function deadLetter(bodies: QueuedMail[], ops: string, now: Date) {
  const q = recordingQueue()
  const batch = createMessageBatch<QueuedMail>(
    'collabkart-mail-dead',
    bodies.map((body) => ({ id: `m${++seq}`, timestamp: now, attempts: 1, body })),
  )
  await recordDeadMail(batch, { ...bindings, MAIL_QUEUE: q.queue, OPS_EMAIL: ops, PUBLIC_ORIGIN: 'https://collabkart.example' }, now)
  return deliver(q.sent)
}

type Paged = { data: DeadMailDTO[]; paging: { nextCursor: string | null; total: number } }

describe('dead mail in the back office', () => {
  it('is for admins only: no token 401, a vendor or an influencer 403', async () => {
    const [vendor, marketer] = await Promise.all([makeVendor(), makeMarketer()])
    expect((await call('GET', '/api/admin/mail/dead')).status).toBe(401)
    expect((await call('GET', '/api/admin/mail/dead', { token: vendor.token })).status).toBe(403)
    expect((await call('GET', '/api/admin/mail/dead', { token: marketer.token })).status).toBe(403)
  })

  it('lists dead mail newest first, a page at a time, with a hint of the address and not the address', async () => {
    const admin = await makeAdmin()
    for (const to of ['first.person@example.com', 'second.person@example.com', 'third.person@example.com']) await deadMail(to)
    const first = await call('GET', '/api/admin/mail/dead?limit=2', { token: admin.token })
    expect(first.status).toBe(200)
    expect(first.body.message).toBe(DEAD_MAIL_FETCHED)
    const page1 = first.body as unknown as Paged
    expect(page1.data.map((m) => m.recipientHint).slice(0, 2)).toEqual(['t•••@example.com', 's•••@example.com'])
    expect(page1.data[0]).toMatchObject({ kind: 'password-changed', subject: 'A notice', attempts: 0, lastError: 'The mail queue refused the message' })
    expect(page1.paging.total).toBeGreaterThanOrEqual(3)
    expect(JSON.stringify(page1)).not.toContain('third.person@')
    const next = await call('GET', `/api/admin/mail/dead?limit=2&cursor=${encodeURIComponent(page1.paging.nextCursor ?? '')}`, { token: admin.token })
    const page2 = next.body as unknown as Paged
    expect(page2.data[0].recipientHint).toBe('f•••@example.com')
    expect(page2.data[0].MailID).toBeLessThan(page1.data[1].MailID)
  })
})

describe("the operators' mails", () => {
  it("mails the operators once when a data request is logged, without the buyer's phone", async () => {
    const admin = await makeAdmin()
    const q = recordingQueue()
    const ops = { MAIL_QUEUE: q.queue, OPS_EMAIL: 'ops-team@collabkart.in', PUBLIC_ORIGIN: 'https://collabkart.example' }
    const request = { kind: 'erasure', subjectType: 'buyer', subjectRef: '9876501234', receivedOn: '2026-11-20' }
    const logged = await callWith(ops, 'POST', '/api/admin/data-requests', request, { authorization: `Bearer ${admin.token}` })
    expect(logged.status).toBe(201)
    expect(q.sent).toHaveLength(1)
    const [mail] = q.sent
    expect(mail.message.to).toBe('ops-team@collabkart.in')
    expect(mail.message.subject).toBe(`Data request #${(logged.body.data as { id: number }).id}: Erasure, due 4 Dec 2026`)
    expect(mail.message.text).toContain(`${admin.email} logged data request`)
    expect(mail.message.text).toContain('https://collabkart.example/admin/data-requests')
    expect(mail.message.text).not.toContain('9876501234')
    // A second request is a second mail; the same request is never mailed twice.
    await callWith(ops, 'POST', '/api/admin/data-requests', { ...request, subjectRef: '9876501235' }, { authorization: `Bearer ${admin.token}` })
    expect(q.sent).toHaveLength(2)
    const rows = await env.DB.prepare("SELECT eventKey FROM mail_log WHERE kind = 'ops-data-request'").all<{ eventKey: string }>()
    expect(new Set(rows.results.map((r) => r.eventKey)).size).toBe(rows.results.length)
  })

  it('sends at most one dead-letter alert an hour, however many mails die in it', async () => {
    const ops = `ops-${++seq}@collabkart.in`
    const hour = new Date('2026-11-27T01:10:00Z')
    const first = await deadLetter([await queuedMail(), await queuedMail()], ops, hour)
    expect(first).toHaveLength(1)
    expect(first[0]).toMatchObject({ to: ops })
    expect(first[0].subject).toMatch(/^Collabkart: \d+ mails? could not be sent$/)
    expect(first[0].text).toContain('https://collabkart.example/admin/mail')
    expect(await deadLetter([await queuedMail()], ops, new Date('2026-11-27T01:55:00Z'))).toHaveLength(0)
    expect(await deadLetter([await queuedMail()], ops, new Date('2026-11-27T02:01:00Z'))).toHaveLength(1)
  })

  it('raises no alert when the alert itself dies, so a broken mail service cannot loop', async () => {
    const ops = `ops-${++seq}@collabkart.in`
    const alert = await queuedMail('ops-dead-letter')
    expect(await deadLetter([alert], ops, new Date('2026-11-27T03:00:00Z'))).toHaveLength(0)
    const state = await env.DB.prepare('SELECT state FROM mail_log WHERE eventKey = ?').bind(alert.log.eventKey).first<{ state: string }>()
    expect(state?.state).toBe('dead')
  })

  it('raises no alert for a redelivered message that had been sent after all', async () => {
    const ops = `ops-${++seq}@collabkart.in`
    const body = await queuedMail()
    expect(await deliver([body])).toHaveLength(1)
    expect(await deadLetter([body], ops, new Date('2026-11-27T04:00:00Z'))).toHaveLength(0)
  })
})

describe("the buyer's confirmation", () => {
  async function buyerSetup() {
    const vendor = await makeVendor({ VendorName: 'Chai Ghar' })
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor, { ProductName: 'Assam Tea 500 g', Price: '1299' })
    return { product, marketer, vendor }
  }

  /** Submits the buy form; `mails` are those to anyone but the vendor (who is told of the lead apart). */
  async function buy(form: Record<string, unknown>, vendorEmail: string) {
    const q = recordingQueue()
    const res = await callWith({ MAIL_QUEUE: q.queue }, 'POST', '/api/leads/create', form, { 'cf-connecting-ip': freshIp() })
    return { res, mails: q.sent.filter((m) => m.message.to !== vendorEmail) }
  }

  it('mails a buyer who gave an email once: product, vendor, the notice they agreed to and how to ask for erasure', async () => {
    const { product, marketer, vendor } = await buyerSetup()
    const form = leadForm(product, marketer, { ClientName: 'Anita Das', ClientEmail: 'anita@example.in', ClientPhone: '9812345678' })
    const { res, mails } = await buy(form, vendor.email)
    expect(res.status).toBe(201)
    expect(mails).toHaveLength(1)
    const { message } = mails[0]
    expect(message.to).toBe('anita@example.in')
    expect(message.subject).toBe('Your request for Assam Tea 500 g went to Chai Ghar')
    expect(message.text).toContain('Hi Anita Das,')
    expect(message.text).toContain('Assam Tea 500 g (₹1,299) reached Chai Ghar')
    expect(message.text).toContain(dpdpNotice('Chai Ghar'))
    expect(message.text).toContain('write to privacy@collabkart.in with the phone number you gave (ending 78)')
    expect(message.text).not.toContain('9812345678')
    expect(message.html).toContain('privacy@collabkart.in')
    expect(message.html).not.toMatch(/<img/i)
    // The same enquiry again is a duplicate: no lead, no second mail.
    const again = await buy(form, vendor.email)
    expect(again.res.body.message).toBe(LEAD_MESSAGES.duplicate)
    expect(again.mails).toHaveLength(0)
  })

  it("hands the vendor's and the buyer's mails to the queue in one call", async () => {
    const { product, marketer, vendor } = await buyerSetup()
    const q = recordingQueue()
    const form = leadForm(product, marketer, { ClientEmail: 'together@example.in' })
    const res = await callWith({ MAIL_QUEUE: q.queue }, 'POST', '/api/leads/create', form, { 'cf-connecting-ip': freshIp() })
    expect(res.status).toBe(201)
    expect(q.sent.map((m) => m.message.to).sort()).toEqual([vendor.email, 'together@example.in'].sort())
    expect(q.calls).toEqual([2])
  })

  it('mails nobody when the buyer gave no email', async () => {
    const { product, marketer, vendor } = await buyerSetup()
    const { res, mails } = await buy(leadForm(product, marketer, { ClientEmail: '' }), vendor.email)
    expect(res.status).toBe(201)
    expect(mails).toHaveLength(0)
  })

  it('mails once per lead even when the event is raised twice', async () => {
    const { product, marketer, vendor } = await buyerSetup()
    const { res, mails } = await buy(leadForm(product, marketer, { ClientEmail: 'twice@example.in' }), vendor.email)
    const { LeadID } = res.body.data as { LeadID: number }
    const q = recordingQueue()
    const event = { type: 'lead.created' as const, leadId: LeadID, vendorId: product.VendorID, marketerId: marketer.id, productId: product.ProductID, at: '' }
    const raised = { ...bindings, MAIL_QUEUE: q.queue }
    await withMailOutbox(raised, (mails) => mailBuyerOfLead(raised, event, mails))
    const delivered = [...(await deliver(mails)), ...(await deliver(q.sent))]
    expect(delivered.filter((m) => m.to === 'twice@example.in')).toHaveLength(1)
  })
})
