// A store delivery's order calls carried out (decision 294): the calls domain/store-orders.ts read
// from Shopify's or WooCommerce's payload, made against the order use cases (services/orders.ts),
// which raise their own events (decision 276). Shared by the receiving address and the replay of a
// kept event.

import { COUPON_MESSAGES } from '../contract/coupons'
import type { StoreKind, StoreOutcome } from '../contract/stores'
import type { Db } from '../db/client'
import { mappedProductsOf } from '../db/stores'
import { Conflict, DomainError, InvalidInput } from '../domain/errors'
import type { StoreOrderCall, StoreOrderInput, StoreOrderReading } from '../domain/store-orders'
import { storeOrderId } from '../domain/store-webhooks'
import type { Events } from './event-sink'
import { cancelOrder, fulfillOrder, markPaid, type OrderInput, type OrderOutcome, recordOrder, refundOrder } from './orders'

/** `changed`: whether any call wrote something (false when every call was one already made). */
export type Settled = { outcome: StoreOutcome; detail: string | null; ref: string | null; orderId: string | null; changed: boolean }

type Store = { StoreID: number; VendorID: number; kind: StoreKind }

/**
 * The order as the order use cases take it: the store's order and line ids made the store's own
 * (`{kind}-{storeId}-{id}`), and a line whose store product the vendor mapped to one of theirs
 * named by that product (else the SKU matches, in recordOrder).
 */
async function orderInputOf(db: Db, store: Store, input: StoreOrderInput): Promise<OrderInput> {
  const storeProductIds = [...new Set(input.lines.flatMap((l) => (l.storeProductId ? [l.storeProductId] : [])))]
  const mapped = storeProductIds.length > 0 ? await mappedProductsOf(db, store.StoreID, storeProductIds) : new Map<string, number>()
  return {
    ...input,
    orderId: storeOrderId(store.kind, store.StoreID, input.orderId),
    lines: input.lines.map((l) => ({ ...l, productId: (l.storeProductId && mapped.get(l.storeProductId)) || null })),
  }
}

/**
 * Records the order with the first of its discount codes that is a creator code of the vendor;
 * the store's own codes (WELCOME5) are passed over, as decision 212 has it. With none, the order
 * goes by its ck_ref alone (or nobody's).
 */
async function recordStoreOrder(db: Db, events: Events, vendorId: number, input: OrderInput, codes: string[]): Promise<OrderOutcome> {
  for (const code of codes) {
    try {
      return await recordOrder(db, events, vendorId, { ...input, code })
    } catch (err) {
      if (!(err instanceof InvalidInput && err.message === COUPON_MESSAGES.unknown)) throw err
    }
  }
  return recordOrder(db, events, vendorId, { ...input, code: null })
}

type Step = 'credited' | 'nobody' | 'changed' | 'reversed' | 'pending' | 'kept'
type Made = { step: Step; changed: boolean }

async function makeCall(db: Db, events: Events, store: Store, call: StoreOrderCall): Promise<Made> {
  const vendorId = store.VendorID
  if (call.kind === 'order') {
    const input = await orderInputOf(db, store, call.input)
    try {
      const { order, replayed } = await recordStoreOrder(db, events, vendorId, input, call.codes)
      return { step: !order.attributedBy ? 'nobody' : replayed ? 'kept' : 'credited', changed: !replayed }
    } catch (err) {
      // Every topic carries the whole order: one that changed since it was first recorded (an edit,
      // a mapping the vendor added) stays as first recorded; its payments, refunds and shipments still apply.
      if (err instanceof Conflict) return { step: 'kept', changed: false }
      throw err
    }
  }
  const orderId = storeOrderId(store.kind, store.StoreID, call.orderId)
  const done =
    call.kind === 'paid'
      ? await markPaid(db, events, vendorId, orderId, call.paidAt)
      : call.kind === 'refund'
        ? await refundOrder(db, events, vendorId, orderId, call.refund)
        : call.kind === 'fulfillment'
          ? await fulfillOrder(db, events, vendorId, orderId, call.fulfillment)
          : await cancelOrder(db, events, vendorId, orderId, call.reason)
  if (done.pending) return { step: 'pending', changed: !done.replayed }
  const reversing = call.kind === 'refund' || call.kind === 'cancel' || (call.kind === 'fulfillment' && call.fulfillment.status === 'rto')
  return { step: reversing ? 'reversed' : 'changed', changed: !done.replayed }
}

/**
 * What became of the delivery, in the vendor's words (contract/stores.ts): a refusal stops the
 * delivery there (the order use cases changed nothing for the refused call) and is its outcome,
 * never an error of the delivery, so the store does not retry what will be refused again.
 */
export async function settleStoreOrder(db: Db, events: Events, store: Store, reading: StoreOrderReading): Promise<Settled> {
  const order = reading.calls.find((c) => c.kind === 'order')
  const ref = order?.kind === 'order' ? (order.input.ref ?? null) : null
  if (reading.ignored !== null || reading.calls.length === 0)
    return { outcome: 'ignored', detail: reading.ignored, ref: null, orderId: reading.orderId, changed: false }
  const made: Made[] = []
  try {
    for (const call of reading.calls) made.push(await makeCall(db, events, store, call))
  } catch (err) {
    if (!(err instanceof DomainError)) throw err
    return { outcome: 'refused', detail: err.message, ref, orderId: reading.orderId, changed: made.some((m) => m.changed) }
  }
  const steps = made.map((m) => m.step)
  const changed = made.some((m) => m.changed)
  const settled = (outcome: StoreOutcome, detail: string | null = null): Settled => ({ outcome, detail, ref, orderId: reading.orderId, changed })
  // A nobody's order (no creator code, no known ck_ref) earns nothing whatever happens to it: the vendor's to look at.
  if (steps[0] === 'nobody') return settled(ref ? 'unknown_ref' : 'no_ref')
  if (steps.includes('reversed')) return settled('reversed')
  if (steps[0] === 'credited') return settled('converted')
  if (steps.every((s) => s === 'pending')) return settled('pending', 'Kept: it is applied when the order arrives.')
  return settled('recorded')
}
