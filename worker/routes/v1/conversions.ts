import { Hono } from 'hono'
import { CONVERSION_MESSAGES, conversionSchema, orderIdField, reverseConversionSchema } from '../../contract/v1'
import { db } from '../../db/client'
import type { AppEnv } from '../../env'
import { eventsOf } from '../../middleware/after-answer'
import { apiKeyOf, requireScope } from '../../middleware/api-key'
import { ok } from '../../middleware/envelope'
import { jsonLimit, parseWith, readJson } from '../../middleware/validate'
import { type ConversionTarget, recordConversion, reverseConversion } from '../../services/conversions'

/** /api/v1/conversions: orders reported by the vendor's systems, idempotent by orderId. */
export const v1ConversionRoutes = new Hono<AppEnv>()
  .post('/', jsonLimit, requireScope('conversions:write'), async (c) => {
    const input = parseWith(conversionSchema, await readJson(c))
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
    return ok(c, outcome.replayed ? CONVERSION_MESSAGES.replayed : CONVERSION_MESSAGES.recorded, outcome.conversion, outcome.replayed ? 200 : 201)
  })
  .post('/:orderId/reverse', jsonLimit, requireScope('conversions:write'), async (c) => {
    const orderId = parseWith(orderIdField, c.req.param('orderId'))
    // The body is optional: a reason, or nothing at all.
    const hasBody = (c.req.header('content-length') ?? '0') !== '0' || c.req.header('content-type') !== undefined
    const { reason } = hasBody ? parseWith(reverseConversionSchema, await readJson(c)) : { reason: undefined }
    const outcome = await reverseConversion(db(c), eventsOf(c), apiKeyOf(c).vendorId, orderId, reason ?? null)
    const message = outcome.replayed
      ? CONVERSION_MESSAGES.alreadyReversed
      : outcome.change
        ? CONVERSION_MESSAGES.reversed
        : CONVERSION_MESSAGES.reversedLeadMovedOn
    return ok(c, message, outcome.conversion)
  })
