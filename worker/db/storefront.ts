// Queries of the creator storefront (decision 200): handles, former handles, collections, pins, views.

import { type AnyColumn, and, asc, count, eq, gt, gte, isNull, lt, type SQL, sql, sum } from 'drizzle-orm'
import type { Db } from './client'
import {
  marketers,
  products,
  storefrontCollections,
  storefrontHandleKey,
  storefrontOldHandles,
  storefrontPins,
  storefrontViewsDaily,
  storefrontVisits,
} from './schema'

/** No other account than `holder` has given `key` up within its reservation (decision 247). */
const notReservedForOther = (key: SQL | string, holder: SQL | AnyColumn, at: string) =>
  sql`not exists (select 1 from ${storefrontOldHandles} o where o."HandleKey" = ${key} and o."releasesAt" > ${at} and o."MarketerID" <> ${holder})`

/**
 * The account holding a handle key: the earliest one whose profile gives it (marketers_handle_idx),
 * unless its former owner's reservation still runs: then only that owner, when they took it back.
 */
export async function handleHolder(db: Db, key: string, at = new Date().toISOString()): Promise<number | null> {
  const [row] = await db
    .select({ MarketerID: marketers.MarketerID })
    .from(marketers)
    .where(and(eq(storefrontHandleKey(marketers), key), notReservedForOther(key, marketers.MarketerID, at)))
    .orderBy(asc(marketers.MarketerID))
    .limit(1)
  return row?.MarketerID ?? null
}

/** Who `key` is reserved for at `at`, and until when (one primary-key read); null when nobody. */
export async function handleReservation(db: Db, key: string, at: string): Promise<{ MarketerID: number; releasesAt: string } | null> {
  const [row] = await db
    .select({ MarketerID: storefrontOldHandles.MarketerID, releasesAt: storefrontOldHandles.releasesAt })
    .from(storefrontOldHandles)
    .where(and(eq(storefrontOldHandles.HandleKey, key), gt(storefrontOldHandles.releasesAt, at)))
    .limit(1)
  return row ?? null
}

/** What the storefront's card shows of a creator who is not suspended. */
export async function storefrontOwner(db: Db, id: number) {
  const [row] = await db
    .select({
      MarketerID: marketers.MarketerID,
      MarketerName: marketers.MarketerName,
      Bio: marketers.Bio,
      Category: marketers.Category,
      Location: marketers.Location,
      MarketerProfilePic: marketers.MarketerProfilePic,
      PreviewImage1: marketers.PreviewImage1,
      totalReachRaw: marketers.totalReachRaw,
      InstagramUsername: marketers.InstagramUsername,
      TwitterHandle: marketers.TwitterHandle,
      TikTokUsername: marketers.TikTokUsername,
    })
    .from(marketers)
    .where(and(eq(marketers.MarketerID, id), isNull(marketers.suspendedAt)))
    .limit(1)
  return row ?? null
}

/** The creator's collections in their order (at most STOREFRONT_COLLECTIONS_MAX). */
export function collectionsOf(db: Db, marketerId: number) {
  return db
    .select({ CollectionID: storefrontCollections.CollectionID, Title: storefrontCollections.Title, Position: storefrontCollections.Position })
    .from(storefrontCollections)
    .where(eq(storefrontCollections.MarketerID, marketerId))
    .orderBy(asc(storefrontCollections.Position), asc(storefrontCollections.CollectionID))
}

/** The creator's pins with their products (at most STOREFRONT_PINS_MAX); `activeOnly` for the public page. */
export function pinsOf(db: Db, marketerId: number, activeOnly: boolean) {
  return db
    .select({
      PinID: storefrontPins.PinID,
      CollectionID: storefrontPins.CollectionID,
      Position: storefrontPins.Position,
      ProductID: products.ProductID,
      VendorID: products.VendorID,
      ProductName: products.ProductName,
      PricePaise: products.PricePaise,
      Images: products.Images,
      IsActive: products.IsActive,
    })
    .from(storefrontPins)
    .innerJoin(products, eq(products.ProductID, storefrontPins.ProductID))
    .where(activeOnly ? and(eq(storefrontPins.MarketerID, marketerId), eq(products.IsActive, true)) : eq(storefrontPins.MarketerID, marketerId))
    .orderBy(asc(storefrontPins.CollectionID), asc(storefrontPins.Position), asc(storefrontPins.PinID))
}

/** Whether the creator has a collection: their storefront is worth a link (as the sitemap lists it). */
export async function hasCollection(db: Db, marketerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: storefrontCollections.CollectionID })
    .from(storefrontCollections)
    .where(eq(storefrontCollections.MarketerID, marketerId))
    .limit(1)
  return Boolean(row)
}

