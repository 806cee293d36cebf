import { Hono } from 'hono'
import { STOREFRONT_MESSAGES, collectionOrderSchema, collectionTitleSchema, pinOrderSchema, pinProductSchema } from '../contract/storefront'
import { db } from '../db/client'
import type { AppEnv } from '../env'
import { callerOf, requireRole } from '../middleware/auth'
import { ok } from '../middleware/envelope'
import { jsonLimit, parseWith, pathId, readJson } from '../middleware/validate'
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

const collectionId = (c: Parameters<typeof pathId>[0]) => pathId(c, 'id', STOREFRONT_MESSAGES.collectionNotFound)

/** /api/storefront: the signed-in influencer's own storefront. Another's collection or pin is not found. */
export const storefrontRoutes = new Hono<AppEnv>()
  .get('/', requireRole('marketer'), async (c) => ok(c, STOREFRONT_MESSAGES.fetched, await readOwnStorefront(db(c), callerOf(c).id)))
  .post('/collections', jsonLimit, requireRole('marketer'), async (c) => {
    const { Title } = parseWith(collectionTitleSchema, await readJson(c))
    return ok(c, STOREFRONT_MESSAGES.collectionCreated, await createCollection(db(c), callerOf(c).id, Title), 201)
  })
  // Before /collections/:id, which would otherwise take 'order' for an id.
  .put('/collections/order', jsonLimit, requireRole('marketer'), async (c) => {
    const input = parseWith(collectionOrderSchema, await readJson(c))
    return ok(c, STOREFRONT_MESSAGES.reordered, await reorderCollections(db(c), callerOf(c).id, input))
  })
  .put('/collections/:id', jsonLimit, requireRole('marketer'), async (c) => {
    const id = collectionId(c)
    const { Title } = parseWith(collectionTitleSchema, await readJson(c))
    return ok(c, STOREFRONT_MESSAGES.collectionRenamed, await renameCollection(db(c), callerOf(c).id, id, Title))
  })
  .delete('/collections/:id', requireRole('marketer'), async (c) =>
    ok(c, STOREFRONT_MESSAGES.collectionDeleted, await deleteCollection(db(c), callerOf(c).id, collectionId(c))),
  )
  .post('/collections/:id/pins', jsonLimit, requireRole('marketer'), async (c) => {
    const id = collectionId(c)
    const { ProductID } = parseWith(pinProductSchema, await readJson(c))
    return ok(c, STOREFRONT_MESSAGES.pinned, await pinProduct(db(c), callerOf(c).id, id, ProductID), 201)
  })
  .put('/collections/:id/pins/order', jsonLimit, requireRole('marketer'), async (c) => {
    const id = collectionId(c)
    const input = parseWith(pinOrderSchema, await readJson(c))
    return ok(c, STOREFRONT_MESSAGES.reordered, await reorderPins(db(c), callerOf(c).id, id, input))
  })
  .delete('/pins/:id', requireRole('marketer'), async (c) =>
    ok(c, STOREFRONT_MESSAGES.unpinned, await unpinProduct(db(c), callerOf(c).id, pathId(c, 'id', STOREFRONT_MESSAGES.pinNotFound))),
  )
