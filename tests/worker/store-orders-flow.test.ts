// A Shopify and a WooCommerce store driven by their documented payloads (tests/worker/fixtures),
// signed as the platforms sign them, through the receiving address (decision 294): commission per
// line, delivery, a partial return, RTO, and the same ledger whatever the deliveries' order or count.

import { createHmac } from 'node:crypto'
import { env, exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { StoreDTO, StoreEventDTO } from '../../worker/contract/stores'
import { makeDb } from '../../worker/db/client'
import { parseStorePayload } from '../../worker/domain/store-orders'
import { storeOrderId } from '../../worker/domain/store-webhooks'
import { vendorOrder } from '../../worker/services/orders'
import { call, ORIGIN } from '../helpers/api'
import { makeMarketer, makeVendor, type SignedInVendor } from '../helpers/factories'
import { insertProduct } from '../helpers/rows'
import { BROWSER_UA } from '../helpers/tracking'
import shopifyFulfillmentRaw from './fixtures/shopify-fulfillment.json?raw'
import shopifyOrderRaw from './fixtures/shopify-order.json?raw'
import shopifyRefundRaw from './fixtures/shopify-refund.json?raw'
import woo723Raw from './fixtures/woocommerce-order-723.json?raw'
import woo727Raw from './fixtures/woocommerce-order-727.json?raw'

type Json = Record<string, unknown>
const SECRET = 'store-orders-flow-secret'
const parsed = (raw: string) => parseStorePayload(raw) as Json
/** The body as the store writes it: ids past 2^53 as bare numbers again. */
const body = (payload: Json) => JSON.stringify(payload).replace(/"(\d{16,20})"/g, '$1')
const inr = (amount: string) => ({ shop_money: { amount, currency_code: 'INR' }, presentment_money: { amount, currency_code: 'INR' } })

/** A minute from now: after the click that made the ref, as a real order is. */
const placed = () => new Date(Date.now() + 60_000).toISOString()

let visitor = 10
async function clickRef(productId: number, marketerId: number) {
  visitor += 1
  const res = await exports.default.fetch(
    new Request(`${ORIGIN}/go/${productId}/${marketerId}`, {
      headers: { 'user-agent': BROWSER_UA, 'cf-connecting-ip': `198.51.100.${visitor}` },
      redirect: 'manual',
    }),
  )
  const ref = new URL(res.headers.get('location') ?? '').searchParams.get('ck_ref')
  if (!ref) throw new Error('no ck_ref on the store link')
  return ref
}

async function connect(vendor: SignedInVendor, kind: 'shopify' | 'woocommerce') {
  const res = await call<StoreDTO>('POST', '/api/stores', { token: vendor.token, json: { kind, shop: 'dupatta-ghar.myshopify.com', secret: SECRET } })
  expect(res.status).toBe(201)
  return res.body.data
}

/** One delivery, signed as the store signs it: base64 HMAC-SHA256 of the raw body with the webhook secret. */
async function deliver(store: StoreDTO, topic: string, text: string, deliveryId: string = crypto.randomUUID()) {
  const shopify = store.kind === 'shopify'
  const headers = new Headers({ 'content-type': 'application/json' })
  headers.set(shopify ? 'X-Shopify-Hmac-SHA256' : 'X-WC-Webhook-Signature', createHmac('sha256', SECRET).update(text).digest('base64'))
  headers.set(shopify ? 'X-Shopify-Topic' : 'X-WC-Webhook-Topic', topic)
  headers.set(shopify ? 'X-Shopify-Webhook-Id' : 'X-WC-Webhook-Delivery-ID', deliveryId)
  const res = await exports.default.fetch(new Request(`${ORIGIN}${new URL(store.webhookUrl).pathname}`, { method: 'POST', headers, body: text }))
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: { outcome: string | null } }).data.outcome
}

/**
 * The order's ledger: every entry that names it, and what stands (a whole line taken back while
 * unpaid is marked reversed; a part of one is a negative adjustment).
 */
async function ledgerOf(vendorId: number, orderId: string) {
  const { results } = await env.DB.prepare(
    'SELECT Kind, AmountPaise, reversedAt IS NOT NULL AS reversed FROM commission_entries WHERE VendorID = ? AND OrderID = ? ORDER BY EntryID',
  )
    .bind(vendorId, orderId)
    .all<{ Kind: string; AmountPaise: number; reversed: number }>()
  return { entries: results.map((r) => [r.Kind, r.AmountPaise, r.reversed === 1]), net: results.reduce((s, r) => s + (r.reversed ? 0 : r.AmountPaise), 0) }
}

