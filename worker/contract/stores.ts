// Connected stores (decision 191): a vendor's Shopify or WooCommerce store that reports its orders to
// Collabkart by webhook, and the events it sent. Shared by the Worker and the vendor profile.

import * as z from 'zod/mini'
import { SUPPORT_EMAIL } from './admin'
import { pageQueryShape } from './paging'
import { defineRoute } from './route'

export const STORE_KIND_VALUES = ['shopify', 'woocommerce'] as const
export type StoreKind = (typeof STORE_KIND_VALUES)[number]
export const STORE_KIND_LABELS: Record<StoreKind, string> = { shopify: 'Shopify', woocommerce: 'WooCommerce' }

/** A vendor connects a handful of stores at most; each row is read on every list. */
export const MAX_STORES = 5
export const STORE_SECRET_MIN = 8
export const STORE_SECRET_MAX = 256

export const STORE_MESSAGES = {
  kindInvalid: 'Choose Shopify or WooCommerce',
  shopInvalid: 'Enter the store address, e.g. mystore.myshopify.com or shop.example.in',
  secretInvalid: `Enter the webhook secret from your store (${STORE_SECRET_MIN} to ${STORE_SECRET_MAX} characters)`,
  tooMany: `A vendor can connect at most ${MAX_STORES} stores. Remove one first.`,
  notFound: 'Store not found',
  connected: 'Store connected',
  removed: 'Store removed',
  listed: 'Stores fetched successfully',
  eventsListed: 'Store events fetched successfully',
  /** Every refusal of a store's receiving address, whatever the cause, so it tells nothing of which stores exist (decision 258). */
  forged: 'No connected store has this address and signing secret',
  received: 'Received',
  duplicate: 'Already received',
  eventNotFound: 'Store event not found',
  replayed: 'Store event replayed',
  productMapped: 'Store product mapped',
  storeProductInvalid: 'Enter the store product id, e.g. 788032119674292922 (1 to 40 digits)',
  productInvalid: 'Choose one of your products',
  /** A signed delivery for a suspended (or erased) vendor's store, refused with 403 (decision 241). */
  vendorSuspended: `This store's Collabkart account is suspended, so its orders are not accepted. Please contact support at ${SUPPORT_EMAIL}.`,
} as const

/** A host name as a store address ('mystore.myshopify.com'); a pasted https:// address or trailing slash is fine. */
export function normaliseShop(value: string): string | null {
  if (value.length > 300) return null
  let host = value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
  // A loop, not /\/+$/: that pattern backtracks quadratically on a run of slashes.
  while (host.endsWith('/')) host = host.slice(0, -1)
  return host.length <= 253 && /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(host) ? host : null
}

export const createStoreSchema = z.object({
  kind: z.enum(STORE_KIND_VALUES, { error: STORE_MESSAGES.kindInvalid }),
  shop: z
    .pipe(
      z.string({ error: STORE_MESSAGES.shopInvalid }).check(z.maxLength(300, STORE_MESSAGES.shopInvalid)),
      z.transform((v: string) => normaliseShop(v) ?? ''),
    )
    .check(z.minLength(1, STORE_MESSAGES.shopInvalid)),
  secret: z
    .string({ error: STORE_MESSAGES.secretInvalid })
    .check(z.trim(), z.minLength(STORE_SECRET_MIN, STORE_MESSAGES.secretInvalid), z.maxLength(STORE_SECRET_MAX, STORE_MESSAGES.secretInvalid)),
})
export type CreateStoreInput = z.output<typeof createStoreSchema>

export const storeEventsQuerySchema = z.object(pageQueryShape)

export const STORE_OUTCOME_VALUES = ['converted', 'recorded', 'reversed', 'pending', 'no_ref', 'unknown_ref', 'ignored', 'refused'] as const
export type StoreOutcome = (typeof STORE_OUTCOME_VALUES)[number]

/** How each outcome reads in the vendor's list of events. */
export const STORE_OUTCOME_LABELS: Record<StoreOutcome, string> = {
  converted: 'Converted',
  recorded: 'Order updated',
  reversed: 'Reversed',
  pending: 'Kept until its order arrives',
  no_ref: 'No ck_ref on the order',
  unknown_ref: 'Unknown or expired ck_ref',
  ignored: 'Not an order we act on',
  refused: 'Conversion refused',
}

