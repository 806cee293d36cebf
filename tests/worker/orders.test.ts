// Orders with lines (decisions 287, 288): what a store's engineer sees when real baskets, partial
// refunds, repeat buyers, COD and RTO come in, through the service every source calls.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { ORDER_MESSAGES } from '../../worker/contract/orders'
import type { WebhookEvent } from '../../worker/contract/webhooks'
import { orderEventBody, type OrderWebhookEvent } from '../../worker/domain/webhook-payloads'
import { WEBHOOK_DATA } from '../../worker/openapi/webhooks'
import { makeDb } from '../../worker/db/client'
import { storeRefs } from '../../worker/db/schema'
import { DomainError } from '../../worker/domain/errors'
import { NEVER_PAYABLE } from '../../worker/domain/orders'
import { newStoreRef } from '../../worker/domain/store-refs'
import { cancelOrder, fulfillOrder, markPaid, type OrderInput, recordOrder, refundOrder } from '../../worker/services/orders'
import { call } from '../helpers/api'
import { keptEvents } from '../helpers/events'
import { makeMarketer, makeVendor, type SignedInMarketer, type SignedInVendor } from '../helpers/factories'
import { insertProduct } from '../helpers/rows'

const db = makeDb(env.DB)

async function shop() {
  const vendor = await makeVendor({ VendorName: 'Weaves of Varanasi' })
  const marketer = await makeMarketer()
  const dupatta = await insertProduct(vendor.id, {
    ProductName: 'Banarasi Dupatta',
    PricePaise: 229_900,
    CommissionType: 'Percentage',
    CommissionValue: 12,
    CommissionAmountPaise: 27_588,
  })
  const saree = await insertProduct(vendor.id, {
    ProductName: 'Silk Saree',
    PricePaise: 999_900,
    CommissionType: 'Fixed',
    CommissionValue: 500,
    CommissionAmountPaise: 50_000,
  })
  const kurta = await insertProduct(vendor.id, {
    ProductName: 'Cotton Kurta',
    PricePaise: 149_900,
    CommissionType: 'Percentage',
    CommissionValue: 10,
    CommissionAmountPaise: 14_990,
  })
  return { vendor, marketer, dupatta, saree, kurta }
}

/** A click's ref, as the store redirect keeps it (decision 190). */
async function refFor(vendor: SignedInVendor, marketer: SignedInMarketer, productId: number) {
  const ref = newStoreRef()
  await db.insert(storeRefs).values({ Ref: ref, ProductID: productId, VendorID: vendor.id, MarketerID: marketer.id, visitor: `v-${ref}` })
  return ref
}

let seq = 0
const basket = (over: Partial<OrderInput> = {}): OrderInput => ({
  orderId: `ORD-${++seq}`,
  source: 'api',
  currency: 'INR',
  placedAt: new Date(Date.now() - 60_000).toISOString(),
  paidAt: new Date(Date.now() - 30_000).toISOString(),
  paymentMethod: 'prepaid',
  lines: [],
  ...over,
})

type EntryRow = {
  EntryID: number
  OrderLineID: number | null
  Kind: string
  AmountPaise: number
  reversedAt: string | null
  clearsAt: string
  ReversalKey: string | null
  MarketerID: number
}
const entriesOf = async (vendorId: number, orderId: string) =>
  (
    await env.DB.prepare(
      'SELECT EntryID, OrderLineID, Kind, AmountPaise, reversedAt, clearsAt, ReversalKey, MarketerID FROM commission_entries WHERE VendorID = ? AND OrderID = ? ORDER BY EntryID',
    )
      .bind(vendorId, orderId)
      .all<EntryRow>()
  ).results
/** What stands of an order's commission: its entries not reversed. */
const standing = (rows: EntryRow[]) => rows.filter((r) => r.reversedAt === null).reduce((a, r) => a + r.AmountPaise, 0)

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (err) {
    if (err instanceof DomainError) return `${err.code}: ${err.message}`
    throw err
  }
  throw new Error('expected a refusal')
}

