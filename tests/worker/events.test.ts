// Marketplace events: a request hands them to the events queue and follows nothing itself; the
// queue's consumer runs every follower, retries an event whose follower failed, and a retried
// event tells nobody twice. One test goes through the real local queue, as `npm start` does.

import { createExecutionContext, getQueueResult } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import type { Bindings } from '../../worker/env'
import type { MarketplaceEvent, QueuedMail } from '../../worker/types'
import { addFollower, dispatchEvents, type Follower, followQueuedEvents, raiseEvents } from '../../worker/services/events'
import { notifyPeople } from '../../worker/services/notifications'
import { call } from '../helpers/api'
import { freshIp, leadForm, makeLead, makeMarketer, makeProduct, makeVendor } from '../helpers/factories'
import { callWith, recordingQueue } from '../helpers/mail'
import { watchedBatch } from '../helpers/queues'
import { d1Figures } from '../helpers/server-timing'

const bindings = env as unknown as Bindings
const created: MarketplaceEvent = { type: 'lead.created', leadId: 1, vendorId: 2, marketerId: 3, productId: 4, at: '2026-11-27T00:00:00.000Z' }
const changed: MarketplaceEvent = { type: 'payout_details.changed', marketerId: 3, at: '2026-11-27T00:00:00.000Z' }

/** Runs events through the consumer as delivery `attempts`; `delays` keeps each retry's delay. */
async function consume(events: MarketplaceEvent[], to: Follower[], attempts = 1, over: Partial<Bindings> = {}) {
  const { batch, watched, delays } = watchedBatch<MarketplaceEvent>('collabkart-events', events, attempts)
  const ctx = createExecutionContext()
  await followQueuedEvents(watched, { ...bindings, ...over }, to)
  return { ...(await getQueueResult(batch, ctx)), delays }
}

function recordingEvents(refuse = false) {
  const sent: MarketplaceEvent[] = []
  const queue = {
    async sendBatch(messages: Iterable<MessageSendRequest<MarketplaceEvent>>) {
      if (refuse) throw new Error('queue unavailable')
      for (const m of messages) sent.push(m.body)
    },
  }
  return { queue: queue as unknown as Queue<MarketplaceEvent>, sent }
}

/** A vendor, an influencer and a product of the vendor's. */
async function scene() {
  const vendor = await makeVendor()
  const marketer = await makeMarketer()
  return { vendor, marketer, product: await makeProduct(vendor) }
}

/** A new lead's request with some bindings replaced (the queues), its work after the answer awaited. */
const leadRequest = (over: Partial<Bindings>, { product, marketer }: Awaited<ReturnType<typeof scene>>, ClientEmail: string) =>
  callWith(over, 'POST', '/api/leads/create', leadForm(product, marketer, { ClientEmail }), { 'cf-connecting-ip': freshIp() })

const unreadOf = async (token: string) => (await call<{ unread: number }>('GET', '/api/notifications/unread', { token })).body.data?.unread

