// What an erasure reaches beyond the account's own row (docs/decisions/090, 243-245): an erased
// vendor's API keys and connected stores, the buyer's raw store orders, an influencer's name in
// vendors' webhook delivery logs, and the vendor's address in the audit log. Also how long a store
// event keeps its raw body at all.

import { createHmac } from 'node:crypto'
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { app } from '../../worker/app'
import type { Envelope } from '../../worker/contract/envelope'
import type { StoreDTO, StoreEventDTO } from '../../worker/contract/stores'
import type { WebhookDeliveryDTO, WebhookSecretDTO } from '../../worker/contract/webhooks'
import { makeDb } from '../../worker/db/client'
import { costedD1, noCost } from '../../worker/db/d1-cost'
import { stripOldStoreBodies } from '../../worker/db/stores'
import { sha256Hex } from '../../worker/domain/secrets'
import { readShopifyOrderDelivery, readWooOrderDelivery, type StoreOrderReading, storeOrderFacts } from '../../worker/domain/store-orders'
import { STORE_RAW_BODY_DAYS } from '../../worker/domain/store-webhooks'
import type { Bindings } from '../../worker/env'
import { call, ORIGIN } from '../helpers/api'
import { makeApiKey } from '../helpers/api-keys'
import { freshIp, leadForm, makeAdmin, makeLead, makeMarketer, makeProduct, makeVendor, type SignedInVendor } from '../helpers/factories'
import { eventsFollowedAtOnce } from '../helpers/mail'
import type { QueuedWebhook } from '../../worker/types'

const bindings = env as unknown as Bindings
const SECRET = 'hush-shopify-secret-2026'
const WOO_SECRET = 'wc-secret-for-tests-2026'
const DAY = 24 * 60 * 60_000

const post = (path: string, token: string, json: unknown = {}) => call('POST', path, { token, json })

async function connect(vendor: SignedInVendor, kind: 'shopify' | 'woocommerce' = 'shopify') {
  const res = await call<StoreDTO>('POST', '/api/stores', {
    token: vendor.token,
    json: { kind, shop: 'kurta-house.myshopify.com', secret: kind === 'shopify' ? SECRET : WOO_SECRET },
  })
  expect(res.status).toBe(201)
  return res.body.data
}

async function deliver(store: StoreDTO, body: string, topic = store.kind === 'shopify' ? 'orders/paid' : 'order.updated') {
  const shopify = store.kind === 'shopify'
  const headers = new Headers({ 'content-type': 'application/json' })
  headers.set(
    shopify ? 'X-Shopify-Hmac-SHA256' : 'X-WC-Webhook-Signature',
    createHmac('sha256', shopify ? SECRET : WOO_SECRET)
      .update(body)
      .digest('base64'),
  )
  headers.set(shopify ? 'X-Shopify-Topic' : 'X-WC-Webhook-Topic', topic)
  headers.set(shopify ? 'X-Shopify-Webhook-Id' : 'X-WC-Webhook-Delivery-ID', crypto.randomUUID())
  const res = await exports.default.fetch(new Request(`${ORIGIN}${new URL(store.webhookUrl).pathname}`, { method: 'POST', headers, body }))
  return { status: res.status }
}

/** A Shopify order as the store sends it, with the buyer's contact details in the usual places. */
const shopifyOrder = (id: number, buyer: { name: string; email: string; phone: string; street: string }, over: Record<string, unknown> = {}) => {
  const [first, last] = buyer.name.split(' ')
  const address = { first_name: first, last_name: last, name: buyer.name, address1: buyer.street, city: 'Jaipur', zip: '302001', phone: buyer.phone }
  return JSON.stringify({
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    email: buyer.email,
    contact_email: buyer.email,
    phone: buyer.phone,
    financial_status: 'paid',
    currency: 'INR',
    subtotal_price: '1499.00',
    processed_at: '2026-11-26T10:00:00+05:30',
    note_attributes: [{ name: 'gift_note', value: `For ${buyer.name}` }],
    discount_codes: [{ code: 'DIWALI10', amount: '10.00', type: 'percentage' }],
    customer: { id: 77, email: buyer.email, phone: buyer.phone, first_name: first, last_name: last, default_address: address },
    billing_address: address,
    shipping_address: address,
    line_items: [{ id: 1, title: 'Kurta', quantity: 1, price: '1499.00' }],
    ...over,
  })
}

