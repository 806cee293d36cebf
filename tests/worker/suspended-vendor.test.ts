// A suspended vendor is cut off everywhere at once (decision 241): their API keys answer 401 with
// the suspension message, nothing more is delivered to their webhook endpoints, and their stores'
// order webhooks are refused until the back office reinstates them.

import { createHmac } from 'node:crypto'
import { createExecutionContext, getQueueResult } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { SUSPENDED_MESSAGE } from '../../worker/contract/admin'
import type { LeadDTO } from '../../worker/contract/lead'
import { STORE_MESSAGES, type StoreDTO } from '../../worker/contract/stores'
import { CONVERSION_MESSAGES, type ConversionDTO, V1_AUTH_MESSAGES } from '../../worker/contract/v1'
import type { WebhookSecretDTO } from '../../worker/contract/webhooks'
import type { Bindings } from '../../worker/env'
import { deliverWebhooks, type Poster } from '../../worker/services/webhook-delivery'
import { followForWebhooks } from '../../worker/services/webhooks'
import { call, ORIGIN } from '../helpers/api'
import { makeApiKey } from '../helpers/api-keys'
import { makeAdmin, makeLead, makeMarketer, makeProduct, makeVendor, type SignedInAdmin, type SignedInVendor } from '../helpers/factories'
import { watchedBatch } from '../helpers/queues'
import type { MarketplaceEvent, QueuedWebhook } from '../../worker/types'

const bindings = env as unknown as Bindings

async function scene() {
  const admin = await makeAdmin()
  const vendor = await makeVendor({ VendorName: 'Chai & Co.' })
  const marketer = await makeMarketer()
  const product = await makeProduct(vendor, { Price: '1000', CommissionType: 'Fixed', CommissionValue: '150' })
  const lead = await makeLead(product, marketer)
  const key = await makeApiKey(vendor, ['leads:read', 'conversions:write'])
  return { admin, vendor, marketer, product, lead, key }
}

const suspend = (admin: SignedInAdmin, vendor: SignedInVendor) =>
  call('POST', `/api/admin/vendors/${vendor.id}/suspend`, { token: admin.token, json: { reason: 'Fake invoices' } })
const reinstate = (admin: SignedInAdmin, vendor: SignedInVendor) =>
  call('POST', `/api/admin/vendors/${vendor.id}/reinstate`, { token: admin.token, json: { reason: 'Invoices checked' } })