/** Outcomes that credited no creator and changed no order: kept for the vendor to look at. */
export const isUnmatched = (outcome: StoreOutcome) => outcome === 'no_ref' || outcome === 'unknown_ref' || outcome === 'ignored' || outcome === 'refused'

/** A store product id (Shopify and WooCommerce number their products) named as one of the vendor's products. */
export const mapStoreProductSchema = z.object({
  storeProductId: z.string({ error: STORE_MESSAGES.storeProductInvalid }).check(z.trim(), z.regex(/^\d{1,40}$/, STORE_MESSAGES.storeProductInvalid)),
  productId: z
    .number({ error: STORE_MESSAGES.productInvalid })
    .check(z.int({ error: STORE_MESSAGES.productInvalid }), z.positive({ error: STORE_MESSAGES.productInvalid })),
})
export type MapStoreProductInput = z.output<typeof mapStoreProductSchema>
export const storeProductSchema = z.object({ storeProductId: z.string(), productId: z.number() })

/** A connected store as its vendor sees it: the secret only as a hint, never again in full. */
export const storeSchema = z.object({
  StoreID: z.number(),
  kind: z.enum(STORE_KIND_VALUES),
  shop: z.string(),
  /** Never the secret. */
  secretHint: z.string(),
  /** The address to paste into the store's webhook settings (absolute). */
  webhookUrl: z.string(),
  events: z.number(),
  unmatched: z.number(),
  createdAt: z.string(),
})
export type StoreDTO = z.output<typeof storeSchema>

export const storeEventSchema = z.object({
  EventID: z.number(),
  deliveryId: z.string(),
  topic: z.string(),
  orderId: z.nullable(z.string()),
  ckRef: z.nullable(z.string()),
  outcome: z.enum(STORE_OUTCOME_VALUES),
  detail: z.nullable(z.string()),
  /**
   * The raw body as received (its first 64 KB) until `rawUntil`; after that, or once the buyer's
   * data is erased, only the order's facts, without the buyer's contact details.
   */
  body: z.string(),
  /** When the raw body gives way to the order's facts; null once it has. */
  rawUntil: z.nullable(z.string()),
  createdAt: z.string(),
})
export type StoreEventDTO = z.output<typeof storeEventSchema>

/** The receiving address of a store: no API key, the store's signature authenticates the call. */
export const storeWebhookPath = (kind: StoreKind, storeId: number) => `/api/v1/stores/${kind}/${storeId}`

const vendorOnly = ['vendor'] as const
const STORE_ID = { id: { description: "One of the caller's stores" } }

