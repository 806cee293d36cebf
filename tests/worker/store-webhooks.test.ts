// Shopify and WooCommerce order webhooks in (decision 191): the vendor connects a store, the store posts
// signed deliveries to its receiving address, and every signed delivery is kept for the vendor.

import { createHmac } from 'node:crypto'
import { env, exports } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { StoreDTO, StoreEventDTO } from '../../worker/contract/stores'
import { makeDb } from '../../worker/db/client'
import { commissionEntries, storeEvents, stores } from '../../worker/db/schema'
import { seal, unseal } from '../../worker/domain/secret-box'
import { storeOrderId, verifyStoreSignature } from '../../worker/domain/store-webhooks'
import { vendorOrder } from '../../worker/services/orders'
import { call, ORIGIN } from '../helpers/api'
import { makeMarketer, makeVendor, type SignedInVendor } from '../helpers/factories'
import { insertProduct } from '../helpers/rows'
import { BROWSER_UA } from '../helpers/tracking'
import { d1Figures } from '../helpers/server-timing'

const SHOPIFY_SECRET = 'hush-shopify-secret-2026'
const WOO_SECRET = 'wc-secret-for-tests-2026'

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64')

async function connect(vendor: SignedInVendor, kind: 'shopify' | 'woocommerce', secret = kind === 'shopify' ? SHOPIFY_SECRET : WOO_SECRET) {
  const res = await call<StoreDTO>('POST', '/api/stores', { token: vendor.token, json: { kind, shop: 'https://Kurta-House.myshopify.com/', secret } })
  expect(res.status).toBe(201)
  return res.body.data
}

type Delivery = { topic?: string; id?: string; signature?: string | null; secret?: string }

async function deliver(store: StoreDTO, body: string, d: Delivery = {}) {
  const shopify = store.kind === 'shopify'
  const headers = new Headers({ 'content-type': 'application/json' })
  const signature = d.signature === undefined ? sign(d.secret ?? (shopify ? SHOPIFY_SECRET : WOO_SECRET), body) : d.signature
  if (signature !== null) headers.set(shopify ? 'X-Shopify-Hmac-SHA256' : 'X-WC-Webhook-Signature', signature)
  headers.set(shopify ? 'X-Shopify-Topic' : 'X-WC-Webhook-Topic', d.topic ?? (shopify ? 'orders/paid' : 'order.updated'))
  headers.set(shopify ? 'X-Shopify-Webhook-Id' : 'X-WC-Webhook-Delivery-ID', d.id ?? crypto.randomUUID())
  const path = new URL(store.webhookUrl).pathname
  const res = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body }))
  return { status: res.status, body: (await res.json()) as { statusCode: number; message: string; data: { outcome: string | null } | null } }
}

const eventsOf = (storeId: number) => makeDb(env.DB).select().from(storeEvents).where(eq(storeEvents.StoreID, storeId))

const shopifyOrder = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 5678901234567,
    admin_graphql_api_id: `gid://shopify/Order/${over.id ?? '5678901234567'}`,
    financial_status: 'paid',
    currency: 'INR',
    subtotal_price: '1499.00',
    created_at: '2026-11-26T10:00:00+05:30',
    note_attributes: [],
    line_items: [{ id: 11, sku: 'KURTA-INDIGO', quantity: 1, price: '1499.00', discount_allocations: [] }],
    ...over,
  })

