// Creator coupon codes (decision 210): a vendor gives a creator a code ('ANANYA10') for some of its
// products or all of them; a buyer who types it on the buy page (or a store order that used it)
// is the creator's. The schemas and messages here are shared by the Worker and the dashboards.

import * as z from 'zod/mini'
import { capped } from './fields'
import { CAMPAIGN_MESSAGES } from './campaigns'
import { PAGE_LIMIT_MAX, pageQueryShape } from './paging'
import { defineRoute } from './route'

export const CODE_MIN = 4
export const CODE_MAX = 20
export const BUYER_TEXT_MAX = 80
export const USE_LIMIT_MAX = 1_000_000
/** A code may name at most this many products (more: 'All my products'). */
export const CODE_PRODUCTS_MAX = PAGE_LIMIT_MAX
/** Codes a creator's storefront or My Links shows at most as active. */
export const ACTIVE_CODES_MAX = 50

const CODE_PATTERN = /^[A-Za-z0-9]+$/

export const COUPON_MESSAGES = {
  created: 'Creator code created',
  listed: 'Creator codes fetched successfully',
  usesListed: 'Uses fetched successfully',
  updated: 'Creator code updated',
  switchedOff: 'Creator code switched off',
  switchedOn: 'Creator code switched on',
  found: 'Creator code found',
  notFound: 'Creator code not found',
  codeRequired: 'Please enter a code',
  codeInvalid: `Code should be ${CODE_MIN} to ${CODE_MAX} letters and digits, with no spaces or symbols`,
  clash: 'You already have this code (codes do not depend on capital letters). Please choose another.',
  buyerTextRequired: "Please say what the code gives the buyer, e.g. '10% off at checkout'",
  buyerTextTooLong: `What the code gives should be at most ${BUYER_TEXT_MAX} characters`,
  marketerRequired: 'Please choose the creator the code is for',
  marketerNotFound: 'This creator is not on Collabkart or is suspended',
  productsRequired: 'Please choose at least one product, or all your products',
  productsTooMany: `Choose at most ${CODE_PRODUCTS_MAX} products, or all your products`,
  productNotYours: 'Choose only your own active products',
  dateInvalid: 'Dates should be a date and time in ISO 8601, e.g. 2026-12-01T00:00:00+05:30',
  endBeforeStart: 'The end should be after the start',
  endPassed: 'The end should be in the future',
  useLimitInvalid: `The use limit should be a whole number from 1 to ${USE_LIMIT_MAX.toLocaleString('en-IN')}`,
  stateInvalid: 'Send Active as true or false',
  campaignInvalid: 'Please choose one of your campaigns',
  campaignMarketerNotAccepted: 'This creator is not an accepted creator of the campaign: accept them first',
  campaignEnded: 'This campaign has ended or is closed: its codes would give no campaign commission',
  campaignProductsGiven: "A campaign's code covers the campaign's products: leave out the products",
  bodyInvalid: 'Send the creator code as a JSON object',
  // What a buyer (or the conversion API) is told about a code that cannot be used.
  unknown: 'This creator code is not known: check its spelling.',
  notYetActive: 'This creator code is not active yet.',
  expired: 'This creator code has expired.',
  usedUp: 'This creator code has been used the most times it can be.',
  switchedOffForBuyer: 'This creator code is no longer offered.',
  notForProduct: 'This creator code is not for this product.',
  ownCode: 'This is your own creator code: buyers use it, you cannot.',
  /** The public lookup's limit per network (decision 246). */
  tooManyLookups: 'Too many creator codes tried from your network. Please try again in 10 minutes.',
  /** The lead is kept with the link's creator; the buyer is told why the code did not count. */
  notApplied: (reason: string) => `Your creator code was not applied: ${reason}`,
  severalProducts: 'This code covers several products: send productId with the conversion',
} as const

/** Why a code cannot be used now for a product; null when it can. */
export type CodeRefusal = 'unknown' | 'notYetActive' | 'expired' | 'usedUp' | 'switchedOffForBuyer' | 'notForProduct'

/** The code as compared and stored unique: case does not matter. */
export const normaliseCode = (code: string) => code.trim().toUpperCase()

/** A code as a buyer types it (trimmed); blank is no code. */
export const isCodeShape = (code: string) => code.length >= CODE_MIN && code.length <= CODE_MAX && CODE_PATTERN.test(code)

