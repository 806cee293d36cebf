import { pageQuerySchema } from '../../contract/paging'
import { createWebhookEndpointSchema, updateWebhookEndpointSchema, WEBHOOK_MESSAGES } from '../../contract/webhooks'
import { routes } from '../registry'

const vendor = ['vendor'] as const
const ENDPOINT =
  '`WebhookEndpointDTO`: EndpointID, url, description, events, enabled, disabledAt (set when it was disabled after 20 failures in a row), consecutiveFailures, previousSecretUntil, createdAt.'
const SECRET = '`{ endpoint, secret }`: the endpoint and its `whsec_...` signing secret, shown this once.'
const DELIVERY =
  '`WebhookDeliveryDTO`: DeliveryID, EndpointID, eventType, msgId (the `webhook-id` header), state (pending, delivered, failed), attempts, lastStatus, lastResponse (the first 1 KB of the answer), lastAttemptAt, nextAttemptAt, createdAt, payload (the body as sent).'
const id = { id: { description: 'The endpoint' } }
const notFound = { 404: [WEBHOOK_MESSAGES.notFound] }

export const webhookRoutes = routes(
  {
    method: 'get',
    path: '/api/webhooks/endpoints',
    summary: "The vendor's webhook endpoints",
    description: 'Newest first. At most 10 endpoints exist per vendor.',
    access: vendor,
    query: pageQuerySchema,
    answer: { message: WEBHOOK_MESSAGES.listed, data: ENDPOINT, paged: true },
  },
  {
    method: 'post',
    path: '/api/webhooks/endpoints',
    summary: 'Add a webhook endpoint',
    description:
      'https only; `localhost` and IP literals in private, loopback or link-local ranges are refused (loopback is accepted, over http too, in a local run). Deliveries follow the Standard Webhooks spec; the body of each event, the headers, the signature and the retry schedule are under Webhooks.',
    access: vendor,
    body: {
      json: createWebhookEndpointSchema,
      example: { url: 'https://crm.example.com/collabkart', events: ['lead.created', 'lead.status_changed'], description: 'CRM' },
    },
    answer: { status: 201, message: WEBHOOK_MESSAGES.created, data: SECRET },
    errors: { 400: [WEBHOOK_MESSAGES.urlInvalid, WEBHOOK_MESSAGES.urlHttps, WEBHOOK_MESSAGES.urlPrivate], 409: [WEBHOOK_MESSAGES.tooMany] },
  },
  {
    method: 'put',
    path: '/api/webhooks/endpoints/{id}',
    summary: 'Change the events, description or enabled state of an endpoint',
    description: 'Enabling an endpoint again starts its failure count afresh.',
    access: vendor,
    params: id,
    body: { json: updateWebhookEndpointSchema },
    answer: { message: WEBHOOK_MESSAGES.updated, data: ENDPOINT },
    errors: notFound,
  },
  {
    method: 'delete',
    path: '/api/webhooks/endpoints/{id}',
    summary: 'Delete an endpoint and its delivery log',
    access: vendor,
    params: id,
    answer: { message: WEBHOOK_MESSAGES.deleted, data: '`null`.' },
    errors: notFound,
  },
  {
    method: 'post',
    path: '/api/webhooks/endpoints/{id}/rotate',
    summary: "Rotate an endpoint's signing secret",
    description: 'For 24 hours every delivery carries a signature with the previous secret too (space-separated in `webhook-signature`).',
    access: vendor,
    params: id,
    answer: { message: WEBHOOK_MESSAGES.rotated, data: SECRET },
    errors: notFound,
  },
  {
    method: 'post',
    path: '/api/webhooks/endpoints/{id}/test',
    summary: 'Send a `webhook.test` event to an endpoint',
    description: 'Queued for one attempt; its answer appears in the delivery log. At most 30 an hour per endpoint.',
    access: vendor,
    params: id,
    answer: { status: 201, message: WEBHOOK_MESSAGES.testQueued, data: DELIVERY },
    errors: { ...notFound, 409: [WEBHOOK_MESSAGES.disabled], 429: [WEBHOOK_MESSAGES.testsTooMany] },
  },
  {
    method: 'get',
    path: '/api/webhooks/endpoints/{id}/deliveries',
    summary: "An endpoint's delivery log",
    description: 'Newest first, with each body as it was sent.',
    access: vendor,
    params: id,
    query: pageQuerySchema,
    answer: { message: WEBHOOK_MESSAGES.deliveriesListed, data: DELIVERY, paged: true },
    errors: notFound,
  },
  {
    method: 'post',
    path: '/api/webhooks/deliveries/{id}/resend',
    summary: 'Send a delivery again',
    description: 'One more attempt now, with the same body and `webhook-id`. At most 60 an hour per vendor.',
    access: vendor,
    params: { id: { description: 'The delivery' } },
    answer: { message: WEBHOOK_MESSAGES.resendQueued, data: DELIVERY },
    errors: { 404: [WEBHOOK_MESSAGES.deliveryNotFound], 409: [WEBHOOK_MESSAGES.disabled], 429: [WEBHOOK_MESSAGES.resendsTooMany] },
  },
)
