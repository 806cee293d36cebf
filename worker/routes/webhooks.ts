// /api/webhooks (decision 250): a vendor's webhook endpoints, their delivery logs, Resend and test
// events. Vendor token only; another vendor's endpoint or delivery answers 404 and nothing changes.

import { WEBHOOK_MESSAGES, WEBHOOK_ROUTES as R } from '../contract/webhooks'
import { db } from '../db/client'
import { callerOf } from '../middleware/auth'
import { pathId } from '../middleware/validate'
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
import { handle, mountAll } from './define'

const endpointOf = (c: Parameters<typeof callerOf>[0]) => loadOwnedEndpoint(db(c), callerOf(c).id, pathId(c, 'id', WEBHOOK_MESSAGES.notFound))

export const webhookRoutes = mountAll(
  handle(R.list, async (c, r) => {
    const page = await listEndpoints(db(c), callerOf(c).id, r.query())
    return r.page(page.rows, page.paging)
  }),
  handle(R.create, async (c, r) => r.ok(await createEndpoint(c.env, callerOf(c).id, await r.body()))),
  handle(R.update, async (c, r) => {
    // The endpoint is checked before the body is read: 404 whatever was sent.
    const endpoint = await endpointOf(c)
    return r.ok(await changeEndpoint(db(c), endpoint, await r.body()))
  }),
  handle(R.remove, async (c, r) => {
    await removeEndpoint(db(c), await endpointOf(c))
    return r.ok(null)
  }),
  handle(R.rotate, async (c, r) => r.ok(await rotateSecret(c.env, await endpointOf(c)))),
  handle(R.test, async (c, r) => r.ok(await sendTestEvent(c.env, await endpointOf(c)))),
  handle(R.deliveries, async (c, r) => {
    const endpoint = await endpointOf(c)
    const page = await listDeliveries(db(c), endpoint, r.query())
    return r.page(page.rows, page.paging)
  }),
  handle(R.resend, async (c, r) => {
    const { delivery, endpoint } = await loadOwnedDelivery(db(c), callerOf(c).id, pathId(c, 'id', WEBHOOK_MESSAGES.deliveryNotFound))
    return r.ok(await resendDelivery(c.env, delivery, endpoint))
  }),
)
