// The dashboards' order screens (decision 301) as the vendor and the influencer use them: who may see
// what, the vendor's search, filter and pages, one order's lines and history, and the influencer's
// expected and confirmed commission with no buyer in sight.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { MarketerOrder, VendorOrderDetail, VendorOrderRow } from '../../worker/contract/order-routes'
import { ORDER_SCREEN_MESSAGES } from '../../worker/contract/order-routes'
import type { PagedEnvelope } from '../../worker/contract/paging'
import { makeDb } from '../../worker/db/client'
import { storeRefs } from '../../worker/db/schema'
import { newStoreRef } from '../../worker/domain/store-refs'
import { call } from '../helpers/api'
import { makeApiKey } from '../helpers/api-keys'
import { makeMarketer, makeVendor } from '../helpers/factories'
import { insertProduct } from '../helpers/rows'

const DAY = 86_400_000

async function scene() {
  const vendor = await makeVendor()
  const marketer = await makeMarketer()
  const product = await insertProduct(vendor.id, {
    ProductName: 'Banarasi Dupatta',
    SKU: `DUP-${Math.random().toString(36).slice(2, 8)}`,
    CommissionType: 'Percentage',
    CommissionValue: 12,
    CommissionAmountPaise: 27_588,
  })
  const key = await makeApiKey(vendor, ['conversions:write', 'leads:read'])
  const ref = newStoreRef()
  await makeDb(env.DB)
    .insert(storeRefs)
    .values({ Ref: ref, ProductID: product.ProductID, VendorID: vendor.id, MarketerID: marketer.id, visitor: `v-${ref}` })
  return { vendor, marketer, product, key, ref }
}
type Scene = Awaited<ReturnType<typeof scene>>

/** A ₹3,098 basket: the listed dupatta (12 %: ₹275.88) and an unlisted stole, bought by Priya. */
const basket = (s: Scene, orderId: string, over: Record<string, unknown> = {}) => ({
  orderId,
  ref: s.ref,
  paidAt: new Date().toISOString(),
  customer: { email: 'priya.buyer@example.in', phone: '9876543210' },
  lines: [
    { lineId: '1', sku: s.product.SKU, quantity: 1, unitPricePaise: 229_900 },
    { lineId: '2', name: 'Silk Stole', quantity: 1, unitPricePaise: 89_900 },
  ],
  ...over,
})
const v1 = (s: Scene, path: string, json: unknown) => call('POST', path, { token: s.key.Secret, json })
async function record(s: Scene, orderId: string, over: Record<string, unknown> = {}) {
  const res = await v1(s, '/api/v1/orders', basket(s, orderId, over))
  expect(res.status).toBe(201)
}
/** A paged GET: the envelope with `paging` beside `data`. */
async function getPage<T>(path: string, token?: string): Promise<{ status: number; body: PagedEnvelope<T> }> {
  const res = await call<T[]>('GET', path, { token })
  return { status: res.status, body: res.body as PagedEnvelope<T> }
}

describe('GET /api/orders (vendor)', () => {
  it("lists the vendor's orders newest first, with lines, unlisted lines and the creator's name", async () => {
    const s = await scene()
    await record(s, 'SHOP-1001')
    await record(s, 'SHOP-1002')
    const res = await getPage<VendorOrderRow>('/api/orders', s.vendor.token)
    expect([res.status, res.body.message]).toEqual([200, ORDER_SCREEN_MESSAGES.listed])
    expect(res.body.data.map((o) => [o.orderId, o.state, o.lineCount, o.unlistedCount, o.amountPaise, o.commissionPaise, o.marketerName])).toEqual([
      ['SHOP-1002', 'paid', 2, 1, 319_800, 27_588, s.marketer.marketer.MarketerName],
      ['SHOP-1001', 'paid', 2, 1, 319_800, 27_588, s.marketer.marketer.MarketerName],
    ])
    expect(res.body.paging).toMatchObject({ total: 2, nextCursor: null })
  })

  it('finds orders by the start of their id, filters by state, and pages on the server', async () => {
    const s = await scene()
    for (const id of ['SHOP-1001', 'SHOP-1002', 'SHOP-1003', 'WEB-77']) await record(s, id)
    await v1(s, '/api/v1/orders/SHOP-1002/fulfillments', { fulfillmentId: 'F1', status: 'delivered' })
    const list = (query: string) => getPage<VendorOrderRow>(`/api/orders${query}`, s.vendor.token)

    const shop = await list('?q=SHOP-100')
    expect(shop.body.data.map((o) => o.orderId)).toEqual(['SHOP-1003', 'SHOP-1002', 'SHOP-1001'])
    expect((await list('?q=web')).body.data).toEqual([])
    expect((await list('?state=delivered')).body.data.map((o) => o.orderId)).toEqual(['SHOP-1002'])
    expect((await list('?q=SHOP&state=paid')).body.data.map((o) => o.orderId)).toEqual(['SHOP-1003', 'SHOP-1001'])

    const first = await list('?limit=3')
    expect(first.body.data.map((o) => o.orderId)).toEqual(['WEB-77', 'SHOP-1003', 'SHOP-1002'])
    expect(first.body.paging.total).toBe(4)
    const second = await list(`?limit=3&cursor=${first.body.paging.nextCursor}`)
    expect(second.body.data.map((o) => o.orderId)).toEqual(['SHOP-1001'])
    expect(second.body.paging).toMatchObject({ total: 4, nextCursor: null })

    const searched = await list('?q=SHOP&limit=2')
    const next = await list(`?q=SHOP&limit=2&cursor=${searched.body.paging.nextCursor}`)
    expect([...searched.body.data, ...next.body.data].map((o) => o.orderId)).toEqual(['SHOP-1003', 'SHOP-1002', 'SHOP-1001'])

    const bad = await list('?state=lost')
    expect([bad.status, bad.body.message]).toEqual([400, ORDER_SCREEN_MESSAGES.stateInvalid])
  })

  it('needs a vendor: 401 without a token, 403 for an influencer', async () => {
    const s = await scene()
    expect((await call('GET', '/api/orders')).status).toBe(401)
    expect((await call('GET', '/api/orders', { token: s.marketer.token })).status).toBe(403)
    expect((await call('GET', '/api/orders/SHOP-1', { token: s.marketer.token })).status).toBe(403)
    expect((await call('GET', '/api/marketer/orders', { token: s.vendor.token })).status).toBe(403)
    expect((await call('GET', '/api/marketer/orders')).status).toBe(401)
  })
})

