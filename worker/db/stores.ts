// Connected stores and the events they sent.

import { and, desc, eq, lt, sql } from 'drizzle-orm'
import { MAX_STORES } from '../contract/stores'
import type { Db } from './client'
import { type Store, type StoreEvent, storeEvents, stores, vendors } from './schema'

export type NewStore = Pick<Store, 'VendorID' | 'kind' | 'shop' | 'secretSealed' | 'secretHint'>

/**
 * Inserts the store unless the vendor already has MAX_STORES: one statement, so two connections
 * at the same moment cannot both slip past the count. Null when the limit refused it.
 */
export async function insertStore(db: Db, store: NewStore): Promise<Store | null> {
  const createdAt = new Date().toISOString()
  const row = await db.$client
    .prepare(
      `INSERT INTO stores (VendorID, kind, shop, secretSealed, secretHint, eventsN, unmatchedN, createdAt)
       SELECT ?1, ?2, ?3, ?4, ?5, 0, 0, ?6 WHERE (SELECT COUNT(*) FROM stores WHERE VendorID = ?1) < ?7
       RETURNING *`,
    )
    .bind(store.VendorID, store.kind, store.shop, store.secretSealed, store.secretHint, createdAt, MAX_STORES)
    .first<Store>()
  return row ?? null
}

export const vendorStores = (db: Db, vendorId: number) =>
  db.select().from(stores).where(eq(stores.VendorID, vendorId)).orderBy(desc(stores.StoreID)).limit(MAX_STORES)

/** The store a delivery names and whether its vendor is suspended or erased now, in one statement. */
export async function findStoreToReceive(db: Db, storeId: number): Promise<{ store: Store; vendorHeld: boolean } | null> {
  const [row] = await db
    .select({ store: stores, vendorHeld: sql<number>`(${vendors.suspendedAt} IS NOT NULL OR ${vendors.erasedAt} IS NOT NULL)`.mapWith(Boolean) })
    .from(stores)
    .innerJoin(vendors, eq(vendors.VendorID, stores.VendorID))
    .where(eq(stores.StoreID, storeId))
    .limit(1)
  return row ?? null
}

export async function findStore(db: Db, storeId: number): Promise<Store | null> {
  const [row] = await db.select().from(stores).where(eq(stores.StoreID, storeId)).limit(1)
  return row ?? null
}

/** Deletes the vendor's own store (its events go with it); false when there was none. */
export async function deleteStore(db: Db, vendorId: number, storeId: number): Promise<boolean> {
  const rows = await db
    .delete(stores)
    .where(and(eq(stores.StoreID, storeId), eq(stores.VendorID, vendorId)))
    .returning({ StoreID: stores.StoreID })
  return rows.length > 0
}

export async function hasDelivery(db: Db, storeId: number, deliveryId: string): Promise<boolean> {
  const [row] = await db
    .select({ EventID: storeEvents.EventID })
    .from(storeEvents)
    .where(and(eq(storeEvents.StoreID, storeId), eq(storeEvents.deliveryId, deliveryId)))
    .limit(1)
  return row !== undefined
}

export type NewStoreEvent = Omit<StoreEvent, 'EventID' | 'createdAt'>

/** The event and the store's counters, in one transaction (a replayed delivery id fails it whole). */
export async function insertStoreEvent(db: Db, event: NewStoreEvent, unmatched: boolean): Promise<void> {
  await db.batch([
    db.insert(storeEvents).values(event),
    db
      .update(stores)
      .set({ eventsN: sql`${stores.eventsN} + 1`, unmatchedN: sql`${stores.unmatchedN} + ${unmatched ? 1 : 0}` })
      .where(eq(stores.StoreID, event.StoreID)),
  ])
}

/** A page of the store's events, newest first, after the event `before` (keyset). */
export const storeEventsAfter = (db: Db, storeId: number, before: number | null, limit: number) =>
  db
    .select()
    .from(storeEvents)
    .where(before === null ? eq(storeEvents.StoreID, storeId) : and(eq(storeEvents.StoreID, storeId), lt(storeEvents.EventID, before)))
    .orderBy(desc(storeEvents.EventID))
    .limit(limit)