const wooOrder = (id: number, buyer: { name: string; email: string; phone: string; street: string }) => {
  const [first, last] = buyer.name.split(' ')
  const address = { first_name: first, last_name: last, address_1: buyer.street, city: 'Pune', postcode: '411001' }
  return JSON.stringify({
    id,
    status: 'processing',
    currency: 'INR',
    date_paid_gmt: '2026-11-26T04:30:00',
    billing: { ...address, email: buyer.email, phone: buyer.phone },
    shipping: { ...address, phone: buyer.phone },
    meta_data: [{ id: 1, key: '_ck_ref', value: 'AbCdEfGh12345678' }],
    coupon_lines: [{ id: 2, code: 'ANANYA10' }],
    line_items: [{ id: 1, name: 'Saree', quantity: 1, subtotal: '2999.00', total: '2999.00' }],
  })
}

/** A reading without the buyer's email and phone, which the facts do not keep (decision 294). */
const sameOrder = (reading: StoreOrderReading) => ({
  ...reading,
  calls: reading.calls.map((c) => (c.kind === 'order' ? { ...c, input: { ...c.input, customer: { ...c.input.customer, email: null, phone: null } } } : c)),
})

async function eventsShown(vendor: SignedInVendor, store: StoreDTO) {
  const res = await call<StoreEventDTO[]>('GET', `/api/stores/${store.StoreID}/events`, { token: vendor.token })
  expect(res.status).toBe(200)
  return res.body.data
}

