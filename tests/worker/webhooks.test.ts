// Webhooks out (decision 250): endpoints, which events reach which endpoint, Standard Webhooks
// signatures (checked with the `standardwebhooks` verifier), the retry schedule through the queue
// helpers, disabling after 20 failures in a row, the SSRF rules and other vendors' endpoints.
// Receivers are stand-ins passed to the consumer (a Poster); the browser test posts to a real one.

import { createExecutionContext, getQueueResult, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { app } from '../../worker/app'
import type { Envelope } from '../../worker/contract/envelope'
import type { ProductDTO } from '../../worker/contract/product'
import { WEBHOOK_MESSAGES, type WebhookDeliveryDTO, type WebhookEndpointDTO, type WebhookEvent, type WebhookSecretDTO } from '../../worker/contract/webhooks'
import { checkEndpointUrl } from '../../worker/domain/webhook-url'
import type { Bindings } from '../../worker/env'
import type { MarketplaceEvent, QueuedMail, QueuedWebhook } from '../../worker/types'
import { WEBHOOK_DATA } from '../../worker/openapi/webhooks'
import { dispatchEvents } from '../../worker/services/events'
import { deliverWebhooks, type Poster } from '../../worker/services/webhook-delivery'
import { followForWebhooks, WEBHOOK_RESENDS_PER_VENDOR, WEBHOOK_TESTS_PER_ENDPOINT } from '../../worker/services/webhooks'
import { ORIGIN } from '../helpers/api'
import { eventsFollowedAtOnce } from '../helpers/mail'
import { watchedBatch } from '../helpers/queues'
import {
  freshIp,
  leadForm,
  makeAdmin,
  makeMarketer,
  makeProduct,
  makeVendor,
  makeVerifiedVendor,
  type SignedInMarketer,
  type SignedInVendor,
} from '../helpers/factories'
import { badTokens } from '../helpers/tokens'

const bindings = env as unknown as Bindings

function recording<T>() {
  const sent: T[] = []
  const queue = {
    async send(body: T) {
      sent.push(body)
    },
    async sendBatch(messages: Iterable<MessageSendRequest<T>>) {
      for (const m of messages) sent.push(m.body)
    },
  }
  return { queue: queue as unknown as Queue<T>, sent }
}

/** Calls the app with the queues replaced and waits for the work after the answer (the events, followed at once). */
async function act<T = unknown>(
  over: Partial<Bindings>,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Envelope<T>; answeredMs: number }> {
  const ctx = createExecutionContext()
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.json !== undefined) headers['content-type'] = 'application/json'
  const merged = { ...bindings, ...over }
  const started = Date.now()
  const res = await app.fetch(
    new Request(`${ORIGIN}${path}`, { method, headers, body: options.json === undefined ? undefined : JSON.stringify(options.json) }),
    { ...merged, EVENTS_QUEUE: over.EVENTS_QUEUE ?? eventsFollowedAtOnce(merged) },
    ctx,
  )
  const body = (await res.json()) as Envelope<T>
  const answeredMs = Date.now() - started
  await waitOnExecutionContext(ctx)
  return { status: res.status, body, answeredMs }
}

type Posted = { url: string; headers: Record<string, string>; body: string; redirect?: RequestInit['redirect']; timed: boolean }

/** A receiver that answers `statuses` in turn (the last one from then on) and keeps what it got. */
function receiver(...statuses: number[]) {
  const got: Posted[] = []
  const post: Poster = async (url, init) => {
    got.push({
      url,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: String(init.body),
      redirect: init.redirect,
      timed: init.signal instanceof AbortSignal,
    })
    const status = statuses.length > 1 ? (statuses.shift() as number) : statuses[0]
    return new Response(status === 204 ? null : `answer ${status}`, { status })
  }
  return { post, got }
}

/** Runs one queued delivery through the consumer; answers the queue's verdict and the delay asked for. */
async function consume(body: QueuedWebhook, post: Poster, over: Partial<Bindings> = {}, timeoutMs?: number) {
  const { batch, watched, delays } = watchedBatch<QueuedWebhook>('collabkart-webhooks', [body])
  const ctx = createExecutionContext()
  await deliverWebhooks(watched, { ...bindings, ...over }, post, timeoutMs)
  const result = await getQueueResult(batch, ctx)
  return { acked: result.explicitAcks.length === 1, retried: result.retryMessages.length === 1, delay: delays[0] }
}

const deliveryRow = (id: number) =>
  env.DB.prepare('SELECT * FROM webhook_deliveries WHERE DeliveryID = ?').bind(id).first<{
    EndpointID: number
    eventType: string
    state: string
    attempts: number
    lastStatus: number | null
    lastResponse: string | null
    nextAttemptAt: string | null
    payload: string
  }>()

const endpointRow = (id: number) =>
  env.DB.prepare('SELECT enabled, consecutiveFailures, disabledAt FROM webhook_endpoints WHERE EndpointID = ?')
    .bind(id)
    .first<{ enabled: number; consecutiveFailures: number; disabledAt: string | null }>()

/** Pretends the wait before the delivery's next attempt is over. */
const timePasses = (id: number) =>
  env.DB.prepare('UPDATE webhook_deliveries SET nextAttemptAt = ? WHERE DeliveryID = ?')
    .bind(new Date(Date.now() - 1000).toISOString(), id)
    .run()

const ALL_EVENTS = ['lead.created', 'lead.status_changed', 'commission.created', 'commission.reversed', 'payout.recorded']

