import { ORDER_MESSAGES } from '../../contract/orders'
import { orderIdField } from '../../contract/v1'
import { V1_ROUTES as R } from '../../contract/v1-routes'
import { db } from '../../db/client'
import { eventsOf } from '../../middleware/after-answer'
import { apiKeyOf } from '../../middleware/api-key'
import { parseWith } from '../../middleware/validate'
import { fulfillOrder, orderPage, recordOrder, refundOrder, vendorOrder } from '../../services/orders'
import { handle } from '../define'

const orderIdOf = (param: string | undefined) => parseWith(orderIdField, param)
/** 201 when this call changed the order, 200 for a replay, 202 when kept for an order not reported yet. */
const eventStatus = (o: { pending: boolean; replayed: boolean }) => (o.pending ? 202 : o.replayed ? 200 : 201)

/** /api/v1/orders: orders with lines from the vendor's systems (decisions 287-289). */
export const v1OrderRoutes = [
  handle(R.recordOrder, async (c, r) => {
    const input = await r.body()
    const now = Date.now()
    const placedAt = input.placedAt ?? new Date(now).toISOString()
    const outcome = await recordOrder(db(c), eventsOf(c), apiKeyOf(c).vendorId, { ...input, source: 'api', placedAt, paidAt: input.paidAt ?? null }, now)
    return r.ok(outcome.order, outcome.replayed ? { message: ORDER_MESSAGES.replayed, status: 200 } : { message: ORDER_MESSAGES.recorded, status: 201 })
  }),
  handle(R.orders, async (c, r) => r.ok(await orderPage(db(c), apiKeyOf(c).vendorId, r.query()))),
  handle(R.order, async (c, r) => r.ok(await vendorOrder(db(c), apiKeyOf(c).vendorId, orderIdOf(c.req.param('orderId'))))),
  handle(R.refundOrder, async (c, r) => {
    const orderId = orderIdOf(c.req.param('orderId'))
    const { refundId, lines, amountPaise, reason } = await r.body()
    const outcome = await refundOrder(db(c), eventsOf(c), apiKeyOf(c).vendorId, orderId, { refundId, lines, amountPaise, reason: reason ?? null })
    const message = outcome.pending ? ORDER_MESSAGES.pending : outcome.replayed ? ORDER_MESSAGES.refundReplayed : ORDER_MESSAGES.refunded
    return r.ok({ orderId, pending: outcome.pending, order: outcome.order }, { message, status: eventStatus(outcome) })
  }),
  handle(R.fulfillOrder, async (c, r) => {
    const orderId = orderIdOf(c.req.param('orderId'))
    const { fulfillmentId, status, at } = await r.body()
    const outcome = await fulfillOrder(db(c), eventsOf(c), apiKeyOf(c).vendorId, orderId, { fulfillmentId, status, at: at ?? new Date().toISOString() })
    const message = outcome.pending ? ORDER_MESSAGES.pending : outcome.replayed ? ORDER_MESSAGES.fulfillmentReplayed : ORDER_MESSAGES.fulfilled
    return r.ok({ orderId, pending: outcome.pending, order: outcome.order }, { message, status: eventStatus(outcome) })
  }),
]