describe("a vendor's erasure", () => {
  it('leaves their API keys answering 401 and writing nothing', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor, { CommissionType: 'Fixed', CommissionValue: '150' })
    const lead = await makeLead(product, marketer)
    const key = await makeApiKey(vendor)
    expect((await call('GET', '/api/v1/leads', { token: key.Secret })).status).toBe(200)

    expect((await post(`/api/admin/vendors/${vendor.id}/erase`, admin.token, { email: vendor.email, reasonCode: 'data-request' })).status).toBe(200)
    const row = await env.DB.prepare('SELECT revokedAt FROM api_keys WHERE KeyID = ?').bind(key.KeyID).first<{ revokedAt: string | null }>()
    expect(row?.revokedAt).not.toBeNull()
    const entriesBefore = await env.DB.prepare('SELECT count(*) AS n FROM commission_entries').first<{ n: number }>()
    expect((await call('GET', '/api/v1/leads', { token: key.Secret })).status).toBe(401)
    expect((await call('GET', '/api/v1/products', { token: key.Secret })).status).toBe(401)
    expect((await call('PUT', `/api/v1/leads/${lead.LeadID}/status`, { token: key.Secret, json: { Status: 'Converted' } })).status).toBe(401)
    expect((await call('POST', '/api/v1/conversions', { token: key.Secret, json: { leadId: lead.LeadID, orderId: 'A-1' } })).status).toBe(401)
    const after = await env.DB.prepare('SELECT Status FROM leads WHERE LeadID = ?').bind(lead.LeadID).first<{ Status: string }>()
    expect(after?.Status).toBe('Pending')
    expect(await env.DB.prepare('SELECT count(*) AS n FROM commission_entries').first<{ n: number }>()).toEqual(entriesBefore)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM conversions WHERE VendorID = ?').bind(vendor.id).first<{ n: number }>()).toEqual({ n: 0 })
  })

  it("removes their stores: the store's address answers 404 and its sealed secret is gone", async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const store = await connect(vendor)
    const buyer = { name: 'Farah Khan', email: 'farah@example.in', phone: '+91 97333 00011', street: '12 MI Road' }
    expect((await deliver(store, shopifyOrder(1001, buyer))).status).toBe(200)

    expect((await post(`/api/admin/vendors/${vendor.id}/erase`, admin.token, { email: vendor.email, reasonCode: 'data-request' })).status).toBe(200)
    const again = await deliver(store, shopifyOrder(1002, buyer))
    expect(again.status).toBe(404)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM stores WHERE VendorID = ?').bind(vendor.id).first<{ n: number }>()).toEqual({ n: 0 })
    expect(await env.DB.prepare('SELECT count(*) AS n FROM store_events WHERE StoreID = ?').bind(store.StoreID).first<{ n: number }>()).toEqual({ n: 0 })
  })

  it('leaves no password reset link of theirs usable', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const token = 'R'.repeat(43)
    await env.DB.prepare("INSERT INTO password_resets (role, accountId, tokenHash, expiresAt, createdAt) VALUES ('vendor', ?, ?, ?, ?)")
      .bind(vendor.id, await sha256Hex(token), new Date(Date.now() + 20 * 60_000).toISOString(), new Date().toISOString())
      .run()
    expect((await post(`/api/admin/vendors/${vendor.id}/erase`, admin.token, { email: vendor.email, reasonCode: 'data-request' })).status).toBe(200)
    const res = await call('POST', '/api/vendors/password/reset', { json: { Token: token, Password: 'brand-new-9' } })
    expect(res.status).toBe(400)
    const row = await env.DB.prepare('SELECT PasswordHash FROM vendors WHERE VendorID = ?').bind(vendor.id).first<{ PasswordHash: string }>()
    expect(row?.PasswordHash).toBe('!erased')
    expect(await env.DB.prepare('SELECT count(*) AS n FROM password_resets WHERE role = ? AND accountId = ?').bind('vendor', vendor.id).first()).toEqual({
      n: 0,
    })
  })

  it('keeps their key actions in the audit log without their email', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const key = await makeApiKey(vendor)
    await makeApiKey(vendor, undefined, 'Second key')
    expect((await call('POST', `/api/vendors/api-keys/${key.KeyID}/revoke`, { token: vendor.token })).status).toBe(200)
    const mentions = () =>
      env.DB.prepare(
        `SELECT count(*) AS n FROM audit_log WHERE instr(lower(adminEmail || ' ' || targetId || ' ' || coalesce(reason, '') || ' ' || coalesce(before, '') || ' ' || coalesce(after, '')), ?) > 0`,
      )
        .bind(vendor.email.toLowerCase())
        .first<{ n: number }>()
    expect((await mentions())?.n).toBe(3)

    expect((await post(`/api/admin/vendors/${vendor.id}/erase`, admin.token, { email: vendor.email, reasonCode: 'data-request' })).status).toBe(200)
    expect((await mentions())?.n).toBe(0)
    const kept = await env.DB.prepare('SELECT action, adminEmail FROM audit_log WHERE ActorVendorID = ? ORDER BY id').bind(vendor.id).all()
    expect(kept.results).toEqual([
      { action: 'create-api-key', adminEmail: `erased-vendor-${vendor.id}@deleted.invalid` },
      { action: 'create-api-key', adminEmail: `erased-vendor-${vendor.id}@deleted.invalid` },
      { action: 'revoke-api-key', adminEmail: `erased-vendor-${vendor.id}@deleted.invalid` },
    ])
    const listed = await call<Array<{ action: string; adminEmail: string }>>('GET', '/api/admin/audit?action=create-api-key', { token: admin.token })
    expect(JSON.stringify(listed.body.data)).not.toContain(vendor.email)
  })
})