async function addEndpoint(vendor: SignedInVendor, events: string[] = ALL_EVENTS, url = 'https://hooks.example.com/collabkart', over: Partial<Bindings> = {}) {
  const res = await act<WebhookSecretDTO>(over, 'POST', '/api/webhooks/endpoints', { token: vendor.token, json: { url, events, description: 'CRM' } })
  expect(res.status, res.body.message).toBe(201)
  return res.body.data
}

async function scene() {
  // Verified: the payout.recorded case records a payout, which needs a verified address.
  const vendor = await makeVerifiedVendor({ VendorName: 'Chai & Co.' })
  const marketer = await makeMarketer({ MarketerName: 'Meera Nair' })
  const product = await makeProduct(vendor, { ProductName: 'Assam Masala Chai', Price: '1000', CommissionType: 'Fixed', CommissionValue: '150' })
  const settings = await act({}, 'PUT', '/api/money/settings', { token: vendor.token, json: { HoldingDays: 0, PaymentTermsDays: 30 } })
  expect(settings.status).toBe(200)
  return { vendor, marketer, product }
}

async function newLead(q: Queue<QueuedWebhook>, product: ProductDTO, marketer: SignedInMarketer) {
  const res = await act<{ LeadID: number }>({ WEBHOOK_QUEUE: q }, 'POST', '/api/leads/create', {
    json: leadForm(product, marketer),
    headers: { 'cf-connecting-ip': freshIp() },
  })
  expect(res.status).toBe(201)
  return res.body.data.LeadID
}

const setStatus = (q: Queue<QueuedWebhook>, vendor: SignedInVendor, leadId: number, Status: string, Reason?: string) =>
  act({ WEBHOOK_QUEUE: q }, 'PUT', `/api/leads/status/${leadId}`, { token: vendor.token, json: { Status, Reason } })

/** What the queue got since `from`: [endpoint, event type, body] per delivery. */
async function queued(sent: QueuedWebhook[], from = 0) {
  const out: Array<{ endpointId: number; type: string; body: { type: string; data: Record<string, unknown> } }> = []
  for (const m of sent.slice(from)) {
    const row = await deliveryRow(m.deliveryId)
    if (row) out.push({ endpointId: row.EndpointID, type: row.eventType, body: JSON.parse(row.payload) })
  }
  return out
}

describe('webhook deliveries follow the marketplace events', () => {
  it('sends each event type to the endpoints subscribed to it, and to no other vendor', async () => {
    const { vendor, marketer, product } = await scene()
    const leadsHook = await addEndpoint(vendor, ['lead.created', 'lead.status_changed'])
    const moneyHook = await addEndpoint(vendor, ['commission.created', 'commission.reversed', 'payout.recorded'])
    const stranger = await makeVendor()
    const strangerHook = await addEndpoint(stranger)
    const q = recording<QueuedWebhook>()

    const leadId = await newLead(q.queue, product, marketer)
    let got = await queued(q.sent)
    expect(got.map((g) => [g.endpointId, g.type])).toEqual([[leadsHook.endpoint.EndpointID, 'lead.created']])
    expect(got[0].body.data).toMatchObject({
      leadId,
      status: 'Pending',
      buyer: { name: 'Kiran Rao', email: 'kiran@example.in' },
      pricePaise: 100_000,
      priceRupees: 1000,
      commissionPaise: 15_000,
      commissionRupees: 150,
      influencer: { influencerId: marketer.id, name: 'Meera Nair' },
    })

    let mark = q.sent.length
    expect((await setStatus(q.queue, vendor, leadId, 'Converted')).status).toBe(200)
    got = await queued(q.sent, mark)
    expect(got.map((g) => [g.endpointId, g.type]).sort()).toEqual(
      [
        [leadsHook.endpoint.EndpointID, 'lead.status_changed'],
        [moneyHook.endpoint.EndpointID, 'commission.created'],
      ].sort(),
    )
    expect(got.find((g) => g.type === 'commission.created')?.body.data).toMatchObject({ leadId, kind: 'commission', amountPaise: 15_000, amountRupees: 150 })
    expect(got.find((g) => g.type === 'lead.status_changed')?.body.data).toMatchObject({ status: 'Converted', previousStatus: 'Pending' })

    // Taken back before it was paid: the entry itself is reversed.
    mark = q.sent.length
    expect((await setStatus(q.queue, vendor, leadId, 'Lost', 'Buyer cancelled the order')).status).toBe(200)
    got = await queued(q.sent, mark)
    expect(got.find((g) => g.type === 'commission.reversed')?.body.data).toMatchObject({
      how: 'reversal',
      amountPaise: 15_000,
      reason: 'Buyer cancelled the order',
    })

    // Converted again and paid; taken back after payment: a negative adjustment.
    expect((await setStatus(q.queue, vendor, leadId, 'Converted', 'Buyer kept the order after all')).status).toBe(200)
    mark = q.sent.length
    const paid = await act<{ PayoutID: number }>({ WEBHOOK_QUEUE: q.queue }, 'POST', '/api/money/payouts', {
      token: vendor.token,
      json: { MarketerID: marketer.id, Method: 'UPI', UTR: `UTRHOOK${Date.now()}`, PaidOn: new Date().toISOString().slice(0, 10) },
    })
    expect(paid.status, paid.body.message).toBe(201)
    got = await queued(q.sent, mark)
    expect(got.map((g) => [g.endpointId, g.type])).toEqual([[moneyHook.endpoint.EndpointID, 'payout.recorded']])
    expect(got[0].body.data).toMatchObject({ grossPaise: 15_000, grossRupees: 150, method: 'UPI', influencer: { influencerId: marketer.id } })

    mark = q.sent.length
    expect((await setStatus(q.queue, vendor, leadId, 'Lost', 'Returned after payment')).status).toBe(200)
    got = await queued(q.sent, mark)
    expect(got.find((g) => g.type === 'commission.reversed')?.body.data).toMatchObject({ how: 'adjustment', amountPaise: 15_000, amountRupees: 150 })

    const all = await queued(q.sent)
    expect(all.some((g) => g.endpointId === strangerHook.endpoint.EndpointID)).toBe(false)

    // Every body holds exactly the fields the reference lists for its type (openapi/webhooks.ts).
    expect(new Set(all.map((g) => g.type))).toEqual(new Set(ALL_EVENTS))
    for (const g of all) {
      // Commission events of leads are the first shape; those of orders the second.
      const shape = WEBHOOK_DATA[g.type as WebhookEvent] as { properties?: Record<string, unknown>; anyOf?: Array<{ properties: Record<string, unknown> }> }
      const documented = shape.anyOf ? shape.anyOf[0] : (shape as { properties: Record<string, unknown> })
      expect(Object.keys(g.body.data).sort(), g.type).toEqual(Object.keys(documented.properties).sort())
    }
  })

  it('writes one delivery per event and endpoint, however often the event is raised', async () => {
    const { vendor, marketer, product } = await scene()
    await addEndpoint(vendor, ['lead.created'])
    const q = recording<QueuedWebhook>()
    const leadId = await newLead(q.queue, product, marketer)
    const event: MarketplaceEvent = {
      type: 'lead.created',
      leadId,
      vendorId: vendor.id,
      marketerId: marketer.id,
      productId: product.ProductID,
      at: new Date().toISOString(),
    }
    await dispatchEvents({ ...bindings, WEBHOOK_QUEUE: q.queue }, [event, event], [followForWebhooks])
    expect(q.sent).toHaveLength(1)
  })

  it('answers the request before any receiver is called, however slow it is', async () => {
    const { vendor, marketer, product } = await scene()
    const { endpoint } = await addEndpoint(vendor, ['lead.created'])
    const q = recording<QueuedWebhook>()
    let called = 0
    const slow: Poster = (_url, init) => {
      called++
      return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)))
    }
    await newLead(q.queue, product, marketer)
    // The request and everything it left running after the answer only queued the delivery.
    expect(called).toBe(0)
    expect((await deliveryRow(q.sent[0].deliveryId))?.state).toBe('pending')
    const verdict = await consume(q.sent[0], slow, {}, 50)
    expect(called).toBe(1)
    expect(verdict.retried).toBe(true)
    expect(await deliveryRow(q.sent[0].deliveryId)).toMatchObject({ attempts: 1, lastStatus: null, lastResponse: 'No answer within 0.05 s' })
    expect((await endpointRow(endpoint.EndpointID))?.consecutiveFailures).toBe(1)
  })
})

