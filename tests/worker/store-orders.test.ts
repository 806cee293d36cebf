// Reading the stores' documented payloads into order calls (decision 294): the fixtures are the
// platforms' own examples (tests/worker/fixtures/README.md names each source); a case changes only
// the fields it is about, on a parsed copy.

import { describe, expect, it } from 'vitest'
import { parseStorePayload, readShopifyOrderDelivery, readWooOrderDelivery, type StoreOrderCall, storeOrderFacts } from '../../worker/domain/store-orders'
import shopifyFulfillmentRaw from './fixtures/shopify-fulfillment.json?raw'
import shopifyOrderRaw from './fixtures/shopify-order.json?raw'
import shopifyRefundRaw from './fixtures/shopify-refund.json?raw'
import shopifyShippingRefundRaw from './fixtures/shopify-refund-shipping.json?raw'
import woo723Raw from './fixtures/woocommerce-order-723.json?raw'
import woo727Raw from './fixtures/woocommerce-order-727.json?raw'

type Json = Record<string, unknown>
const parsed = (raw: string) => parseStorePayload(raw) as Json
const shopifyOrder = (over: Json = {}) => ({ ...parsed(shopifyOrderRaw), ...over })
/** The sample as a live paid order: not cancelled, not voided. */
const paidShopifyOrder = (over: Json = {}) => shopifyOrder({ cancelled_at: null, cancel_reason: null, financial_status: 'paid', ...over })
const kinds = (calls: StoreOrderCall[]) => calls.map((c) => c.kind)
const orderCall = (calls: StoreOrderCall[]) => {
  const call = calls.find((c) => c.kind === 'order')
  if (call?.kind !== 'order') throw new Error('no order call')
  return call
}

