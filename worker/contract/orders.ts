// Orders (decisions 287-289): what a commission is earned on. The answer every orders call gives, the
// bodies of /api/v1/orders (strict: an unknown field is refused), and their messages.

import * as z from 'zod/mini'
import { capped } from './fields'
import { pageQueryShape } from './paging'
import { AMOUNT_MAX_PAISE, ORDER_ID_MAX, orderIdField } from './v1'

export const ORDER_SOURCE_NAMES = ['api', 'shopify', 'woocommerce', 'buy_form'] as const
export const ORDER_STATE_NAMES = ['placed', 'paid', 'shipped', 'delivered', 'returned', 'rto', 'cancelled'] as const
export const PAYMENT_METHOD_NAMES = ['prepaid', 'cod'] as const
export const ATTRIBUTION_NAMES = ['ref', 'code', 'lead', 'repeat'] as const
export const FULFILLMENT_STATUSES = ['shipped', 'delivered', 'rto'] as const

export type OrderSource = (typeof ORDER_SOURCE_NAMES)[number]
export type OrderState = (typeof ORDER_STATE_NAMES)[number]
export type PaymentMethod = (typeof PAYMENT_METHOD_NAMES)[number]
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number]

export const ORDER_LINES_MAX = 100
export const QUANTITY_MAX = 10_000

export const ORDER_MESSAGES = {
  bodyInvalid: 'Send the order as a JSON object',
  unknownField: (keys: readonly string[]) => `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}. See /api/docs for the fields this call takes`,
  currency: (currency: string) =>
    `Only INR orders are accepted; this order is in ${currency}. Send the amounts in rupees (paise) as the store settles them (Shopify: shop_money), no conversion is made`,
  currencyInvalid: 'currency should be a three-letter ISO 4217 code, e.g. INR',
  linesRequired: `Send the order's lines: 1 to ${ORDER_LINES_MAX}`,
  lineIdInvalid: `lineId should be 1 to ${ORDER_ID_MAX} characters`,
  lineIdTwice: 'Each line needs its own lineId',
  quantityInvalid: `quantity should be a whole number from 1 to ${QUANTITY_MAX}`,
  paiseInvalid: 'Amounts are whole numbers of paise, 0 or more (e.g. 229900 for ₹2,299)',
  paiseTooLarge: `Amounts should be at most ${AMOUNT_MAX_PAISE} paise`,
  productIdInvalid: 'productId should be a positive whole number',
  textInvalid: `Text fields should be at most ${ORDER_ID_MAX * 2} characters`,
  dateInvalid: 'Dates are ISO 8601 date and times, e.g. 2026-11-27T10:30:00Z',
  paymentMethodInvalid: 'paymentMethod should be prepaid or cod',
  refInvalid: `ref should be the ck_ref value the store kept, at most ${ORDER_ID_MAX} characters`,
  codeInvalid: `code should be a creator code of at most ${ORDER_ID_MAX} characters`,
  refundIdInvalid: `refundId should be 1 to ${ORDER_ID_MAX} characters`,
  fulfillmentIdInvalid: `fulfillmentId should be 1 to ${ORDER_ID_MAX} characters`,
  statusInvalid: 'status should be shipped, delivered or rto',
  refundLinesOrAmount: 'Send the refunded lines or an amount, not both',
  refundNothing: 'Send the refunded lines or an amount',
  refundUnknownLine: (lineId: string) => `This order has no line ${lineId}`,
  refundTooManyUnits: 'The refund names more units than are left on the line',
  refundTooMuch: "The refund is more than what is left of the order's amount",
  reasonTooLong: 'reason should be at most 200 characters',
  recorded: 'Order recorded',
  replayed: 'Order already recorded for this orderId',
  orderConflict: 'This orderId was already reported with different details',
  eventConflict: 'This id was already sent for this order with different details',
  notFound: 'No order with this orderId',
  fetched: 'Order fetched successfully',
  listed: 'Orders fetched successfully',
  refunded: 'Refund recorded',
  refundReplayed: 'Refund already recorded',
  fulfilled: 'Fulfillment recorded',
  fulfillmentReplayed: 'Fulfillment already recorded',
  pending: 'Kept: it is applied when the order arrives',
  changedMeanwhile: 'The order changed while this was being recorded. Please try again.',
} as const

// ---- The answer -----------------------------------------------------------------------------------

export const orderLineSchema = z.object({
  lineId: z.string(),
  productId: z.nullable(z.number()),
  sku: z.nullable(z.string()),
  storeProductId: z.nullable(z.string()),
  name: z.nullable(z.string()),
  /** False for a product not on Collabkart: it earns nothing. */
  listed: z.boolean(),
  quantity: z.number(),
  unitPricePaise: z.number(),
  discountPaise: z.number(),
  /** quantity x unitPrice - discount. */
  amountPaise: z.number(),
  commissionType: z.nullable(z.enum(['Fixed', 'Percentage'])),
  commissionValue: z.nullable(z.number()),
  /** What the line earned when recorded. */
  commissionPaise: z.number(),
  refundedQuantity: z.number(),
  refundedPaise: z.number(),
  /** The part of commissionPaise refunds, returns, RTO or cancellation took back. */
  reversedPaise: z.number(),
})

