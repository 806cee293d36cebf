import { CONVERSION_MESSAGES, orderIdField } from '../../contract/v1'
import { V1_ROUTES as R } from '../../contract/v1-routes'
import { db } from '../../db/client'
import { eventsOf } from '../../middleware/after-answer'
import { apiKeyOf } from '../../middleware/api-key'
import { parseWith } from '../../middleware/validate'
import { type ConversionTarget, recordConversion, reverseConversion } from '../../services/conversions'
import { handle } from '../define'

/** /api/v1/conversions: orders reported by the vendor's systems, idempotent by orderId. */
export const v1ConversionRoutes = [
  handle(R.recordConversion, async (c, r) => {
    const input = await r.body()
    const target: ConversionTarget =
      input.leadId !== undefined
        ? { leadId: input.leadId }
        : input.coupon !== undefined
          ? { coupon: input.coupon, productId: input.productId ?? null }
          : { ref: input.ref ?? '' }
    const outcome = await recordConversion(db(c), eventsOf(c), {
      vendorId: apiKeyOf(c).vendorId,
      target,
      orderId: input.orderId,
      amountPaise: input.amount ?? null,
      occurredAt: input.occurredAt ?? null,
      source: 'api',
    })
    return r.ok(
      outcome.conversion,
      outcome.replayed ? { message: CONVERSION_MESSAGES.replayed, status: 200 } : { message: CONVERSION_MESSAGES.recorded, status: 201 },
    )
  }),
  handle(R.reverseConversion, async (c, r) => {
    const orderId = parseWith(orderIdField, c.req.param('orderId'))
    // The body is optional: a reason, or nothing at all.
    const hasBody = (c.req.header('content-length') ?? '0') !== '0' || c.req.header('content-type') !== undefined
    const { reason } = hasBody ? await r.body() : { reason: undefined }
    const outcome = await reverseConversion(db(c), eventsOf(c), apiKeyOf(c).vendorId, orderId, reason ?? null)
    const message = outcome.replayed
      ? CONVERSION_MESSAGES.alreadyReversed
      : outcome.change
        ? CONVERSION_MESSAGES.reversed
        : CONVERSION_MESSAGES.reversedLeadMovedOn
    return r.ok(outcome.conversion, { message })
  }),
]
