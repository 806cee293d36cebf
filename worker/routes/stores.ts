import { Hono } from 'hono'
import { createStoreSchema, STORE_MESSAGES, type StoreKind, storeEventsQuerySchema } from '../contract/stores'
import { db } from '../db/client'
import { NotFound } from '../domain/errors'
import type { AppEnv } from '../env'
import { publicOrigin } from '../html/document'
import { eventsOf } from '../middleware/after-answer'
import { callerOf, requireRole } from '../middleware/auth'
import { limitBody } from '../middleware/body-limit'
import { ok, okPage } from '../middleware/envelope'
import { jsonBody, parseWith, pathId, queryOf } from '../middleware/validate'
import { storeConversions } from '../services/store-conversions'
import { receiveStoreDelivery } from '../services/store-webhooks'
import { connectStore, listStores, removeStore, storeEventsPage } from '../services/stores'

const storeIdOf = (c: Parameters<typeof pathId>[0]) => pathId(c, 'id', STORE_MESSAGES.notFound)

// Mounted at /api/stores: a vendor's connected stores, their own only.
export const storeRoutes = new Hono<AppEnv>()
  .get('/', requireRole('vendor'), async (c) => {
    const page = await listStores(db(c), publicOrigin(c.env, c.req.url), callerOf(c).id)
    return okPage(c, STORE_MESSAGES.listed, page.rows, page.paging)
  })
  .post('/', requireRole('vendor'), ...jsonBody(createStoreSchema), async (c) => {
    const store = await connectStore(db(c), c.env.JWT_SECRET, publicOrigin(c.env, c.req.url), callerOf(c).id, c.req.valid('json'))
    return ok(c, STORE_MESSAGES.connected, store, 201)
  })
  .delete('/:id', requireRole('vendor'), async (c) => {
    await removeStore(db(c), callerOf(c).id, storeIdOf(c))
    return ok(c, STORE_MESSAGES.removed, null)
  })
  .get('/:id/events', requireRole('vendor'), async (c) => {
    const query = parseWith(storeEventsQuerySchema, queryOf(c))
    const page = await storeEventsPage(db(c), callerOf(c).id, storeIdOf(c), query)
    return okPage(c, STORE_MESSAGES.eventsListed, page.rows, page.paging)
  })

/** A store's order payload is bigger than any form: Shopify orders with many lines run to hundreds of KB. */
const STORE_BODY_LIMIT = 1024 * 1024

const kindOf = (value: string | undefined): StoreKind => {
  if (value === 'shopify' || value === 'woocommerce') return value
  throw new NotFound(STORE_MESSAGES.notFound)
}

// Mounted at /api/v1/stores: no API key and no session; the store's signature authenticates.
export const storeWebhookRoutes = new Hono<AppEnv>().post('/:kind/:id', limitBody(STORE_BODY_LIMIT), async (c) => {
  const answer = await receiveStoreDelivery(db(c), eventsOf(c), c.env.JWT_SECRET, storeConversions, kindOf(c.req.param('kind')), storeIdOf(c), {
    body: await c.req.arrayBuffer(),
    header: (name) => c.req.header(name),
  })
  return ok(c, answer.message, { outcome: answer.outcome })
})