describe('an order with lines', () => {
  it('pays commission only on the listed line of a basket: 12 % of the ₹2,299 dupatta, nothing on the unlisted ₹899 stole', async () => {
    const { vendor, marketer, dupatta } = await shop()
    const ref = await refFor(vendor, marketer, dupatta.ProductID)
    const events = keptEvents()
    const { order } = await recordOrder(
      db,
      events,
      vendor.id,
      basket({
        orderId: 'SHOP-1001',
        ref,
        lines: [
          { lineId: 'L1', productId: dupatta.ProductID, quantity: 1, unitPricePaise: 229_900, discountPaise: 0 },
          { lineId: 'L2', sku: 'NOT-ON-COLLABKART', name: 'Stole', quantity: 1, unitPricePaise: 89_900, discountPaise: 0 },
        ],
      }),
    )
    expect(order).toMatchObject({
      orderId: 'SHOP-1001',
      state: 'paid',
      marketerId: marketer.id,
      attributedBy: 'ref',
      amountPaise: 319_800,
      commissionPaise: 27_588,
    })
    expect(order.lines.map((l) => [l.lineId, l.listed, l.commissionPaise])).toEqual([
      ['L1', true, 27_588],
      ['L2', false, 0],
    ])
    const rows = await entriesOf(vendor.id, 'SHOP-1001')
    expect(rows.map((r) => [r.Kind, r.AmountPaise, r.MarketerID])).toEqual([['commission', 27_588, marketer.id]])
    expect(events.raised.map((e) => e.type)).toEqual(['order.created', 'commission.created', 'commission.payable'])
  })

  it("matches a line by the vendor's SKU, takes discounts off before the percentage, and pays Fixed per unit", async () => {
    const { vendor, marketer, dupatta, saree } = await shop()
    const ref = await refFor(vendor, marketer, dupatta.ProductID)
    const { order } = await recordOrder(
      db,
      keptEvents(),
      vendor.id,
      basket({
        ref,
        lines: [
          { lineId: 'a', sku: dupatta.SKU, quantity: 2, unitPricePaise: 229_900, discountPaise: 45_980 },
          { lineId: 'b', productId: saree.ProductID, quantity: 3, unitPricePaise: 999_900, discountPaise: 0 },
        ],
      }),
    )
    // 12 % of (2 x ₹2,299 - ₹459.80) = ₹496.58; ₹500 x 3 = ₹1,500.
    expect(order.lines.map((l) => l.commissionPaise)).toEqual([49_658, 150_000])
  })

  it('answers the first result for the same body again, and refuses another body under the same orderId', async () => {
    const { vendor, marketer, dupatta } = await shop()
    const ref = await refFor(vendor, marketer, dupatta.ProductID)
    const body = basket({ ref, lines: [{ lineId: '1', productId: dupatta.ProductID, quantity: 1, unitPricePaise: 229_900, discountPaise: 0 }] })
    const first = await recordOrder(db, keptEvents(), vendor.id, body)
    const again = await recordOrder(db, keptEvents(), vendor.id, body)
    expect(again).toEqual({ order: first.order, replayed: true })
    expect(await refusal(recordOrder(db, keptEvents(), vendor.id, { ...body, lines: [{ ...body.lines[0], quantity: 2 }] }))).toBe(
      `conflict: ${ORDER_MESSAGES.orderConflict}`,
    )
    expect((await entriesOf(vendor.id, body.orderId)).length).toBe(1)
  })

  it('refuses a foreign currency with a clear message and records nothing', async () => {
    const { vendor, dupatta } = await shop()
    const body = basket({ currency: 'USD', lines: [{ lineId: '1', productId: dupatta.ProductID, quantity: 1, unitPricePaise: 2_900, discountPaise: 0 }] })
    expect(await refusal(recordOrder(db, keptEvents(), vendor.id, body))).toBe(`invalid_input: ${ORDER_MESSAGES.currency('USD')}`)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE VendorID = ?').bind(vendor.id).first('n')).toBe(0)
  })
})