export const orderSchema = z.object({
  orderId: z.string(),
  source: z.enum(ORDER_SOURCE_NAMES),
  currency: z.string(),
  paymentMethod: z.enum(PAYMENT_METHOD_NAMES),
  state: z.enum(ORDER_STATE_NAMES),
  placedAt: z.string(),
  paidAt: z.nullable(z.string()),
  shippedAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  /** The creator credited (null: nobody's), and how. */
  marketerId: z.nullable(z.number()),
  attributedBy: z.nullable(z.enum(ATTRIBUTION_NAMES)),
  leadId: z.nullable(z.number()),
  amountPaise: z.number(),
  commissionPaise: z.number(),
  reversedPaise: z.number(),
  /** When the commission becomes payable (decision 288); null: not before delivery. */
  payableAt: z.nullable(z.string()),
  lines: z.array(orderLineSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type OrderDTO = z.output<typeof orderSchema>
export type OrderLineDTO = z.output<typeof orderLineSchema>

/** A refund or fulfillment that came before its order: kept, and applied when the order arrives. */
export const orderEventAnswerSchema = z.object({ orderId: z.string(), pending: z.boolean(), order: z.nullable(orderSchema) })

// ---- The bodies (strict) --------------------------------------------------------------------------

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/

const strict = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? ORDER_MESSAGES.unknownField(issue.keys) : ORDER_MESSAGES.bodyInvalid),
  })

const text = (max: number, message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message), capped(max, message))
const optionalText = (max: number, message: string) => z.optional(z.nullable(text(max, message)))
const paise = z.number({ error: ORDER_MESSAGES.paiseInvalid }).check(
  z.refine((n: number) => Number.isSafeInteger(n) && n >= 0, { error: ORDER_MESSAGES.paiseInvalid, abort: true }),
  z.refine((n: number) => n <= AMOUNT_MAX_PAISE, ORDER_MESSAGES.paiseTooLarge),
)
const isoDate = z.string({ error: ORDER_MESSAGES.dateInvalid }).check(
  capped(40, ORDER_MESSAGES.dateInvalid),
  z.refine((v: string) => ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)), ORDER_MESSAGES.dateInvalid),
)
const toIso = z.pipe(
  isoDate,
  z.transform((v: string) => new Date(v).toISOString()),
)

export const orderLineInputSchema = strict({
  lineId: z
    .pipe(
      z.union([z.string({ error: ORDER_MESSAGES.lineIdInvalid }), z.number({ error: ORDER_MESSAGES.lineIdInvalid })]),
      z.transform((v: string | number) => String(v).trim()),
    )
    .check(z.refine((v: string) => v.length >= 1 && v.length <= ORDER_ID_MAX, ORDER_MESSAGES.lineIdInvalid)),
  productId: z.optional(
    z.nullable(z.number({ error: ORDER_MESSAGES.productIdInvalid }).check(z.int(ORDER_MESSAGES.productIdInvalid), z.positive(ORDER_MESSAGES.productIdInvalid))),
  ),
  sku: optionalText(ORDER_ID_MAX * 2, ORDER_MESSAGES.textInvalid),
  storeProductId: optionalText(ORDER_ID_MAX, ORDER_MESSAGES.textInvalid),
  name: optionalText(ORDER_ID_MAX * 2, ORDER_MESSAGES.textInvalid),
  quantity: z
    .number({ error: ORDER_MESSAGES.quantityInvalid })
    .check(z.int(ORDER_MESSAGES.quantityInvalid), z.gte(1, ORDER_MESSAGES.quantityInvalid), z.lte(QUANTITY_MAX, ORDER_MESSAGES.quantityInvalid)),
  unitPricePaise: paise,
  discountPaise: z._default(paise, 0),
})

const customerSchema = strict({
  id: optionalText(ORDER_ID_MAX * 2, ORDER_MESSAGES.textInvalid),
  email: optionalText(ORDER_ID_MAX * 4, ORDER_MESSAGES.textInvalid),
  phone: optionalText(32, ORDER_MESSAGES.textInvalid),
})

