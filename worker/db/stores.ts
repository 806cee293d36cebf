// Connected stores and the events they sent.

import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import { MAX_STORES } from '../contract/stores'
import type { Db } from './client'
import { leads, type Store, type StoreEvent, storeEventContacts, storeEvents, storeProducts, stores, vendors } from './schema'

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

/**
 * The event, the buyer contacts its raw body holds and the store's counters, in one transaction
 * (a replayed delivery id fails it whole).
 */
export async function insertStoreEvent(db: Db, event: NewStoreEvent, contacts: string[], unmatched: boolean): Promise<void> {
  const eventId = sql`(SELECT ${storeEvents.EventID} FROM ${storeEvents} WHERE ${storeEvents.StoreID} = ${event.StoreID} AND ${storeEvents.deliveryId} = ${event.deliveryId})`
  await db.batch([
    db.insert(storeEvents).values(event),
    ...contacts.map((contact) => db.insert(storeEventContacts).values({ contact, EventID: eventId }).onConflictDoNothing()),
    db
      .update(stores)
      .set({ eventsN: sql`${stores.eventsN} + 1`, unmatchedN: sql`${stores.unmatchedN} + ${unmatched ? 1 : 0}` })
      .where(eq(stores.StoreID, event.StoreID)),
  ])
}

// Replacing a raw body by the order's facts: the facts move into `body`, and the event stops being
// findable by its buyer's contacts (there is nothing of them left). Events stored before facts
// existed keep an empty object.
const toFacts = { body: sql`coalesce(${storeEvents.facts}, '{}')`, facts: null, rawUntil: null }

/**
 * The cron's strip (decision 243): at most `max` events whose raw body's time is up, oldest first
 * through store_events_raw_idx, so a run reads about what it changes however large the table.
 * Answers how many it stripped; the next run takes the rest.
 */
export async function stripOldStoreBodies(db: Db, now: number, max = 200): Promise<number> {
  const due = sql`SELECT ${storeEvents.EventID} FROM ${storeEvents}
    WHERE ${storeEvents.rawUntil} IS NOT NULL AND ${storeEvents.rawUntil} < ${new Date(now).toISOString()}
    ORDER BY ${storeEvents.rawUntil}, ${storeEvents.EventID} LIMIT ${max}`
  const [, stripped] = await db.batch([
    db.delete(storeEventContacts).where(sql`${storeEventContacts.EventID} IN (${due})`),
    db.update(storeEvents).set(toFacts).where(sql`${storeEvents.EventID} IN (${due})`).returning({ id: storeEvents.EventID }),
  ])
  return stripped.length
}

/**
 * For a buyer's erasure (decision 243): every store event whose raw body holds the phone, or an
 * email of the buyer's leads, keeps only the order's facts. Put it before the leads lose the
 * buyer's details in the erasure's batch: it reads their emails from them.
 */
export function redactBuyerInStoreEvents(db: Db, phone: string) {
  const theirs = sql`SELECT ${storeEventContacts.EventID} FROM ${storeEventContacts}
    WHERE ${storeEventContacts.contact} = ${phone}
      OR ${storeEventContacts.contact} IN (SELECT lower(${leads.ClientEmail}) FROM ${leads} WHERE ${leads.ClientPhone} = ${phone} AND ${leads.ClientEmail} IS NOT NULL)`
  return [
    db.update(storeEvents).set(toFacts).where(sql`${storeEvents.EventID} IN (${theirs})`),
    db.delete(storeEventContacts).where(sql`${storeEventContacts.EventID} IN (${theirs})`),
  ] as const
}

/** For a vendor's erasure: their stores go, the sealed secrets with them, and every event (cascade). */
export function deleteStoresOf(db: Db, vendorId: number) {
  return db.delete(stores).where(eq(stores.VendorID, vendorId))
}

/** A page of the store's events, newest first, after the event `before` (keyset). */
export const storeEventsAfter = (db: Db, storeId: number, before: number | null, limit: number) =>
  db
    .select()
    .from(storeEvents)
    .where(before === null ? eq(storeEvents.StoreID, storeId) : and(eq(storeEvents.StoreID, storeId), lt(storeEvents.EventID, before)))
    .orderBy(desc(storeEvents.EventID))
    .limit(limit)

// ---- Store products the vendor mapped (decision 294) ----------------------------------------------

/** The vendor's products named for these store product ids (one store), by store product id. */
export async function mappedProductsOf(db: Db, storeId: number, storeProductIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ storeProductId: storeProducts.storeProductId, ProductID: storeProducts.ProductID })
    .from(storeProducts)
    .where(and(eq(storeProducts.StoreID, storeId), inArray(storeProducts.storeProductId, storeProductIds.slice(0, 90))))
  return new Map(rows.map((r) => [r.storeProductId, r.ProductID]))
}

/** Names the store product as the product (replacing an earlier name), if the product is the store's vendor's; null otherwise. */
export async function upsertStoreProduct(db: Db, storeId: number, vendorId: number, storeProductId: string, productId: number) {
  const row = await db.$client
    .prepare(
      `INSERT INTO store_products (StoreID, storeProductId, ProductID, createdAt)
       SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM products WHERE ProductID = ?3 AND VendorID = ?5)
       ON CONFLICT (StoreID, storeProductId) DO UPDATE SET ProductID = excluded.ProductID
       RETURNING storeProductId, ProductID`,
    )
    .bind(storeId, storeProductId, productId, new Date().toISOString(), vendorId)
    .first<{ storeProductId: string; ProductID: number }>()
  return row ?? null
}

// ---- Replaying a kept event ------------------------------------------------------------------------

export async function findStoreEvent(db: Db, storeId: number, eventId: number): Promise<StoreEvent | null> {
  const [row] = await db
    .select()
    .from(storeEvents)
    .where(and(eq(storeEvents.EventID, eventId), eq(storeEvents.StoreID, storeId)))
    .limit(1)
  return row ?? null
}

/** The event's new outcome, and the store's unmatched count moved with it, in one batch. */
export async function setStoreEventOutcome(
  db: Db,
  event: StoreEvent,
  next: Pick<StoreEvent, 'outcome' | 'detail' | 'orderId' | 'ckRef'>,
  unmatchedDelta: number,
): Promise<StoreEvent> {
  const [rows] = await db.batch([
    db.update(storeEvents).set(next).where(eq(storeEvents.EventID, event.EventID)).returning(),
    db
      .update(stores)
      .set({ unmatchedN: sql`max(0, ${stores.unmatchedN} + ${unmatchedDelta})` })
      .where(eq(stores.StoreID, event.StoreID)),
  ])
  return rows[0]
}