describe("a buyer's erasure", () => {
  it("takes the buyer's contact details out of the store events the vendor sees", async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor)
    // The buyer's lead holds the email the store order carries without the phone.
    await makeLead(product, marketer, { ClientName: 'Farah Khan', ClientPhone: '9733300022', ClientEmail: 'Farah.K@Example.in' })
    const shopify = await connect(vendor)
    const woo = await connect(vendor, 'woocommerce')
    const farah = { name: 'Farah Khan', email: 'farah.k@example.in', phone: '+91 97333 00022', street: '12 MI Road' }
    const byEmailOnly = { ...farah, phone: '', street: '4 Civil Lines' }
    const other = { name: 'Ravi Menon', email: 'ravi@example.in', phone: '9811122233', street: '9 Park Street' }
    expect((await deliver(shopify, shopifyOrder(2001, farah))).status).toBe(200)
    expect((await deliver(shopify, shopifyOrder(2002, byEmailOnly))).status).toBe(200)
    expect((await deliver(shopify, shopifyOrder(2003, other))).status).toBe(200)
    expect((await deliver(woo, wooOrder(3001, { ...farah, phone: '097333-00022', email: 'farah.work@example.in' }))).status).toBe(200)
    expect(JSON.stringify(await eventsShown(vendor, shopify))).toContain('MI Road')

    const res = await post('/api/admin/buyers/erase', admin.token, { phone: '9733300022', reasonCode: 'data-request' })
    expect(res.status, res.body.message).toBe(200)
    const shown = [...(await eventsShown(vendor, shopify)), ...(await eventsShown(vendor, woo))]
    const theirs = shown.filter((e) => e.orderId !== '2003')
    expect(theirs.map((e) => e.orderId).sort()).toEqual(['2001', '2002', '3001'])
    for (const event of theirs) {
      expect(event.body).not.toMatch(/Farah|farah|97333|MI Road|Civil Lines|302001|411001|Khan/)
      expect(event.rawUntil).toBeNull()
    }
    // What the order needs stays, and still reads as the same order.
    const first = theirs.find((e) => e.orderId === '2001') as StoreEventDTO
    expect(sameOrder(readShopifyOrderDelivery('orders/paid', JSON.parse(first.body)))).toEqual(
      sameOrder(readShopifyOrderDelivery('orders/paid', JSON.parse(shopifyOrder(2001, farah)))),
    )
    // Another buyer's order keeps its raw body until its time is up.
    const ravi = shown.find((e) => e.orderId === '2003') as StoreEventDTO
    expect(ravi.body).toContain('Ravi Menon')
    expect(ravi.rawUntil).not.toBeNull()
  })
})

