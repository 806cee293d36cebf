import { Hono } from 'hono'
import { STORE_MESSAGES, STORE_ROUTES as R, STORE_WEBHOOK_ROUTES, type StoreKind } from '../contract/stores'
import { db } from '../db/client'
import { NotFound } from '../domain/errors'
import type { AppEnv } from '../env'
import { publicOrigin } from '../html/document'
import { eventsOf } from '../middleware/after-answer'
import { callerOf } from '../middleware/auth'
import { limitBody } from '../middleware/body-limit'
import { pathId } from '../middleware/validate'
import { receiveStoreDelivery, replayStoreEvent } from '../services/store-webhooks'
import { connectStore, listStores, mapStoreProduct, removeStore, storeEventsPage } from '../services/stores'
import { handle, honoPath, mountAll } from './define'

const storeIdOf = (c: Parameters<typeof pathId>[0]) => pathId(c, 'id', STORE_MESSAGES.notFound)

// A vendor's connected stores, their own only.
export const storeRoutes = mountAll(
  handle(R.list, async (c, r) => {
    const page = await listStores(db(c), publicOrigin(c.env, c.req.url), callerOf(c).id)
    return r.page(page.rows, page.paging)
  }),
  handle(R.connect, async (c, r) => {
    const input = await r.body()
    return r.ok(await connectStore(db(c), c.env.JWT_SECRET, publicOrigin(c.env, c.req.url), callerOf(c).id, input))
  }),
  handle(R.remove, async (c, r) => {
    await removeStore(db(c), callerOf(c).id, storeIdOf(c))
    return r.ok(null)
  }),
  handle(R.events, async (c, r) => {
    const query = r.query()
    const page = await storeEventsPage(db(c), callerOf(c).id, storeIdOf(c), query)
    return r.page(page.rows, page.paging)
  }),
  handle(R.replay, async (c, r) => {
    const eventId = pathId(c, 'eventId', STORE_MESSAGES.eventNotFound)
    return r.ok(await replayStoreEvent(db(c), eventsOf(c), callerOf(c).id, storeIdOf(c), eventId))
  }),
  handle(R.mapProduct, async (c, r) => {
    const input = await r.body()
    return r.ok(await mapStoreProduct(db(c), callerOf(c).id, storeIdOf(c), input))
  }),
)

/** A store's order payload is bigger than any form: Shopify orders with many lines run to hundreds of KB. */
const STORE_BODY_LIMIT = 1024 * 1024

const kindOf = (value: string | undefined): StoreKind => {
  if (value === 'shopify' || value === 'woocommerce') return value
  throw new NotFound(STORE_MESSAGES.notFound)
}

const receive = STORE_WEBHOOK_ROUTES.receive

// No API key and no session; the store's signature authenticates. The body is the store's raw
// order, not JSON, so its limit is this module's own, before the route reads it.
export const storeWebhookRoutes = new Hono<AppEnv>().use(honoPath(receive), limitBody(STORE_BODY_LIMIT)).route(
  '/',
  mountAll(
    handle(receive, async (c, r) => {
      const answer = await receiveStoreDelivery(db(c), eventsOf(c), c.env.JWT_SECRET, kindOf(c.req.param('kind')), storeIdOf(c), {
        body: await c.req.arrayBuffer(),
        header: (name) => c.req.header(name),
      })
      return r.ok({ outcome: answer.outcome }, { message: answer.message })
    }),
  ),
)