export async function ownedCollection(db: Db, marketerId: number, collectionId: number) {
  const [row] = await db
    .select({ CollectionID: storefrontCollections.CollectionID })
    .from(storefrontCollections)
    .where(and(eq(storefrontCollections.CollectionID, collectionId), eq(storefrontCollections.MarketerID, marketerId)))
    .limit(1)
  return row ?? null
}

export async function ownedPin(db: Db, marketerId: number, pinId: number) {
  const [row] = await db
    .select({ PinID: storefrontPins.PinID })
    .from(storefrontPins)
    .where(and(eq(storefrontPins.PinID, pinId), eq(storefrontPins.MarketerID, marketerId)))
    .limit(1)
  return row ?? null
}

export async function countPins(db: Db, marketerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(storefrontPins).where(eq(storefrontPins.MarketerID, marketerId))
  return row?.n ?? 0
}

export async function productExists(db: Db, productId: number): Promise<boolean> {
  const [row] = await db.select({ id: products.ProductID }).from(products).where(eq(products.ProductID, productId)).limit(1)
  return Boolean(row)
}

type NewCollection = { CollectionID: number; Title: string; Position: number }

/**
 * A new collection at the end of the creator's list, unless they already have `max`: the count,
 * the position and the insert are one statement, so concurrent creations never pass the limit.
 */
export function insertCollection(db: Db, marketerId: number, title: string, max: number): Promise<NewCollection[]> {
  return db.all<NewCollection>(sql`
    insert into "storefront_collections" ("MarketerID", "Title", "Position", "createdAt")
    select ${marketerId}, ${title}, coalesce(max("Position"), -1) + 1, ${new Date().toISOString()}
    from "storefront_collections" where "MarketerID" = ${marketerId}
    having count(*) < ${max}
    returning "CollectionID", "Title", "Position"`)
}

export function renameCollection(db: Db, marketerId: number, collectionId: number, title: string) {
  return db
    .update(storefrontCollections)
    .set({ Title: title })
    .where(and(eq(storefrontCollections.CollectionID, collectionId), eq(storefrontCollections.MarketerID, marketerId)))
    .returning({ CollectionID: storefrontCollections.CollectionID, Title: storefrontCollections.Title, Position: storefrontCollections.Position })
}

/** Deletes the collection and its pins in one transaction, pins first, whatever the foreign-key setting. */
export async function deleteCollection(db: Db, marketerId: number, collectionId: number) {
  await db.batch([
    db.delete(storefrontPins).where(and(eq(storefrontPins.CollectionID, collectionId), eq(storefrontPins.MarketerID, marketerId))),
    db.delete(storefrontCollections).where(and(eq(storefrontCollections.CollectionID, collectionId), eq(storefrontCollections.MarketerID, marketerId))),
  ])
}

/**
 * Pins a product at the end of a collection unless the creator already has `max` pins; nothing
 * (no row back) when it is already in the collection or the limit is reached. One statement, so
 * concurrent pins never pass the limit nor fail on the unique index.
 */
export function insertPin(db: Db, marketerId: number, collectionId: number, productId: number, max: number): Promise<{ PinID: number }[]> {
  return db.all<{ PinID: number }>(sql`
    insert into "storefront_pins" ("CollectionID", "MarketerID", "ProductID", "Position", "createdAt")
    select ${collectionId}, ${marketerId}, ${productId},
      (select coalesce(max("Position"), -1) + 1 from "storefront_pins" where "MarketerID" = ${marketerId} and "CollectionID" = ${collectionId}),
      ${new Date().toISOString()}
    where (select count(*) from "storefront_pins" where "MarketerID" = ${marketerId}) < ${max}
    on conflict do nothing
    returning "PinID"`)
}

export function deletePin(db: Db, marketerId: number, pinId: number) {
  return db.delete(storefrontPins).where(and(eq(storefrontPins.PinID, pinId), eq(storefrontPins.MarketerID, marketerId)))
}

/** The ids of the creator's collections, or of one collection's pins, for checking a new order. */
export async function collectionIdsOf(db: Db, marketerId: number): Promise<number[]> {
  const rows = await db.select({ id: storefrontCollections.CollectionID }).from(storefrontCollections).where(eq(storefrontCollections.MarketerID, marketerId))
  return rows.map((r) => r.id)
}

export async function pinIdsOf(db: Db, marketerId: number, collectionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: storefrontPins.PinID })
    .from(storefrontPins)
    .where(and(eq(storefrontPins.MarketerID, marketerId), eq(storefrontPins.CollectionID, collectionId)))
  return rows.map((r) => r.id)
}

/** Positions 0..n-1 in the order given, in one transaction. */
export async function writeCollectionOrder(db: Db, marketerId: number, ids: number[]) {
  const [first, ...rest] = ids.map((id, position) =>
    db
      .update(storefrontCollections)
      .set({ Position: position })
      .where(and(eq(storefrontCollections.CollectionID, id), eq(storefrontCollections.MarketerID, marketerId))),
  )
  if (first) await db.batch([first, ...rest])
}

