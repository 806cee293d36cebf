// What the OpenAPI document says beyond the routes: how both kinds of bearer authenticate, the
// limit of /api/v1, and the webhooks Collabkart sends (OpenAPI 3.1's top-level `webhooks`): each
// event type's body, its headers, the signature and the retry schedule. The bodies are written in
// domain/webhook-payloads.ts; tests/worker/webhooks.test.ts checks a real delivery against these.

import { ORDER_STATE_NAMES } from '../contract/orders'
import { PAYOUT_METHOD_VALUES } from '../contract/payouts'
import {
  WEBHOOK_DISABLE_AFTER,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_ROTATION_HOURS,
  WEBHOOK_SEQUENCE_HEADER,
  WEBHOOK_TEST_EVENT,
  type WebhookEvent,
} from '../contract/webhooks'
import { API_KEY_CALLS, API_KEY_WINDOW_S, RATE_LIMIT_POLICY } from '../domain/api-key-limit'
import { DELIVERY_TIMEOUT_S, RETRY_WAITS_SECONDS } from '../domain/webhook-schedule'
import { CONVERSION_EXAMPLE } from '../contract/v1-routes'

type Json = Record<string, unknown>

const waitText = (s: number) => (s < 60 ? `${s} s` : s < 3600 ? `${s / 60} min` : `${s / 3600} h`)

/** "immediately, then 5 s, 5 min, ... after each failure". */
export const RETRY_SCHEDULE_TEXT = `immediately, then ${RETRY_WAITS_SECONDS.map(waitText).join(', ')} after each failed attempt (${RETRY_WAITS_SECONDS.length + 1} attempts in all)`

export const AUTH_TEXT = `**Dashboard routes** take \`Authorization: Bearer <token>\`, the JWT that \`POST /api/vendors/login\`,
\`/api/marketers/login\` or \`/api/admin/login\` answers (24 hours). Each route names the roles it serves
(vendor, marketer: an influencer, admin: the back office): 401 without a current token, 403 for any other role.

**The versioned API \`/api/v1\`** takes a vendor's API key instead: \`Authorization: Bearer ck_live_...\`. A vendor makes
keys in their profile ('API keys'); the key (\`ck_live_\` and 43 characters) is shown once, and Collabkart keeps only
its SHA-256. Each key has scopes (\`leads:read\`, \`leads:write\`, \`conversions:write\`, \`products:read\`): a route names
the one it needs, and a key without it is 403. Keys work only on \`/api/v1\`, and only keys do: a dashboard token there
is 401, a key on any other route is 401. A revoked key is 401 from its next call. A store reporting an order:

\`\`\`sh
curl -X POST https://collabkart.in/api/v1/conversions \\
  -H 'Authorization: Bearer ck_live_...' -H 'Content-Type: application/json' \\
  -d '${JSON.stringify(CONVERSION_EXAMPLE)}'
\`\`\`

**Limits of /api/v1.** Each key has a bucket of ${API_KEY_CALLS} calls that refills at ${API_KEY_CALLS} every ${API_KEY_WINDOW_S} s (one call every
${(API_KEY_WINDOW_S * 1000) / API_KEY_CALLS} ms). Every answer to a known key says where it stands, in the fields of the IETF draft
draft-ietf-httpapi-ratelimit-headers: \`RateLimit-Policy: ${RATE_LIMIT_POLICY}\` and
\`RateLimit: "default";r=<calls left>;t=<seconds until the bucket is full>\`. An empty bucket answers 429 with
\`Retry-After: <seconds>\` until the next call.`

export const WEBHOOKS_TEXT = `**Webhooks.** A vendor adds endpoints (\`POST /api/webhooks/endpoints\`, at most 10) and picks the events each
hears: ${Object.keys(WEBHOOK_EVENT_LABELS)
  .map((e) => `\`${e}\``)
  .join(', ')}. Each delivery is a \`POST\` of JSON \`{ type, timestamp, sequence, data }\`, signed by the
[Standard Webhooks](https://www.standardwebhooks.com/) spec: \`webhook-id\` (the same on every attempt: drop repeats by it),
\`webhook-timestamp\` and \`webhook-signature\` (\`v1,\` and a base64 HMAC-SHA256 of \`id.timestamp.body\` under the endpoint's
\`whsec_\` secret; during the ${WEBHOOK_ROTATION_HOURS} h after a rotation two signatures, space-separated). \`sequence\` numbers the vendor's
events in the order they happened (also in the \`${WEBHOOK_SEQUENCE_HEADER}\` header): deliveries can arrive out of order,
so apply an event only if its sequence is above the last you applied for that lead or payout; the events one change makes
(a status change and the commission it wrote) share its number. Endpoints are called independently, each with its own
retries: a receiver that hangs delays only itself. A receiver has ${DELIVERY_TIMEOUT_S} s to answer 2xx; anything else (another
status, a redirect, which is never followed, a timeout) is a failure, tried again ${RETRY_SCHEDULE_TEXT}.
After ${WEBHOOK_DISABLE_AFTER} failed attempts in a row the endpoint is disabled and the vendor is told. Every body type is under **Webhooks** below.`