describe('marketplace events', () => {
  it('tells every follower every event in place, even when one follower fails', async () => {
    const seen: string[] = []
    const failing: Follower = async () => {
      throw new Error('webhook receiver down')
    }
    const recording: Follower = async (_env, event) => {
      seen.push(event.type)
    }
    await expect(dispatchEvents(bindings, [created, changed], [failing, recording])).resolves.toBeUndefined()
    expect(seen).toEqual(['lead.created', 'payout_details.changed'])
  })

  it('only hands a new lead to the events queue: the request itself rings no bell', async () => {
    const made = await scene()
    const { vendor, marketer, product } = made
    const events = recordingEvents()
    const res = await leadRequest({ EVENTS_QUEUE: events.queue }, made, '')
    expect(res.status).toBe(201)
    const { LeadID } = res.body.data as { LeadID: number }
    expect(events.sent).toEqual([
      { type: 'lead.created', leadId: LeadID, vendorId: vendor.id, marketerId: marketer.id, productId: product.ProductID, at: expect.any(String) },
    ])
    expect(await unreadOf(vendor.token)).toBe(0)
  })

  it('does the same work in a new lead’s request whether the lead is mailed or not: the mails are the consumer’s', async () => {
    const made = await scene()
    const { vendor, marketer, product } = made
    // A vendor's first lead reads fewer rows than the next ones: compare two later leads.
    await makeLead(product, marketer, { ClientEmail: '' })
    const work = []
    for (const mailed of [true, false]) {
      const pref = await call('PUT', '/api/notifications/preferences', { token: vendor.token, json: { mail: { 'lead-new': mailed }, digestHour: null } })
      expect(pref.status).toBe(200)
      const events = recordingEvents()
      const mails = recordingQueue()
      const res = await leadRequest({ EVENTS_QUEUE: events.queue, MAIL_QUEUE: mails.queue }, made, mailed ? 'kiran@example.in' : '')
      expect(res.status).toBe(201)
      expect(events.sent.map((e) => e.type)).toEqual(['lead.created'])
      expect(mails.calls).toEqual([])
      const { queries, rowsRead } = d1Figures(res.headers)
      work.push({ queries, rowsRead })
    }
    expect(work[0]).toEqual(work[1])
  })

  it('follows the events in place when the events queue refuses them, so none goes untold', async () => {
    const seen: string[] = []
    const events = recordingEvents(true)
    const unwatch = addFollower(async (_env, event) => {
      if (event === created) seen.push(event.type)
    })
    try {
      await expect(raiseEvents({ ...bindings, EVENTS_QUEUE: events.queue }, [created])).resolves.toBeUndefined()
    } finally {
      unwatch()
    }
    expect(seen).toEqual(['lead.created'])
  })

  it('acknowledges an event every follower took, and retries with growing delays one whose follower failed', async () => {
    let calls = 0
    const flaky: Follower = async (_env, event) => {
      if (event.type === 'payout_details.changed') throw new Error('database busy')
      calls++
    }
    const first = await consume([created, changed], [flaky])
    expect(first.explicitAcks).toHaveLength(1)
    expect(first.retryMessages).toHaveLength(1)
    expect(first.delays).toEqual([30])
    expect(calls).toBe(1)
    const later = await consume([changed], [flaky], 3)
    expect(later.delays).toEqual([480])
  })

  it('tells nobody twice when an event comes round again after a failure', async () => {
    const lead = await scene()
    const { vendor } = lead
    const events = recordingEvents()
    const made = await leadRequest({ EVENTS_QUEUE: events.queue }, lead, 'kiran@example.in')
    expect(made.status).toBe(201)
    const mails = recordingQueue()
    const over = { MAIL_QUEUE: mails.queue }
    let failOnce = true
    const webhooksDown: Follower = async () => {
      if (failOnce) {
        failOnce = false
        throw new Error('webhook table locked')
      }
    }
    const first = await consume(events.sent, [notifyPeople, webhooksDown], 1, over)
    expect(first.retryMessages).toHaveLength(1)
    const second = await consume(events.sent, [notifyPeople, webhooksDown], 2, over)
    expect(second.explicitAcks).toHaveLength(1)
    // The vendor's new-lead mail went out with the first try, and the bell rang once.
    expect(mails.sent.map((m: QueuedMail) => [m.log.kind, m.message.to])).toEqual([['lead-new', vendor.email]])
    expect(await unreadOf(vendor.token)).toBe(1)
  })

  it('rings the vendor’s bell through the real local queue, as under npm start', async () => {
    const { vendor, marketer, product } = await scene()
    await makeLead(product, marketer, { ClientEmail: '' })
    await vi.waitFor(async () => expect(await unreadOf(vendor.token)).toBe(1), { timeout: 15_000, interval: 200 })
  })
})
