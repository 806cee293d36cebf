// Webhooks out (decision 250): a vendor's endpoints, the events they may follow, what the API answers
// about them and its messages. Deliveries follow the Standard Webhooks spec (docs/api.md).
//
// API (vendor token; only the caller's own endpoints, another vendor's answer 404):
//   GET    /api/webhooks/endpoints?limit=&cursor=            paged, newest first -> WebhookEndpointDTO[]
//   POST   /api/webhooks/endpoints                           { url, events, description? } -> 201 { endpoint, secret }
//   PUT    /api/webhooks/endpoints/{id}                      { events?, enabled?, description? } -> WebhookEndpointDTO
//   DELETE /api/webhooks/endpoints/{id}                                          -> null
//   POST   /api/webhooks/endpoints/{id}/rotate               new secret; the old one signs for 24 h -> { endpoint, secret }
//   POST   /api/webhooks/endpoints/{id}/test                 a `webhook.test` event through the queue -> WebhookDeliveryDTO
//   GET    /api/webhooks/endpoints/{id}/deliveries?limit=&cursor=  the log, newest first -> WebhookDeliveryDTO[]
//   POST   /api/webhooks/deliveries/{id}/resend              one more attempt, same body and webhook-id -> WebhookDeliveryDTO

import * as z from 'zod/mini'
import { capped } from './fields'
import { pageQuerySchema } from './paging'
import { defineRoute } from './route'

/** The events a vendor may subscribe an endpoint to. */
export const WEBHOOK_EVENTS = [
  'lead.created',
  'lead.status_changed',
  'order.created',
  'order.updated',
  'order.refunded',
  'commission.created',
  'commission.reversed',
  'commission.payable',
  'payout.recorded',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** What 'Send test event' sends; never subscribed to, always delivered to the endpoint asked. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'lead.created': 'A lead comes in',
  'lead.status_changed': "A lead's status changes",
  'order.created': 'An order is reported',
  'order.updated': "An order's state changes (paid, shipped, delivered, returned, RTO, cancelled)",
  'order.refunded': 'An order is refunded in part or whole',
  'commission.created': 'A commission is earned',
  'commission.reversed': 'A commission is reversed or taken back',
  'commission.payable': "An order's commission gets its payable date",
  'payout.recorded': 'A payout is recorded',
}

export const WEBHOOK_URL_MAX = 2000
export const WEBHOOK_DESCRIPTION_MAX = 100
/** Endpoints per vendor: enough for a store, a CRM and a test receiver, and each event fans out to at most this many. */
export const WEBHOOK_ENDPOINTS_MAX = 10
/** How long the previous secret still signs after a rotation. */
export const WEBHOOK_ROTATION_HOURS = 24
/** Test events per endpoint, and resends per vendor, in an hour (decision 258). */
export const WEBHOOK_TESTS_PER_HOUR = 30
export const WEBHOOK_RESENDS_PER_HOUR = 60
/** Failed attempts in a row after which an endpoint is disabled. */
export const WEBHOOK_DISABLE_AFTER = 20
/** The header that repeats a delivery's `sequence` (the event's number per vendor, decision 250). */
export const WEBHOOK_SEQUENCE_HEADER = 'collabkart-sequence'