const money = (name: string, what: string): Json => ({
  [`${name}Paise`]: { type: 'integer', description: `${what} in paise (exact).` },
  [`${name}Rupees`]: { type: 'number', description: `${what} in rupees (for display).` },
})

const obj = (properties: Json, description?: string): Json => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  ...(description ? { description } : {}),
})

const marketer = obj({ influencerId: { type: 'integer' }, name: { type: 'string' } }, 'The influencer (`marketer` in the API).')

const lead: Json = {
  leadId: { type: 'integer' },
  status: { type: 'string', enum: ['Pending', 'Lost', 'Converted'] },
  createdAt: { type: 'string', format: 'date-time' },
  product: obj({ productId: { type: ['integer', 'null'] }, name: { type: 'string' } }),
  influencer: marketer,
  buyer: obj({ name: { type: 'string' }, email: { type: ['string', 'null'] }, phone: { type: 'string', description: '10 digits; empty after an erasure.' } }),
  ...money('price', 'The price when the lead came in'),
  ...money('commission', 'The commission snapshot'),
}

const entry = (extra: Json): Json => ({
  entryId: { type: 'integer' },
  leadId: { type: 'integer' },
  influencerId: { type: 'integer' },
  productName: { type: 'string' },
  ...extra,
  ...money('amount', 'The amount'),
  reason: { type: ['string', 'null'], description: "The vendor's reason, if given." },
})

const orderId = { type: 'string', description: "The store's order id." }
const nullableId = { type: ['integer', 'null'], description: 'The influencer credited; null: nobody.' }
const orderState = { type: 'string', enum: [...ORDER_STATE_NAMES] }
const orderLines: Json = {
  type: 'array',
  items: {
    type: 'object',
    required: ['lineId', 'amountPaise', 'amountRupees'],
    properties: {
      lineId: { type: 'string' },
      ...money('amount', "The line's amount, refunded amount or commission, as the event says"),
      ...money('commission', "The line's commission, when the event has one"),
      quantity: { type: 'integer' },
    },
  },
}

/** Each event's `data`. */
export const WEBHOOK_DATA: Record<WebhookEvent | typeof WEBHOOK_TEST_EVENT, Json> = {
  'lead.created': obj(lead),
  'lead.status_changed': obj({
    ...lead,
    previousStatus: { type: 'string', enum: ['Pending', 'Lost', 'Converted'] },
    reason: { type: ['string', 'null'] },
    changedAt: { type: 'string', format: 'date-time' },
  }),
  'order.created': obj({
    orderId,
    influencerId: nullableId,
    state: orderState,
    ...money('amount', "The order's amount"),
    ...money('commission', 'What its lines earned'),
    lines: orderLines,
  }),
  'order.updated': obj({ orderId, influencerId: nullableId, state: orderState, previousState: orderState }),
  'order.refunded': obj({
    orderId,
    influencerId: nullableId,
    refundId: { type: 'string' },
    ...money('refunded', 'What the buyer got back'),
    ...money('reversed', 'The commission taken back with it (positive: subtract it)'),
    lines: orderLines,
  }),
  'commission.created': {
    anyOf: [
      obj(
        entry({
          kind: { type: 'string', enum: ['commission', 'adjustment-reversed'], description: 'Earned, or restored when a taken-back commission comes back.' },
        }),
        'A lead converted on the dashboard or by the conversion API.',
      ),
      obj(
        { orderId, influencerId: { type: 'integer' }, ...money('amount', 'Earned by the order'), lines: orderLines },
        'An order: what each earning line earned.',
      ),
    ],
  },
  'commission.reversed': {
    anyOf: [
      obj(
        entry({
          how: {
            type: 'string',
            enum: ['reversal', 'adjustment'],
            description: 'Unpaid: the entry itself reversed. Paid: a negative adjustment the next payout deducts.',
          },
        }),
      ),
      obj(
        { orderId, influencerId: { type: 'integer' }, ...money('amount', 'Taken back (positive: subtract it)'), reason: { type: 'string' }, lines: orderLines },
        'An order refunded, returned, RTO or cancelled: what each line gave back.',
      ),
    ],
  },
  'commission.payable': obj(
    { orderId, influencerId: { type: 'integer' }, ...money('amount', 'The standing commission'), payableAt: { type: 'string', format: 'date-time' } },
    'Delivery plus the return window, or payment plus the holding days.',
  ),
  'payout.recorded': obj({
    payoutId: { type: 'integer' },
    influencer: marketer,
    ...money('gross', 'Before TDS'),
    ...money('tds', 'TDS deducted'),
    ...money('net', 'Paid'),
    method: { type: 'string', enum: [...PAYOUT_METHOD_VALUES] },
    utr: { type: 'string' },
    paidOn: { type: 'string', format: 'date', description: "India's date of the payment." },
    recordedAt: { type: 'string', format: 'date-time' },
  }),
  [WEBHOOK_TEST_EVENT]: obj({ endpointId: { type: 'integer' }, message: { type: 'string' } }),
}

