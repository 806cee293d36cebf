import type { CreateWebhookEndpointInput, UpdateWebhookEndpointInput, WebhookDeliveryDTO, WebhookEndpointDTO, WebhookSecretDTO } from '@contract/webhooks'
import { request, requestPage } from './client'

// Webhooks out (decision 250): the vendor's endpoints, their delivery logs, Resend and test events.

/** Every endpoint fits one page (at most 10). */
export const listWebhookEndpoints = (signal?: AbortSignal) => requestPage<WebhookEndpointDTO>('webhooks/endpoints', { limit: 10 }, signal)
export const createWebhookEndpoint = (input: CreateWebhookEndpointInput) => request<WebhookSecretDTO>('POST', 'webhooks/endpoints', { json: input })
export const updateWebhookEndpoint = (id: number, input: UpdateWebhookEndpointInput) =>
  request<WebhookEndpointDTO>('PUT', `webhooks/endpoints/${id}`, { json: input })
export const deleteWebhookEndpoint = (id: number) => request<null>('DELETE', `webhooks/endpoints/${id}`)
export const rotateWebhookSecret = (id: number) => request<WebhookSecretDTO>('POST', `webhooks/endpoints/${id}/rotate`)
export const sendWebhookTest = (id: number) => request<WebhookDeliveryDTO>('POST', `webhooks/endpoints/${id}/test`)
export const listWebhookDeliveries = (id: number, cursor: string | undefined, signal: AbortSignal) =>
  requestPage<WebhookDeliveryDTO>(`webhooks/endpoints/${id}/deliveries`, { cursor, limit: 10 }, signal)
export const resendWebhookDelivery = (deliveryId: number) => request<WebhookDeliveryDTO>('POST', `webhooks/deliveries/${deliveryId}/resend`)
