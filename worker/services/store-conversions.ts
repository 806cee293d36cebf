// The store webhooks' way into the conversion API (services/conversions.ts): a paid order becomes a
// conversion by its ck_ref (the lead made from the click, marked as from the store), a refund or
// cancellation its reversal, under the same idempotency and ledger rules as POST /api/v1/conversions.

import { COUPON_MESSAGES } from '../contract/coupons'
import type { Db } from '../db/client'
import { InvalidInput } from '../domain/errors'
import { recordConversion, reverseConversion } from './conversions'
import type { Events } from './event-sink'
import type { StoreOrderSink } from './store-webhooks'

/**
 * The conversion by the order's ck_ref, or else by its discount codes in order: a code that is no
 * creator code of the vendor (the store's own offers) is passed over; the first creator code
 * decides, and its refusal (expired, used up...) is the outcome's detail.
 */
async function convertOrder(db: Db, events: Events, order: Parameters<StoreOrderSink['convert']>[2]) {
  const report = { vendorId: order.vendorId, orderId: order.orderId, amountPaise: order.amountPaise, occurredAt: order.occurredAt, source: order.kind }
  if ('ref' in order.by) return recordConversion(db, events, { ...report, target: { ref: order.by.ref } })
  const codes = order.by.codes
  for (const [i, coupon] of codes.entries()) {
    try {
      return await recordConversion(db, events, { ...report, target: { coupon, productId: null } })
    } catch (err) {
      const unknown = err instanceof InvalidInput && err.message === COUPON_MESSAGES.unknown
      if (!unknown || i === codes.length - 1) throw err
    }
  }
  throw new InvalidInput(COUPON_MESSAGES.unknown)
}

export const storeConversions: StoreOrderSink = {
  convert: async (db, events, order) => {
    await convertOrder(db, events, order)
  },
  reverse: async (db, events, order) => {
    await reverseConversion(db, events, order.vendorId, order.orderId, null)
  },
}
