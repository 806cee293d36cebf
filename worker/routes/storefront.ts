import type { Context } from 'hono'
import { STOREFRONT_MESSAGES, STOREFRONT_ROUTES as R } from '../contract/storefront'
import { db } from '../db/client'
import type { AppEnv } from '../env'
import { callerOf } from '../middleware/auth'
import { pathId } from '../middleware/validate'
import {
  createCollection,
  deleteCollection,
  pinProduct,
  readOwnStorefront,
  renameCollection,
  reorderCollections,
  reorderPins,
  unpinProduct,
} from '../services/storefront'
import { handle, mountAll } from './define'

const collectionId = (c: Context<AppEnv>) => pathId(c, 'id', STOREFRONT_MESSAGES.collectionNotFound)

/** The signed-in influencer's own storefront. Another's collection or pin is not found. */
export const storefrontRoutes = mountAll(
  handle(R.own, async (c, r) => r.ok(await readOwnStorefront(db(c), callerOf(c).id))),
  handle(R.createCollection, async (c, r) => {
    const { Title } = await r.body()
    return r.ok(await createCollection(db(c), callerOf(c).id, Title))
  }),
  // Before /collections/{id}, which would otherwise take 'order' for an id.
  handle(R.orderCollections, async (c, r) => r.ok(await reorderCollections(db(c), callerOf(c).id, await r.body()))),
  handle(R.renameCollection, async (c, r) => {
    const id = collectionId(c)
    const { Title } = await r.body()
    return r.ok(await renameCollection(db(c), callerOf(c).id, id, Title))
  }),
  handle(R.deleteCollection, async (c, r) => r.ok(await deleteCollection(db(c), callerOf(c).id, collectionId(c)))),
  handle(R.pin, async (c, r) => {
    const id = collectionId(c)
    const { ProductID } = await r.body()
    return r.ok(await pinProduct(db(c), callerOf(c).id, id, ProductID))
  }),
  handle(R.orderPins, async (c, r) => {
    const id = collectionId(c)
    return r.ok(await reorderPins(db(c), callerOf(c).id, id, await r.body()))
  }),
  handle(R.unpin, async (c, r) => r.ok(await unpinProduct(db(c), callerOf(c).id, pathId(c, 'id', STOREFRONT_MESSAGES.pinNotFound)))),
)