describe('Shopify orders', () => {
  it('keeps every digit of the ids past 2^53, wherever the body names them', () => {
    const order = parsed(shopifyOrderRaw)
    expect(order.id).toBe('820982911946154508')
    expect((order.line_items as Json[])[0].id).toBe('487817672276298554')
    expect(parsed(shopifyRefundRaw).order_id).toBe('820982911946154508')
    // Small numbers stay numbers, and a body that is not JSON is nothing.
    expect(parsed(shopifyRefundRaw).id).toBe(929361462)
    expect(parseStorePayload('{"id": 1,')).toBeNull()
  })

  it('reads every line of the documented basket, listed or not, in exact paise, and keeps the shop currency as sent', () => {
    const reading = readShopifyOrderDelivery('orders/cancelled', shopifyOrder())
    expect(reading.orderId).toBe('820982911946154508')
    const { input, codes } = orderCall(reading.calls)
    expect(input).toMatchObject({ orderId: '820982911946154508', source: 'shopify', currency: 'USD', paymentMethod: 'prepaid', paidAt: null, ref: null })
    expect(input.placedAt).toBe('2022-01-01T00:00:00.000Z')
    expect(codes).toEqual([])
    expect(input.lines).toEqual([
      {
        lineId: '487817672276298554',
        sku: 'SKU2006-001',
        storeProductId: '788032119674292922',
        name: 'Aviator sunglasses',
        quantity: 1,
        unitPricePaise: 8999,
        discountPaise: 0,
      },
      // The documented sample's products that no longer exist: no product id, still a line of the order.
      {
        lineId: '789012345678901234',
        sku: 'LENS-PROTECT-2YR',
        storeProductId: null,
        name: 'Lens Protection Plan (2 Year)',
        quantity: 1,
        unitPricePaise: 1999,
        discountPaise: 0,
      },
      {
        lineId: '890123456789012345',
        sku: 'CASE-LEATHER-PREM',
        storeProductId: null,
        name: 'Premium Leather Case',
        quantity: 1,
        unitPricePaise: 2499,
        discountPaise: 0,
      },
      {
        lineId: '976318377106520349',
        sku: 'SKU2006-020',
        storeProductId: '788032119674292922',
        name: 'Mid-century lounger',
        quantity: 1,
        unitPricePaise: 15999,
        discountPaise: 0,
      },
      {
        lineId: '315789986012684393',
        sku: 'SKU2006-035',
        storeProductId: '788032119674292922',
        name: 'Coffee table',
        quantity: 1,
        unitPricePaise: 11999,
        discountPaise: 0,
      },
    ])
    // As sampled the order is cancelled (cancel_reason customer): recorded, then cancelled.
    expect(kinds(reading.calls)).toEqual(['order', 'cancel'])
    expect(reading.calls[1]).toEqual({ kind: 'cancel', orderId: '820982911946154508', reason: 'customer' })
  })

  it('reads a ₹3,098 basket: the shop amounts, not what the buyer saw; discounts per line; ck_ref and codes', () => {
    const sample = paidShopifyOrder()
    const [first, second] = sample.line_items as Json[]
    const inr = (amount: string, shown: string) => ({
      shop_money: { amount, currency_code: 'INR' },
      presentment_money: { amount: shown, currency_code: 'USD' },
    })
    const order = {
      ...sample,
      currency: 'INR',
      presentment_currency: 'USD',
      note_attributes: [{ name: 'ck_ref', value: 'AbCdEfGh12345678' }],
      discount_codes: [{ code: 'ANANYA10', amount: '229.90', type: 'percentage' }],
      line_items: [
        {
          ...first,
          sku: 'DUP-RED',
          price: '27.60',
          price_set: inr('2299.00', '27.60'),
          discount_allocations: [{ amount: '2.76', amount_set: inr('229.90', '2.76') }],
        },
        { ...second, sku: 'STOLE-1', quantity: 1, price: '10.80', price_set: inr('899.00', '10.80') },
      ],
    }
    const reading = readShopifyOrderDelivery('orders/paid', order)
    const { input, codes } = orderCall(reading.calls)
    expect(input.currency).toBe('INR')
    expect(input.ref).toBe('AbCdEfGh12345678')
    expect(codes).toEqual(['ANANYA10'])
    expect(input.lines.map((l) => [l.sku, l.unitPricePaise, l.discountPaise])).toEqual([
      ['DUP-RED', 229_900, 22_990],
      ['STOLE-1', 89_900, 0],
    ])
    expect(kinds(reading.calls)).toEqual(['order', 'paid'])
    expect(reading.calls[1]).toEqual({ kind: 'paid', orderId: '820982911946154508', paidAt: '2022-01-01T00:00:00.000Z' })
  })

  it('reads a cash-on-delivery order as COD, placed but not paid until the store says so', () => {
    const order = shopifyOrder({ cancelled_at: null, financial_status: 'pending', payment_gateway_names: ['Cash on Delivery (COD)'] })
    const reading = readShopifyOrderDelivery('orders/create', order)
    expect(orderCall(reading.calls).input).toMatchObject({ paymentMethod: 'cod', paidAt: null })
    expect(kinds(reading.calls)).toEqual(['order'])
    // The store marks it paid when the courier brings the cash: orders/paid.
    const paid = readShopifyOrderDelivery('orders/paid', { ...order, financial_status: 'paid', updated_at: '2026-11-30T12:00:00+05:30' })
    expect(kinds(paid.calls)).toEqual(['order', 'paid'])
  })

  it('reads a line refund from refund_line_items, by the order line it names', () => {
    const reading = readShopifyOrderDelivery('refunds/create', parsed(shopifyRefundRaw))
    expect(reading).toEqual({
      orderId: '820982911946154508',
      calls: [{ kind: 'refund', orderId: '820982911946154508', refund: { refundId: '929361462', lines: [{ lineId: '466157049', quantity: 1 }] } }],
      ignored: null,
    })
    // The same refund wrapped in `refund`, as some documentation shows it, reads the same.
    expect(readShopifyOrderDelivery('refunds/create', { refund: parsed(shopifyRefundRaw) })).toEqual(reading)
  })

  it('reads an amount refund from its transactions, less what went back for shipping', () => {
    const shippingOnly = parsed(shopifyShippingRefundRaw)
    expect(readShopifyOrderDelivery('refunds/create', shippingOnly)).toMatchObject({
      orderId: '450789469',
      calls: [],
      ignored: 'The refund gave back only shipping.',
    })
    const transactions = [{ ...(shippingOnly.transactions as Json[])[0], amount: '205.00' }]
    expect(readShopifyOrderDelivery('refunds/create', { ...shippingOnly, transactions }).calls).toEqual([
      { kind: 'refund', orderId: '450789469', refund: { refundId: '929361465', amountPaise: 20_000 } },
    ])
    // A failed refund transaction gave nothing back.
    const failed = [{ ...transactions[0], status: 'failure' }]
    expect(readShopifyOrderDelivery('refunds/create', { ...shippingOnly, order_adjustments: [], transactions: failed }).calls).toEqual([])
  })

  it('reads fulfillments: success is shipped, delivered and failure (RTO) by shipment status, pending is nothing yet', () => {
    const sample = parsed(shopifyFulfillmentRaw)
    expect(readShopifyOrderDelivery('fulfillments/create', sample)).toMatchObject({ orderId: '820982911946154508', calls: [] })
    const at = '2022-01-01T00:00:00.000Z'
    const read = (over: Json) => readShopifyOrderDelivery('fulfillments/update', { ...sample, ...over }).calls
    expect(read({ status: 'success' })).toEqual([
      { kind: 'fulfillment', orderId: '820982911946154508', fulfillment: { fulfillmentId: '123456', status: 'shipped', at } },
    ])
    expect(read({ status: 'success', shipment_status: 'in_transit' })).toMatchObject([{ fulfillment: { status: 'shipped' } }])
    expect(read({ status: 'success', shipment_status: 'delivered' })).toMatchObject([{ fulfillment: { status: 'delivered' } }])
    expect(read({ status: 'success', shipment_status: 'failure' })).toMatchObject([{ fulfillment: { status: 'rto' } }])
    expect(read({ status: 'cancelled' })).toEqual([])
  })

  it("reads an order's own refunds and fulfillments, so a missed delivery is made up by the next", () => {
    const order = paidShopifyOrder({
      refunds: [parsed(shopifyRefundRaw)],
      fulfillments: [{ ...parsed(shopifyFulfillmentRaw), status: 'success', shipment_status: 'delivered' }],
    })
    expect(kinds(readShopifyOrderDelivery('orders/updated', order).calls)).toEqual(['order', 'paid', 'refund', 'fulfillment'])
  })

  it('ignores, with the reason, an order whose amounts are not plain rupee amounts, and topics that are not orders', () => {
    const [first] = shopifyOrder().line_items as Json[]
    const bad = paidShopifyOrder({ line_items: [{ ...first, price: '1e3', price_set: null }] })
    expect(readShopifyOrderDelivery('orders/paid', bad)).toEqual({ orderId: '820982911946154508', calls: [], ignored: 'The line price is not readable.' })
    expect(readShopifyOrderDelivery('products/update', { id: 1 })).toMatchObject({ calls: [], ignored: 'Topic products/update is not an order topic.' })
  })
})