async function shopifySetup() {
  const vendor = await makeVendor()
  const marketer = await makeMarketer()
  // The listed ₹2,299 dupatta earns 12 %; the ₹899 stole is not on Collabkart.
  const dupatta = await insertProduct(vendor.id, {
    ProductName: 'Banarasi Dupatta',
    SKU: `DUP-RED-${vendor.id}`,
    PricePaise: 229_900,
    CommissionType: 'Percentage',
    CommissionValue: 12,
    CommissionAmountPaise: 27_588,
    product_link: 'https://dupatta-ghar.myshopify.com/products/dupatta',
  })
  const ref = await clickRef(dupatta.ProductID, marketer.id)
  const store = await connect(vendor, 'shopify')
  // The documented order, as an Indian COD basket: two dupattas (one order code on them) and a stole.
  const sample = parsed(shopifyOrderRaw)
  const [first, second] = sample.line_items as Json[]
  const order: Json = {
    ...sample,
    id: '6100000000000000001',
    admin_graphql_api_id: 'gid://shopify/Order/6100000000000000001',
    // Placed after the click (the ref attributes orders from its click on).
    created_at: placed(),
    processed_at: placed(),
    cancelled_at: null,
    cancel_reason: null,
    financial_status: 'pending',
    currency: 'INR',
    presentment_currency: 'INR',
    payment_gateway_names: ['Cash on Delivery (COD)'],
    note_attributes: [{ name: 'ck_ref', value: ref }],
    line_items: [
      { ...first, sku: dupatta.SKU, quantity: 2, price: '2299.00', price_set: inr('2299.00'), discount_allocations: [] },
      { ...second, sku: 'STOLE-PASHMINA', quantity: 1, price: '899.00', price_set: inr('899.00') },
    ],
  }
  const dupattaLine = String(first.id)
  const stoleLine = String(second.id)
  const fulfillment = (over: Json) => body({ ...parsed(shopifyFulfillmentRaw), order_id: order.id, ...over })
  const refundOf = (lineId: string, id: number) => {
    const refund = parsed(shopifyRefundRaw)
    const [item] = refund.refund_line_items as Json[]
    return body({
      ...refund,
      id,
      admin_graphql_api_id: `gid://shopify/Refund/${id}`,
      order_id: order.id,
      refund_line_items: [{ ...item, line_item_id: lineId }],
    })
  }
  const orderId = storeOrderId('shopify', store.StoreID, String(order.id))
  return { vendor, marketer, dupatta, store, order, dupattaLine, stoleLine, fulfillment, refundOf, orderId }
}

