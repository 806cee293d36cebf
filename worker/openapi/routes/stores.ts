import { createStoreSchema, STORE_KIND_VALUES, STORE_MESSAGES, storeEventsQuerySchema } from '../../contract/stores'
import { routes } from '../registry'

const vendorOnly = ['vendor'] as const
const STORE =
  '`StoreDTO`: StoreID, kind, shop, secretHint (never the secret), webhookUrl (the receiving address to paste into the store), events, unmatched, createdAt.'
const STORE_ID = { id: { description: "One of the caller's stores" } }

export const storeRoutes = routes(
  {
    method: 'get',
    path: '/api/stores',
    summary: "The vendor's connected stores",
    description: 'At most 5, newest first: one page.',
    access: vendorOnly,
    answer: { message: STORE_MESSAGES.listed, data: STORE, paged: true },
  },
  {
    method: 'post',
    path: '/api/stores',
    summary: 'Connect a Shopify or WooCommerce store',
    description:
      'The webhook secret is kept sealed (AES-GCM) and never answered again, only its hint. `shop` is a host name; a pasted `https://` and trailing `/` are dropped.',
    access: vendorOnly,
    body: { json: createStoreSchema },
    answer: { status: 201, message: STORE_MESSAGES.connected, data: STORE },
    errors: { 409: [STORE_MESSAGES.tooMany] },
  },
  {
    method: 'delete',
    path: '/api/stores/{id}',
    summary: 'Remove a connected store',
    description: 'Its events go with it, and its receiving address answers 404.',
    access: vendorOnly,
    params: STORE_ID,
    answer: { message: STORE_MESSAGES.removed, data: 'null' },
    errors: { 404: [STORE_MESSAGES.notFound] },
  },
  {
    method: 'get',
    path: '/api/stores/{id}/events',
    summary: 'Every delivery a store sent, matched or not',
    description:
      "Newest first. `outcome`: `converted`, `reversed`, or one of the unmatched `no_ref`, `unknown_ref`, `ignored`, `refused` (nothing changed; `detail` says why). `body` is the raw body, its first 64 KB, until `rawUntil` (30 days after it came in); then, or once the buyer's data is erased, only the order's facts (ids, status, currency, amounts, times, ck_ref, discount codes), and `rawUntil` is null.",
    access: vendorOnly,
    params: STORE_ID,
    query: storeEventsQuerySchema,
    answer: {
      message: STORE_MESSAGES.eventsListed,
      data: '`StoreEventDTO`: EventID, deliveryId, topic, orderId, ckRef, outcome, detail, body, rawUntil, createdAt.',
      paged: true,
    },
    errors: { 404: [STORE_MESSAGES.notFound] },
  },
  {
    method: 'post',
    path: '/api/v1/stores/{kind}/{id}',
    summary: "A store's order webhook",
    description:
      "No API key or token: the store's signature authenticates. The body is the store's raw order webhook (at most 1 MB), signed as base64 HMAC-SHA256 of the raw body in `X-Shopify-Hmac-SHA256` or `X-WC-Webhook-Signature`; the delivery id (`X-Shopify-Webhook-Id`, `X-WC-Webhook-Delivery-ID`) is written once (a replay answers 'Already received' and writes nothing); the topic comes from `X-Shopify-Topic` or `X-WC-Webhook-Topic`. WooCommerce's unsigned ping (`webhook_id=N`) is answered 200 at any address. A bad or missing signature, an unknown or removed store and a store of the other kind all answer the same 404 `No connected store has this address and signing secret`, so an address tells nothing of which stores exist: check both the address and the secret. Paid orders with a `ck_ref` (the visit's ref, kept by the store from the buy link until checkout) become conversions, and refunds and cancellations reverse them; a paid order without one is attributed by the first of its discount codes that is one of the vendor's creator codes.",
    access: 'public',
    params: { kind: { description: 'The store kind', values: STORE_KIND_VALUES }, id: { description: 'The store (its receiving address)' } },
    answer: {
      message: [STORE_MESSAGES.received, STORE_MESSAGES.duplicate],
      data: '`{ outcome }`: what became of the delivery (as in the store events), null for a replay or the ping.',
    },
    errors: { 403: [STORE_MESSAGES.vendorSuspended], 404: [STORE_MESSAGES.forged, STORE_MESSAGES.notFound] },
  },
)