describe('WooCommerce orders', () => {
  it('reads the documented processing order: lines with SKU and product id, paid, currency as sent', () => {
    const reading = readWooOrderDelivery('order.updated', parsed(woo727Raw))
    const { input, codes } = orderCall(reading.calls)
    expect(input).toMatchObject({
      orderId: '727',
      source: 'woocommerce',
      currency: 'USD',
      paymentMethod: 'prepaid',
      placedAt: '2017-03-22T19:28:02.000Z',
      paidAt: null,
      ref: null,
    })
    expect(codes).toEqual([])
    expect(input.lines).toEqual([
      { lineId: '315', sku: null, storeProductId: '93', name: 'Woo Single #1', quantity: 2, unitPricePaise: 300, discountPaise: 0 },
      {
        lineId: '316',
        sku: 'Bar3',
        storeProductId: '22',
        name: 'Ship Your Idea &ndash; Color: Black, Size: M Test',
        quantity: 1,
        unitPricePaise: 1200,
        discountPaise: 0,
      },
    ])
    expect(reading.calls.slice(1)).toEqual([{ kind: 'paid', orderId: '727', paidAt: '2017-03-22T19:28:08.000Z' }])
  })

  it('reads line totals after coupons exactly, the unit price rounded up so no discount is negative', () => {
    const order = parsed(woo727Raw)
    const [first] = order.line_items as Json[]
    const lines = [{ ...first, quantity: 3, subtotal: '2299.00', total: '2069.10' }]
    const { input } = orderCall(
      readWooOrderDelivery('order.created', { ...order, currency: 'INR', line_items: lines, coupon_lines: [{ id: 1, code: 'ananya10' }] }).calls,
    )
    const [line] = input.lines
    expect(line).toMatchObject({ quantity: 3, unitPricePaise: 76_634, discountPaise: 76_634 * 3 - 206_910 })
    expect(line.unitPricePaise * line.quantity - line.discountPaise).toBe(206_910)
  })

  it('reads each listed refund as an amount refund (the webhook does not say which lines)', () => {
    const reading = readWooOrderDelivery('order.updated', parsed(woo723Raw))
    expect(kinds(reading.calls)).toEqual(['order', 'paid', 'fulfillment', 'refund', 'refund'])
    expect(reading.calls.filter((c) => c.kind === 'refund')).toEqual([
      { kind: 'refund', orderId: '723', refund: { refundId: '726', amountPaise: 1000 } },
      { kind: 'refund', orderId: '723', refund: { refundId: '724', amountPaise: 900 } },
    ])
    // Completed, prepaid: shipped (WooCommerce reports no delivery).
    expect(reading.calls[2]).toMatchObject({ kind: 'fulfillment', fulfillment: { status: 'shipped' } })
  })

  it('reads COD: processing is not paid; completed is delivered and paid; rto is returned to origin', () => {
    const cod = { ...parsed(woo727Raw), payment_method: 'cod', payment_method_title: 'Cash on delivery', date_paid: null, date_paid_gmt: null }
    const processing = readWooOrderDelivery('order.created', cod)
    expect(orderCall(processing.calls).input).toMatchObject({ paymentMethod: 'cod', paidAt: null })
    expect(kinds(processing.calls)).toEqual(['order'])
    const completed = readWooOrderDelivery('order.updated', { ...cod, status: 'completed', date_completed_gmt: '2017-03-25T10:00:00' })
    expect(completed.calls.slice(1)).toEqual([
      { kind: 'fulfillment', orderId: '727', fulfillment: { fulfillmentId: '727-completed', status: 'delivered', at: '2017-03-25T10:00:00.000Z' } },
      { kind: 'paid', orderId: '727', paidAt: '2017-03-25T10:00:00.000Z' },
    ])
    const rto = readWooOrderDelivery('order.updated', { ...cod, status: 'rto' })
    expect(rto.calls.slice(1)).toMatchObject([{ kind: 'fulfillment', fulfillment: { status: 'rto' } }])
  })

  it('reads cancelled, failed and deleted orders as cancellations, and refunded without refunds as every line back', () => {
    const order = parsed(woo727Raw)
    expect(readWooOrderDelivery('order.updated', { ...order, status: 'cancelled' }).calls.at(-1)).toEqual({
      kind: 'cancel',
      orderId: '727',
      reason: 'cancelled',
    })
    expect(readWooOrderDelivery('order.updated', { ...order, status: 'failed', date_paid_gmt: null }).calls.map((c) => c.kind)).toEqual(['order', 'cancel'])
    expect(readWooOrderDelivery('order.deleted', { id: 727 })).toEqual({
      orderId: '727',
      calls: [{ kind: 'cancel', orderId: '727', reason: 'deleted' }],
      ignored: null,
    })
    expect(readWooOrderDelivery('order.updated', { ...order, status: 'refunded' }).calls.at(-1)).toEqual({
      kind: 'refund',
      orderId: '727',
      refund: {
        refundId: '727-refunded',
        lines: [
          { lineId: '315', quantity: 2 },
          { lineId: '316', quantity: 1 },
        ],
      },
    })
    expect(readWooOrderDelivery('order.updated', { ...order, status: 'pending', date_paid_gmt: null }).calls.map((c) => c.kind)).toEqual(['order'])
    expect(readWooOrderDelivery('coupon.created', order)).toMatchObject({ calls: [], ignored: 'Topic coupon.created is not an order topic.' })
  })
})

