// /api/v1/orders (decisions 287-289) as a store's engineer drives it: strict bodies, INR only,
// Idempotency-Key on every POST, refunds and fulfillments by their own ids, cursor pages.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { IDEMPOTENCY_MESSAGES, ORDER_LIST_MESSAGES, ORDER_MESSAGES, type OrderDTO, type OrderPage } from '../../worker/contract/orders'
import { makeDb } from '../../worker/db/client'
import { storeRefs } from '../../worker/db/schema'
import { newStoreRef } from '../../worker/domain/store-refs'
import { call } from '../helpers/api'
import { makeApiKey } from '../helpers/api-keys'
import { makeMarketer, makeVendor } from '../helpers/factories'
import { insertProduct } from '../helpers/rows'

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
let seq = 0
const order = (s: Scene, over: Record<string, unknown> = {}) => ({
  orderId: `WEB-${++seq}`,
  ref: s.ref,
  paidAt: new Date().toISOString(),
  lines: [
    { lineId: '1', sku: s.product.SKU, quantity: 1, unitPricePaise: 229_900, discountPaise: 0 },
    { lineId: '2', name: 'Stole', quantity: 1, unitPricePaise: 89_900 },
  ],
  ...over,
})
const post = <T>(s: Scene, path: string, json: unknown, headers: Record<string, string> = {}) => call<T>('POST', path, { token: s.key.Secret, json, headers })
const ordersOf = async (vendorId: number) => Number(await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE VendorID = ?').bind(vendorId).first('n'))

describe('POST /api/v1/orders', () => {
  it('records the order with a commission per line, and answers the first result to the same body again', async () => {
    const s = await scene()
    const body = order(s)
    const first = await post<OrderDTO>(s, '/api/v1/orders', body)
    expect([first.status, first.body.message]).toEqual([201, ORDER_MESSAGES.recorded])
    expect(first.body.data.lines.map((l) => [l.lineId, l.listed, l.commissionPaise])).toEqual([
      ['1', true, 27_588],
      ['2', false, 0],
    ])
    const again = await post<OrderDTO>(s, '/api/v1/orders', body)
    expect([again.status, again.body.message, again.body.data]).toEqual([200, ORDER_MESSAGES.replayed, first.body.data])
  })

  it('refuses unknown fields and a foreign currency, writing nothing', async () => {
    const s = await scene()
    const unknown = await post(s, '/api/v1/orders', { ...order(s), price: 3098 })
    expect([unknown.status, unknown.body.message]).toEqual([400, ORDER_MESSAGES.unknownField(['price'])])
    const usd = await post(s, '/api/v1/orders', order(s, { currency: 'usd' }))
    expect([usd.status, usd.body.message]).toEqual([400, ORDER_MESSAGES.currency('USD')])
    expect(await ordersOf(s.vendor.id)).toBe(0)
  })

  it('honours Idempotency-Key: the same request answers the first answer, another request 409 with nothing written', async () => {
    const s = await scene()
    const body = order(s)
    const headers = { 'idempotency-key': crypto.randomUUID() }
    const first = await post<OrderDTO>(s, '/api/v1/orders', body, headers)
    const again = await post<OrderDTO>(s, '/api/v1/orders', body, headers)
    expect([again.status, again.headers.get('idempotency-replayed'), again.body]).toEqual([201, 'true', first.body])
    const other = await post(s, '/api/v1/orders', order(s), headers)
    expect([other.status, other.body.message]).toEqual([409, IDEMPOTENCY_MESSAGES.otherRequest])
    expect(await ordersOf(s.vendor.id)).toBe(1)
  })
})

describe('refunds and fulfillments', () => {
  it('take back one line by its id, once per refundId, and keep one for an order not reported yet', async () => {
    const s = await scene()
    const body = order(s)
    await post(s, '/api/v1/orders', body)
    const refund = { refundId: 'RF-1', lines: [{ lineId: '1', quantity: 1 }] }
    const first = await post<{ order: OrderDTO }>(s, `/api/v1/orders/${body.orderId}/refunds`, refund)
    expect([first.status, first.body.message, first.body.data.order.reversedPaise]).toEqual([201, ORDER_MESSAGES.refunded, 27_588])
    const again = await post<{ order: OrderDTO }>(s, `/api/v1/orders/${body.orderId}/refunds`, refund)
    expect([again.status, again.body.message, again.body.data.order.reversedPaise]).toEqual([200, ORDER_MESSAGES.refundReplayed, 27_588])
    const early = await post(s, '/api/v1/orders/LATER-1/fulfillments', { fulfillmentId: 'AWB-1', status: 'delivered', at: '2026-11-30T16:00:00+05:30' })
    expect([early.status, early.body.message, early.body.data]).toEqual([202, ORDER_MESSAGES.pending, { orderId: 'LATER-1', pending: true, order: null }])
    const late = await post<OrderDTO>(s, '/api/v1/orders', order(s, { orderId: 'LATER-1' }))
    expect(late.body.data).toMatchObject({ state: 'delivered', deliveredAt: '2026-11-30T10:30:00.000Z', payableAt: '2026-12-07T10:30:00.000Z' })
  })

  it('refuses a refund with lines and an amount, or an unknown field', async () => {
    const s = await scene()
    const body = order(s)
    await post(s, '/api/v1/orders', body)
    const both = await post(s, `/api/v1/orders/${body.orderId}/refunds`, { refundId: 'x', lines: [{ lineId: '1', quantity: 1 }], amountPaise: 100 })
    expect([both.status, both.body.message]).toEqual([400, ORDER_MESSAGES.refundLinesOrAmount])
    const extra = await post(s, `/api/v1/orders/${body.orderId}/fulfillments`, { fulfillmentId: 'f', status: 'delivered', carrier: 'Delhivery' })
    expect([extra.status, extra.body.message]).toEqual([400, ORDER_MESSAGES.unknownField(['carrier'])])
  })
})

describe('GET /api/v1/orders', () => {
  it('pages newest first by cursor, filters by state, and answers one order by id', async () => {
    const s = await scene()
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const body = order(s)
      ids.push(body.orderId)
      await post(s, '/api/v1/orders', body)
    }
    await post(s, `/api/v1/orders/${ids[0]}/fulfillments`, { fulfillmentId: 'f', status: 'rto' })
    const get = <T>(path: string) => call<T>('GET', path, { token: s.key.Secret })
    const one = await get<OrderPage>('/api/v1/orders?limit=2')
    expect(one.body.data.orders.map((o) => o.orderId)).toEqual([ids[2], ids[1]])
    const two = await get<OrderPage>(`/api/v1/orders?limit=2&cursor=${one.body.data.nextCursor}`)
    expect([two.body.data.orders.map((o) => o.orderId), two.body.data.nextCursor]).toEqual([[ids[0]], null])
    expect((await get<OrderPage>('/api/v1/orders?state=rto')).body.data.orders.map((o) => o.orderId)).toEqual([ids[0]])
    expect((await get('/api/v1/orders?state=lost')).body.message).toBe(ORDER_LIST_MESSAGES.stateInvalid)
    expect((await get<OrderDTO>(`/api/v1/orders/${ids[1]}`)).body.data.orderId).toBe(ids[1])
    expect((await get(`/api/v1/orders/NOPE-1`)).body.message).toBe(ORDER_MESSAGES.notFound)
  })

  it('pages an India day by placedAt, ties and all, without repeating or skipping an order', async () => {
    const s = await scene()
    // Reported out of order: the latest of 1 June (IST) first, then two at the same instant, then one of 2 June (IST).
    const times = ['2026-06-01T10:00:00.000Z', '2026-06-01T05:00:00.000Z', '2026-06-01T05:00:00.000Z', '2026-06-01T19:00:00.000Z']
    const ids: string[] = []
    for (const placedAt of times) {
      const body = { ...order(s), placedAt }
      ids.push(body.orderId)
      expect((await post(s, '/api/v1/orders', body)).status).toBe(201)
    }
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const res: { body: { data: OrderPage } } = await call<OrderPage>(
        'GET',
        `/api/v1/orders?from=2026-06-01&to=2026-06-01&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        {
          token: s.key.Secret,
        },
      )
      seen.push(...res.body.data.orders.map((o) => o.orderId))
      cursor = res.body.data.nextCursor
    } while (cursor && seen.length < 10)
    expect(seen).toEqual([ids[0], ids[2], ids[1]])
  })
})