const header = (name: string, description: string, example: string, required = true): Json => ({
  name,
  in: 'header',
  required,
  description,
  schema: { type: 'string' },
  example,
})

function webhookOperation(type: WebhookEvent | typeof WEBHOOK_TEST_EVENT): Json {
  const test = type === WEBHOOK_TEST_EVENT
  const body: Json = {
    type: 'object',
    required: ['type', 'timestamp', ...(test ? [] : ['sequence']), 'data'],
    properties: {
      type: { const: type },
      timestamp: { type: 'string', format: 'date-time', description: 'When it happened.' },
      ...(test ? {} : { sequence: { type: 'integer', minimum: 1, description: "The event's number among the vendor's events, in the order they happened." } }),
      data: WEBHOOK_DATA[type],
    },
  }
  return {
    post: {
      operationId: `webhook${type.replace(/(^|[._])(\w)/g, (_, _s: string, c: string) => c.toUpperCase())}`,
      summary: test ? "A test event ('Send test event')" : WEBHOOK_EVENT_LABELS[type as WebhookEvent],
      description: test
        ? 'One attempt, outside the retry schedule; what the log then shows is its answer.'
        : `Sent to every enabled endpoint that picked \`${type}\`, tried ${RETRY_SCHEDULE_TEXT}.`,
      tags: ['webhooks'],
      security: [],
      parameters: [
        header('webhook-id', "The delivery's id, the same on every attempt and Resend.", 'msg_2Kq9vX3tLmP8wQ1rZ5yB7c'),
        header('webhook-timestamp', 'Unix seconds when this attempt was signed.', '1764583200'),
        header('webhook-signature', 'Space-separated `v1,<base64>` signatures of `id.timestamp.body`.', 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4='),
        ...(test ? [] : [header(WEBHOOK_SEQUENCE_HEADER, "The body's `sequence`, for receivers that order before parsing.", '42')]),
      ],
      requestBody: { required: true, content: { 'application/json': { schema: body } } },
      responses: {
        '200': { description: 'Any 2xx is a success; the log keeps the status and the first 1 KB of the answer.' },
        '400': { description: 'Any other answer (or none within the timeout) is a failure, tried again on the schedule.' },
      },
    },
  }
}

/** OpenAPI 3.1's top-level `webhooks`: one entry per event type. */
export function webhooksSection(): Json {
  const types = [...(Object.keys(WEBHOOK_EVENT_LABELS) as WebhookEvent[]), WEBHOOK_TEST_EVENT] as const
  return Object.fromEntries(types.map((t) => [t, webhookOperation(t)]))
}

/** Every tag the operations use (the path's first segment after /api), in the order a reader meets them. */
export const TAGS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'meta', description: 'Health and this document.' },
  { name: 'vendors', description: 'Brands: sign-up, sign-in, profile, API keys, their own activity.' },
  { name: 'marketers', description: 'Influencers (role `marketer`): sign-up, sign-in, profile, social accounts.' },
  { name: 'products', description: "The catalogue: vendors' products and what influencers see." },
  { name: 'affiliate', description: 'Affiliate links and the buy page behind them.' },
  { name: 'leads', description: 'Enquiries from the buy form, and the vendor working them.' },
  { name: 'money', description: 'The commission ledger, payouts, TDS and disputes.' },
  { name: 'orders', description: "The dashboards' order screens: the vendor's orders and the influencer's credited orders." },
  { name: 'analytics', description: 'Figures for dashboards.' },
  { name: 'notifications', description: 'The bell and mail preferences.' },
  { name: 'webhooks', description: `Endpoints Collabkart posts events to, their deliveries, and (under Webhooks) what each event's body holds.` },
  { name: 'stores', description: 'Connected Shopify and WooCommerce stores.' },
  { name: 'attribution', description: 'How long a click credits store orders, and whether the last or first click wins.' },
  { name: 'storefront', description: "Influencers' public pages `/@{handle}`." },
  { name: 'coupons', description: 'Creator codes.' },
  { name: 'campaigns', description: "Vendors' briefs, members and deliverables." },
  { name: 'v1', description: "The versioned API for a vendor's own systems, with an API key (`ck_live_...`)." },
  { name: 'admin', description: 'The back office (role `admin`).' },
]

/** The tag of a route: its path's first segment after /api (health and the document itself: `meta`). */
export function tagOf(path: string): string {
  const segment = path.split('/')[2] ?? 'meta'
  if (path.startsWith('/api/marketer/orders')) return 'orders'
  return segment === 'health' || segment === 'openapi.json' ? 'meta' : segment
}
