// The store webhooks' way into the conversion API (services/conversions.ts): a paid order becomes a
// conversion by its ck_ref (the lead made from the click, marked as from the store), a refund or
// cancellation its reversal, under the same idempotency and ledger rules as POST /api/v1/conversions.

import { type LeadChange, recordConversion, reverseConversion } from './conversions'
import type { StoreOrderSink } from './store-webhooks'

const statusChanged = (change: LeadChange | null) => (change ? { type: 'lead.status_changed' as const, ...change } : null)

export const storeConversions: StoreOrderSink = {
  convert: async (db, order) => {
    const outcome = await recordConversion(db, {
      vendorId: order.vendorId,
      target: { ref: order.ref },
      orderId: order.orderId,
      amountPaise: order.amountPaise,
      occurredAt: order.occurredAt,
      source: order.kind,
    })
    return statusChanged(outcome.change)
  },
  reverse: async (db, order) => statusChanged((await reverseConversion(db, order.vendorId, order.orderId, null)).change),
}