describe('a Shopify store', () => {
  it('pays 12 % of the listed dupattas only, holds COD until delivery, and a return of one takes back exactly its share', async () => {
    const s = await shopifySetup()
    expect(await deliver(s.store, 'orders/create', body(s.order))).toBe('converted')
    let order = await vendorOrder(makeDb(env.DB), s.vendor.id, s.orderId)
    // 12 % of 2 × ₹2,299 = ₹551.76; the ₹899 stole is unlisted and earns nothing.
    expect(order).toMatchObject({ state: 'placed', paymentMethod: 'cod', commissionPaise: 55_176, marketerId: s.marketer.id, attributedBy: 'ref' })
    expect(order.lines.map((l) => [l.lineId, l.productId, l.commissionPaise])).toEqual([
      [s.dupattaLine, s.dupatta.ProductID, 55_176],
      [s.stoleLine, null, 0],
    ])
    expect(order.payableAt).toBeNull()

    expect(await deliver(s.store, 'fulfillments/create', s.fulfillment({ status: 'success' }))).toBe('recorded')
    expect(
      await deliver(
        s.store,
        'fulfillments/update',
        s.fulfillment({ status: 'success', shipment_status: 'delivered', updated_at: '2026-11-20T15:00:00+05:30' }),
      ),
    ).toBe('recorded')
    expect(await deliver(s.store, 'orders/paid', body({ ...s.order, financial_status: 'paid', updated_at: '2026-11-20T16:00:00+05:30' }))).toBe('recorded')
    order = await vendorOrder(makeDb(env.DB), s.vendor.id, s.orderId)
    expect(order).toMatchObject({ state: 'delivered', deliveredAt: '2026-11-20T09:30:00.000Z' })
    expect(order.payableAt).not.toBeNull()

    // The buyer returns one dupatta: half of its line's commission back; the stole's refund takes nothing.
    expect(await deliver(s.store, 'refunds/create', s.refundOf(s.dupattaLine, 8001))).toBe('reversed')
    expect(await deliver(s.store, 'refunds/create', s.refundOf(s.stoleLine, 8002))).toBe('reversed')
    order = await vendorOrder(makeDb(env.DB), s.vendor.id, s.orderId)
    expect(order).toMatchObject({ commissionPaise: 55_176, reversedPaise: 27_588 })
    expect((await ledgerOf(s.vendor.id, s.orderId)).net).toBe(27_588)
  })

  it('takes back everything on RTO', async () => {
    const s = await shopifySetup()
    await deliver(s.store, 'orders/create', body(s.order))
    await deliver(s.store, 'fulfillments/create', s.fulfillment({ status: 'success' }))
    expect(await deliver(s.store, 'fulfillments/update', s.fulfillment({ status: 'success', shipment_status: 'failure' }))).toBe('reversed')
    const order = await vendorOrder(makeDb(env.DB), s.vendor.id, s.orderId)
    expect(order).toMatchObject({ state: 'rto', commissionPaise: 55_176, reversedPaise: 55_176 })
    expect((await ledgerOf(s.vendor.id, s.orderId)).net).toBe(0)
  })

  it('gives the same ledger for deliveries twice, out of order and at once as for one in order', async () => {
    const deliveries = (s: Awaited<ReturnType<typeof shopifySetup>>) => [
      ['orders/create', body(s.order)],
      ['fulfillments/create', s.fulfillment({ status: 'success' })],
      ['fulfillments/update', s.fulfillment({ status: 'success', shipment_status: 'delivered', updated_at: '2026-11-20T15:00:00+05:30' })],
      ['orders/paid', body({ ...s.order, financial_status: 'paid', updated_at: '2026-11-20T16:00:00+05:30' })],
      ['refunds/create', s.refundOf(s.dupattaLine, 8001)],
    ]
    const inOrder = await shopifySetup()
    for (const [topic, text] of deliveries(inOrder)) await deliver(inOrder.store, topic, text)
    const expected = await vendorOrder(makeDb(env.DB), inOrder.vendor.id, inOrder.orderId)

    const shuffled = await shopifySetup()
    const list = deliveries(shuffled)
    // The refund and the delivery before their order, then everything again (the store's retries, new delivery ids).
    for (const i of [4, 2, 0, 3, 1]) expect(await deliver(shuffled.store, list[i][0], list[i][1])).not.toBe('refused')
    await Promise.all(list.map(([topic, text]) => deliver(shuffled.store, topic, text)))
    const got = await vendorOrder(makeDb(env.DB), shuffled.vendor.id, shuffled.orderId)
    const figures = (o: typeof got) => ({
      state: o.state,
      commissionPaise: o.commissionPaise,
      reversedPaise: o.reversedPaise,
      deliveredAt: o.deliveredAt,
      paidAt: o.paidAt,
    })
    expect(figures(got)).toEqual(figures(expected))
    const ledger = (l: Awaited<ReturnType<typeof ledgerOf>>) => l.entries
    expect(ledger(await ledgerOf(shuffled.vendor.id, shuffled.orderId))).toEqual(ledger(await ledgerOf(inOrder.vendor.id, inOrder.orderId)))
  })

  it('refuses an order in another currency, kept with the reason, and records nothing', async () => {
    const s = await shopifySetup()
    const usd = { ...s.order, currency: 'USD' }
    expect(await deliver(s.store, 'orders/create', body(usd))).toBe('refused')
    const events = await call<StoreEventDTO[]>('GET', `/api/stores/${s.store.StoreID}/events`, { token: s.vendor.token })
    expect(events.body.data[0].detail).toMatch(/^Only INR orders are accepted; this order is in USD/)
    await expect(vendorOrder(makeDb(env.DB), s.vendor.id, s.orderId)).rejects.toThrow('No order with this orderId')
  })
})

