// The versioned API (/api/v1) that stores and CRMs integrate against, one definition per route
// (route.ts, decision 283). A vendor's API key is the bearer token; each route names its scope.

import * as z from 'zod/mini'
import { COUPON_MESSAGES } from './coupons'
import { LEAD_NOT_FOUND_MESSAGE, LEAD_REASON_MESSAGES, leadSchema, leadStatusChangedSchema, leadStatusSchema } from './lead'
import { vendorLeadQuerySchema } from './lead-list'
import { MONEY_MESSAGES } from './payouts'
import { productAnswerSchema } from './product'
import { productListQuerySchema } from './product-list'
import { defineRoute } from './route'
import {
  createOrderSchema,
  fulfillmentSchema,
  IDEMPOTENCY_MESSAGES,
  ORDER_LIST_MESSAGES,
  ORDER_MESSAGES,
  orderEventAnswerSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  refundSchema,
} from './orders'
import { CONVERSION_MESSAGES, conversionRecordSchema, conversionSchema, ORDER_ID_MAX, reverseConversionSchema } from './v1'

const LIMIT =
  'Each key has a bucket of 600 calls refilled at 600 a minute; every answer carries `RateLimit-Policy` and `RateLimit`, and an empty bucket answers 429 with `Retry-After` (seconds).'

const IDEMPOTENT =
  'Send an `Idempotency-Key` header (a UUID) to retry safely: the same key with the same request answers the first answer again (`Idempotency-Replayed: true`), with another request 409 and nothing written; keys are kept a day.'

/** One order body, used wherever the reference shows one. */
export const ORDER_EXAMPLE = {
  orderId: 'SHOP-1001',
  currency: 'INR',
  placedAt: '2026-11-27T10:30:00+05:30',
  paidAt: '2026-11-27T10:31:00+05:30',
  paymentMethod: 'prepaid',
  ref: 'q3ZbT9xKpL2mN8vR',
  lines: [
    { lineId: '1', sku: 'DUP-BAN-RED', quantity: 1, unitPricePaise: 229900, discountPaise: 0 },
    { lineId: '2', sku: 'STOLE-WOOL', name: 'Wool stole', quantity: 1, unitPricePaise: 89900, discountPaise: 0 },
  ],
  customer: { email: 'meera@example.in' },
}

/** One conversion body, used wherever the reference shows one. */
export const CONVERSION_EXAMPLE = { leadId: 1042, orderId: 'SHOP-1001', amount: 249900 }

/** An order id as a path writes it: the store's own id (`SHOP-1001`), up to 64 characters. */
const orderIdPath = z.string().check(z.minLength(1), z.maxLength(ORDER_ID_MAX))