describe('store signatures', () => {
  // The vectors were computed two ways outside the Worker, which agree: node:crypto
  // createHmac('sha256', secret).update(body).digest('base64'), and
  // `openssl dgst -sha256 -hmac "$secret" -binary body.json | base64`. RFC 4231 test case 2
  // (key "Jefe") checks the same path against a published HMAC-SHA256 value, in base64.
  const shopifyBody =
    '{"id":820982911946154508,"email":"jon@example.com","financial_status":"paid","currency":"INR","subtotal_price":"1499.00","note_attributes":[{"name":"ck_ref","value":"AbCdEfGh12345678"}]}'
  const wooBody =
    '{"id":727,"status":"processing","currency":"INR","meta_data":[{"id":1,"key":"_ck_ref","value":"AbCdEfGh12345678"}],"line_items":[{"id":1,"total":"999.00"}]}'
  const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer

  it('accepts the base64 HMAC-SHA256 of the raw body, as Shopify and WooCommerce send it', async () => {
    expect(await verifyStoreSignature(bytes(shopifyBody), 'ZyizC5fgd+JBAm7X7es6iPDNnHkdsJYga9Jp46VFoqc=', SHOPIFY_SECRET)).toBe(true)
    expect(await verifyStoreSignature(bytes(wooBody), 'wP9UuJThN5IokJ2IL56C9gXRx6XrrRUw64VJ9DJEqZ0=', WOO_SECRET)).toBe(true)
    expect(await verifyStoreSignature(bytes('what do ya want for nothing?'), 'W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM=', 'Jefe')).toBe(true)
  })

  it('refuses another secret, a changed body, a hex digest, a missing or malformed header', async () => {
    const good = 'ZyizC5fgd+JBAm7X7es6iPDNnHkdsJYga9Jp46VFoqc='
    expect(await verifyStoreSignature(bytes(shopifyBody), good, WOO_SECRET)).toBe(false)
    expect(await verifyStoreSignature(bytes(shopifyBody.replace('1499.00', '14.99')), good, SHOPIFY_SECRET)).toBe(false)
    expect(await verifyStoreSignature(bytes(shopifyBody), createHmac('sha256', SHOPIFY_SECRET).update(shopifyBody).digest('hex'), SHOPIFY_SECRET)).toBe(false)
    for (const bad of [null, '', 'not base64!', `${good}=`]) expect(await verifyStoreSignature(bytes(shopifyBody), bad, SHOPIFY_SECRET)).toBe(false)
  })

  it('keeps secrets sealed: they open only with the same key and owner', async () => {
    const sealed = await seal('shpss_abc123', 'vendor:1', 'jwt-secret')
    expect(sealed).not.toContain('shpss_abc123')
    expect(await unseal(sealed, 'vendor:1', 'jwt-secret')).toBe('shpss_abc123')
    expect(await unseal(sealed, 'vendor:2', 'jwt-secret')).toBeNull()
    expect(await unseal(sealed, 'vendor:1', 'other-secret')).toBeNull()
  })
})

describe('connecting a store', () => {
  it('never answers the secret again, only a hint, and gives the receiving address', async () => {
    const vendor = await makeVendor()
    const store = await connect(vendor, 'shopify')
    expect(store).toMatchObject({ kind: 'shopify', shop: 'kurta-house.myshopify.com', secretHint: '••••2026', events: 0, unmatched: 0 })
    expect(store.webhookUrl).toBe(`${ORIGIN}/api/v1/stores/shopify/${store.StoreID}`)
    const list = await call<StoreDTO[]>('GET', '/api/stores', { token: vendor.token })
    expect(list.body.data.map((s) => s.StoreID)).toEqual([store.StoreID])
    expect(JSON.stringify(list.body)).not.toContain(SHOPIFY_SECRET)
    const [row] = await makeDb(env.DB).select().from(stores).where(eq(stores.StoreID, store.StoreID))
    expect(row.secretSealed).not.toContain(SHOPIFY_SECRET)
  })

  it('refuses a bad kind, address or secret with the message for it', async () => {
    const vendor = await makeVendor()
    for (const [json, message] of [
      [{ kind: 'magento', shop: 'a.in', secret: 'x'.repeat(10) }, 'Choose Shopify or WooCommerce'],
      [{ kind: 'shopify', shop: 'not a shop', secret: 'x'.repeat(10) }, 'Enter the store address, e.g. mystore.myshopify.com or shop.example.in'],
      [{ kind: 'shopify', shop: 'a.in', secret: 'short' }, 'Enter the webhook secret from your store (8 to 256 characters)'],
    ] as const) {
      const res = await call('POST', '/api/stores', { token: vendor.token, json })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(message)
    }
  })

  it("is the vendor's own: another vendor cannot list its events or remove it, influencers cannot call at all", async () => {
    const vendor = await makeVendor()
    const other = await makeVendor()
    const store = await connect(vendor, 'woocommerce')
    expect((await call('GET', `/api/stores/${store.StoreID}/events`, { token: other.token })).status).toBe(404)
    expect((await call('DELETE', `/api/stores/${store.StoreID}`, { token: other.token })).status).toBe(404)
    expect((await call('GET', '/api/stores')).status).toBe(401)
    expect((await call<StoreDTO[]>('GET', '/api/stores', { token: other.token })).body.data).toEqual([])
    const removed = await call('DELETE', `/api/stores/${store.StoreID}`, { token: vendor.token })
    expect(removed.body.message).toBe('Store removed')
    // A removed store's address is refused like any unknown store.
    expect((await deliver(store, shopifyOrder())).status).toBe(404)
  })

  it("answers another vendor's store and a store that does not exist alike: 404 to a vendor, 401 without a session", async () => {
    const vendor = await makeVendor()
    const other = await makeVendor()
    const store = await connect(vendor, 'shopify')
    const missing = store.StoreID + 100_000
    for (const path of ['events', '']) {
      const at = (id: number) => `/api/stores/${id}${path ? `/${path}` : ''}`
      const method = path ? 'GET' : 'DELETE'
      const theirs = await call(method, at(store.StoreID), { token: other.token })
      const none = await call(method, at(missing), { token: other.token })
      expect([theirs.status, theirs.body]).toEqual([404, { statusCode: 0, message: 'Store not found', data: null }])
      expect([none.status, none.body]).toEqual([theirs.status, theirs.body])
      for (const id of [store.StoreID, missing]) expect((await call(method, at(id))).status).toBe(401)
    }
  })

  it('allows five stores per vendor', async () => {
    const vendor = await makeVendor()
    for (let i = 0; i < 5; i++) await connect(vendor, 'shopify')
    const sixth = await call('POST', '/api/stores', { token: vendor.token, json: { kind: 'shopify', shop: 'x.in', secret: 'y'.repeat(12) } })
    expect(sixth.status).toBe(409)
    expect(sixth.body.message).toBe('A vendor can connect at most 5 stores. Remove one first.')
  })
})