describe('a WooCommerce store', () => {
  async function wooSetup() {
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    // Line 315 (store product 93, no SKU) is the kurta by the vendor's mapping; line 316 the scarf by its SKU.
    const kurta = await insertProduct(vendor.id, {
      ProductName: 'Chanderi Kurta',
      CommissionType: 'Percentage',
      CommissionValue: 10,
      product_link: 'https://shop.example.in/kurta',
    })
    const scarf = await insertProduct(vendor.id, {
      ProductName: 'Silk Scarf',
      SKU: 'Bar3',
      CommissionType: 'Fixed',
      CommissionValue: 50,
      CommissionAmountPaise: 5_000,
    })
    const ref = await clickRef(kurta.ProductID, marketer.id)
    const store = await connect(vendor, 'woocommerce')
    const mapped = await call('PUT', `/api/stores/${store.StoreID}/products`, {
      token: vendor.token,
      json: { storeProductId: '93', productId: kurta.ProductID },
    })
    expect(mapped.status).toBe(200)
    const sample = parsed(woo727Raw)
    const [first, second] = sample.line_items as Json[]
    const order: Json = {
      ...sample,
      currency: 'INR',
      date_created_gmt: placed().slice(0, 19),
      date_paid_gmt: placed().slice(0, 19),
      meta_data: [...(sample.meta_data as Json[]), { id: 13107, key: '_ck_ref', value: ref }],
      line_items: [
        { ...first, quantity: 2, subtotal: '3998.00', total: '3998.00' },
        { ...second, quantity: 1, subtotal: '1200.00', total: '1200.00' },
      ],
    }
    return { vendor, marketer, kurta, scarf, store, order, orderId: storeOrderId('woocommerce', store.StoreID, '727') }
  }

  it('pays per line (a mapped product, a SKU), and a ₹200 partial refund takes back its pro rata share', async () => {
    const w = await wooSetup()
    expect(await deliver(w.store, 'order.created', body(w.order))).toBe('converted')
    let order = await vendorOrder(makeDb(env.DB), w.vendor.id, w.orderId)
    // 10 % of ₹3,998 = ₹399.80, and ₹50 for the one scarf.
    expect(order.lines.map((l) => [l.productId, l.commissionPaise])).toEqual([
      [w.kurta.ProductID, 39_980],
      [w.scarf.ProductID, 5_000],
    ])
    expect(order).toMatchObject({ state: 'paid', commissionPaise: 44_980 })
    // WooCommerce lists the refund on the order (documented shape: id and negative total).
    const refunded = { ...w.order, refunds: [{ id: 726, reason: '', total: '-200.00' }] }
    expect(await deliver(w.store, 'order.updated', body(refunded))).toBe('reversed')
    expect(await deliver(w.store, 'order.updated', body(refunded))).toBe('reversed')
    order = await vendorOrder(makeDb(env.DB), w.vendor.id, w.orderId)
    expect(order.reversedPaise).toBeGreaterThan(0)
    // ₹200 of ₹5,198 is 3.85 %: of ₹449.80, rounded down per line, never more than earned.
    expect(order.reversedPaise).toBeLessThanOrEqual(Math.ceil((44_980 * 20_000) / 519_800))
    expect((await ledgerOf(w.vendor.id, w.orderId)).net).toBe(44_980 - order.reversedPaise)
  })

  it('holds a COD order until completed (delivered), and an RTO takes all of it back', async () => {
    const w = await wooSetup()
    const cod = { ...w.order, payment_method: 'cod', payment_method_title: 'Cash on delivery', date_paid: null, date_paid_gmt: null }
    expect(await deliver(w.store, 'order.created', body(cod))).toBe('converted')
    expect(await vendorOrder(makeDb(env.DB), w.vendor.id, w.orderId)).toMatchObject({ state: 'placed', paymentMethod: 'cod', payableAt: null })
    expect(await deliver(w.store, 'order.updated', body({ ...cod, status: 'rto', date_modified_gmt: '2026-11-25T10:00:00' }))).toBe('reversed')
    expect(await vendorOrder(makeDb(env.DB), w.vendor.id, w.orderId)).toMatchObject({ state: 'rto', reversedPaise: 44_980 })
    expect((await ledgerOf(w.vendor.id, w.orderId)).net).toBe(0)
  })

  it('reads the documented completed order with its two refunds, and its deletion cancels what is left', async () => {
    const w = await wooSetup()
    const sample = parsed(woo723Raw)
    const order = {
      ...sample,
      currency: 'INR',
      date_created_gmt: placed().slice(0, 19),
      meta_data: [{ id: 1, key: '_ck_ref', value: (w.order.meta_data as Json[]).at(-1)?.value }],
    }
    expect(await deliver(w.store, 'order.updated', body(order))).toBe('reversed')
    const orderId = storeOrderId('woocommerce', w.store.StoreID, '723')
    // Neither line is listed (no mapping, no SKU): nothing earned, nothing to take back.
    expect(await vendorOrder(makeDb(env.DB), w.vendor.id, orderId)).toMatchObject({ commissionPaise: 0, reversedPaise: 0 })
    expect(await deliver(w.store, 'order.deleted', JSON.stringify({ id: 723 }))).toBe('reversed')
    expect(await vendorOrder(makeDb(env.DB), w.vendor.id, orderId)).toMatchObject({ state: 'cancelled' })
  })
})