describe('store events keep their raw body for a while only', () => {
  it('gives events stored before the rule their time and their buyers, so erasure and the cron reach them', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const store = await connect(vendor)
    const buyer = { name: 'Old Order', email: 'Old.Order@Example.in', phone: '+91 97111 22233', street: '1 Old Lane' }
    const createdAt = '2026-11-01T10:00:00.000Z'
    for (const [id, body] of [
      ['old-1', shopifyOrder(7001, buyer)],
      ['old-2', '{"id": 7002, "email": "cut off at 64 KB'],
    ])
      await env.DB.prepare(
        "INSERT INTO store_events (StoreID, deliveryId, topic, orderId, outcome, body, createdAt) VALUES (?, ?, 'orders/paid', ?, 'no_ref', ?, ?)",
      )
        .bind(store.StoreID, id, id, body, createdAt)
        .run()
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0050_'))
    expect(migration).toBeDefined()
    for (const query of migration?.queries ?? []) if (!query.includes('CREATE INDEX')) await env.DB.prepare(query).run()
    const rows = await env.DB.prepare('SELECT orderId, rawUntil FROM store_events WHERE StoreID = ? ORDER BY orderId').bind(store.StoreID).all()
    expect(rows.results).toEqual([
      { orderId: 'old-1', rawUntil: '2026-12-01T10:00:00.000Z' },
      { orderId: 'old-2', rawUntil: '2026-12-01T10:00:00.000Z' },
    ])
    const contacts = await env.DB.prepare('SELECT contact FROM store_event_contacts JOIN store_events USING (EventID) WHERE StoreID = ? ORDER BY contact')
      .bind(store.StoreID)
      .all()
    expect(contacts.results).toEqual([{ contact: '9711122233' }, { contact: 'old.order@example.in' }])

    expect((await post('/api/admin/buyers/erase', admin.token, { phone: '9711122233', reasonCode: 'data-request' })).status).toBe(200)
    const shown = await eventsShown(vendor, store)
    expect(shown.find((e) => e.orderId === 'old-1')).toMatchObject({ body: '{}', rawUntil: null })
    expect(shown.find((e) => e.orderId === 'old-2')?.rawUntil).toBe('2026-12-01T10:00:00.000Z')
  })

  it("keeps only the order's facts, which read as the same order", () => {
    const buyer = { name: 'Asha Rao', email: 'asha@example.in', phone: '9822233344', street: '3 Residency Road' }
    const landing = JSON.parse(shopifyOrder(4001, buyer, { note_attributes: [], landing_site: '/products/kurta?ck_ref=R2&utm_source=ig' }))
    const cancelled = JSON.parse(shopifyOrder(4002, buyer, { cancelled_at: '2026-11-27T10:00:00+05:30' }))
    const refund = { id: 9, order_id: 4003, note: `Refund for ${buyer.name}`, refund_line_items: [] }
    for (const [topic, payload] of [
      ['orders/paid', JSON.parse(shopifyOrder(4000, buyer))],
      ['orders/paid', landing],
      ['orders/updated', cancelled],
      ['refunds/create', refund],
      ['orders/create', JSON.parse(shopifyOrder(4004, buyer, { financial_status: 'pending' }))],
    ] as const) {
      const facts = storeOrderFacts('shopify', payload)
      expect(JSON.stringify(facts)).not.toMatch(/Asha|asha@|9822233344|Residency/)
      expect(sameOrder(readShopifyOrderDelivery(topic, facts))).toEqual(sameOrder(readShopifyOrderDelivery(topic, payload)))
    }
    const woo = JSON.parse(wooOrder(5001, buyer))
    expect(JSON.stringify(storeOrderFacts('woocommerce', woo))).not.toMatch(/Asha|asha@|9822233344|Residency/)
    expect(sameOrder(readWooOrderDelivery('order.updated', storeOrderFacts('woocommerce', woo)))).toEqual(sameOrder(readWooOrderDelivery('order.updated', woo)))
  })

  it(`strips the raw bodies older than ${STORE_RAW_BODY_DAYS} days to the order's facts, a bounded number a run, through an index`, async () => {
    const vendor = await makeVendor()
    const store = await connect(vendor)
    const buyer = { name: 'Kabir Das', email: 'kabir@example.in', phone: '9844455566', street: '7 Lake Road' }
    for (const id of [6001, 6002, 6003, 6004]) expect((await deliver(store, shopifyOrder(id, buyer))).status).toBe(200)
    const shown = await eventsShown(vendor, store)
    expect(shown.every((e) => e.rawUntil !== null && Date.parse(e.rawUntil) > Date.now() + (STORE_RAW_BODY_DAYS - 1) * DAY)).toBe(true)
    // Three of the four are past their time (a run strips every store's events: the other tests'
    // stay in their time by the dates chosen here).
    await env.DB.prepare("UPDATE store_events SET rawUntil = '2001-01-01T00:00:00.000Z' WHERE StoreID = ? AND orderId <> '6004'").bind(store.StoreID).run()
    const now = Date.parse('2001-01-02T00:00:00.000Z')
    const plan = await env.DB.prepare(
      'EXPLAIN QUERY PLAN SELECT EventID FROM store_events WHERE rawUntil IS NOT NULL AND rawUntil < ? ORDER BY rawUntil, EventID LIMIT 2',
    )
      .bind(new Date(now).toISOString())
      .all<{ detail: string }>()
    expect(plan.results.map((r) => r.detail).join(' ')).toMatch(/USING (COVERING )?INDEX store_events_raw_idx/)

    // Three hundred events still in their time: a run reads about what it strips, not the table.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
       INSERT INTO store_events (StoreID, deliveryId, topic, outcome, body, facts, rawUntil, createdAt)
       SELECT ?, 'filler-' || i, 'orders/paid', 'no_ref', '{}', '{}', '2999-01-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z' FROM n`,
    )
      .bind(store.StoreID)
      .run()
    const cost = noCost()
    expect(await stripOldStoreBodies(makeDb(costedD1(env.DB, cost)), now, 2)).toBe(2)
    expect(cost.rowsRead).toBeLessThan(30)
    await env.DB.prepare("DELETE FROM store_events WHERE deliveryId LIKE 'filler-%'").run()
    expect(await stripOldStoreBodies(makeDb(env.DB), now, 2)).toBe(1)
    expect(await stripOldStoreBodies(makeDb(env.DB), now, 2)).toBe(0)
    const after = await eventsShown(vendor, store)
    for (const e of after.filter((e) => e.orderId !== '6004')) {
      expect(e.body).not.toMatch(/Kabir|kabir@|9844455566|Lake Road/)
      expect(e.rawUntil).toBeNull()
      expect(JSON.parse(e.body)).toMatchObject({ id: Number(e.orderId), financial_status: 'paid', subtotal_price: '1499.00' })
    }
    expect(after.find((e) => e.orderId === '6004')?.body).toContain('Kabir Das')
    // A stripped event no longer answers to the buyer's erasure (nothing of them is left to find).
    const left = await env.DB.prepare('SELECT count(*) AS n FROM store_event_contacts c JOIN store_events e USING (EventID) WHERE e.StoreID = ?')
      .bind(store.StoreID)
      .first<{ n: number }>()
    expect(left?.n).toBeGreaterThan(0)
    const stripped = await env.DB.prepare(
      "SELECT count(*) AS n FROM store_event_contacts c JOIN store_events e USING (EventID) WHERE e.StoreID = ? AND e.orderId <> '6004'",
    )
      .bind(store.StoreID)
      .first<{ n: number }>()
    expect(stripped?.n).toBe(0)
  })
})

describe("an influencer's erasure", () => {
  /** Calls the app with the webhook queue recorded and the events followed at once. */
  async function act<T = unknown>(
    path: string,
    options: { method?: string; token?: string; json?: unknown; headers?: Record<string, string> },
    queue?: Queue<QueuedWebhook>,
  ) {
    const ctx = createExecutionContext()
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    if (options.json !== undefined) headers['content-type'] = 'application/json'
    const merged = { ...bindings, ...(queue ? { WEBHOOK_QUEUE: queue } : {}) }
    const res = await app.fetch(
      new Request(`${ORIGIN}${path}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.json === undefined ? undefined : JSON.stringify(options.json),
      }),
      { ...merged, EVENTS_QUEUE: eventsFollowedAtOnce(merged) },
      ctx,
    )
    const body = (await res.json()) as Envelope<T>
    await waitOnExecutionContext(ctx)
    return { status: res.status, body }
  }

  it("takes their name out of the vendors' webhook delivery logs", async () => {
    const vendor = await makeVendor()
    const marketer = await makeMarketer({ MarketerName: 'Meera Nair' })
    const product = await makeProduct(vendor)
    const made = await act<WebhookSecretDTO>('/api/webhooks/endpoints', {
      method: 'POST',
      token: vendor.token,
      json: { url: 'https://hooks.example.com/collabkart', events: ['lead.created', 'lead.status_changed'], description: 'CRM' },
    })
    expect(made.status, made.body.message).toBe(201)
    const sent: QueuedWebhook[] = []
    const queue = {
      async send(body: QueuedWebhook) {
        sent.push(body)
      },
      async sendBatch(messages: Iterable<MessageSendRequest<QueuedWebhook>>) {
        for (const m of messages) sent.push(m.body)
      },
    } as unknown as Queue<QueuedWebhook>
    const lead = await act<{ LeadID: number }>(
      '/api/leads/create',
      { method: 'POST', json: leadForm(product, marketer), headers: { 'cf-connecting-ip': freshIp() } },
      queue,
    )
    expect(lead.status).toBe(201)
    const endpoint = made.body.data.endpoint.EndpointID
    const log = () => act<WebhookDeliveryDTO[]>(`/api/webhooks/endpoints/${endpoint}/deliveries`, { token: vendor.token })
    expect((await log()).body.data[0].payload).toContain('Meera Nair')

    const admin = await makeAdmin()
    const erased = await act(`/api/admin/influencers/${marketer.id}/erase`, {
      method: 'POST',
      token: admin.token,
      json: { email: marketer.email, reasonCode: 'data-request' },
    })
    expect(erased.status, erased.body.message).toBe(200)
    const [delivery] = (await log()).body.data
    expect(delivery.payload).not.toContain('Meera')
    expect(JSON.parse(delivery.payload).data).toMatchObject({ leadId: lead.body.data.LeadID, influencer: { influencerId: marketer.id, name: 'Deleted user' } })
    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN SELECT DeliveryID FROM webhook_deliveries WHERE json_extract(payload, '$.data.influencer.influencerId') = ?",
    )
      .bind(marketer.id)
      .all<{ detail: string }>()
    expect(plan.results.map((r) => r.detail).join(' ')).toMatch(/USING (COVERING )?INDEX webhook_deliveries_influencer_idx/)
  })
})