const codeField = z
  .string({ error: COUPON_MESSAGES.codeRequired })
  .check(
    z.trim(),
    z.minLength(1, COUPON_MESSAGES.codeRequired),
    capped(CODE_MAX * 4, COUPON_MESSAGES.codeInvalid),
    z.refine(isCodeShape, COUPON_MESSAGES.codeInvalid),
  )

const buyerTextField = z
  .string({ error: COUPON_MESSAGES.buyerTextRequired })
  .check(z.trim(), z.minLength(1, COUPON_MESSAGES.buyerTextRequired), capped(BUYER_TEXT_MAX, COUPON_MESSAGES.buyerTextTooLong))

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/

/** A moment as ISO text with its zone; stored as UTC ISO. */
const momentField = z.pipe(
  z.string({ error: COUPON_MESSAGES.dateInvalid }).check(
    capped(40, COUPON_MESSAGES.dateInvalid),
    z.refine((v: string) => ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)), COUPON_MESSAGES.dateInvalid),
  ),
  z.transform((v: string) => new Date(v).toISOString()),
)

const useLimitField = z
  .number({ error: COUPON_MESSAGES.useLimitInvalid })
  .check(z.refine((n: number) => Number.isSafeInteger(n) && n >= 1 && n <= USE_LIMIT_MAX, COUPON_MESSAGES.useLimitInvalid))

const positiveInt = (message: string) => z.number({ error: message }).check(z.refine((n: number) => Number.isSafeInteger(n) && n > 0, message))

const endAfterStart = (v: { startsAt?: string | null; endsAt?: string | null }) => !v.startsAt || !v.endsAt || v.endsAt > v.startsAt

export const createCodeSchema = z
  .object(
    {
      MarketerID: positiveInt(COUPON_MESSAGES.marketerRequired),
      Code: codeField,
      BuyerText: buyerTextField,
      /** true: every active product of the vendor, now and later. */
      AllProducts: z.optional(z.boolean({ error: COUPON_MESSAGES.productsRequired })),
      ProductIDs: z.optional(
        z
          .array(positiveInt(COUPON_MESSAGES.productNotYours), { error: COUPON_MESSAGES.productsRequired })
          .check(z.maxLength(CODE_PRODUCTS_MAX, COUPON_MESSAGES.productsTooMany)),
      ),
      /** A campaign's code (decision 213): it covers exactly the campaign's products, so none are sent. */
      CampaignID: z.optional(z.nullable(positiveInt(COUPON_MESSAGES.campaignInvalid))),
      startsAt: z.optional(z.nullable(momentField)),
      endsAt: z.optional(z.nullable(momentField)),
      UseLimit: z.optional(z.nullable(useLimitField)),
    },
    { error: COUPON_MESSAGES.bodyInvalid },
  )
  .check(
    z.refine(
      (v: { CampaignID?: number | null; AllProducts?: boolean; ProductIDs?: number[] }) =>
        !v.CampaignID || (v.AllProducts !== true && (v.ProductIDs?.length ?? 0) === 0),
      COUPON_MESSAGES.campaignProductsGiven,
    ),
    z.refine(
      (v: { CampaignID?: number | null; AllProducts?: boolean; ProductIDs?: number[] }) =>
        Boolean(v.CampaignID) || v.AllProducts === true || (v.ProductIDs?.length ?? 0) > 0,
      COUPON_MESSAGES.productsRequired,
    ),
    z.refine(endAfterStart, COUPON_MESSAGES.endBeforeStart),
  )
export type CreateCodeInput = z.input<typeof createCodeSchema>
export type CreateCode = z.output<typeof createCodeSchema>

/** The vendor's edit: what the buyer is told, the end and the use limit (null clears them). */
export const editCodeSchema = z.object(
  {
    BuyerText: z.optional(buyerTextField),
    endsAt: z.optional(z.nullable(momentField)),
    UseLimit: z.optional(z.nullable(useLimitField)),
  },
  { error: COUPON_MESSAGES.bodyInvalid },
)
export type EditCodeInput = z.input<typeof editCodeSchema>
export type EditCode = z.output<typeof editCodeSchema>

export const codeStateSchema = z.object({ Active: z.boolean({ error: COUPON_MESSAGES.stateInvalid }) }, { error: COUPON_MESSAGES.stateInvalid })