describe('POST /api/v1/stores/{kind}/{storeId}', () => {
  it('accepts a correctly signed delivery without an API key and keeps it for the vendor', async () => {
    const vendor = await makeVendor()
    const store = await connect(vendor, 'shopify')
    const res = await deliver(store, shopifyOrder(), { id: 'wh-1' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ statusCode: 1, message: 'Received', data: { outcome: 'no_ref' } })
    const page = await call<StoreEventDTO[]>('GET', `/api/stores/${store.StoreID}/events`, { token: vendor.token })
    expect(page.body.data).toMatchObject([{ deliveryId: 'wh-1', topic: 'orders/paid', orderId: '5678901234567', outcome: 'no_ref', body: shopifyOrder() }])
  })

  it('answers a forged or unsigned delivery 404, as for no store, and writes nothing', async () => {
    const vendor = await makeVendor()
    const store = await connect(vendor, 'shopify')
    for (const signature of [sign('guessed-secret', shopifyOrder()), null, 'AAAA']) {
      const res = await deliver(store, shopifyOrder(), { signature })
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('No connected store has this address and signing secret')
    }
    expect(await eventsOf(store.StoreID)).toEqual([])
    const woo = await connect(vendor, 'woocommerce')
    expect((await deliver(woo, '{"id":1,"status":"processing"}', { secret: SHOPIFY_SECRET })).status).toBe(404)
    expect(await eventsOf(woo.StoreID)).toEqual([])
  })

  it('writes a replayed delivery id once and answers the replay 200', async () => {
    const vendor = await makeVendor()
    const store = await connect(vendor, 'woocommerce')
    const body = JSON.stringify({ id: 77, status: 'on-hold', currency: 'INR' })
    const answers = await Promise.all([1, 2, 3].map(() => deliver(store, body, { id: 'wc-delivery-9' })))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    expect(answers.filter((a) => a.body.message === 'Already received').length).toBeGreaterThanOrEqual(2)
    expect(await eventsOf(store.StoreID)).toHaveLength(1)
    const [listed] = (await call<StoreDTO[]>('GET', '/api/stores', { token: vendor.token })).body.data
    expect(listed).toMatchObject({ events: 1, unmatched: 1 })
  })

  it("answers WooCommerce's unsigned ping 200 so the webhook can be saved, writing nothing", async () => {
    const vendor = await makeVendor()
    const store = await connect(vendor, 'woocommerce')
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/api/v1/stores/woocommerce/${store.StoreID}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'webhook_id=15',
      }),
    )
    expect(res.status).toBe(200)
    expect(await eventsOf(store.StoreID)).toEqual([])
    // The same answer for an address of no store: the ping tells nothing of which stores exist.
    const none = await exports.default.fetch(
      new Request(`${ORIGIN}/api/v1/stores/woocommerce/${store.StoreID + 100_000}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'webhook_id=15',
      }),
    )
    expect(none.status).toBe(200)
  })

  it('keeps unmatched deliveries (no ck_ref, unknown ref, other topics) and lists them to the vendor newest first, paged', async () => {
    const vendor = await makeVendor()
    const store = await connect(vendor, 'shopify')
    await deliver(store, shopifyOrder({ id: 1 }), { id: 'a' })
    await deliver(store, shopifyOrder({ id: 2, note_attributes: [{ name: 'ck_ref', value: 'ZZZZZZZZZZZZZZZZ' }] }), { id: 'b' })
    await deliver(store, JSON.stringify({ id: 3, title: 'Kurta' }), { id: 'c', topic: 'products/update' })
    const first = await call<StoreEventDTO[]>('GET', `/api/stores/${store.StoreID}/events?limit=2`, { token: vendor.token })
    expect(first.body.data.map((e) => [e.deliveryId, e.outcome])).toEqual([
      ['c', 'ignored'],
      ['b', 'unknown_ref'],
    ])
    const paging = (first.body as unknown as { paging: { nextCursor: string; total: number } }).paging
    expect(paging.total).toBe(3)
    const second = await call<StoreEventDTO[]>('GET', `/api/stores/${store.StoreID}/events?limit=2&cursor=${paging.nextCursor}`, { token: vendor.token })
    expect(second.body.data.map((e) => [e.deliveryId, e.outcome])).toEqual([['a', 'no_ref']])
  })

  it('turns a paid order with a ck_ref into an order credited to the click, and its refund into a reversal', async () => {
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const product = await insertProduct(vendor.id, { SKU: 'KURTA-INDIGO', product_link: 'https://kurta-house.myshopify.com/products/kurta' })
    const click = await exports.default.fetch(
      new Request(`${ORIGIN}/go/${product.ProductID}/${marketer.id}`, {
        headers: { 'user-agent': BROWSER_UA, 'cf-connecting-ip': '198.51.100.77' },
        redirect: 'manual',
      }),
    )
    const ref = new URL(click.headers.get('location') ?? '').searchParams.get('ck_ref') ?? ''
    const store = await connect(vendor, 'shopify')
    // Placed after the click, as a real order is (the ref attributes orders from its click on).
    const created_at = new Date(Date.now() + 60_000).toISOString()
    const paid = shopifyOrder({ id: 4501, admin_graphql_api_id: 'gid://shopify/Order/4501', created_at, note_attributes: [{ name: 'ck_ref', value: ref }] })
    const res = await deliver(store, paid, { topic: 'orders/paid', id: 'paid-1' })
    expect(res.body.data).toEqual({ outcome: 'converted' })
    const orderId = storeOrderId('shopify', store.StoreID, '4501')
    const order = await vendorOrder(makeDb(env.DB), vendor.id, orderId)
    expect(order).toMatchObject({ state: 'paid', marketerId: marketer.id, attributedBy: 'ref', commissionPaise: 15_000 })
    const entries = () => makeDb(env.DB).select().from(commissionEntries).where(eq(commissionEntries.OrderID, orderId))
    expect((await entries()).reduce((s, e) => s + (e.reversedAt === null ? e.AmountPaise : 0), 0)).toBe(15_000)

    const refund = JSON.stringify({ id: 99, order_id: 4501, refund_line_items: [{ id: 1, line_item_id: 11, quantity: 1 }], transactions: [] })
    expect((await deliver(store, refund, { topic: 'refunds/create', id: 'refund-1' })).body.data).toEqual({ outcome: 'reversed' })
    expect((await entries()).reduce((s, e) => s + (e.reversedAt === null ? e.AmountPaise : 0), 0)).toBe(0)
    // The same paid delivery again changes nothing; the same refund under another delivery id neither.
    expect((await deliver(store, paid, { topic: 'orders/paid', id: 'paid-1' })).body.message).toBe('Already received')
    expect((await deliver(store, refund, { topic: 'refunds/create', id: 'refund-1-retry' })).body.data).toEqual({ outcome: 'reversed' })
    expect((await entries()).reduce((s, e) => s + (e.reversedAt === null ? e.AmountPaise : 0), 0)).toBe(0)
  })

  it('keeps only the first 64 KB of a large body', async () => {
    const vendor = await makeVendor()
    const store = await connect(vendor, 'shopify')
    const body = shopifyOrder({ line_items: Array.from({ length: 2000 }, (_, i) => ({ id: i, title: 'Handwoven cotton kurta, indigo' })) })
    expect(body.length).toBeGreaterThan(64 * 1024)
    expect((await deliver(store, body)).status).toBe(200)
    const [event] = await eventsOf(store.StoreID)
    expect(event.body.length).toBe(64 * 1024)
    // Read from the whole body (lines without a quantity are no order anyone placed).
    expect(event.outcome).toBe('ignored')
  })

  it('answers an unknown store, the wrong kind and a bad signature alike, so an address says nothing of which stores exist', async () => {
    const vendor = await makeVendor()
    const store = await connect(vendor, 'shopify')
    const wrongKind = { ...store, kind: 'woocommerce' as const, webhookUrl: store.webhookUrl.replace('shopify', 'woocommerce') }
    const unknown = { ...store, webhookUrl: `${ORIGIN}/api/v1/stores/shopify/99999999` }
    const forged = await deliver(store, shopifyOrder(), { signature: sign('guessed-secret', shopifyOrder()) })
    expect(forged.status).toBe(404)
    for (const res of [
      await deliver(wrongKind, shopifyOrder()),
      await deliver(unknown, shopifyOrder()),
      await deliver(unknown, shopifyOrder(), { signature: null }),
    ]) {
      expect([res.status, res.body]).toEqual([forged.status, forged.body])
    }
    // An address that names no kind of store is not a store address at all.
    expect((await deliver({ ...store, webhookUrl: `${ORIGIN}/api/v1/stores/magento/${store.StoreID}` }, shopifyOrder())).status).toBe(404)
  })
})

describe('rows read by the store routes', () => {
  // Each store's events are added straight to the table: what is measured is the read.
  async function addEvents(storeId: number, n: number) {
    const d = makeDb(env.DB)
    const rows = Array.from({ length: n }, (_, i) => ({
      StoreID: storeId,
      deliveryId: `bulk-${crypto.randomUUID()}-${i}`,
      topic: 'orders/paid',
      orderId: String(i),
      ckRef: null,
      outcome: 'no_ref' as const,
      detail: null,
      body: '{}',
    }))
    for (let i = 0; i < rows.length; i += 10) await d.insert(storeEvents).values(rows.slice(i, i + 10))
    await d.update(stores).set({ eventsN: n }).where(eq(stores.StoreID, storeId))
  }

  const rowsOf = async (path: string, token: string) => {
    const res = await call('GET', path, { token })
    expect(res.status).toBe(200)
    return d1Figures(res.headers).rowsRead
  }

  it('reads about what a page shows, however many events the store has kept', async () => {
    const vendor = await makeVendor()
    const store = await connect(vendor, 'shopify')
    await addEvents(store.StoreID, 60)
    const once = { list: await rowsOf('/api/stores', vendor.token), events: await rowsOf(`/api/stores/${store.StoreID}/events`, vendor.token) }
    await addEvents(store.StoreID, 240)
    const page2Cursor = (await call('GET', `/api/stores/${store.StoreID}/events`, { token: vendor.token })).body as unknown as {
      paging: { nextCursor: string }
    }
    const twice = {
      list: await rowsOf('/api/stores', vendor.token),
      events: await rowsOf(`/api/stores/${store.StoreID}/events`, vendor.token),
      page2: await rowsOf(`/api/stores/${store.StoreID}/events?cursor=${page2Cursor.paging.nextCursor}`, vendor.token),
    }
    // The session's own reads, the store row, and 21 events (one more than the page shows).
    expect(once.list).toBeLessThanOrEqual(10)
    expect(once.events).toBeLessThanOrEqual(35)
    expect(twice.list).toBeLessThanOrEqual(once.list)
    expect(twice.events).toBeLessThanOrEqual(once.events)
    expect(twice.page2).toBeLessThanOrEqual(once.events)
  })
})