const entryCount = async (leadId: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM commission_entries WHERE LeadID = ?').bind(leadId).first<{ n: number }>())?.n

describe("a suspended vendor's API keys", () => {
  it('answer 401 with the suspension message on a read and on a conversion, which writes no ledger entry', async () => {
    const { admin, vendor, lead, key } = await scene()
    expect((await call('GET', '/api/v1/leads', { token: key.Secret })).status).toBe(200)
    expect((await suspend(admin, vendor)).status).toBe(200)

    for (const path of ['/api/v1/leads', `/api/v1/leads/${lead.LeadID}`, '/api/v1/products']) {
      const res = await call<LeadDTO[] | null>('GET', path, { token: key.Secret })
      expect([res.status, res.body.message, res.body.data]).toEqual([401, SUSPENDED_MESSAGE, null])
    }
    const convert = await call<ConversionDTO | null>('POST', '/api/v1/conversions', { token: key.Secret, json: { leadId: lead.LeadID, orderId: 'SUSP-1' } })
    expect([convert.status, convert.body.message, convert.body.data]).toEqual([401, SUSPENDED_MESSAGE, null])
    expect(await entryCount(lead.LeadID)).toBe(0)
    const status = await call('PUT', `/api/v1/leads/${lead.LeadID}/status`, { token: key.Secret, json: { Status: 'Lost' } })
    expect([status.status, status.body.message]).toEqual([401, SUSPENDED_MESSAGE])
  })

  it('work again once the vendor is reinstated', async () => {
    const { admin, vendor, lead, key } = await scene()
    expect((await suspend(admin, vendor)).status).toBe(200)
    expect((await call('GET', '/api/v1/leads', { token: key.Secret })).status).toBe(401)
    expect((await reinstate(admin, vendor)).status).toBe(200)
    expect((await call('GET', '/api/v1/leads', { token: key.Secret })).status).toBe(200)
    const convert = await call<ConversionDTO>('POST', '/api/v1/conversions', { token: key.Secret, json: { leadId: lead.LeadID, orderId: 'BACK-1' } })
    expect([convert.status, convert.body.message]).toEqual([201, CONVERSION_MESSAGES.recorded])
    expect(await entryCount(lead.LeadID)).toBe(1)
  })

  it('of an erased vendor answer 401 and show nothing', async () => {
    const { admin, vendor, lead, key } = await scene()
    const erased = await call('POST', `/api/admin/vendors/${vendor.id}/erase`, {
      token: admin.token,
      json: { email: vendor.email, reasonCode: 'data-request' },
    })
    expect(erased.status, erased.body.message).toBe(200)
    for (const [method, path, json] of [
      ['GET', '/api/v1/leads', undefined],
      ['POST', '/api/v1/conversions', { leadId: lead.LeadID, orderId: 'GONE-1' }],
    ] as const) {
      const res = await call(method, path, { token: key.Secret, json })
      expect(res.status).toBe(401)
      // Suspended by the erasure; once erasure also revokes the keys, the key is simply not valid.
      expect([SUSPENDED_MESSAGE, V1_AUTH_MESSAGES.invalid]).toContain(res.body.message)
      expect(res.body.data).toBeNull()
    }
    expect(await entryCount(lead.LeadID)).toBe(0)
  })
})

/** A receiver that answers 200 and keeps what it got. */
function receiver() {
  const got: string[] = []
  const post: Poster = async (url) => {
    got.push(url)
    return new Response('ok', { status: 200 })
  }
  return { post, got }
}

function recordingQueue() {
  const sent: QueuedWebhook[] = []
  const queue = {
    async send(body: QueuedWebhook) {
      sent.push(body)
    },
    async sendBatch(messages: Iterable<MessageSendRequest<QueuedWebhook>>) {
      for (const m of messages) sent.push(m.body)
    },
  }
  return { queue: queue as unknown as Queue<QueuedWebhook>, sent }
}

async function consume(body: QueuedWebhook, post: Poster) {
  const { batch, watched } = watchedBatch<QueuedWebhook>('collabkart-webhooks', [body])
  await deliverWebhooks(watched, bindings, post)
  const result = await getQueueResult(batch, createExecutionContext())
  return { acked: result.explicitAcks.length === 1, retried: result.retryMessages.length === 1 }
}

const deliveryRow = (id: number) =>
  env.DB.prepare('SELECT state, attempts, lastResponse FROM webhook_deliveries WHERE DeliveryID = ?')
    .bind(id)
    .first<{ state: string; attempts: number; lastResponse: string | null }>()

describe("a suspended vendor's webhooks", () => {
  it('are not sent: a delivery queued before the suspension is marked not sent, and later events make none', async () => {
    const { admin, vendor, marketer, product, lead } = await scene()
    const made = await call<WebhookSecretDTO>('POST', '/api/webhooks/endpoints', {
      token: vendor.token,
      json: { url: 'https://hooks.example.com/collabkart', events: ['lead.created', 'lead.status_changed'] },
    })
    expect(made.status, made.body.message).toBe(201)
    const q = recordingQueue()
    const event = (type: 'lead.created'): MarketplaceEvent => ({
      type,
      leadId: lead.LeadID,
      vendorId: vendor.id,
      marketerId: marketer.id,
      productId: product.ProductID,
      at: new Date().toISOString(),
    })
    await followForWebhooks({ ...bindings, WEBHOOK_QUEUE: q.queue }, event('lead.created'))
    expect(q.sent).toHaveLength(1)

    expect((await suspend(admin, vendor)).status).toBe(200)
    const hook = receiver()
    expect(await consume(q.sent[0], hook.post)).toEqual({ acked: true, retried: false })
    expect(hook.got).toEqual([])
    expect(await deliveryRow(q.sent[0].deliveryId)).toEqual({ state: 'failed', attempts: 0, lastResponse: "Not sent: the vendor's account is suspended" })

    const later = recordingQueue()
    const changed: MarketplaceEvent = {
      type: 'lead.status_changed',
      leadId: lead.LeadID,
      vendorId: vendor.id,
      marketerId: marketer.id,
      from: 'Pending',
      to: 'Lost',
      reason: 'Buyer cancelled',
      at: new Date().toISOString(),
    }
    await followForWebhooks({ ...bindings, WEBHOOK_QUEUE: later.queue }, changed)
    expect(later.sent).toEqual([])
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM webhook_deliveries WHERE EndpointID = ?')
      .bind(made.body.data.endpoint.EndpointID)
      .first<{ n: number }>()
    expect(rows?.n).toBe(1)

    // Reinstated: the same event is delivered from then on (what was held back stays unsent).
    expect((await reinstate(admin, vendor)).status).toBe(200)
    const after = recordingQueue()
    await followForWebhooks({ ...bindings, WEBHOOK_QUEUE: after.queue }, changed)
    expect(after.sent).toHaveLength(1)
    const resent = receiver()
    expect(await consume(after.sent[0], resent.post)).toEqual({ acked: true, retried: false })
    expect(resent.got).toEqual(['https://hooks.example.com/collabkart'])
  })
})

const STORE_SECRET = 'hush-shopify-secret-2026'
const sign = (body: string) => createHmac('sha256', STORE_SECRET).update(body).digest('base64')

async function deliver(store: StoreDTO, body: string, signature = sign(body)) {
  const headers = new Headers({ 'content-type': 'application/json', 'X-Shopify-Topic': 'orders/paid', 'X-Shopify-Webhook-Id': crypto.randomUUID() })
  headers.set('X-Shopify-Hmac-SHA256', signature)
  const res = await exports.default.fetch(new Request(`${ORIGIN}${new URL(store.webhookUrl).pathname}`, { method: 'POST', headers, body }))
  return { status: res.status, body: (await res.json()) as { message: string; data: unknown } }
}

const storeEventCount = async (storeId: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM store_events WHERE StoreID = ?').bind(storeId).first<{ n: number }>())?.n

describe("a suspended vendor's stores", () => {
  it('have their order webhooks refused with 403 and nothing kept, forged ones still refused as for no store (404), and accepted again after reinstatement', async () => {
    const { admin, vendor } = await scene()
    const connected = await call<StoreDTO>('POST', '/api/stores', {
      token: vendor.token,
      json: { kind: 'shopify', shop: 'kurta-house.myshopify.com', secret: STORE_SECRET },
    })
    expect(connected.status).toBe(201)
    const store = connected.body.data
    const order = JSON.stringify({
      id: 7001,
      admin_graphql_api_id: 'gid://shopify/Order/7001',
      financial_status: 'paid',
      currency: 'INR',
      subtotal_price: '1499.00',
      email: 'buyer@example.in',
      note_attributes: [],
    })

    expect((await suspend(admin, vendor)).status).toBe(200)
    const refused = await deliver(store, order)
    expect([refused.status, refused.body.message, refused.body.data]).toEqual([403, STORE_MESSAGES.vendorSuspended, null])
    expect((await deliver(store, order, 'bm90IHRoZSBzaWduYXR1cmU=')).status).toBe(404)
    expect(await storeEventCount(store.StoreID)).toBe(0)

    expect((await reinstate(admin, vendor)).status).toBe(200)
    const accepted = await deliver(store, order)
    expect([accepted.status, accepted.body.message]).toEqual([200, STORE_MESSAGES.received])
    expect(await storeEventCount(store.StoreID)).toBe(1)
  })
})