export const CODE_STATES = ['all', 'active', 'off'] as const
export type CodeState = (typeof CODE_STATES)[number]

const filterId = z.optional(
  z.pipe(
    z
      .string({ error: COUPON_MESSAGES.marketerRequired })
      .check(capped(12, COUPON_MESSAGES.marketerRequired), z.regex(/^\d*$/, COUPON_MESSAGES.marketerRequired)),
    z.transform((v: string) => (v === '' ? undefined : Number(v))),
  ),
)

/** GET /api/coupons: the vendor's codes, newest first; `q` is the start of a code. */
export const vendorCodesQuerySchema = z.object({
  ...pageQueryShape,
  q: z.optional(z.string({ error: COUPON_MESSAGES.codeInvalid }).check(z.trim(), capped(CODE_MAX, COUPON_MESSAGES.codeInvalid))),
  marketerId: filterId,
  state: z.optional(z.enum(CODE_STATES, { error: 'state should be all, active or off' })),
})
export const marketerCodesQuerySchema = z.object(pageQueryShape)
export const codeUsesQuerySchema = z.object(pageQueryShape)

/** A lead a code brought (GET /api/coupons/{id}/uses): the vendor sees its buyer as in its lead list. */
export const codeUseSchema = z.object({
  LeadID: z.number(),
  Status: z.string(),
  ClientName: z.string(),
  ProductName: z.string(),
  /** Rupees with two decimals. */
  Price: z.string(),
  createdAt: z.string(),
})
export type CodeUseDTO = z.output<typeof codeUseSchema>

/** GET /api/coupons/lookup: the buy page's check of a typed code before the form is sent. */
export const codeLookupQuerySchema = z.object({
  code: codeField,
  productId: z.pipe(
    z.string({ error: COUPON_MESSAGES.notForProduct }).check(capped(12, COUPON_MESSAGES.notForProduct), z.regex(/^[1-9]\d*$/, COUPON_MESSAGES.notForProduct)),
    z.transform(Number),
  ),
})

export const codeSchema = z.object({
  CodeID: z.number(),
  /** As the vendor typed it. */
  Code: z.string(),
  BuyerText: z.string(),
  VendorID: z.number(),
  VendorName: z.string(),
  MarketerID: z.number(),
  MarketerName: z.string(),
  AllProducts: z.boolean(),
  /** The products it covers when not all (id and name; empty when AllProducts). */
  Products: z.array(z.object({ ProductID: z.number(), ProductName: z.string() })),
  /** A campaign's code: the campaign (its products are the code's) and its title; null otherwise. */
  CampaignID: z.nullable(z.number()),
  CampaignTitle: z.nullable(z.string()),
  startsAt: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
  UseLimit: z.nullable(z.number()),
  Uses: z.number(),
  /** false while switched off. */
  Active: z.boolean(),
  createdAt: z.string(),
})
export type CodeDTO = z.output<typeof codeSchema>

/**
 * What the public lookup answers for a code that works: the code as given and what it gives the
 * buyer. Not whose code it is (decision 246): a guesser must not learn which creator a code pays.
 */
export const publicCodeSchema = z.object({ Code: z.string(), BuyerText: z.string() })
export type PublicCodeDTO = z.output<typeof publicCodeSchema>

/** A creator's code that can be used now (for the storefront): the products are all the vendor's or the list. */
export type ActiveCodeDTO = PublicCodeDTO & {
  MarketerID: number
  MarketerName: string
  CodeID: number
  VendorID: number
  VendorName: string
  AllProducts: boolean
  ProductIDs: number[]
  /** A campaign's code: its leads carry the campaign while the creator's campaign runs. */
  CampaignID: number | null
  endsAt: string | null
}

const vendorOnly = ['vendor'] as const
const CODE_ID = { id: { description: "One of the caller's creator codes" } }
const BUYER_REFUSALS = [
  COUPON_MESSAGES.unknown,
  COUPON_MESSAGES.notYetActive,
  COUPON_MESSAGES.expired,
  COUPON_MESSAGES.usedUp,
  COUPON_MESSAGES.switchedOffForBuyer,
  COUPON_MESSAGES.notForProduct,
]

