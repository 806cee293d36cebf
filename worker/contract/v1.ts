// The versioned API for vendors' own systems (decision 160): /api/v1, authenticated by API keys. Same
// envelope as the rest of /api; these are its own messages and the conversion API's body.

import * as z from 'zod/mini'
import { SUSPENDED_MESSAGE } from './admin'
import { API_KEY_PREFIX } from './api-keys'
import { capped } from './fields'

export const V1_AUTH_MESSAGES = {
  missing: `Send your API key as Authorization: Bearer ${API_KEY_PREFIX}...`,
  notAKey: `/api/v1 accepts only API keys (Authorization: Bearer ${API_KEY_PREFIX}...); create one in your profile`,
  invalid: 'This API key is not valid or has been revoked',
  rateLimited: 'Too many requests with this API key. Wait the seconds in Retry-After, then try again.',
  /** The vendor is suspended (or erased): the account's own sign-in message (decision 241). */
  suspended: SUSPENDED_MESSAGE,
} as const

export const missingScopeMessage = (scope: string) => `This API key does not have the ${scope} scope`

export const ORDER_ID_MAX = 64
/** 100 crore rupees: far above any one order, small enough to stay exact in paise. */
export const AMOUNT_MAX_PAISE = 10_000_000_000

export const CONVERSION_MESSAGES = {
  bodyInvalid: 'Send the conversion as a JSON object',
  oneTarget: 'Send exactly one of leadId, ref or coupon',
  leadIdInvalid: 'leadId should be a positive whole number',
  refInvalid: `ref should be the ck_ref value the store kept, at most ${ORDER_ID_MAX} characters`,
  couponInvalid: `coupon should be a code of at most ${ORDER_ID_MAX} characters`,
  productIdInvalid: 'productId should be a positive whole number',
  productIdWithCoupon: 'productId goes with coupon only',
  refNotFound: 'No visit matches this ref',
  orderIdRequired: 'orderId is required',
  orderIdInvalid: `orderId should be 1 to ${ORDER_ID_MAX} characters: letters, digits and . _ - : / #`,
  amountInvalid: 'amount should be a whole number of paise greater than 0 (e.g. 149900 for ₹1,499)',
  amountTooLarge: `amount should be at most ${AMOUNT_MAX_PAISE} paise`,
  occurredAtInvalid: 'occurredAt should be a date and time in ISO 8601, e.g. 2026-11-27T10:30:00Z',
  occurredAtFuture: 'occurredAt should not be in the future',
  reasonTooLong: 'reason should be at most 200 characters',
  recorded: 'Conversion recorded',
  replayed: 'Conversion already recorded for this orderId',
  orderConflict: 'This orderId was already reported with different details',
  leadConverted: 'This lead is already Converted',
  leadChanged: 'The lead changed while the conversion was being recorded. Please try again.',
  notFound: 'No conversion with this orderId',
  reversed: 'Conversion reversed',
  alreadyReversed: 'Conversion already reversed',
  reversedLeadMovedOn: 'Conversion reversed. Its lead changed after this order (by hand or by a later order), so the lead and its commission stay as they are',
} as const

const ORDER_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/#-]*$/
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/

/** A store's order number may arrive as a number; it is kept as text. */
export const orderIdField = z
  .pipe(
    z.union([z.string({ error: CONVERSION_MESSAGES.orderIdInvalid }), z.number({ error: CONVERSION_MESSAGES.orderIdInvalid })], {
      error: CONVERSION_MESSAGES.orderIdRequired,
    }),
    z.transform((v: string | number) => (typeof v === 'number' ? (Number.isSafeInteger(v) && v > 0 ? String(v) : '') : v.trim())),
  )
  .check(
    z.refine((v: string) => v !== '', CONVERSION_MESSAGES.orderIdRequired),
    z.refine((v: string) => v.length <= ORDER_ID_MAX && ORDER_ID_PATTERN.test(v), CONVERSION_MESSAGES.orderIdInvalid),
  )

const optionalText = (max: number, message: string) => z.optional(z.string({ error: message }).check(z.trim(), z.minLength(1, message), capped(max, message)))

export const conversionSchema = z
  .object(
    {
      leadId: z.optional(
        z.number({ error: CONVERSION_MESSAGES.leadIdInvalid }).check(z.int(CONVERSION_MESSAGES.leadIdInvalid), z.positive(CONVERSION_MESSAGES.leadIdInvalid)),
      ),
      ref: optionalText(ORDER_ID_MAX, CONVERSION_MESSAGES.refInvalid),
      coupon: optionalText(ORDER_ID_MAX, CONVERSION_MESSAGES.couponInvalid),
      // With coupon: the product bought, needed when the code covers more than one product.
      productId: z.optional(
        z
          .number({ error: CONVERSION_MESSAGES.productIdInvalid })
          .check(z.int(CONVERSION_MESSAGES.productIdInvalid), z.positive(CONVERSION_MESSAGES.productIdInvalid)),
      ),
      orderId: orderIdField,
      amount: z.optional(
        z.number({ error: CONVERSION_MESSAGES.amountInvalid }).check(
          z.refine((n: number) => Number.isSafeInteger(n) && n > 0, { error: CONVERSION_MESSAGES.amountInvalid, abort: true }),
          z.refine((n: number) => n <= AMOUNT_MAX_PAISE, CONVERSION_MESSAGES.amountTooLarge),
        ),
      ),
      occurredAt: z.optional(
        z.string({ error: CONVERSION_MESSAGES.occurredAtInvalid }).check(
          capped(40, CONVERSION_MESSAGES.occurredAtInvalid),
          z.refine((v: string) => ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)), { error: CONVERSION_MESSAGES.occurredAtInvalid, abort: true }),
          // Five minutes of clock skew between the store and us.
          z.refine((v: string) => Date.parse(v) <= Date.now() + 5 * 60_000, CONVERSION_MESSAGES.occurredAtFuture),
        ),
      ),
    },
    { error: CONVERSION_MESSAGES.bodyInvalid },
  )
  .check(
    z.refine(
      (v: { leadId?: number; ref?: string; coupon?: string }) => [v.leadId, v.ref, v.coupon].filter((x) => x !== undefined).length === 1,
      CONVERSION_MESSAGES.oneTarget,
    ),
    z.refine((v: { coupon?: string; productId?: number }) => v.productId === undefined || v.coupon !== undefined, CONVERSION_MESSAGES.productIdWithCoupon),
  )
export type ConversionInput = z.output<typeof conversionSchema>

export const reverseConversionSchema = z.object({ reason: optionalText(200, CONVERSION_MESSAGES.reasonTooLong) }, { error: CONVERSION_MESSAGES.bodyInvalid })

export const CONVERSION_SOURCES = ['api', 'shopify', 'woocommerce'] as const
export type ConversionSource = (typeof CONVERSION_SOURCES)[number]

/** A conversion as the API answers it (the same for the first call and every replay). */
export const conversionRecordSchema = z.object({
  ConversionID: z.number(),
  orderId: z.string(),
  LeadID: z.number(),
  /** The order's amount in paise, when the store sent one. */
  amount: z.nullable(z.number()),
  /** The influencer's commission for the order, in rupees. */
  Commission: z.number(),
  occurredAt: z.string(),
  source: z.enum(CONVERSION_SOURCES),
  createdAt: z.string(),
  reversedAt: z.nullable(z.string()),
})
export type ConversionDTO = z.output<typeof conversionRecordSchema>
