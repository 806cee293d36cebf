// /api/webhooks (decision 250): a vendor's webhook endpoints, their delivery logs, Resend and test
// events. Vendor token only; another vendor's endpoint or delivery answers 404 and nothing changes.

import { Hono } from 'hono'
import { pageQuerySchema } from '../contract/paging'
import { createWebhookEndpointSchema, updateWebhookEndpointSchema, WEBHOOK_MESSAGES } from '../contract/webhooks'
import { db } from '../db/client'
import type { AppEnv } from '../env'
import { callerOf, requireRole } from '../middleware/auth'
import { ok, okPage } from '../middleware/envelope'
import { jsonLimit, parseWith, pathId, queryOf, readJson } from '../middleware/validate'
import {
  changeEndpoint,
  createEndpoint,
  listDeliveries,
  listEndpoints,
  loadOwnedDelivery,
  loadOwnedEndpoint,
  removeEndpoint,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
} from '../services/webhooks'

const endpointOf = (c: Parameters<typeof callerOf>[0]) => loadOwnedEndpoint(db(c), callerOf(c).id, pathId(c, 'id', WEBHOOK_MESSAGES.notFound))

export const webhookRoutes = new Hono<AppEnv>()
  .get('/endpoints', requireRole('vendor'), async (c) => {
    const page = await listEndpoints(db(c), callerOf(c).id, parseWith(pageQuerySchema, queryOf(c)))
    return okPage(c, WEBHOOK_MESSAGES.listed, page.rows, page.paging)
  })
  .post('/endpoints', jsonLimit, requireRole('vendor'), async (c) => {
    const input = parseWith(createWebhookEndpointSchema, await readJson(c))
    return ok(c, WEBHOOK_MESSAGES.created, await createEndpoint(c.env, callerOf(c).id, input), 201)
  })
  .put('/endpoints/:id', jsonLimit, requireRole('vendor'), async (c) => {
    // The endpoint is checked before the body is read: 404 whatever was sent.
    const endpoint = await endpointOf(c)
    const input = parseWith(updateWebhookEndpointSchema, await readJson(c))
    return ok(c, WEBHOOK_MESSAGES.updated, await changeEndpoint(db(c), endpoint, input))
  })
  .delete('/endpoints/:id', requireRole('vendor'), async (c) => {
    await removeEndpoint(db(c), await endpointOf(c))
    return ok(c, WEBHOOK_MESSAGES.deleted, null)
  })
  .post('/endpoints/:id/rotate', requireRole('vendor'), async (c) => ok(c, WEBHOOK_MESSAGES.rotated, await rotateSecret(c.env, await endpointOf(c))))
  .post('/endpoints/:id/test', requireRole('vendor'), async (c) => ok(c, WEBHOOK_MESSAGES.testQueued, await sendTestEvent(c.env, await endpointOf(c)), 201))
  .get('/endpoints/:id/deliveries', requireRole('vendor'), async (c) => {
    const endpoint = await endpointOf(c)
    const page = await listDeliveries(db(c), endpoint, parseWith(pageQuerySchema, queryOf(c)))
    return okPage(c, WEBHOOK_MESSAGES.deliveriesListed, page.rows, page.paging)
  })
  .post('/deliveries/:id/resend', requireRole('vendor'), async (c) => {
    const { delivery, endpoint } = await loadOwnedDelivery(db(c), callerOf(c).id, pathId(c, 'id', WEBHOOK_MESSAGES.deliveryNotFound))
    return ok(c, WEBHOOK_MESSAGES.resendQueued, await resendDelivery(c.env, delivery, endpoint))
  })