describe('attribution', () => {
  it('credits a second order from the same ref (another buyer behind the same carrier NAT) instead of refusing it', async () => {
    const { vendor, marketer, dupatta } = await shop()
    const ref = await refFor(vendor, marketer, dupatta.ProductID)
    const line = { lineId: '1', productId: dupatta.ProductID, quantity: 1, unitPricePaise: 229_900, discountPaise: 0 }
    const a = await recordOrder(db, keptEvents(), vendor.id, basket({ ref, lines: [line], customer: { phone: '9876500001' } }))
    const b = await recordOrder(db, keptEvents(), vendor.id, basket({ ref, lines: [line], customer: { phone: '9876500002' } }))
    expect([a.order.marketerId, b.order.marketerId]).toEqual([marketer.id, marketer.id])
    expect([a.order.commissionPaise, b.order.commissionPaise]).toEqual([27_588, 27_588])
  })

  it('credits a later order of the same buyer to the same creator only while the vendor turned repeat-buyer credit on', async () => {
    const { vendor, marketer, dupatta } = await shop()
    const ref = await refFor(vendor, marketer, dupatta.ProductID)
    const line = { lineId: '1', productId: dupatta.ProductID, quantity: 1, unitPricePaise: 229_900, discountPaise: 0 }
    await recordOrder(db, keptEvents(), vendor.id, basket({ ref, lines: [line], customer: { email: 'Meera@example.in' } }))
    const off = await recordOrder(db, keptEvents(), vendor.id, basket({ lines: [line], customer: { email: 'meera@example.in' } }))
    expect([off.order.marketerId, off.order.commissionPaise]).toEqual([null, 0])
    await env.DB.prepare('UPDATE vendors SET RepeatBuyerDays = 60 WHERE VendorID = ?').bind(vendor.id).run()
    const on = await recordOrder(db, keptEvents(), vendor.id, basket({ lines: [line], customer: { email: 'MEERA@example.in' } }))
    expect([on.order.marketerId, on.order.attributedBy, on.order.commissionPaise]).toEqual([marketer.id, 'repeat', 27_588])
    const stranger = await recordOrder(db, keptEvents(), vendor.id, basket({ lines: [line], customer: { email: 'someone@example.in' } }))
    expect(stranger.order.marketerId).toBeNull()
  })

  it('applies a creator code for several products to the lines it covers, with no productId needed', async () => {
    const { vendor, marketer, dupatta, saree, kurta } = await shop()
    const code = `ANANYA${++seq}`
    const made = await call('POST', '/api/coupons', {
      token: vendor.token,
      json: { MarketerID: marketer.id, Code: code, BuyerText: '10% off at checkout', ProductIDs: [dupatta.ProductID, saree.ProductID] },
    })
    expect(made.status).toBe(201)
    const { order } = await recordOrder(
      db,
      keptEvents(),
      vendor.id,
      basket({
        code: code.toLowerCase(),
        lines: [
          { lineId: 'd', productId: dupatta.ProductID, quantity: 1, unitPricePaise: 229_900, discountPaise: 22_990 },
          { lineId: 's', productId: saree.ProductID, quantity: 1, unitPricePaise: 999_900, discountPaise: 99_990 },
          { lineId: 'k', productId: kurta.ProductID, quantity: 1, unitPricePaise: 149_900, discountPaise: 0 },
        ],
      }),
    )
    expect([order.attributedBy, order.marketerId]).toEqual(['code', marketer.id])
    // 12 % of ₹2,069.10 on the dupatta, ₹500 on the saree, nothing on the kurta the code does not cover.
    expect(order.lines.map((l) => l.commissionPaise)).toEqual([24_829, 50_000, 0])
  })
})

