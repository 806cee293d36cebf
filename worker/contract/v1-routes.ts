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
import { CONVERSION_MESSAGES, conversionRecordSchema, conversionSchema, ORDER_ID_MAX, reverseConversionSchema } from './v1'

const LIMIT =
  'Each key has a bucket of 600 calls refilled at 600 a minute; every answer carries `RateLimit-Policy` and `RateLimit`, and an empty bucket answers 429 with `Retry-After` (seconds).'

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
