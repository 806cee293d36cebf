// The dashboards' order screens (decision 301), one definition per route (route.ts, decision 283):
// the vendor's orders (paged, searched by order id, filtered by state) and one order with its lines
// and history, and the influencer's attributed orders with what each is expected to earn and what
// is confirmed. The influencer's answer names no buyer and no line the influencer earns nothing on.

import * as z from 'zod/mini'
import { capped } from './fields'
import { ORDER_MESSAGES, ORDER_STATE_NAMES, orderSchema } from './orders'
import { COUNT_CAP, pageQueryShape } from './paging'
import { defineRoute } from './route'
import { ORDER_ID_MAX, orderIdField } from './v1'

export const ORDER_SCREEN_MESSAGES = {
  qInvalid: `q should be the start of an order id, at most ${ORDER_ID_MAX} characters`,
  stateInvalid: `state should be one of ${ORDER_STATE_NAMES.join(', ')}`,
  listed: ORDER_MESSAGES.listed,
  fetched: ORDER_MESSAGES.fetched,
  notFound: ORDER_MESSAGES.notFound,
} as const

/** Counted up to this many (page 1 only; later pages carry its figure in the cursor): a vendor's orders are never all read for a total. */
export const ORDER_COUNT_CAP = COUNT_CAP

/** `?q=&state=&limit=&cursor=` of the vendor's list. */
export const vendorOrderQuerySchema = z.object({
  ...pageQueryShape,
  q: z.optional(z.string({ error: ORDER_SCREEN_MESSAGES.qInvalid }).check(capped(ORDER_ID_MAX, ORDER_SCREEN_MESSAGES.qInvalid), z.trim())),
  state: z.optional(z.enum(ORDER_STATE_NAMES, { error: ORDER_SCREEN_MESSAGES.stateInvalid })),
})
export type VendorOrderQuery = z.output<typeof vendorOrderQuerySchema>

const state = z.enum(ORDER_STATE_NAMES)

/** A row of the vendor's list: the order's figures, no lines. */
export const vendorOrderRowSchema = z.object({
  orderId: z.string(),
  source: orderSchema.shape.source,
  paymentMethod: orderSchema.shape.paymentMethod,
  state,
  placedAt: z.string(),
  /** Lines of the order, and how many of them are not on Collabkart. */
  lineCount: z.number(),
  unlistedCount: z.number(),
  amountPaise: z.number(),
  commissionPaise: z.number(),
  reversedPaise: z.number(),
  /** The creator credited, by name (null: nobody's). */
  marketerName: z.nullable(z.string()),
})
export type VendorOrderRow = z.output<typeof vendorOrderRowSchema>

export const ORDER_HISTORY_KINDS = ['placed', 'paid', 'refund', 'fulfillment', 'cancel'] as const

/** What happened to an order, oldest first: recorded, paid, each refund and fulfillment, a cancellation. */
export const orderHistoryItemSchema = z.object({
  kind: z.enum(ORDER_HISTORY_KINDS),
  /** The refund's or fulfillment's own id (null for the others). */
  eventId: z.nullable(z.string()),
  at: z.string(),
  /** A fulfillment's status (shipped, delivered, rto). */
  status: z.nullable(z.string()),
  /** A refund's amount, or its lines by lineId and quantity. */
  amountPaise: z.nullable(z.number()),
  lines: z.nullable(z.array(z.object({ lineId: z.string(), quantity: z.number() }))),
  reason: z.nullable(z.string()),
  /** True: kept and not applied to the order yet. */
  pending: z.boolean(),
})
export type OrderHistoryItem = z.output<typeof orderHistoryItemSchema>

export const vendorOrderDetailSchema = z.object({
  ...orderSchema.shape,
  marketerName: z.nullable(z.string()),
  history: z.array(orderHistoryItemSchema),
})
export type VendorOrderDetail = z.output<typeof vendorOrderDetailSchema>

/** One line the influencer earns on: the product, units, what it earned and what was taken back. */
export const marketerOrderLineSchema = z.object({
  productName: z.string(),
  quantity: z.number(),
  refundedQuantity: z.number(),
  commissionPaise: z.number(),
  reversedPaise: z.number(),
})

/** An order credited to the influencer; the buyer is never named. */
export const marketerOrderSchema = z.object({
  orderId: z.string(),
  vendorName: z.string(),
  state,
  placedAt: z.string(),
  /** Still in transit or returnable: earned but not payable yet. */
  expectedPaise: z.number(),
  /** Payable now or paid. */
  confirmedPaise: z.number(),
  /** When the expected part becomes payable (null: not before delivery, or nothing left). */
  payableAt: z.nullable(z.string()),
  lines: z.array(marketerOrderLineSchema),
})
export type MarketerOrder = z.output<typeof marketerOrderSchema>

export const marketerOrderQuerySchema = z.object({ ...pageQueryShape })

const orderIdParam = { orderId: { description: "The store's order id (`SHOP-1001`).", schema: orderIdField } }

export const ORDER_SCREEN_ROUTES = {
  vendorOrders: defineRoute({
    method: 'get',
    path: '/api/orders',
    summary: "The vendor's orders",
    description:
      'Newest first. `q` finds orders whose id starts with it (then in order id order, newest id first); `state` filters. ' +
      `\`paging.total\` counts at most ${ORDER_COUNT_CAP} orders.`,
    access: ['vendor'],
    query: vendorOrderQuerySchema,
    answer: { message: ORDER_SCREEN_MESSAGES.listed, schema: vendorOrderRowSchema, paged: true },
  }),
  vendorOrder: defineRoute({
    method: 'get',
    path: '/api/orders/{orderId}',
    summary: "One of the vendor's orders",
    description: "Its lines (an unlisted one has `listed: false` and earns nothing), each line's commission, and its history.",
    access: ['vendor'],
    params: orderIdParam,
    answer: { message: ORDER_SCREEN_MESSAGES.fetched, schema: vendorOrderDetailSchema },
    errors: { 404: [ORDER_SCREEN_MESSAGES.notFound] },
  }),
  marketerOrders: defineRoute({
    method: 'get',
    path: '/api/marketer/orders',
    summary: 'The orders credited to the influencer',
    description: 'Newest first, every vendor. Only the lines the influencer earns on; no buyer details.',
    access: ['marketer'],
    query: marketerOrderQuerySchema,
    answer: { message: ORDER_SCREEN_MESSAGES.listed, schema: marketerOrderSchema, paged: true },
  }),
} as const