describe('refunds', () => {
  async function paidBasket() {
    const s = await shop()
    const ref = await refFor(s.vendor, s.marketer, s.dupatta.ProductID)
    const input = basket({
      ref,
      lines: [
        { lineId: 'dupatta', productId: s.dupatta.ProductID, quantity: 2, unitPricePaise: 229_900, discountPaise: 0 },
        { lineId: 'stole', name: 'Stole', quantity: 1, unitPricePaise: 89_900, discountPaise: 0 },
      ],
    })
    await recordOrder(db, keptEvents(), s.vendor.id, input)
    return { ...s, ref, input }
  }

  it('of the unlisted ₹899 line takes back nothing, and of one dupatta exactly its share', async () => {
    const { vendor, input } = await paidBasket()
    const stole = await refundOrder(db, keptEvents(), vendor.id, input.orderId, { refundId: 'R1', lines: [{ lineId: 'stole', quantity: 1 }] })
    expect(stole.order?.reversedPaise).toBe(0)
    expect(standing(await entriesOf(vendor.id, input.orderId))).toBe(55_176)
    const events = keptEvents()
    const one = await refundOrder(db, events, vendor.id, input.orderId, { refundId: 'R2', lines: [{ lineId: 'dupatta', quantity: 1 }] })
    expect(one.order?.lines[0]).toMatchObject({ refundedQuantity: 1, reversedPaise: 27_588 })
    expect(standing(await entriesOf(vendor.id, input.orderId))).toBe(27_588)
    expect(events.raised.map((e) => e.type)).toEqual(['order.refunded', 'commission.reversed'])
  })

  it('by an amount without lines reverses pro rata, never twice for the same refund id', async () => {
    const { vendor, input } = await paidBasket()
    // ₹200 of ₹5,497: ₹167.29 falls on the dupattas, whose 12 % of that is ₹20.07.
    const first = await refundOrder(db, keptEvents(), vendor.id, input.orderId, { refundId: 'woo-200', amountPaise: 20_000 })
    const again = await refundOrder(db, keptEvents(), vendor.id, input.orderId, { refundId: 'woo-200', amountPaise: 20_000 })
    expect(first.order?.lines.map((l) => l.refundedPaise)).toEqual([16_729, 3_271])
    expect(first.order?.reversedPaise).toBe(2_007)
    expect(again).toMatchObject({ replayed: true, order: first.order })
    const rows = await entriesOf(vendor.id, input.orderId)
    expect(rows.map((r) => [r.Kind, r.AmountPaise])).toEqual([
      ['commission', 55_176],
      ['adjustment', -2_007],
    ])
    expect(await refusal(refundOrder(db, keptEvents(), vendor.id, input.orderId, { refundId: 'woo-200', amountPaise: 30_000 }))).toBe(
      `conflict: ${ORDER_MESSAGES.eventConflict}`,
    )
  })

  it('of more than is left is refused whole', async () => {
    const { vendor, input } = await paidBasket()
    expect(await refusal(refundOrder(db, keptEvents(), vendor.id, input.orderId, { refundId: 'x', lines: [{ lineId: 'dupatta', quantity: 3 }] }))).toBe(
      `invalid_input: ${ORDER_MESSAGES.refundTooManyUnits}`,
    )
    expect(await refusal(refundOrder(db, keptEvents(), vendor.id, input.orderId, { refundId: 'y', amountPaise: 549_701 }))).toBe(
      `invalid_input: ${ORDER_MESSAGES.refundTooMuch}`,
    )
    expect(standing(await entriesOf(vendor.id, input.orderId))).toBe(55_176)
  })

  it("of order A never touches order B's commission, though both came through one ref and one lead", async () => {
    const { vendor, ref, dupatta, input } = await paidBasket()
    const b = basket({ ref, lines: [{ lineId: '1', productId: dupatta.ProductID, quantity: 1, unitPricePaise: 229_900, discountPaise: 0 }] })
    const second = await recordOrder(db, keptEvents(), vendor.id, b)
    expect(second.order.leadId).not.toBeNull()
    await refundOrder(db, keptEvents(), vendor.id, input.orderId, { refundId: 'all', amountPaise: 549_700 })
    await cancelOrder(db, keptEvents(), vendor.id, input.orderId, 'Buyer cancelled')
    expect(standing(await entriesOf(vendor.id, input.orderId))).toBe(0)
    expect((await entriesOf(vendor.id, b.orderId)).map((r) => [r.AmountPaise, r.reversedAt])).toEqual([[27_588, null]])
  })

  it('is one ledger whether it comes before or after its order', async () => {
    const { vendor, marketer, dupatta } = await shop()
    const ref = await refFor(vendor, marketer, dupatta.ProductID)
    const lines = [{ lineId: '1', productId: dupatta.ProductID, quantity: 3, unitPricePaise: 100_000, discountPaise: 0 }]
    const early = basket({ ref, lines })
    const kept = await refundOrder(db, keptEvents(), vendor.id, early.orderId, { refundId: 'r', lines: [{ lineId: '1', quantity: 1 }] })
    expect(kept).toEqual({ orderId: early.orderId, order: null, pending: true, replayed: false })
    await fulfillOrder(db, keptEvents(), vendor.id, early.orderId, { fulfillmentId: 'f', status: 'delivered', at: new Date().toISOString() })
    const recorded = await recordOrder(db, keptEvents(), vendor.id, early)
    const late = basket({ ref, lines })
    await recordOrder(db, keptEvents(), vendor.id, late)
    await fulfillOrder(db, keptEvents(), vendor.id, late.orderId, { fulfillmentId: 'f', status: 'delivered', at: new Date().toISOString() })
    await refundOrder(db, keptEvents(), vendor.id, late.orderId, { refundId: 'r', lines: [{ lineId: '1', quantity: 1 }] })
    expect(recorded.order).toMatchObject({ state: 'delivered', reversedPaise: 12_000 })
    expect(standing(await entriesOf(vendor.id, early.orderId))).toBe(standing(await entriesOf(vendor.id, late.orderId)))
    expect(standing(await entriesOf(vendor.id, early.orderId))).toBe(24_000)
  })
})