export const createOrderSchema = strict({
  orderId: orderIdField,
  currency: z._default(
    z.pipe(
      z.string({ error: ORDER_MESSAGES.currencyInvalid }).check(z.trim(), z.regex(/^[A-Za-z]{3}$/, ORDER_MESSAGES.currencyInvalid)),
      z.transform((v: string) => v.toUpperCase()),
    ),
    'INR',
  ),
  placedAt: z.optional(toIso),
  paidAt: z.optional(z.nullable(toIso)),
  paymentMethod: z._default(z.enum(PAYMENT_METHOD_NAMES, { error: ORDER_MESSAGES.paymentMethodInvalid }), 'prepaid'),
  lines: z.array(orderLineInputSchema, { error: ORDER_MESSAGES.linesRequired }).check(
    z.minLength(1, ORDER_MESSAGES.linesRequired),
    z.maxLength(ORDER_LINES_MAX, ORDER_MESSAGES.linesRequired),
    z.refine((lines: Array<{ lineId: string }>) => new Set(lines.map((l) => l.lineId)).size === lines.length, ORDER_MESSAGES.lineIdTwice),
  ),
  ref: optionalText(ORDER_ID_MAX, ORDER_MESSAGES.refInvalid),
  code: optionalText(ORDER_ID_MAX, ORDER_MESSAGES.codeInvalid),
  customer: z.optional(z.nullable(customerSchema)),
})
export type CreateOrderInput = z.output<typeof createOrderSchema>

export const refundSchema = strict({
  refundId: z
    .pipe(
      z.union([z.string({ error: ORDER_MESSAGES.refundIdInvalid }), z.number({ error: ORDER_MESSAGES.refundIdInvalid })]),
      z.transform((v: string | number) => String(v).trim()),
    )
    .check(z.refine((v: string) => v.length >= 1 && v.length <= ORDER_ID_MAX, ORDER_MESSAGES.refundIdInvalid)),
  lines: z.optional(
    z
      .array(
        strict({
          lineId: z.pipe(
            z.union([z.string({ error: ORDER_MESSAGES.lineIdInvalid }), z.number({ error: ORDER_MESSAGES.lineIdInvalid })]),
            z.transform((v: string | number) => String(v).trim()),
          ),
          quantity: z
            .number({ error: ORDER_MESSAGES.quantityInvalid })
            .check(z.int(ORDER_MESSAGES.quantityInvalid), z.gte(1, ORDER_MESSAGES.quantityInvalid), z.lte(QUANTITY_MAX, ORDER_MESSAGES.quantityInvalid)),
        }),
      )
      .check(z.maxLength(ORDER_LINES_MAX, ORDER_MESSAGES.linesRequired)),
  ),
  amountPaise: z.optional(paise),
  reason: optionalText(200, ORDER_MESSAGES.reasonTooLong),
}).check(
  z.refine((v: { lines?: unknown[]; amountPaise?: number }) => !(v.lines?.length && v.amountPaise !== undefined), ORDER_MESSAGES.refundLinesOrAmount),
  z.refine((v: { lines?: unknown[]; amountPaise?: number }) => Boolean(v.lines?.length) || v.amountPaise !== undefined, ORDER_MESSAGES.refundNothing),
)
export type RefundInput = z.output<typeof refundSchema>

export const fulfillmentSchema = strict({
  fulfillmentId: z
    .pipe(
      z.union([z.string({ error: ORDER_MESSAGES.fulfillmentIdInvalid }), z.number({ error: ORDER_MESSAGES.fulfillmentIdInvalid })]),
      z.transform((v: string | number) => String(v).trim()),
    )
    .check(z.refine((v: string) => v.length >= 1 && v.length <= ORDER_ID_MAX, ORDER_MESSAGES.fulfillmentIdInvalid)),
  status: z.enum(FULFILLMENT_STATUSES, { error: ORDER_MESSAGES.statusInvalid }),
  at: z.optional(toIso),
})
export type FulfillmentInput = z.output<typeof fulfillmentSchema>

// ---- Listing -------------------------------------------------------------------------------------

const DAY = /^\d{4}-\d{2}-\d{2}$/

export const ORDER_LIST_MESSAGES = {
  stateInvalid: `state should be one of ${ORDER_STATE_NAMES.join(', ')}`,
  dayInvalid: 'from and to should be dates as YYYY-MM-DD (India time)',
} as const

const dayField = z.optional(
  z.string({ error: ORDER_LIST_MESSAGES.dayInvalid }).check(
    capped(10, ORDER_LIST_MESSAGES.dayInvalid),
    z.refine((v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), ORDER_LIST_MESSAGES.dayInvalid),
  ),
)

/** `?state=&from=&to=&limit=&cursor=`: from and to are India's days, both included. */
export const orderListQuerySchema = z.object({
  ...pageQueryShape,
  state: z.optional(z.enum(ORDER_STATE_NAMES, { error: ORDER_LIST_MESSAGES.stateInvalid })),
  from: dayField,
  to: dayField,
})
export type OrderListQuery = z.output<typeof orderListQuerySchema>

/** One page of orders: no total (counting a vendor's orders would read them all: decision 289). */
export const orderPageSchema = z.object({ orders: z.array(orderSchema), nextCursor: z.nullable(z.string()) })
export type OrderPage = z.output<typeof orderPageSchema>

export const IDEMPOTENCY_MESSAGES = {
  invalid: 'Idempotency-Key should be 1 to 255 visible ASCII characters (a UUID works)',
  otherRequest: 'This Idempotency-Key was already used for a different request; nothing was written',
  inFlight: 'A request with this Idempotency-Key is still being answered; retry in a moment',
} as const