export const WEBHOOK_MESSAGES = {
  /** The delivery log's note on a delivery held back because the vendor was suspended (decision 241). */
  notSentSuspended: "Not sent: the vendor's account is suspended",
  urlRequired: 'Please enter the endpoint URL',
  urlInvalid: 'Endpoint URL should be a full address such as https://example.com/webhooks',
  urlTooLong: `Endpoint URL should be at most ${WEBHOOK_URL_MAX} characters`,
  urlHttps: 'Endpoint URL should start with https://',
  urlPrivate: 'Endpoint URL cannot point to localhost or a private, loopback, link-local or other reserved address',
  urlCredentials: 'Endpoint URL cannot contain a user name or password. Use the signing secret to check deliveries.',
  eventsRequired: 'Choose at least one event',
  eventsInvalid: `Events should be among ${WEBHOOK_EVENTS.join(', ')}`,
  descriptionTooLong: `Description should be at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  enabledInvalid: 'enabled should be true or false',
  nothingToChange: 'Send events, enabled or description to change',
  tooMany: `You can have at most ${WEBHOOK_ENDPOINTS_MAX} endpoints. Delete one to add another.`,
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
  disabled: 'This endpoint is disabled. Enable it first.',
  testsTooMany: `Too many test events for this endpoint. You can send ${WEBHOOK_TESTS_PER_HOUR} an hour; please try again later.`,
  resendsTooMany: `Too many resends. You can resend ${WEBHOOK_RESENDS_PER_HOUR} deliveries an hour; please try again later.`,
  created: 'Webhook endpoint added',
  updated: 'Webhook endpoint updated',
  deleted: 'Webhook endpoint deleted',
  rotated: 'Signing secret rotated. The previous secret keeps working for 24 hours.',
  testQueued: 'Test event sent',
  resendQueued: 'Delivery queued again',
  listed: 'Webhook endpoints fetched successfully',
  deliveriesListed: 'Webhook deliveries fetched successfully',
} as const

const eventsField = z
  .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventsInvalid }), { error: WEBHOOK_MESSAGES.eventsRequired })
  .check(z.minLength(1, WEBHOOK_MESSAGES.eventsRequired), z.maxLength(WEBHOOK_EVENTS.length * 2, WEBHOOK_MESSAGES.eventsInvalid))

const descriptionField = z
  .string({ error: WEBHOOK_MESSAGES.descriptionTooLong })
  .check(z.trim(), z.maxLength(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_MESSAGES.descriptionTooLong))

export const createWebhookEndpointSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlRequired })
    .check(capped(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong), z.trim(), z.minLength(1, WEBHOOK_MESSAGES.urlRequired)),
  events: eventsField,
  description: z.optional(descriptionField),
})
export type CreateWebhookEndpointInput = z.infer<typeof createWebhookEndpointSchema>

export const updateWebhookEndpointSchema = z
  .object({
    events: z.optional(eventsField),
    enabled: z.optional(z.boolean({ error: WEBHOOK_MESSAGES.enabledInvalid })),
    description: z.optional(descriptionField),
  })
  .check(z.refine((v) => v.events !== undefined || v.enabled !== undefined || v.description !== undefined, { error: WEBHOOK_MESSAGES.nothingToChange }))
export type UpdateWebhookEndpointInput = z.infer<typeof updateWebhookEndpointSchema>

export const webhookEndpointSchema = z.object({
  EndpointID: z.number(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Set when it was disabled after too many failures in a row (null when the vendor turned it off). */
  disabledAt: z.nullable(z.string()),
  consecutiveFailures: z.number(),
  /** While a rotation's previous secret still signs. */
  previousSecretUntil: z.nullable(z.string()),
  createdAt: z.string(),
})
export type WebhookEndpointDTO = z.output<typeof webhookEndpointSchema>

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number]

export const webhookDeliverySchema = z.object({
  DeliveryID: z.number(),
  EndpointID: z.number(),
  eventType: z.string(),
  /** The `webhook-id` header. */
  msgId: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number(),
  lastStatus: z.nullable(z.number()),
  /** The first 1 KB of the answer. */
  lastResponse: z.nullable(z.string()),
  lastAttemptAt: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** The body as sent (JSON text). */
  payload: z.string(),
})
export type WebhookDeliveryDTO = z.output<typeof webhookDeliverySchema>

/** What creating an endpoint or rotating its secret answers: the secret, shown this once. */
export const webhookSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() })
export type WebhookSecretDTO = z.output<typeof webhookSecretSchema>

const vendorOnly = ['vendor'] as const
const endpointId = { id: { description: 'The endpoint' } }
const notFound = { 404: [WEBHOOK_MESSAGES.notFound] }
const SECRET = 'The endpoint and its `whsec_...` signing secret, shown this once.'

export const WEBHOOK_ROUTES = {
  list: defineRoute({
    method: 'get',
    path: '/api/webhooks/endpoints',
    summary: "The vendor's webhook endpoints",
    description: 'Newest first. At most 10 endpoints exist per vendor.',
    access: vendorOnly,
    query: pageQuerySchema,
    answer: {
      message: WEBHOOK_MESSAGES.listed,
      schema: webhookEndpointSchema,
      paged: true,
      description: '`disabledAt` is set when it was disabled after 20 failures in a row.',
    },
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/webhooks/endpoints',
    summary: 'Add a webhook endpoint',
    description:
      'https only; `localhost` and IP literals in private, loopback or link-local ranges are refused (loopback is accepted, over http too, in a local run). Deliveries follow the Standard Webhooks spec; the body of each event, the headers, the signature and the retry schedule are under Webhooks.',
    access: vendorOnly,
    body: {
      json: createWebhookEndpointSchema,
      example: { url: 'https://crm.example.com/collabkart', events: ['lead.created', 'lead.status_changed'], description: 'CRM' },
    },
    answer: { status: 201, message: WEBHOOK_MESSAGES.created, schema: webhookSecretSchema, description: SECRET },
    errors: { 400: [WEBHOOK_MESSAGES.urlInvalid, WEBHOOK_MESSAGES.urlHttps, WEBHOOK_MESSAGES.urlPrivate], 409: [WEBHOOK_MESSAGES.tooMany] },
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/webhooks/endpoints/{id}',
    summary: 'Change the events, description or enabled state of an endpoint',
    description: 'Enabling an endpoint again starts its failure count afresh.',
    access: vendorOnly,
    params: endpointId,
    body: { json: updateWebhookEndpointSchema },
    answer: { message: WEBHOOK_MESSAGES.updated, schema: webhookEndpointSchema },
    errors: notFound,
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/webhooks/endpoints/{id}',
    summary: 'Delete an endpoint and its delivery log',
    access: vendorOnly,
    params: endpointId,
    answer: { message: WEBHOOK_MESSAGES.deleted, schema: null },
    errors: notFound,
  }),
  rotate: defineRoute({
    method: 'post',
    path: '/api/webhooks/endpoints/{id}/rotate',
    summary: "Rotate an endpoint's signing secret",
    description: 'For 24 hours every delivery carries a signature with the previous secret too (space-separated in `webhook-signature`).',
    access: vendorOnly,
    params: endpointId,
    answer: { message: WEBHOOK_MESSAGES.rotated, schema: webhookSecretSchema, description: SECRET },
    errors: notFound,
  }),
  test: defineRoute({
    method: 'post',
    path: '/api/webhooks/endpoints/{id}/test',
    summary: 'Send a `webhook.test` event to an endpoint',
    description: 'Queued for one attempt; its answer appears in the delivery log. At most 30 an hour per endpoint.',
    access: vendorOnly,
    params: endpointId,
    answer: { status: 201, message: WEBHOOK_MESSAGES.testQueued, schema: webhookDeliverySchema },
    errors: { ...notFound, 409: [WEBHOOK_MESSAGES.disabled], 429: [WEBHOOK_MESSAGES.testsTooMany] },
  }),
  deliveries: defineRoute({
    method: 'get',
    path: '/api/webhooks/endpoints/{id}/deliveries',
    summary: "An endpoint's delivery log",
    description: 'Newest first, with each body as it was sent.',
    access: vendorOnly,
    params: endpointId,
    query: pageQuerySchema,
    answer: { message: WEBHOOK_MESSAGES.deliveriesListed, schema: webhookDeliverySchema, paged: true },
    errors: notFound,
  }),
  resend: defineRoute({
    method: 'post',
    path: '/api/webhooks/deliveries/{id}/resend',
    summary: 'Send a delivery again',
    description: 'One more attempt now, with the same body and `webhook-id`. At most 60 an hour per vendor.',
    access: vendorOnly,
    params: { id: { description: 'The delivery' } },
    answer: { message: WEBHOOK_MESSAGES.resendQueued, schema: webhookDeliverySchema },
    errors: { 404: [WEBHOOK_MESSAGES.deliveryNotFound], 409: [WEBHOOK_MESSAGES.disabled], 429: [WEBHOOK_MESSAGES.resendsTooMany] },
  }),
}