export const STORE_ROUTES = {
  list: defineRoute({
    method: 'get',
    path: '/api/stores',
    summary: "The vendor's connected stores",
    description: 'At most 5, newest first: one page.',
    access: vendorOnly,
    answer: { message: STORE_MESSAGES.listed, schema: storeSchema, paged: true },
  }),
  connect: defineRoute({
    method: 'post',
    path: '/api/stores',
    summary: 'Connect a Shopify or WooCommerce store',
    description:
      'The webhook secret is kept sealed (AES-GCM) and never answered again, only its hint. `shop` is a host name; a pasted `https://` and trailing `/` are dropped.',
    access: vendorOnly,
    body: { json: createStoreSchema },
    answer: { status: 201, message: STORE_MESSAGES.connected, schema: storeSchema },
    errors: { 409: [STORE_MESSAGES.tooMany] },
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/stores/{id}',
    summary: 'Remove a connected store',
    description: 'Its events go with it, and its receiving address answers 404.',
    access: vendorOnly,
    params: STORE_ID,
    answer: { message: STORE_MESSAGES.removed, schema: null },
    errors: { 404: [STORE_MESSAGES.notFound] },
  }),
  events: defineRoute({
    method: 'get',
    path: '/api/stores/{id}/events',
    summary: 'Every delivery a store sent, matched or not',
    description:
      "Newest first. `outcome`: `converted` (an order credited to a creator), `recorded` (paid or shipped), `reversed` (refunded, cancelled, RTO), `pending` (kept until its order arrives), or one of the unmatched `no_ref`, `unknown_ref`, `ignored`, `refused` (no creator credited, or nothing changed; `detail` says why). `body` is the raw body, its first 64 KB, until `rawUntil` (30 days after it came in); then, or once the buyer's data is erased, only the order's facts (ids, status, currency, amounts, times, ck_ref, discount codes), and `rawUntil` is null.",
    access: vendorOnly,
    params: STORE_ID,
    query: storeEventsQuerySchema,
    answer: { message: STORE_MESSAGES.eventsListed, schema: storeEventSchema, paged: true },
    errors: { 404: [STORE_MESSAGES.notFound] },
  }),
  replay: defineRoute({
    method: 'post',
    path: '/api/stores/{id}/events/{eventId}/replay',
    summary: 'Read a kept store event again and apply it',
    description:
      "After the vendor fixed what refused it (a product mapping, a SKU, a creator code): the event is read again from its raw body, or its facts once the raw body is gone, and its order calls made again. Every call is idempotent by its store id (order, refund, fulfillment), so a replay never counts twice; an order already recorded stays as recorded. The event's `outcome` and `detail` are replaced.",
    access: vendorOnly,
    params: { ...STORE_ID, eventId: { description: 'One of the store events' } },
    answer: { message: STORE_MESSAGES.replayed, schema: storeEventSchema },
    errors: { 404: [STORE_MESSAGES.notFound, STORE_MESSAGES.eventNotFound] },
  }),
  mapProduct: defineRoute({
    method: 'put',
    path: '/api/stores/{id}/products',
    summary: "Name a store product as one of the vendor's products",
    description:
      'Store order lines with this store product id (Shopify `line_items[].product_id`, WooCommerce `line_items[].product_id`) are this product from the next order on, whatever their SKU. Naming the same store product again replaces the product. Orders already recorded keep their lines.',
    access: vendorOnly,
    params: STORE_ID,
    body: { json: mapStoreProductSchema },
    answer: { message: STORE_MESSAGES.productMapped, schema: storeProductSchema },
    errors: { 404: [STORE_MESSAGES.notFound, STORE_MESSAGES.productInvalid] },
  }),
}

/** The store webhook receiver: no token or API key, so it is mounted before the session check. */
export const STORE_WEBHOOK_ROUTES = {
  receive: defineRoute({
    method: 'post',
    path: '/api/v1/stores/{kind}/{id}',
    summary: "A store's order webhook",
    description:
      "No API key or token: the store's signature authenticates. The body is the store's raw order webhook (at most 1 MB), signed as base64 HMAC-SHA256 of the raw body in `X-Shopify-Hmac-SHA256` or `X-WC-Webhook-Signature`; the delivery id (`X-Shopify-Webhook-Id`, `X-WC-Webhook-Delivery-ID`) is written once (a replay answers 'Already received' and writes nothing); the topic comes from `X-Shopify-Topic` or `X-WC-Webhook-Topic`. WooCommerce's unsigned ping (`webhook_id=N`) is answered 200 at any address. A bad or missing signature, an unknown or removed store and a store of the other kind all answer the same 404 `No connected store has this address and signing secret`, so an address tells nothing of which stores exist: check both the address and the secret. Every order becomes an order with its lines: credited by the first of its discount codes that is one of the vendor's creator codes, else its `ck_ref` (the visit's ref, kept by the store from the buy link until checkout); payments, fulfillments (shipped, delivered, RTO), refunds (by lines or amount) and cancellations apply to it, and one that comes before its order is kept (`pending`) and applied when the order arrives.",
    access: 'public',
    params: {
      // A schema, not `values`: another kind still reaches the route and answers its 404, not the API-key check's 401.
      kind: { description: 'The store kind', schema: z.enum(STORE_KIND_VALUES) },
      id: { description: 'The store (its receiving address)' },
    },
    answer: {
      message: [STORE_MESSAGES.received, STORE_MESSAGES.duplicate],
      schema: z.object({ outcome: z.nullable(z.enum(STORE_OUTCOME_VALUES)) }),
      description: 'What became of the delivery (as in the store events), null for a replay or the ping.',
    },
    errors: { 403: [STORE_MESSAGES.vendorSuspended], 404: [STORE_MESSAGES.forged, STORE_MESSAGES.notFound] },
  }),
}
