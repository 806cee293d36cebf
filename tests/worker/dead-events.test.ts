// Events no try could follow (docs/decisions/232): the dead-letter consumer keeps them and tells the
// operators; the back office lists them and sends one back to be followed, which then does only
// what the failed tries left undone.

import { createExecutionContext, getQueueResult } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { Bindings } from '../../worker/env'
import type { MarketplaceEvent, QueuedMail } from '../../worker/types'
import { recordDeadEvents } from '../../worker/services/dead-events'
import type { Follower } from '../../worker/services/events'
import { followQueuedEvents } from '../../worker/services/events'
import { notifyPeople } from '../../worker/services/notifications'
import { call } from '../helpers/api'
import { freshIp, leadForm, makeAdmin, makeMarketer, makeProduct, makeVendor } from '../helpers/factories'
import { callWith, eventsFollowedAtOnce, recordingQueue } from '../helpers/mail'
import { watchedBatch } from '../helpers/queues'

const bindings = env as unknown as Bindings
const at = '2026-11-27T10:00:00.000Z'

type DeadEvent = { DeadEventID: number; type: string; about: string; VendorID: number | null; MarketerID: number | null; attempts: number; eventAt: string }

/** Delivers `events` to the dead-letter consumer as its try `attempts`, with a recording mail queue. */
async function bury(events: MarketplaceEvent[], now = new Date(), attempts = 7) {
  const mails = recordingQueue()
  const { batch, watched } = watchedBatch<MarketplaceEvent>('collabkart-events-dead', events, attempts)
  const ctx = createExecutionContext()
  await recordDeadEvents(watched, { ...bindings, MAIL_QUEUE: mails.queue }, now)
  return { result: await getQueueResult(batch, ctx), mails: mails.sent }
}

const deadList = async (token: string, query = '') => call<DeadEvent[]>('GET', `/api/admin/events/dead${query}`, { token })