describe('what is kept of a delivery', () => {
  const withoutContacts = (calls: StoreOrderCall[]) =>
    calls.map((c) => (c.kind === 'order' ? { ...c, input: { ...c.input, customer: { ...c.input.customer, email: null, phone: null } } } : c))
  const cases: ['shopify' | 'woocommerce', string, Json][] = [
    [
      'shopify',
      'orders/updated',
      paidShopifyOrder({
        note_attributes: [{ name: 'ck_ref', value: 'R1' }],
        refunds: [parsed(shopifyRefundRaw)],
        fulfillments: [{ ...parsed(shopifyFulfillmentRaw), status: 'success' }],
      }),
    ],
    ['shopify', 'orders/create', shopifyOrder({ landing_site: '/products/dupatta?ck_ref=R2', financial_status: 'pending', cancelled_at: null })],
    ['shopify', 'refunds/create', parsed(shopifyRefundRaw)],
    ['shopify', 'refunds/create', parsed(shopifyShippingRefundRaw)],
    ['shopify', 'fulfillments/update', { ...parsed(shopifyFulfillmentRaw), shipment_status: 'failure' }],
    ['woocommerce', 'order.updated', { ...parsed(woo723Raw), meta_data: [{ id: 1, key: '_ck_ref', value: 'R3' }] }],
    ['woocommerce', 'order.updated', { ...parsed(woo727Raw), payment_method: 'cod', status: 'completed' }],
    ['woocommerce', 'order.deleted', { id: 727 }],
  ]

  it('reads the kept facts into the same calls as the body, with none of the buyer contacts', () => {
    for (const [kind, topic, payload] of cases) {
      const read = kind === 'shopify' ? readShopifyOrderDelivery : readWooOrderDelivery
      const facts = JSON.parse(JSON.stringify(storeOrderFacts(kind, payload)))
      const fromBody = read(topic, payload)
      expect({ ...read(topic, facts), calls: withoutContacts(read(topic, facts).calls) }).toEqual({ ...fromBody, calls: withoutContacts(fromBody.calls) })
      expect(JSON.stringify(facts)).not.toMatch(/example\.com|555-|Shipper|Smith|John|Doe/)
    }
  })
})