export const V1_ROUTES = {
  leads: defineRoute({
    method: 'get',
    path: '/api/v1/leads',
    summary: "The key's vendor's leads",
    description: `The dashboard's vendor lead list, its filters and messages. ${LIMIT}`,
    access: { apiKey: 'leads:read' },
    query: vendorLeadQuerySchema,
    answer: { message: 'Leads fetched successfully', schema: leadSchema, paged: true, description: 'Newest first unless sorted.' },
  }),
  lead: defineRoute({
    method: 'get',
    path: '/api/v1/leads/{id}',
    summary: 'One lead',
    description: "Another vendor's lead is not found.",
    access: { apiKey: 'leads:read' },
    params: { id: { description: 'The LeadID.' } },
    answer: { message: 'Lead fetched successfully', schema: leadSchema },
    errors: { 404: [LEAD_NOT_FOUND_MESSAGE] },
  }),
  leadStatus: defineRoute({
    method: 'put',
    path: '/api/v1/leads/{id}/status',
    summary: "Change a lead's status",
    description: "As `PUT /api/leads/status/{id}`: the same ledger and reason rules; another vendor's lead is not found.",
    access: { apiKey: 'leads:write' },
    params: { id: { description: 'The LeadID.' } },
    body: { json: leadStatusSchema, example: { Status: 'Lost', Reason: 'Buyer cancelled the order' } },
    answer: { message: 'Lead status updated successfully', schema: leadStatusChangedSchema },
    errors: { 400: [LEAD_REASON_MESSAGES.required], 404: [LEAD_NOT_FOUND_MESSAGE], 409: [MONEY_MESSAGES.statusRace] },
  }),
  products: defineRoute({
    method: 'get',
    path: '/api/v1/products',
    summary: "The key's vendor's products",
    description: 'Inactive ones included, newest first.',
    access: { apiKey: 'products:read' },
    query: productListQuerySchema,
    answer: { message: 'Products fetched successfully', schema: productAnswerSchema, paged: true },
  }),
  recordConversion: defineRoute({
    method: 'post',
    path: '/api/v1/conversions',
    summary: 'Report a conversion (an order)',
    description:
      "Send exactly one of leadId, ref or coupon. `orderId` is unique per vendor: the same body again answers the first result (200), a different body with the same orderId is 409. `amount` (paise) is the base of a Percentage commission; otherwise the lead's snapshot applies. The lead becomes Converted with its commission entry in one batch. `coupon`: a creator code of the vendor (any case) usable at the order's time; the order becomes a lead of the code's creator (one per orderId) and counts one use; `productId` names the product when the code covers more than one.",
    access: { apiKey: 'conversions:write' },
    // The same body as the curl in the reference's introduction and docs/api.md.
    body: { json: conversionSchema, example: CONVERSION_EXAMPLE },
    answer: { status: [201, 200], message: [CONVERSION_MESSAGES.recorded, CONVERSION_MESSAGES.replayed], schema: conversionRecordSchema },
    errors: {
      400: [COUPON_MESSAGES.unknown, COUPON_MESSAGES.expired, COUPON_MESSAGES.usedUp, COUPON_MESSAGES.severalProducts, COUPON_MESSAGES.notForProduct],
      404: [LEAD_NOT_FOUND_MESSAGE, CONVERSION_MESSAGES.refNotFound],
      409: [CONVERSION_MESSAGES.orderConflict, CONVERSION_MESSAGES.leadConverted, CONVERSION_MESSAGES.leadChanged],
    },
  }),
  recordOrder: defineRoute({
    method: 'post',
    path: '/api/v1/orders',
    summary: 'Report an order with its lines',
    description: `Each line earns its own commission: Percentage of the line amount after discounts, Fixed per unit; a line whose product is not on Collabkart (matched by productId, else the vendor's SKU) earns nothing and shows as unlisted. \`code\` (a creator code the buyer typed) wins over \`ref\` and covers only its products' lines. \`orderId\` is unique per vendor: the same body again answers the first result (200), another body 409. Amounts are integer paise; only INR is taken, unknown fields are refused. ${IDEMPOTENT}`,
    access: { apiKey: 'conversions:write' },
    body: { json: createOrderSchema, example: ORDER_EXAMPLE },
    answer: { status: [201, 200], message: [ORDER_MESSAGES.recorded, ORDER_MESSAGES.replayed], schema: orderSchema },
    errors: {
      400: [
        ORDER_MESSAGES.currency('USD'),
        ORDER_MESSAGES.unknownField(['price']),
        ORDER_MESSAGES.linesRequired,
        COUPON_MESSAGES.unknown,
        COUPON_MESSAGES.expired,
      ],
      409: [ORDER_MESSAGES.orderConflict, ORDER_MESSAGES.changedMeanwhile, IDEMPOTENCY_MESSAGES.otherRequest, IDEMPOTENCY_MESSAGES.inFlight],
    },
  }),
  orders: defineRoute({
    method: 'get',
    path: '/api/v1/orders',
    summary: "The key's vendor's orders",
    description: 'Newest first, with their lines; `from` and `to` are India days of `placedAt`, both included. One page and the next cursor; no total.',
    access: { apiKey: 'leads:read' },
    query: orderListQuerySchema,
    answer: { message: ORDER_MESSAGES.listed, schema: orderPageSchema },
    errors: { 400: [ORDER_LIST_MESSAGES.stateInvalid, ORDER_LIST_MESSAGES.dayInvalid] },
  }),
  order: defineRoute({
    method: 'get',
    path: '/api/v1/orders/{orderId}',
    summary: 'One order',
    description:
      "With its lines, what each earned and what refunds took back, and when its commission becomes payable (`payableAt`). Another vendor's order is not found.",
    access: { apiKey: 'leads:read' },
    params: { orderId: { description: 'The orderId the order was reported with.', schema: orderIdPath } },
    answer: { message: ORDER_MESSAGES.fetched, schema: orderSchema },
    errors: { 404: [ORDER_MESSAGES.notFound] },
  }),
  refundOrder: defineRoute({
    method: 'post',
    path: '/api/v1/orders/{orderId}/refunds',
    summary: 'Report a refund or return, by lines or by amount',
    description: `By \`lines\` (units of the store's line ids) the commission of exactly those units is taken back; by \`amountPaise\` it is spread over the lines in proportion to what is left of each, rounded down, never more than was earned. \`refundId\` makes it once: the same id again answers the order as it is (200). A refund for an order not reported yet is kept (202) and applied when the order arrives. ${IDEMPOTENT}`,
    access: { apiKey: 'conversions:write' },
    params: { orderId: { description: 'The orderId the order was reported with.', schema: orderIdPath } },
    body: { json: refundSchema, example: { refundId: 'RF-1', lines: [{ lineId: '1', quantity: 1 }], reason: 'Returned: wrong colour' } },
    answer: {
      status: [201, 200, 202],
      message: [ORDER_MESSAGES.refunded, ORDER_MESSAGES.refundReplayed, ORDER_MESSAGES.pending],
      schema: orderEventAnswerSchema,
    },
    errors: {
      400: [ORDER_MESSAGES.refundTooManyUnits, ORDER_MESSAGES.refundTooMuch, ORDER_MESSAGES.refundLinesOrAmount],
      409: [ORDER_MESSAGES.eventConflict, ORDER_MESSAGES.changedMeanwhile, IDEMPOTENCY_MESSAGES.otherRequest],
    },
  }),
  fulfillOrder: defineRoute({
    method: 'post',
    path: '/api/v1/orders/{orderId}/fulfillments',
    summary: 'Report a shipment, a delivery or an RTO',
    description: `\`delivered\` makes the commission payable after the vendor's return window (a COD order is paid then); \`rto\` (returned to origin) takes back what is left of it. Each status of a \`fulfillmentId\` counts once; one for an order not reported yet is kept (202) and applied when the order arrives. ${IDEMPOTENT}`,
    access: { apiKey: 'conversions:write' },
    params: { orderId: { description: 'The orderId the order was reported with.', schema: orderIdPath } },
    body: { json: fulfillmentSchema, example: { fulfillmentId: 'AWB-123456', status: 'delivered', at: '2026-11-30T16:00:00+05:30' } },
    answer: {
      status: [201, 200, 202],
      message: [ORDER_MESSAGES.fulfilled, ORDER_MESSAGES.fulfillmentReplayed, ORDER_MESSAGES.pending],
      schema: orderEventAnswerSchema,
    },
    errors: { 409: [ORDER_MESSAGES.eventConflict, ORDER_MESSAGES.changedMeanwhile, IDEMPOTENCY_MESSAGES.otherRequest] },
  }),
  reverseConversion: defineRoute({
    method: 'post',
    path: '/api/v1/conversions/{orderId}/reverse',
    summary: 'Reverse a conversion (refund or cancellation)',
    description:
      "The lead goes from Converted to Lost: its commission is reversed if unpaid, or deducted from the next payout if paid. Only while the lead's Converted is still this order's: after the vendor changed the lead or a later order converted it again, the conversion is marked reversed and nothing else moves. A second call answers the reversed conversion. The JSON body is optional.",
    access: { apiKey: 'conversions:write' },
    params: { orderId: { description: 'The orderId the conversion was reported with.', schema: orderIdPath } },
    body: { json: reverseConversionSchema, example: { reason: 'Refunded: order returned' }, optional: true },
    answer: {
      message: [CONVERSION_MESSAGES.reversed, CONVERSION_MESSAGES.reversedLeadMovedOn, CONVERSION_MESSAGES.alreadyReversed],
      schema: conversionRecordSchema,
    },
    errors: { 400: [CONVERSION_MESSAGES.orderIdInvalid], 404: [CONVERSION_MESSAGES.notFound] },
  }),
}