describe('payable time', () => {
  it('of a COD order is never before delivery, the return window after it, and RTO reverses it', async () => {
    const { vendor, marketer, dupatta } = await shop()
    const ref = await refFor(vendor, marketer, dupatta.ProductID)
    const line = { lineId: '1', productId: dupatta.ProductID, quantity: 1, unitPricePaise: 229_900, discountPaise: 0 }
    const cod = basket({ ref, paidAt: null, paymentMethod: 'cod', lines: [line] })
    const { order } = await recordOrder(db, keptEvents(), vendor.id, cod)
    expect(order.payableAt).toBeNull()
    expect((await entriesOf(vendor.id, cod.orderId)).map((r) => r.clearsAt)).toEqual([NEVER_PAYABLE])
    const deliveredAt = '2026-11-20T10:00:00.000Z'
    const delivered = await fulfillOrder(db, keptEvents(), vendor.id, cod.orderId, { fulfillmentId: 'awb1', status: 'delivered', at: deliveredAt })
    expect(delivered.order).toMatchObject({ state: 'delivered', paidAt: deliveredAt, payableAt: '2026-11-27T10:00:00.000Z' })
    expect((await entriesOf(vendor.id, cod.orderId)).map((r) => r.clearsAt)).toEqual(['2026-11-27T10:00:00.000Z'])

    const back = basket({ ref, paidAt: null, paymentMethod: 'cod', lines: [line] })
    await recordOrder(db, keptEvents(), vendor.id, back)
    const rto = await fulfillOrder(db, keptEvents(), vendor.id, back.orderId, { fulfillmentId: 'awb2', status: 'rto', at: new Date().toISOString() })
    expect(rto.order).toMatchObject({ state: 'rto', reversedPaise: 27_588, payableAt: null })
    expect(standing(await entriesOf(vendor.id, back.orderId))).toBe(0)
  })

  it('of a prepaid order without delivery is the holding period after payment, moved by markPaid', async () => {
    const { vendor, marketer, dupatta } = await shop()
    const ref = await refFor(vendor, marketer, dupatta.ProductID)
    const unpaid = basket({ ref, paidAt: null, lines: [{ lineId: '1', productId: dupatta.ProductID, quantity: 1, unitPricePaise: 229_900, discountPaise: 0 }] })
    await recordOrder(db, keptEvents(), vendor.id, unpaid)
    const paid = await markPaid(db, keptEvents(), vendor.id, unpaid.orderId, '2026-11-20T10:00:00Z')
    // The vendor's HoldingDays default: 14.
    expect(paid.order).toMatchObject({ state: 'paid', payableAt: '2026-12-04T10:00:00.000Z' })
    expect((await entriesOf(vendor.id, unpaid.orderId)).map((r) => r.clearsAt)).toEqual(['2026-12-04T10:00:00.000Z'])
  })
})