describe('naming a store product', () => {
  it("takes only the vendor's own products and a store's numeric product id, with the message for each", async () => {
    const vendor = await makeVendor()
    const other = await makeVendor()
    const theirs = await insertProduct(other.id)
    const mine = await insertProduct(vendor.id)
    const store = await connect(vendor, 'woocommerce')
    const map = (json: unknown, token = vendor.token) => call('PUT', `/api/stores/${store.StoreID}/products`, { token, json })
    expect((await map({ storeProductId: '93', productId: theirs.ProductID })).body).toEqual({
      statusCode: 0,
      message: 'Choose one of your products',
      data: null,
    })
    expect((await map({ storeProductId: 'gid://shopify/Product/1', productId: mine.ProductID })).body.message).toBe(
      'Enter the store product id, e.g. 788032119674292922 (1 to 40 digits)',
    )
    expect((await map({ storeProductId: '93', productId: mine.ProductID }, other.token)).status).toBe(404)
    const named = await map({ storeProductId: '93', productId: mine.ProductID })
    expect(named.body).toEqual({ statusCode: 1, message: 'Store product mapped', data: { storeProductId: '93', productId: mine.ProductID } })
  })
})

describe('replaying a kept event', () => {
  it('applies a kept event again without counting anything twice, for the vendor only', async () => {
    const s = await shopifySetup()
    expect(await deliver(s.store, 'orders/create', body(s.order))).toBe('converted')
    expect(await deliver(s.store, 'refunds/create', s.refundOf(s.dupattaLine, 8001))).toBe('reversed')
    const before = await ledgerOf(s.vendor.id, s.orderId)
    const events = (await call<StoreEventDTO[]>('GET', `/api/stores/${s.store.StoreID}/events`, { token: s.vendor.token })).body.data
    const replay = (eventId: number, token: string) => call<StoreEventDTO>('POST', `/api/stores/${s.store.StoreID}/events/${eventId}/replay`, { token })
    const other = await makeVendor()
    expect((await replay(events[0].EventID, other.token)).status).toBe(404)
    expect((await replay(events[0].EventID, s.marketer.token)).status).toBe(403)
    expect((await replay(events[0].EventID + 100_000, s.vendor.token)).body.message).toBe('Store event not found')
    for (const event of events) {
      const again = await replay(event.EventID, s.vendor.token)
      expect(again.status).toBe(200)
      expect(again.body.data).toMatchObject({ EventID: event.EventID, outcome: event.outcome })
    }
    expect(await ledgerOf(s.vendor.id, s.orderId)).toEqual(before)
  })

  it('keeps a refused order refused, with its reason, when nothing changed', async () => {
    const s = await shopifySetup()
    expect(await deliver(s.store, 'orders/create', body({ ...s.order, currency: 'USD' }))).toBe('refused')
    const [event] = (await call<StoreEventDTO[]>('GET', `/api/stores/${s.store.StoreID}/events`, { token: s.vendor.token })).body.data
    const again = await call<StoreEventDTO>('POST', `/api/stores/${s.store.StoreID}/events/${event.EventID}/replay`, { token: s.vendor.token })
    expect(again.body.data).toMatchObject({ outcome: 'refused', detail: event.detail })
    const [listed] = (await call<StoreDTO[]>('GET', '/api/stores', { token: s.vendor.token })).body.data
    expect(listed).toMatchObject({ events: 1, unmatched: 1 })
  })
})