/** This test's rows only (the file shares its database): those naming `vendorId`. */
async function deadOf(token: string, vendorId: number) {
  const rows: DeadEvent[] = []
  let cursor: string | null = null
  do {
    const page: Awaited<ReturnType<typeof deadList>> = await call<DeadEvent[]>(
      'GET',
      `/api/admin/events/dead?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token },
    )
    rows.push(...page.body.data)
    cursor = (page.body as unknown as { paging: { nextCursor: string | null } }).paging.nextCursor
  } while (cursor)
  return rows.filter((r) => r.VendorID === vendorId)
}

const replay = (token: string, id: number, queue: Queue<MarketplaceEvent>) =>
  callWith({ EVENTS_QUEUE: queue }, 'POST', `/api/admin/events/dead/${id}/replay`, undefined, { authorization: `Bearer ${token}` })

function recordingEvents(refuse = false) {
  const sent: MarketplaceEvent[] = []
  const queue = {
    async send(body: MarketplaceEvent) {
      if (refuse) throw new Error('queue unavailable')
      sent.push(body)
    },
    async sendBatch(messages: Iterable<MessageSendRequest<MarketplaceEvent>>) {
      if (refuse) throw new Error('queue unavailable')
      for (const m of messages) sent.push(m.body)
    },
  }
  return { queue: queue as unknown as Queue<MarketplaceEvent>, sent }
}

describe('dead events', () => {
  it('keeps each dead event once, acknowledges it, and tells the operators once an hour', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const lost: MarketplaceEvent = { type: 'payout.recorded', payoutId: 41, vendorId: vendor.id, marketerId: 7, at }
    const now = new Date('2026-11-27T11:05:00.000Z')
    const first = await bury([lost], now)
    expect(first.result.explicitAcks).toHaveLength(1)
    expect(first.mails.map((m: QueuedMail) => [m.log.kind, m.log.eventKey, m.message.to])).toEqual([
      ['ops-dead-letter', 'dead-event:2026-11-27T11', bindings.OPS_EMAIL],
    ])
    expect(first.mails[0]?.message.subject).toMatch(/^Collabkart: \d+ events? could not be followed$/)
    // The same dead letter delivered again adds nothing and raises no second alert.
    const again = await bury([lost], new Date('2026-11-27T11:40:00.000Z'))
    expect(again.result.explicitAcks).toHaveLength(1)
    expect(again.mails).toEqual([])
    const rows = await deadOf(admin.token, vendor.id)
    expect(rows).toEqual([
      expect.objectContaining({ type: 'payout.recorded', about: 'Payout #41', VendorID: vendor.id, MarketerID: 7, attempts: 7, eventAt: at }),
    ])
  })

  it('lists dead events newest first for admins only, without a reason a vendor typed', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const changed: MarketplaceEvent = {
      type: 'lead.status_changed',
      leadId: 901,
      vendorId: vendor.id,
      marketerId: marketer.id,
      from: 'Pending',
      to: 'Lost',
      reason: 'Kiran Rao bought elsewhere',
      at,
    }
    await bury([{ type: 'lead.created', leadId: 900, vendorId: vendor.id, marketerId: marketer.id, productId: 1, at }])
    await bury([changed])
    const rows = await deadOf(admin.token, vendor.id)
    expect(rows.map((r) => [r.type, r.about])).toEqual([
      ['lead.status_changed', 'Lead #901'],
      ['lead.created', 'Lead #900'],
    ])
    const page = await deadList(admin.token, '?limit=1')
    expect(page.status).toBe(200)
    expect(page.body.message).toBe('Dead events fetched successfully')
    expect(page.body.data).toHaveLength(1)
    expect(JSON.stringify(await deadList(admin.token, '?limit=100'))).not.toContain('Kiran')

    expect((await call('GET', '/api/admin/events/dead')).status).toBe(401)
    expect((await deadList(vendor.token)).status).toBe(403)
    expect((await deadList(marketer.token)).status).toBe(403)
    expect((await deadList(admin.token, '?limit=101')).status).toBe(400)
  })

  it('replays an event once: it goes back to the queue, leaves the list and is audited; a second try is 404', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    await bury([{ type: 'payout.recorded', payoutId: 77, vendorId: vendor.id, marketerId: 5, at }])
    const [row] = await deadOf(admin.token, vendor.id)
    if (!row) throw new Error('not kept')
    const events = recordingEvents()

    // Someone else's record, or nobody's call: refused, nothing sent, nothing taken.
    const refused = await callWith({ EVENTS_QUEUE: events.queue }, 'POST', `/api/admin/events/dead/${row.DeadEventID}/replay`, undefined, {
      authorization: `Bearer ${vendor.token}`,
    })
    expect(refused.status).toBe(403)
    expect(events.sent).toEqual([])

    const replayed = await replay(admin.token, row.DeadEventID, events.queue)
    expect(replayed.status).toBe(200)
    expect(replayed.body.message).toBe('Event sent to be followed again')
    expect(events.sent).toEqual([{ type: 'payout.recorded', payoutId: 77, vendorId: vendor.id, marketerId: 5, at }])
    expect(await deadOf(admin.token, vendor.id)).toEqual([])
    const audit = await call<Array<{ action: string; targetId: string; AdminID: number; before: unknown }>>(
      `GET`,
      `/api/admin/audit?targetType=event&targetId=${row.DeadEventID}`,
      { token: admin.token },
    )
    expect(audit.body.data.map((e) => [e.action, e.AdminID, e.before])).toEqual([['replay-event', admin.id, { type: 'payout.recorded' }]])

    const twice = await replay(admin.token, row.DeadEventID, events.queue)
    expect(twice.status).toBe(404)
    expect(twice.body.message).toBe('Dead event not found')
    expect(events.sent).toHaveLength(1)
  })

  it('keeps the event under its id when the queue refuses the replay, and says to try again', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    await bury([{ type: 'payout.recorded', payoutId: 78, vendorId: vendor.id, marketerId: 5, at }])
    const [row] = await deadOf(admin.token, vendor.id)
    if (!row) throw new Error('not kept')
    const down = await replay(admin.token, row.DeadEventID, recordingEvents(true).queue)
    expect(down.status).toBe(503)
    expect(down.body).toEqual({
      statusCode: 0,
      message: 'The events queue did not take the event. Nothing was changed: try again in a minute.',
      data: null,
    })
    expect(await deadOf(admin.token, vendor.id)).toEqual([row])
    const audit = await call<unknown[]>('GET', `/api/admin/audit?targetType=event&targetId=${row.DeadEventID}`, { token: admin.token })
    expect(audit.body.data).toEqual([])
  })

  it('a replayed lead rings the bell and mails the vendor once, after its followers had failed every try', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor)
    // The lead's request hands its event over; here the queue keeps it instead of following it.
    const held = recordingEvents()
    const lead = await callWith({ EVENTS_QUEUE: held.queue }, 'POST', '/api/leads/create', leadForm(product, marketer, { ClientEmail: '' }), {
      'cf-connecting-ip': freshIp(),
    })
    expect(lead.status).toBe(201)
    const [created] = held.sent
    if (!created) throw new Error('no event raised')
    // Every try fails (a follower that throws), then the event dies.
    const failing: Follower = async () => {
      throw new Error('D1 is busy')
    }
    const { watched } = watchedBatch<MarketplaceEvent>('collabkart-events', [created], 7)
    await followQueuedEvents(watched, bindings, [failing])
    await bury([created])
    const [row] = await deadOf(admin.token, vendor.id)
    if (!row) throw new Error('not kept')
    expect(row.about).toBe(`Lead #${(lead.body.data as { LeadID: number }).LeadID}`)

    const mails = recordingQueue()
    const queue = eventsFollowedAtOnce({ ...bindings, MAIL_QUEUE: mails.queue })
    expect((await replay(admin.token, row.DeadEventID, queue)).status).toBe(200)
    const unread = async () => (await call<{ unread: number }>('GET', '/api/notifications/unread', { token: vendor.token })).body.data?.unread
    expect(await unread()).toBe(1)
    expect(mails.sent.map((m) => [m.log.kind, m.message.to])).toEqual([['lead-new', vendor.email]])
    // Followed again (a second replay of the same event from a log): nothing new.
    await followQueuedEvents(watchedBatch<MarketplaceEvent>('collabkart-events', [created]).watched, { ...bindings, MAIL_QUEUE: mails.queue }, [notifyPeople])
    expect(await unread()).toBe(1)
  })

  it("a vendor's erasure takes the reason they typed out of their dead events", async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    await bury([
      { type: 'lead.status_changed', leadId: 950, vendorId: vendor.id, marketerId: 8, from: 'Pending', to: 'Lost', reason: 'Asha Iyer wanted blue', at },
    ])
    const erased = await call('POST', `/api/admin/vendors/${vendor.id}/erase`, {
      token: admin.token,
      json: { email: vendor.email, reasonCode: 'data-request' },
    })
    expect(erased.status).toBe(200)
    const stored = await env.DB.prepare("SELECT payload FROM dead_events WHERE VendorID = ? AND type = 'lead.status_changed'")
      .bind(vendor.id)
      .all<{ payload: string }>()
    expect(stored.results.map((r) => JSON.parse(r.payload))).toEqual([
      { type: 'lead.status_changed', leadId: 950, vendorId: vendor.id, marketerId: 8, from: 'Pending', to: 'Lost', reason: null, at },
    ])
  })
})
