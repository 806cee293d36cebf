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

/** The events a vendor may subscribe an endpoint to. */
export const WEBHOOK_EVENTS = ['lead.created', 'lead.status_changed', 'commission.created', 'commission.reversed', 'payout.recorded'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** What 'Send test event' sends; never subscribed to, always delivered to the endpoint asked. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'lead.created': 'A lead comes in',
  'lead.status_changed': "A lead's status changes",
  'commission.created': 'A commission is earned',
  'commission.reversed': 'A commission is reversed or taken back',
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

export type WebhookEndpointDTO = {
  EndpointID: number
  url: string
  description: string
  events: WebhookEvent[]
  enabled: boolean
  /** Set when it was disabled after too many failures in a row (null when the vendor turned it off). */
  disabledAt: string | null
  consecutiveFailures: number
  /** While a rotation's previous secret still signs. */
  previousSecretUntil: string | null
  createdAt: string
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed'

export type WebhookDeliveryDTO = {
  DeliveryID: number
  EndpointID: number
  eventType: string
  msgId: string
  state: WebhookDeliveryState
  attempts: number
  lastStatus: number | null
  lastResponse: string | null
  lastAttemptAt: string | null
  nextAttemptAt: string | null
  createdAt: string
  /** The body as sent (JSON text). */
  payload: string
}

/** What creating an endpoint or rotating its secret answers: the secret, shown this once. */
export type WebhookSecretDTO = { endpoint: WebhookEndpointDTO; secret: string }