describe('GET /api/orders/{orderId} (vendor)', () => {
  it("shows the lines with each line's commission, and the history of payment, refund and delivery", async () => {
    const s = await scene()
    await record(s, 'SHOP-2001')
    await v1(s, '/api/v1/orders/SHOP-2001/refunds', { refundId: 'R1', lines: [{ lineId: '2', quantity: 1 }], reason: 'Colour' })
    await v1(s, '/api/v1/orders/SHOP-2001/fulfillments', { fulfillmentId: 'F1', status: 'delivered', at: '2026-12-01T09:00:00Z' })
    const res = await call<VendorOrderDetail>('GET', '/api/orders/SHOP-2001', { token: s.vendor.token })
    expect([res.status, res.body.message]).toEqual([200, ORDER_SCREEN_MESSAGES.fetched])
    const o = res.body.data
    expect([o.state, o.marketerName]).toEqual(['delivered', s.marketer.marketer.MarketerName])
    expect(o.lines.map((l) => [l.lineId, l.listed, l.name ?? null, l.amountPaise, l.commissionPaise, l.refundedQuantity])).toEqual([
      ['1', true, 'Banarasi Dupatta', 229_900, 27_588, 0],
      ['2', false, 'Silk Stole', 89_900, 0, 1],
    ])
    expect(o.history.map((h) => [h.kind, h.eventId, h.status, h.reason])).toEqual([
      ['placed', null, null, null],
      ['paid', null, null, null],
      ['refund', 'R1', null, 'Colour'],
      ['fulfillment', 'F1', 'delivered', null],
    ])
    expect(o.history[2].lines).toEqual([{ lineId: '2', quantity: 1 }])
  })

  it("answers 404 for another vendor's order and for an order that does not exist", async () => {
    const s = await scene()
    const other = await scene()
    await record(other, 'SHOP-3001')
    const theirs = await call('GET', '/api/orders/SHOP-3001', { token: s.vendor.token })
    expect([theirs.status, theirs.body.message]).toEqual([404, ORDER_SCREEN_MESSAGES.notFound])
    expect((await call('GET', '/api/orders/SHOP-404', { token: s.vendor.token })).status).toBe(404)
    expect((await call('GET', '/api/orders/SHOP-3001', { token: other.vendor.token })).status).toBe(200)
  })
})

describe('GET /api/marketer/orders (influencer)', () => {
  it('lists only their orders, only the lines they earn on, and never the buyer', async () => {
    const s = await scene()
    await record(s, 'SHOP-4001')
    const stranger = await scene()
    await record(stranger, 'SHOP-4002')
    const res = await getPage<MarketerOrder>('/api/marketer/orders', s.marketer.token)
    expect(res.status).toBe(200)
    expect(res.body.data.map((o) => [o.orderId, o.vendorName, o.state])).toEqual([['SHOP-4001', s.vendor.vendor.VendorName, 'paid']])
    expect(res.body.data[0].lines.map((l) => [l.productName, l.commissionPaise])).toEqual([['Banarasi Dupatta', 27_588]])
    const text = JSON.stringify(res.body)
    for (const buyer of ['priya.buyer', '9876543210', 'Silk Stole', 'customer', 'CustomerKey']) expect(text).not.toContain(buyer)
  })

  it('counts a recent order as expected, one past its return window as confirmed, and an RTO as neither', async () => {
    const s = await scene()
    const now = Date.now()
    await record(s, 'SHOP-5001')
    // Delivered ten days ago (the store reports its own time): past the 7-day return window.
    await record(s, 'SHOP-5002')
    await v1(s, '/api/v1/orders/SHOP-5002/fulfillments', { fulfillmentId: 'F1', status: 'delivered', at: new Date(now - 10 * DAY).toISOString() })
    await record(s, 'SHOP-5003', { paymentMethod: 'cod', paidAt: null })
    await v1(s, '/api/v1/orders/SHOP-5003/fulfillments', { fulfillmentId: 'F2', status: 'rto' })
    await record(s, 'SHOP-5004')
    await v1(s, '/api/v1/orders/SHOP-5004/refunds', { refundId: 'R1', amountPaise: 100_000 })
    const res = await getPage<MarketerOrder>('/api/marketer/orders', s.marketer.token)
    const by = Object.fromEntries(res.body.data.map((o) => [o.orderId, [o.state, o.expectedPaise, o.confirmedPaise]]))
    expect(by['SHOP-5001']).toEqual(['paid', 27_588, 0])
    expect(by['SHOP-5002']).toEqual(['delivered', 0, 27_588])
    expect(by['SHOP-5003']).toEqual(['rto', 0, 0])
    // ₹1,000 of ₹3,198 refunded without lines takes back the dupatta's share pro rata.
    expect(by['SHOP-5004'][1]).toBeLessThan(27_588)
    expect(by['SHOP-5004'][1]).toBeGreaterThan(0)
  })
})