describe('signatures', () => {
  it('signs every delivery so the standardwebhooks verifier accepts it, with either secret during a rotation', async () => {
    const vendor = await makeVendor()
    const { endpoint, secret } = await addEndpoint(vendor)
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    const q = recording<QueuedWebhook>()
    const test = await act<WebhookDeliveryDTO>({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/endpoints/${endpoint.EndpointID}/test`, {
      token: vendor.token,
    })
    expect(test.status).toBe(201)
    const r = receiver(200)
    expect((await consume(q.sent[0], r.post)).acked).toBe(true)
    const [first] = r.got
    expect(first.url).toBe('https://hooks.example.com/collabkart')
    // Redirects are answers, never followed; every call has its timeout.
    expect(first).toMatchObject({ redirect: 'manual', timed: true })
    expect(first.headers['content-type']).toBe('application/json')
    expect(first.headers['webhook-id']).toBe(test.body.data.msgId)
    expect(new Webhook(secret).verify(first.body, first.headers)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.EndpointID } })
    expect(() => new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(first.body, first.headers)).toThrow()

    const rotated = await act<WebhookSecretDTO>({}, 'POST', `/api/webhooks/endpoints/${endpoint.EndpointID}/rotate`, { token: vendor.token })
    expect(rotated.status).toBe(200)
    expect(rotated.body.data.secret).not.toBe(secret)
    expect(rotated.body.data.endpoint.previousSecretUntil).not.toBeNull()
    const resend = await act({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/deliveries/${test.body.data.DeliveryID}/resend`, { token: vendor.token })
    expect(resend.status).toBe(200)
    await consume(q.sent[1], r.post)
    const during = r.got[1]
    expect(during.headers['webhook-signature'].split(' ')).toHaveLength(2)
    expect(during.headers['webhook-id']).toBe(first.headers['webhook-id'])
    expect(new Webhook(secret).verify(during.body, during.headers)).toBeTruthy()
    expect(new Webhook(rotated.body.data.secret).verify(during.body, during.headers)).toBeTruthy()

    // 24 hours on, only the new secret signs.
    await env.DB.prepare('UPDATE webhook_endpoints SET previousSecretUntil = ? WHERE EndpointID = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), endpoint.EndpointID)
      .run()
    await act({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/deliveries/${test.body.data.DeliveryID}/resend`, { token: vendor.token })
    await consume(q.sent[2], r.post)
    const after = r.got[2]
    expect(new Webhook(rotated.body.data.secret).verify(after.body, after.headers)).toBeTruthy()
    expect(() => new Webhook(secret).verify(after.body, after.headers)).toThrow()
  })

  it('keeps the secret sealed in the database', async () => {
    const vendor = await makeVendor()
    const { endpoint, secret } = await addEndpoint(vendor)
    const row = await env.DB.prepare('SELECT * FROM webhook_endpoints WHERE EndpointID = ?').bind(endpoint.EndpointID).first()
    expect(JSON.stringify(row)).not.toContain(secret.slice(6, 20))
    const list = await act<WebhookEndpointDTO[]>({}, 'GET', '/api/webhooks/endpoints', { token: vendor.token })
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6, 20))
    // The vendor's data export lists the endpoint, never its secret.
    const exported = await act<{ webhookEndpoints: WebhookEndpointDTO[] }>({}, 'GET', `/api/vendors/${vendor.id}/export`, { token: vendor.token })
    expect(exported.body.data.webhookEndpoints).toEqual([endpoint])
    expect(JSON.stringify(exported.body)).not.toMatch(/secret.*v1\.|whsec_/)
  })
})

describe('retries and failures', () => {
  it("retries on Svix's schedule, serving the 24 h wait in two 12 h delays, then marks the delivery failed", async () => {
    const vendor = await makeVendor()
    await addEndpoint(vendor)
    const q = recording<QueuedWebhook>()
    const list = await act<WebhookEndpointDTO[]>({}, 'GET', '/api/webhooks/endpoints', { token: vendor.token })
    await act({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/endpoints/${list.body.data[0].EndpointID}/test`, { token: vendor.token })
    // A scheduled delivery (an event's): the test event's message without `once`.
    const message = { deliveryId: q.sent[0].deliveryId }
    const r = receiver(500)
    const delays: Array<number | undefined> = []
    for (let pass = 0; pass < 9; pass++) {
      const verdict = await consume(message, r.post)
      if (verdict.retried) delays.push(verdict.delay)
      else expect(verdict.acked).toBe(true)
      // The 24 h wait's first half is over: the next pass comes back 12 h early and waits again.
      if (verdict.retried && pass !== 6) await timePasses(message.deliveryId)
    }
    expect(delays).toEqual([5, 300, 1800, 7200, 18000, 36000, 43200, 43200])
    expect(r.got).toHaveLength(8)
    expect(await deliveryRow(message.deliveryId)).toMatchObject({
      state: 'failed',
      attempts: 8,
      lastStatus: 500,
      lastResponse: 'answer 500',
      nextAttemptAt: null,
    })
  })

  it('counts any answer outside 2xx as a failure, and a 2xx clears the count', async () => {
    const vendor = await makeVendor()
    const { endpoint } = await addEndpoint(vendor)
    const q = recording<QueuedWebhook>()
    const r = receiver(302, 404, 503, 204)
    for (let i = 0; i < 4; i++) {
      await act({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/endpoints/${endpoint.EndpointID}/test`, { token: vendor.token })
      await consume(q.sent[i], r.post)
    }
    const states = await Promise.all(q.sent.map(async (m) => (await deliveryRow(m.deliveryId))?.state))
    expect(states).toEqual(['failed', 'failed', 'failed', 'delivered'])
    expect((await endpointRow(endpoint.EndpointID))?.consecutiveFailures).toBe(0)
    const log = await act<WebhookDeliveryDTO[]>({}, 'GET', `/api/webhooks/endpoints/${endpoint.EndpointID}/deliveries?limit=2`, { token: vendor.token })
    expect(log.body.data.map((d) => d.lastStatus)).toEqual([204, 503])
    expect((log.body as unknown as { paging: { total: number } }).paging.total).toBe(4)
    expect(log.body.data[0].payload).toContain('"type":"webhook.test"')
  })

  it('disables an endpoint after 20 failures in a row and mails the vendor once', async () => {
    const vendor = await makeVendor({ VendorName: 'Khadi Kraft' })
    const { endpoint } = await addEndpoint(vendor)
    const q = recording<QueuedWebhook>()
    const mails = recording<QueuedMail>()
    const r = receiver(500)
    for (let i = 0; i < 20; i++) {
      const test = await act({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/endpoints/${endpoint.EndpointID}/test`, { token: vendor.token })
      expect(test.status).toBe(201)
      await consume(q.sent[i], r.post, { MAIL_QUEUE: mails.queue })
      expect((await endpointRow(endpoint.EndpointID))?.enabled).toBe(i < 19 ? 1 : 0)
    }
    expect(mails.sent).toHaveLength(1)
    expect(mails.sent[0].message.to).toBe(vendor.email)
    expect(mails.sent[0].message.subject).toBe('A webhook endpoint was disabled')
    expect(mails.sent[0].message.text).toContain('https://hooks.example.com/collabkart failed 20 times in a row')
    // And once in the bell.
    const bell = await act<Array<{ kind: string; title: string; link: string }>>({}, 'GET', '/api/notifications', { token: vendor.token })
    expect(bell.body.data.filter((n) => n.kind === 'webhook-disabled')).toEqual([
      expect.objectContaining({ title: 'A webhook endpoint was disabled', link: '/vendor?tab=profile' }),
    ])
    const refused = await act({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/endpoints/${endpoint.EndpointID}/test`, { token: vendor.token })
    expect(refused).toMatchObject({ status: 409, body: { message: WEBHOOK_MESSAGES.disabled } })
    const enabled = await act<WebhookEndpointDTO>({}, 'PUT', `/api/webhooks/endpoints/${endpoint.EndpointID}`, { token: vendor.token, json: { enabled: true } })
    expect(enabled.body.data).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledAt: null })
  })
})

/** Runs a batch of queued deliveries through the consumer; answers each message's verdict and delay, in the batch's order. */
async function consumeBatch(bodies: QueuedWebhook[], post: Poster, timeoutMs?: number) {
  const { batch, watched } = watchedBatch<QueuedWebhook>('collabkart-webhooks', bodies)
  const asked = new Map<string, number | undefined>()
  const watching = {
    ...watched,
    messages: watched.messages.map((m) => ({
      ...m,
      ack: () => m.ack(),
      retry: (options?: QueueRetryOptions) => {
        asked.set(m.id, options?.delaySeconds)
        m.retry(options)
      },
    })),
  } as MessageBatch<QueuedWebhook>
  await deliverWebhooks(watching, bindings, post, timeoutMs)
  const result = await getQueueResult(batch, createExecutionContext())
  return batch.messages.map((m) => ({ acked: result.explicitAcks.includes(m.id), retried: asked.has(m.id), delay: asked.get(m.id) }))
}

/** Receivers by address: `hang` never answers (it gives up only when the call's timeout aborts it). */
function receivers(log: string[]) {
  const post: Poster = (url, init) => {
    if (url.includes('/hang'))
      return new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => {
          log.push(`${url} gave up`)
          reject(init.signal?.reason)
        }),
      )
    log.push(`${url} got ${JSON.parse(String(init.body)).type}`)
    return Promise.resolve(new Response(null, { status: 204 }))
  }
  return post
}

describe('each endpoint on its own', () => {
  it('delivers to the healthy endpoints in the same batch while a third never answers, and retries only that one', async () => {
    const { vendor, marketer, product } = await scene()
    const hang = await addEndpoint(vendor, ['lead.created'], 'https://hooks.example.com/hang')
    await addEndpoint(vendor, ['lead.created'], 'https://crm.example.com/a')
    await addEndpoint(vendor, ['lead.created'], 'https://shop.example.com/b')
    const q = recording<QueuedWebhook>()
    await newLead(q.queue, product, marketer)
    expect(q.sent).toHaveLength(3)
    // The hanging endpoint's message first in the batch: it must not go first and hold the others.
    const ordered = [...q.sent].sort((x, y) => Number(y.endpointId === hang.endpoint.EndpointID) - Number(x.endpointId === hang.endpoint.EndpointID))
    expect(ordered[0].endpointId).toBe(hang.endpoint.EndpointID)
    const log: string[] = []
    const verdicts = await consumeBatch(ordered, receivers(log), 1500)
    expect(log.slice(0, 2).sort()).toEqual(['https://crm.example.com/a got lead.created', 'https://shop.example.com/b got lead.created'])
    expect(log[2]).toBe('https://hooks.example.com/hang gave up')
    expect(verdicts).toEqual([
      { acked: false, retried: true, delay: 5 },
      { acked: true, retried: false, delay: undefined },
      { acked: true, retried: false, delay: undefined },
    ])
    const states = await Promise.all(ordered.map(async (m) => (await deliveryRow(m.deliveryId))?.state))
    expect(states).toEqual(['pending', 'delivered', 'delivered'])
  })

  it('counts the 5 s retry from the timeout, not from the call', async () => {
    const vendor = await makeVendor()
    const { endpoint } = await addEndpoint(vendor, ALL_EVENTS, 'https://hooks.example.com/hang')
    const q = recording<QueuedWebhook>()
    await act({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/endpoints/${endpoint.EndpointID}/test`, { token: vendor.token })
    let gaveUpAt = 0
    const post: Poster = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => {
          gaveUpAt = Date.now()
          reject(init.signal?.reason)
        }),
      )
    // A scheduled delivery (an event's): the test event's message without `once`.
    const [verdict] = await consumeBatch([{ deliveryId: q.sent[0].deliveryId, endpointId: endpoint.EndpointID }], post, 1200)
    expect(verdict).toEqual({ acked: false, retried: true, delay: 5 })
    const row = await deliveryRow(q.sent[0].deliveryId)
    expect(row?.attempts).toBe(1)
    expect(Date.parse(row?.nextAttemptAt ?? '')).toBeGreaterThanOrEqual(gaveUpAt + 5000)
  })
})

describe('the order of events', () => {
  it("numbers each vendor's events in the order they happen, in the body and a header", async () => {
    const { vendor, marketer, product } = await scene()
    const { secret } = await addEndpoint(vendor)
    const q = recording<QueuedWebhook>()
    const first = await newLead(q.queue, product, marketer)
    expect((await setStatus(q.queue, vendor, first, 'Converted')).status).toBe(200)
    await newLead(q.queue, product, marketer)
    const got = await queued(q.sent)
    const seq = got.map((g) => [g.type, (g.body as { sequence?: number }).sequence])
    const start = seq[0][1] as number
    expect(start).toBeGreaterThanOrEqual(1)
    // A status change and the commission it wrote are one change: they share its number.
    expect(seq).toEqual([
      ['lead.created', start],
      ['lead.status_changed', start + 1],
      ['commission.created', start + 1],
      ['lead.created', start + 2],
    ])
    // Before `data`, signed with it, and repeated in the collabkart-sequence header.
    expect(Object.keys(got[0].body)).toEqual(['type', 'timestamp', 'sequence', 'data'])
    const r = receiver(200)
    await consume(q.sent[3], r.post)
    expect(r.got[0].headers['collabkart-sequence']).toBe(String(start + 2))
    expect(new Webhook(secret).verify(r.got[0].body, r.got[0].headers)).toMatchObject({ sequence: start + 2 })

    // Another vendor counts on its own.
    const other = await scene()
    await addEndpoint(other.vendor, ['lead.created'])
    const q2 = recording<QueuedWebhook>()
    await newLead(q2.queue, other.product, other.marketer)
    expect(((await queued(q2.sent))[0].body as { sequence?: number }).sequence).toBe(1)
  })

  it('gives leads raised at the same moment different numbers', async () => {
    const { vendor, marketer, product } = await scene()
    await addEndpoint(vendor, ['lead.created'])
    const q = recording<QueuedWebhook>()
    await Promise.all(Array.from({ length: 8 }, () => newLead(q.queue, product, marketer)))
    const numbers = (await queued(q.sent)).map((g) => (g.body as { sequence?: number }).sequence)
    expect(new Set(numbers).size).toBe(8)
    expect(numbers.every((n) => typeof n === 'number')).toBe(true)
  })
})

describe('erasure', () => {
  it("takes an erased buyer out of the delivery log's bodies, and an erased vendor's endpoints away", async () => {
    const { vendor, marketer, product } = await scene()
    const { endpoint } = await addEndpoint(vendor, ['lead.created'])
    const q = recording<QueuedWebhook>()
    const phone = '9733300011'
    const made = await act<{ LeadID: number }>({ WEBHOOK_QUEUE: q.queue }, 'POST', '/api/leads/create', {
      json: leadForm(product, marketer, { ClientPhone: phone, ClientName: 'Farah Khan', ClientEmail: 'farah@example.in' }),
      headers: { 'cf-connecting-ip': freshIp() },
    })
    expect(made.status).toBe(201)
    expect((await deliveryRow(q.sent[0].deliveryId))?.payload).toContain('farah@example.in')
    const admin = await makeAdmin()
    const erased = await act({}, 'POST', '/api/admin/buyers/erase', { token: admin.token, json: { phone, reasonCode: 'data-request' } })
    expect(erased.status, erased.body.message).toBe(200)
    const log = await act<WebhookDeliveryDTO[]>({}, 'GET', `/api/webhooks/endpoints/${endpoint.EndpointID}/deliveries`, { token: vendor.token })
    const body = JSON.parse(log.body.data[0].payload)
    expect(body.data.buyer).toEqual({ name: expect.any(String), email: null, phone: '' })
    expect(log.body.data[0].payload).not.toMatch(/Farah|farah@|9733300011/)
    expect(body.data.leadId).toBe(made.body.data.LeadID)

    const gone = await act({}, 'POST', `/api/admin/vendors/${vendor.id}/erase`, {
      token: admin.token,
      json: { email: vendor.email, reasonCode: 'data-request' },
    })
    expect(gone.status, gone.body.message).toBe(200)
    expect(await endpointRow(endpoint.EndpointID)).toBeNull()
    expect(await deliveryRow(q.sent[0].deliveryId)).toBeNull()
  })
})

describe('endpoint addresses (SSRF)', () => {
  const production = { local: false }
  const local = { local: true }
  const refusedEverywhere = [
    'https://10.0.0.8/hook',
    'https://172.16.0.1/hook',
    'https://172.31.255.255/hook',
    'https://192.168.1.10/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://0.0.0.0/hook',
    'https://0/hook',
    'https://[fc00::1]/hook',
    'https://[fd12:3456::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:10.0.0.1]/hook',
    'https://[::ffff:169.254.169.254]/hook',
    'https://[::]/hook',
    // Mapped forms are refused outright, loopback too (decision 254).
    'https://[::ffff:127.0.0.1]/hook',
    // Spellings the URL parser turns into a private address.
    'https://0xa.0.0.1/hook',
    'https://167772161/hook',
    'https://012.0.0.1/hook',
  ]
  const loopback = [
    'https://127.0.0.1/hook',
    'https://127.8.9.10/hook',
    'https://[::1]/hook',
    'https://localhost/hook',
    'https://LOCALHOST./hook',
    'https://api.localhost/hook',
    'https://0x7f.1/hook',
    'https://2130706433/hook',
  ]

  it.each(refusedEverywhere)('refuses %s in production and in a local run', (url) => {
    expect(checkEndpointUrl(url, production)).toEqual({ ok: false, message: WEBHOOK_MESSAGES.urlPrivate })
    expect(checkEndpointUrl(url, local)).toEqual({ ok: false, message: WEBHOOK_MESSAGES.urlPrivate })
  })

  it.each(loopback)('refuses loopback %s in production, accepts it in a local run', (url) => {
    expect(checkEndpointUrl(url, production)).toEqual({ ok: false, message: WEBHOOK_MESSAGES.urlPrivate })
    expect(checkEndpointUrl(url, local).ok).toBe(true)
  })

  it('takes https to public addresses everywhere, plain http only to loopback in a local run', () => {
    expect(checkEndpointUrl('https://hooks.example.com/x', production)).toEqual({ ok: true, url: 'https://hooks.example.com/x' })
    expect(checkEndpointUrl('https://172.32.0.1/x', production).ok).toBe(true)
    expect(checkEndpointUrl('https://[2606:4700::1111]/x', production).ok).toBe(true)
    expect(checkEndpointUrl('http://hooks.example.com/x', production)).toEqual({ ok: false, message: WEBHOOK_MESSAGES.urlHttps })
    expect(checkEndpointUrl('http://hooks.example.com/x', local)).toEqual({ ok: false, message: WEBHOOK_MESSAGES.urlHttps })
    expect(checkEndpointUrl('http://127.0.0.1:8788/x', production)).toEqual({ ok: false, message: WEBHOOK_MESSAGES.urlPrivate })
    expect(checkEndpointUrl('http://127.0.0.1:8788/x', local).ok).toBe(true)
    expect(checkEndpointUrl('ftp://hooks.example.com/x', local)).toEqual({ ok: false, message: WEBHOOK_MESSAGES.urlHttps })
    expect(checkEndpointUrl('hooks.example.com', local)).toEqual({ ok: false, message: WEBHOOK_MESSAGES.urlInvalid })
  })

  it('refuses a loopback endpoint through the API in production and takes it in a local run', async () => {
    const vendor = await makeVendor()
    const deployed = { ALLOW_HOST_ORIGIN: undefined, PUBLIC_ORIGIN: 'https://collabkart.in' }
    const refused = await act(deployed, 'POST', '/api/webhooks/endpoints', {
      token: vendor.token,
      json: { url: 'http://127.0.0.1:9999/hook', events: ['lead.created'] },
    })
    expect(refused).toMatchObject({ status: 400, body: { message: WEBHOOK_MESSAGES.urlPrivate } })
    await addEndpoint(vendor, ['lead.created'], 'http://127.0.0.1:9999/hook')
    // An endpoint that got in locally is still never called from production.
    const list = await act<WebhookEndpointDTO[]>({}, 'GET', '/api/webhooks/endpoints', { token: vendor.token })
    const q = recording<QueuedWebhook>()
    await act({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/endpoints/${list.body.data[0].EndpointID}/test`, { token: vendor.token })
    const r = receiver(200)
    await consume(q.sent[0], r.post, deployed)
    expect(r.got).toHaveLength(0)
    expect(await deliveryRow(q.sent[0].deliveryId)).toMatchObject({ state: 'failed', lastResponse: `Not sent: ${WEBHOOK_MESSAGES.urlPrivate}` })
  })
})

describe('endpoints through the API', () => {
  it("refuses another vendor's endpoint and delivery with 404 and changes nothing", async () => {
    const owner = await makeVendor()
    const other = await makeVendor()
    const { endpoint } = await addEndpoint(owner, ['lead.created'])
    const q = recording<QueuedWebhook>()
    const test = await act<WebhookDeliveryDTO>({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/endpoints/${endpoint.EndpointID}/test`, {
      token: owner.token,
    })
    const id = endpoint.EndpointID
    const attempts = [
      act({ WEBHOOK_QUEUE: q.queue }, 'PUT', `/api/webhooks/endpoints/${id}`, { token: other.token, json: { enabled: false } }),
      act({ WEBHOOK_QUEUE: q.queue }, 'DELETE', `/api/webhooks/endpoints/${id}`, { token: other.token }),
      act({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/endpoints/${id}/rotate`, { token: other.token }),
      act({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/endpoints/${id}/test`, { token: other.token }),
      act({ WEBHOOK_QUEUE: q.queue }, 'GET', `/api/webhooks/endpoints/${id}/deliveries`, { token: other.token }),
      act({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/deliveries/${test.body.data.DeliveryID}/resend`, { token: other.token }),
    ]
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404)
    expect(q.sent).toHaveLength(1)
    const mine = await act<WebhookEndpointDTO[]>({}, 'GET', '/api/webhooks/endpoints', { token: owner.token })
    expect(mine.body.data).toEqual([endpoint])
    const theirs = await act<WebhookEndpointDTO[]>({}, 'GET', '/api/webhooks/endpoints', { token: other.token })
    expect(theirs.body.data).toEqual([])
    const marketer = await makeMarketer()
    expect((await act({}, 'GET', '/api/webhooks/endpoints', { token: marketer.token })).status).toBe(403)
    expect((await act({}, 'GET', '/api/webhooks/endpoints')).status).toBe(401)
  })

  it('answers 401 to every bad token and 403 to an influencer or admin on every webhook route, changing nothing', async () => {
    const vendor = await makeVendor()
    const { endpoint } = await addEndpoint(vendor)
    const q = recording<QueuedWebhook>()
    const test = await act<WebhookDeliveryDTO>({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/endpoints/${endpoint.EndpointID}/test`, {
      token: vendor.token,
    })
    const id = endpoint.EndpointID
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/webhooks/endpoints'],
      ['POST', '/api/webhooks/endpoints', { url: 'https://hooks.example.com/new', events: ['lead.created'] }],
      ['PUT', `/api/webhooks/endpoints/${id}`, { enabled: false }],
      ['DELETE', `/api/webhooks/endpoints/${id}`],
      ['POST', `/api/webhooks/endpoints/${id}/rotate`],
      ['POST', `/api/webhooks/endpoints/${id}/test`],
      ['GET', `/api/webhooks/endpoints/${id}/deliveries`],
      ['POST', `/api/webhooks/deliveries/${test.body.data.DeliveryID}/resend`],
    ]
    const marketer = await makeMarketer()
    const admin = await makeAdmin()
    for (const [method, path, json] of routes) {
      for (const [kind, token] of await badTokens('vendor', vendor.id)) {
        expect((await act({ WEBHOOK_QUEUE: q.queue }, method, path, { token, json })).status, `${method} ${path} with ${kind}`).toBe(401)
      }
      for (const token of [marketer.token, admin.token]) {
        expect((await act({ WEBHOOK_QUEUE: q.queue }, method, path, { token, json })).status, `${method} ${path}`).toBe(403)
      }
    }
    expect(q.sent).toHaveLength(1)
    const mine = await act<WebhookEndpointDTO[]>({}, 'GET', '/api/webhooks/endpoints', { token: vendor.token })
    expect(mine.body.data).toEqual([endpoint])
  })

  it('validates the events, keeps at most 10 endpoints, updates and deletes', async () => {
    const vendor = await makeVendor()
    const none = await act({}, 'POST', '/api/webhooks/endpoints', { token: vendor.token, json: { url: 'https://hooks.example.com/x', events: [] } })
    expect(none).toMatchObject({ status: 400, body: { message: WEBHOOK_MESSAGES.eventsRequired } })
    const unknown = await act({}, 'POST', '/api/webhooks/endpoints', {
      token: vendor.token,
      json: { url: 'https://hooks.example.com/x', events: ['lead.deleted'] },
    })
    expect(unknown).toMatchObject({ status: 400, body: { message: WEBHOOK_MESSAGES.eventsInvalid } })
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        act({}, 'POST', '/api/webhooks/endpoints', { token: vendor.token, json: { url: `https://hooks.example.com/${i}`, events: ['lead.created'] } }),
      ),
    )
    expect(made.filter((r) => r.status === 201)).toHaveLength(10)
    expect(made.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual([WEBHOOK_MESSAGES.tooMany, WEBHOOK_MESSAGES.tooMany])
    const page1 = await act<WebhookEndpointDTO[]>({}, 'GET', '/api/webhooks/endpoints?limit=4', { token: vendor.token })
    const paging = (page1.body as unknown as { paging: { total: number; nextCursor: string } }).paging
    expect(paging.total).toBe(10)
    const page2 = await act<WebhookEndpointDTO[]>({}, 'GET', `/api/webhooks/endpoints?limit=4&cursor=${encodeURIComponent(paging.nextCursor)}`, {
      token: vendor.token,
    })
    expect(page2.body.data[0].EndpointID).toBeLessThan(page1.body.data[3].EndpointID)
    const id = page1.body.data[0].EndpointID
    const changed = await act<WebhookEndpointDTO>({}, 'PUT', `/api/webhooks/endpoints/${id}`, {
      token: vendor.token,
      json: { events: ['payout.recorded'], enabled: false },
    })
    expect(changed.body.data).toMatchObject({ events: ['payout.recorded'], enabled: false })
    expect((await act({}, 'DELETE', `/api/webhooks/endpoints/${id}`, { token: vendor.token })).status).toBe(200)
    expect((await act({}, 'GET', `/api/webhooks/endpoints/${id}/deliveries`, { token: vendor.token })).status).toBe(404)
  })
})

describe('limits on test events and resends', () => {
  it(`takes ${WEBHOOK_TESTS_PER_ENDPOINT.max} test events an hour per endpoint, then 429 with a message; another endpoint goes on`, async () => {
    const vendor = await makeVendor()
    const { endpoint } = await addEndpoint(vendor)
    const { endpoint: second } = await addEndpoint(vendor, ALL_EVENTS, 'https://hooks.example.com/second')
    const q = recording<QueuedWebhook>()
    const test = (id: number) => act({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/endpoints/${id}/test`, { token: vendor.token })
    for (let i = 0; i < WEBHOOK_TESTS_PER_ENDPOINT.max; i++) expect((await test(endpoint.EndpointID)).status).toBe(201)
    const refused = await test(endpoint.EndpointID)
    expect([refused.status, refused.body.message]).toEqual([429, WEBHOOK_MESSAGES.testsTooMany])
    expect(q.sent).toHaveLength(WEBHOOK_TESTS_PER_ENDPOINT.max)
    expect((await test(second.EndpointID)).status).toBe(201)
  })

  it(`takes ${WEBHOOK_RESENDS_PER_VENDOR.max} resends an hour per vendor, then 429 with a message; another vendor goes on`, async () => {
    const q = recording<QueuedWebhook>()
    const [vendor, other] = [await makeVendor(), await makeVendor()]
    const deliveries: number[] = []
    for (const v of [vendor, other]) {
      const { endpoint } = await addEndpoint(v)
      const made = await act<WebhookDeliveryDTO>({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/endpoints/${endpoint.EndpointID}/test`, { token: v.token })
      deliveries.push(made.body.data.DeliveryID)
    }
    const resend = (v: SignedInVendor, id: number) => act({ WEBHOOK_QUEUE: q.queue }, 'POST', `/api/webhooks/deliveries/${id}/resend`, { token: v.token })
    for (let i = 0; i < WEBHOOK_RESENDS_PER_VENDOR.max; i++) expect((await resend(vendor, deliveries[0])).status).toBe(200)
    const refused = await resend(vendor, deliveries[0])
    expect([refused.status, refused.body.message]).toEqual([429, WEBHOOK_MESSAGES.resendsTooMany])
    expect((await resend(other, deliveries[1])).status).toBe(200)
  })
})