describe('the database', () => {
  it('refuses an entry reversed twice and a line reversed beyond what it earned', async () => {
    const { vendor, marketer, dupatta } = await shop()
    const ref = await refFor(vendor, marketer, dupatta.ProductID)
    const input = basket({ ref, lines: [{ lineId: '1', productId: dupatta.ProductID, quantity: 1, unitPricePaise: 229_900, discountPaise: 0 }] })
    await recordOrder(db, keptEvents(), vendor.id, input)
    const [entry] = await entriesOf(vendor.id, input.orderId)
    await env.DB.prepare('UPDATE commission_entries SET reversedAt = ? WHERE EntryID = ?').bind(new Date().toISOString(), entry.EntryID).run()
    await expect(
      env.DB.prepare('UPDATE commission_entries SET reversedAt = ? WHERE EntryID = ?').bind('2030-01-01T00:00:00.000Z', entry.EntryID).run(),
    ).rejects.toThrow(/entry reversed twice/)
    await expect(
      env.DB.prepare(
        `INSERT INTO commission_entries (LeadID, VendorID, MarketerID, ProductName, Kind, AmountPaise, convertedAt, OrderID, OrderLineID, ReversalKey)
         VALUES (0, ?, ?, 'x', 'adjustment', -1, ?, ?, ?, 'manual')`,
      )
        .bind(vendor.id, marketer.id, new Date().toISOString(), input.orderId, entry.OrderLineID)
        .run(),
    ).rejects.toThrow(/beyond what it earned/)
  })
})

describe('order events as webhooks carry', () => {
  it('exactly the fields the reference lists for their type', async () => {
    const { vendor, marketer, dupatta } = await shop()
    const ref = await refFor(vendor, marketer, dupatta.ProductID)
    const events = keptEvents()
    const input = basket({ ref, lines: [{ lineId: '1', productId: dupatta.ProductID, quantity: 2, unitPricePaise: 229_900, discountPaise: 0 }] })
    await recordOrder(db, events, vendor.id, input)
    await refundOrder(db, events, vendor.id, input.orderId, { refundId: 'r1', lines: [{ lineId: '1', quantity: 1 }] })
    await cancelOrder(db, events, vendor.id, input.orderId, null)
    const types = new Set(events.raised.map((e) => e.type))
    expect(types).toEqual(new Set(['order.created', 'commission.created', 'commission.payable', 'order.refunded', 'commission.reversed', 'order.updated']))
    for (const event of events.raised) {
      const body = orderEventBody(event as OrderWebhookEvent)
      const shape = WEBHOOK_DATA[event.type as WebhookEvent] as { properties?: Record<string, unknown>; anyOf?: Array<{ properties: Record<string, unknown> }> }
      const documented = shape.anyOf ? shape.anyOf[1] : (shape as { properties: Record<string, unknown> })
      expect(Object.keys(body.data).sort(), event.type).toEqual(Object.keys(documented.properties).sort())
    }
  })
})
