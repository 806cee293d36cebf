import { type CreateWebhookEndpointInput, type UpdateWebhookEndpointInput, WEBHOOK_ROUTES } from '@contract/webhooks'
import { callPage, callRoute } from './client'

// Webhooks out (decision 250): the vendor's endpoints, their delivery logs, Resend and test events.

/** Every endpoint fits one page (at most 10). */
export const listWebhookEndpoints = (signal?: AbortSignal) => callPage(WEBHOOK_ROUTES.list, { query: { limit: 10 }, signal })
export const createWebhookEndpoint = (input: CreateWebhookEndpointInput) => callRoute(WEBHOOK_ROUTES.create, { json: input })
export const updateWebhookEndpoint = (id: number, input: UpdateWebhookEndpointInput) => callRoute(WEBHOOK_ROUTES.update, { params: { id }, json: input })
export const deleteWebhookEndpoint = (id: number) => callRoute(WEBHOOK_ROUTES.remove, { params: { id } })
export const rotateWebhookSecret = (id: number) => callRoute(WEBHOOK_ROUTES.rotate, { params: { id } })
export const sendWebhookTest = (id: number) => callRoute(WEBHOOK_ROUTES.test, { params: { id } })
export const listWebhookDeliveries = (id: number, cursor: string | undefined, signal: AbortSignal) =>
  callPage(WEBHOOK_ROUTES.deliveries, { params: { id }, query: { cursor, limit: 10 }, signal })
export const resendWebhookDelivery = (deliveryId: number) => callRoute(WEBHOOK_ROUTES.resend, { params: { id: deliveryId } })