export const COUPON_ROUTES = {
  lookup: defineRoute({
    method: 'get',
    path: '/api/coupons/lookup',
    summary: 'Check a creator code a buyer typed',
    description:
      "The buy page's check as the buyer types a code and before the form is sent. Case does not matter. A code that cannot be used for the product now is 400 with the buyer's message. The answer names the code and what it gives, never whose code it is. One network may try 30 codes that do not work in 10 minutes (codes that work do not count), then 429.",
    access: 'public',
    query: codeLookupQuerySchema,
    answer: { message: COUPON_MESSAGES.found, schema: publicCodeSchema },
    errors: { 400: BUYER_REFUSALS, 429: [COUPON_MESSAGES.tooManyLookups] },
  }),
  mine: defineRoute({
    method: 'get',
    path: '/api/coupons/mine',
    summary: "The creator's codes and their uses (My Links)",
    description: 'Newest first, switched-off ones included (Active false).',
    access: ['marketer'],
    query: marketerCodesQuerySchema,
    answer: { message: COUPON_MESSAGES.listed, schema: codeSchema, paged: true },
  }),
  list: defineRoute({
    method: 'get',
    path: '/api/coupons',
    summary: "The vendor's creator codes and their uses",
    description: '`q`: the start of a code (any case); `marketerId`: one creator; `state`: all, active (switched on) or off. Newest first.',
    access: vendorOnly,
    query: vendorCodesQuerySchema,
    answer: { message: COUPON_MESSAGES.listed, schema: codeSchema, paged: true },
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/coupons',
    summary: 'Give a creator a coupon code',
    description:
      "Unique per vendor whatever the case (the database enforces it: of two creations at once, one is 201 and the other 409). `AllProducts: true` covers every active product now and later; otherwise `ProductIDs` (the vendor's own active products, at most 100). Any creator who is not suspended. With `CampaignID`: the vendor's own campaign, not ended or closed, and the creator accepted into it; the code then covers exactly the campaign's products (send neither AllProducts nor ProductIDs) and its leads carry the campaign and its commission while it runs.",
    access: vendorOnly,
    body: { json: createCodeSchema },
    answer: { status: 201, message: COUPON_MESSAGES.created, schema: codeSchema },
    errors: {
      400: [
        COUPON_MESSAGES.marketerNotFound,
        COUPON_MESSAGES.productNotYours,
        COUPON_MESSAGES.endPassed,
        COUPON_MESSAGES.campaignMarketerNotAccepted,
        COUPON_MESSAGES.campaignEnded,
        COUPON_MESSAGES.campaignProductsGiven,
      ],
      403: [CAMPAIGN_MESSAGES.notYours],
      404: [CAMPAIGN_MESSAGES.notFound],
      409: [COUPON_MESSAGES.clash],
    },
  }),
  uses: defineRoute({
    method: 'get',
    path: '/api/coupons/{id}/uses',
    summary: 'The leads a code brought',
    description: "Newest first; `paging.total` is the code's use count. Another vendor's code: 404, as one that does not exist.",
    access: vendorOnly,
    params: CODE_ID,
    query: codeUsesQuerySchema,
    answer: { message: COUPON_MESSAGES.usesListed, schema: codeUseSchema, paged: true },
    errors: { 404: [COUPON_MESSAGES.notFound] },
  }),
  edit: defineRoute({
    method: 'put',
    path: '/api/coupons/{id}',
    summary: "Edit a code's buyer text, end or use limit",
    description: "Null clears the end or the limit. Another vendor's code: 404, as one that does not exist.",
    access: vendorOnly,
    params: CODE_ID,
    body: { json: editCodeSchema },
    answer: { message: COUPON_MESSAGES.updated, schema: null },
    errors: { 400: [COUPON_MESSAGES.endBeforeStart, COUPON_MESSAGES.endPassed], 404: [COUPON_MESSAGES.notFound] },
  }),
  status: defineRoute({
    method: 'put',
    path: '/api/coupons/{id}/status',
    summary: 'Switch a code off or on',
    description: 'A switched-off code is refused to buyers and orders; its uses stay.',
    access: vendorOnly,
    params: CODE_ID,
    body: { json: codeStateSchema },
    answer: { message: [COUPON_MESSAGES.switchedOff, COUPON_MESSAGES.switchedOn], schema: z.object({ CodeID: z.number(), Active: z.boolean() }) },
    errors: { 404: [COUPON_MESSAGES.notFound] },
  }),
}
