// A vendor's connected stores (decision 191): connect, list, remove, and the events each one sent.

import { type CreateStoreInput, type MapStoreProductInput, STORE_MESSAGES, type StoreDTO, type StoreEventDTO, storeWebhookPath } from '../contract/stores'
import type { Paging } from '../contract/paging'
import type { Db } from '../db/client'
import type { Store, StoreEvent } from '../db/schema'
import { deleteStore, findStore, insertStore, storeEventsAfter, upsertStoreProduct, vendorStores } from '../db/stores'
import { Conflict, NotFound } from '../domain/errors'
import { seal, secretHint } from '../domain/secret-box'
import { pageThrough } from './paging'

/** What the secret is sealed to: a sealed value moved to another vendor's row does not open. */
export const sealContext = (vendorId: number) => `vendor:${vendorId}`

const toStoreDTO = (origin: string, row: Store): StoreDTO => ({
  StoreID: row.StoreID,
  kind: row.kind,
  shop: row.shop,
  secretHint: row.secretHint,
  webhookUrl: `${origin}${storeWebhookPath(row.kind, row.StoreID)}`,
  events: row.eventsN,
  unmatched: row.unmatchedN,
  createdAt: row.createdAt,
})

export const toEventDTO = (row: StoreEvent): StoreEventDTO => ({
  EventID: row.EventID,
  deliveryId: row.deliveryId,
  topic: row.topic,
  orderId: row.orderId,
  ckRef: row.ckRef,
  outcome: row.outcome,
  detail: row.detail,
  body: row.body,
  rawUntil: row.rawUntil,
  createdAt: row.createdAt,
})

export async function connectStore(db: Db, masterSecret: string, origin: string, vendorId: number, input: CreateStoreInput): Promise<StoreDTO> {
  const secretSealed = await seal(input.secret, sealContext(vendorId), masterSecret)
  const row = await insertStore(db, { VendorID: vendorId, kind: input.kind, shop: input.shop, secretSealed, secretHint: secretHint(input.secret) })
  if (!row) throw new Conflict(STORE_MESSAGES.tooMany)
  return toStoreDTO(origin, row)
}

/** At most MAX_STORES rows by construction: one page, its total what it shows. */
export async function listStores(db: Db, origin: string, vendorId: number): Promise<{ rows: StoreDTO[]; paging: Paging }> {
  const rows = (await vendorStores(db, vendorId)).map((row) => toStoreDTO(origin, row))
  return { rows, paging: { limit: rows.length, nextCursor: null, total: rows.length, totalCapped: false } }
}

export async function removeStore(db: Db, vendorId: number, storeId: number): Promise<void> {
  if (!(await deleteStore(db, vendorId, storeId))) throw new NotFound(STORE_MESSAGES.notFound)
}

/** The vendor's own store, else 404 (another vendor's store is not found either). */
async function ownStore(db: Db, vendorId: number, storeId: number): Promise<Store> {
  const store = await findStore(db, storeId)
  if (!store || store.VendorID !== vendorId) throw new NotFound(STORE_MESSAGES.notFound)
  return store
}

/** A page of the store's events, newest first; the total is the store's kept count. */
export async function storeEventsPage(db: Db, vendorId: number, storeId: number, query: { limit?: number; cursor?: string }) {
  const store = await ownStore(db, vendorId, storeId)
  return pageThrough({
    cursor: query.cursor,
    limit: query.limit,
    order: 'newest',
    kinds: ['number'],
    fetch: async (from, limit) => ({ rows: await storeEventsAfter(db, store.StoreID, from ? Number(from[0]) : null, limit), total: store.eventsN }),
    keyOf: (row) => [row.EventID],
  }).then((page) => ({ rows: page.rows.map(toEventDTO), paging: page.paging }))
}

/** Names a store product as one of the vendor's products (decision 294); another vendor's product is refused as unknown. */
export async function mapStoreProduct(db: Db, vendorId: number, storeId: number, input: MapStoreProductInput) {
  const store = await ownStore(db, vendorId, storeId)
  const row = await upsertStoreProduct(db, store.StoreID, vendorId, input.storeProductId, input.productId)
  if (!row) throw new NotFound(STORE_MESSAGES.productInvalid)
  return { storeProductId: row.storeProductId, productId: row.ProductID }
}