export async function writePinOrder(db: Db, marketerId: number, collectionId: number, ids: number[]) {
  const [first, ...rest] = ids.map((id, position) =>
    db
      .update(storefrontPins)
      .set({ Position: position })
      .where(and(eq(storefrontPins.PinID, id), eq(storefrontPins.MarketerID, marketerId), eq(storefrontPins.CollectionID, collectionId))),
  )
  if (first) await db.batch([first, ...rest])
}

/**
 * A visitor's view of the creator's storefront on `day`: a new (day, creator, visitor) row, or
 * nothing for a repeat. The trigger storefront_visits_count adds the new ones to the day's count in
 * the same statement, so concurrent views of one visitor count once and of many all count.
 */
export function addStorefrontVisit(db: Db, marketerId: number, day: string, visitor: string) {
  return db.insert(storefrontVisits).values({ day, MarketerID: marketerId, visitor }).onConflictDoNothing()
}

/**
 * Visits of days before `beforeDay`, at most `max` a run, oldest day first by the primary key: a
 * visitor can no longer repeat on those days, and their counts stay in storefront_views_daily.
 */
export function pruneStorefrontVisits(db: Db, beforeDay: string, max = 5000) {
  return db
    .delete(storefrontVisits)
    .where(sql`rowid IN (SELECT rowid FROM ${storefrontVisits} WHERE ${lt(storefrontVisits.day, beforeDay)} ORDER BY ${storefrontVisits.day} LIMIT ${max})`)
}

/**
 * Remembers that the creator gave up the handle key `key`, as a statement for the batch that saves
 * their profile: written only if, after that save, their profile no longer gives this key (a save
 * that kept the handle, or that its guard refused, leaves nothing). The latest creator to give a
 * key up keeps the row.
 */
export function rememberFormerHandle(db: Db, marketerId: number, key: string, at: string, releasesAt: string) {
  return db
    .insert(storefrontOldHandles)
    .select(
      db
        .select({
          HandleKey: sql<string>`${key}`.as('HandleKey'),
          MarketerID: marketers.MarketerID,
          changedAt: sql<string>`${at}`.as('changedAt'),
          releasesAt: sql<string>`${releasesAt}`.as('releasesAt'),
        })
        .from(marketers)
        .where(and(eq(marketers.MarketerID, marketerId), sql`${storefrontHandleKey(marketers)} IS NOT ${key}`)),
    )
    .onConflictDoUpdate({
      target: storefrontOldHandles.HandleKey,
      set: { MarketerID: sql`excluded."MarketerID"`, changedAt: sql`excluded."changedAt"`, releasesAt: sql`excluded."releasesAt"` },
    })
}

/** The handle key of the marketers row under `alias`, the very expression of marketers_handle_idx. */
const handleKeyOn = (alias: string) =>
  sql.raw(
    `rtrim(lower(ltrim(coalesce(nullif(trim(${alias}."InstagramUsername"), ''), nullif(trim(${alias}."TwitterHandle"), ''), nullif(trim(${alias}."TikTokUsername"), '')), '@')), '.')`,
  )

type StorefrontRow = {
  MarketerID: number
  updatedAt: string
  suspended: number
  InstagramUsername: string | null
  TwitterHandle: string | null
  TikTokUsername: string | null
  holder: number | null
}

/** The creator's storefront views since `fromDay` (a UTC date): one row per day, from the primary key. */
export async function storefrontViewsSince(db: Db, marketerId: number, fromDay: string): Promise<number> {
  const [row] = await db
    .select({ n: sum(storefrontViewsDaily.n) })
    .from(storefrontViewsDaily)
    .where(and(eq(storefrontViewsDaily.MarketerID, marketerId), gte(storefrontViewsDaily.day, fromDay)))
  return Number(row?.n ?? 0)
}

/**
 * One keyset page of storefronts for the sitemap: creators with at least one collection (suspended
 * ones flagged, not left out, so a short page still means the last one), with the social fields their handle comes from and the earliest account holding that
 * handle's key (one index probe each).
 */
export function storefrontsAfter(db: Db, afterId: number, limit: number, at = new Date().toISOString()): Promise<StorefrontRow[]> {
  return db.all<StorefrontRow>(sql`
    select m."MarketerID", m."updatedAt", m."suspendedAt" is not null as suspended, m."InstagramUsername", m."TwitterHandle", m."TikTokUsername",
      (select min(e."MarketerID") from "marketers" e where ${handleKeyOn('e')} = ${handleKeyOn('m')}
        and ${notReservedForOther(handleKeyOn('m'), sql.raw('e."MarketerID"'), at)}) as holder
    from (select distinct "MarketerID" from "storefront_collections" where "MarketerID" > ${afterId} order by "MarketerID" limit ${limit}) s
    join "marketers" m on m."MarketerID" = s."MarketerID"
    order by m."MarketerID"`)
}
