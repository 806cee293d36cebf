// A creator's storefront (decision 200): the dashboard's collections and pins, and the public page's data.

import { indiaDay } from '../contract/india-date'
import { paiseToRupeeString } from '../contract/money'
import { storefrontPath } from '../contract/paths'
import {
  STOREFRONT_COLLECTIONS_MAX,
  STOREFRONT_MESSAGES,
  STOREFRONT_PINS_MAX,
  STOREFRONT_VIEW_DAYS,
  type CollectionOrderInput,
  type PinOrderInput,
  type StorefrontCollectionDTO,
  type StorefrontDTO,
} from '../contract/storefront'
import type { ActiveCodeDTO } from '../contract/coupons'
import type { Db } from '../db/client'
import * as q from '../db/storefront'
import { Conflict, InvalidInput, NotFound } from '../domain/errors'
import { handleKey, storefrontHandleOf } from '../domain/storefront'
import { indiaDate } from '../domain/mail-templates'
import { indiaToday } from '../domain/working-days'
import { activeCodesOf } from './coupons'

type HandleFields = Parameters<typeof storefrontHandleOf>[0]

/** The creator's handle when they hold it; a later account with the same handle gets /i/{id} (decision 200). */
export async function heldHandle(db: Db, marketerId: number, fields: HandleFields): Promise<string | null> {
  const handle = storefrontHandleOf(fields)
  const key = handle ? handleKey(handle) : null
  if (!handle || !key) return null
  return (await q.handleHolder(db, key)) === marketerId ? handle : null
}

/**
 * Refuses a save whose social fields would give a handle another creator gave up within its 90
 * days (409, decision 247); the former owner may take theirs back. One primary-key read. Checked
 * before the write: a claim racing the release itself is still harmless, as the holder rule
 * (db/storefront.ts handleHolder) never gives a reserved handle to anyone else.
 */
export async function assertHandleClaimable(db: Db, marketerId: number, next: HandleFields, now = Date.now()): Promise<void> {
  const handle = storefrontHandleOf(next)
  const key = handle ? handleKey(handle) : null
  if (!key) return
  const reservation = await q.handleReservation(db, key, new Date(now).toISOString())
  if (reservation && reservation.MarketerID !== marketerId) {
    throw new Conflict(STOREFRONT_MESSAGES.handleReserved(indiaDate(indiaToday(Date.parse(reservation.releasesAt)))))
  }
}

/**
 * The storefront a profile links to: its path once the creator has a collection (as the sitemap
 * lists it), else null. Two index probes.
 */
export async function linkedStorefrontPath(db: Db, marketer: HandleFields & { MarketerID: number }): Promise<string | null> {
  const [handle, listed] = await Promise.all([heldHandle(db, marketer.MarketerID, marketer), q.hasCollection(db, marketer.MarketerID)])
  return listed ? storefrontPath(handle, marketer.MarketerID) : null
}

type PinRow = Awaited<ReturnType<typeof q.pinsOf>>[number]

function collectionsWithPins(collections: Awaited<ReturnType<typeof q.collectionsOf>>, pins: PinRow[]): (StorefrontCollectionDTO & { rows: PinRow[] })[] {
  const byCollection = new Map<number, PinRow[]>()
  for (const pin of pins) byCollection.set(pin.CollectionID, [...(byCollection.get(pin.CollectionID) ?? []), pin])
  return collections.map((c) => {
    const rows = byCollection.get(c.CollectionID) ?? []
    return {
      ...c,
      rows,
      pins: rows.map((p) => ({
        PinID: p.PinID,
        ProductID: p.ProductID,
        ProductName: p.ProductName,
        Price: paiseToRupeeString(p.PricePaise),
        Image: p.Images[0] ?? null,
        IsActive: p.IsActive,
        Position: p.Position,
      })),
    }
  })
}

/** The signed-in creator's storefront as their dashboard edits it: every pin, switched-off ones marked. */
export async function readOwnStorefront(db: Db, marketerId: number, now = new Date()): Promise<StorefrontDTO> {
  const owner = await q.storefrontOwner(db, marketerId)
  if (!owner) throw new NotFound(STOREFRONT_MESSAGES.collectionNotFound)
  // India's days (decision 280), like every count a person reads.
  const since = indiaDay(now.getTime() - (STOREFRONT_VIEW_DAYS - 1) * 86_400_000)
  const [handle, collections, pins, views] = await Promise.all([
    heldHandle(db, marketerId, owner),
    q.collectionsOf(db, marketerId),
    q.pinsOf(db, marketerId, false),
    q.storefrontViewsSince(db, marketerId, since),
  ])
  return { handle, path: storefrontPath(handle, marketerId), collections: collectionsWithPins(collections, pins).map(({ rows: _, ...c }) => c), views }
}

export async function createCollection(db: Db, marketerId: number, title: string): Promise<StorefrontCollectionDTO> {
  const [row] = await q.insertCollection(db, marketerId, title, STOREFRONT_COLLECTIONS_MAX)
  if (!row) throw new Conflict(STOREFRONT_MESSAGES.tooManyCollections)
  return { ...row, pins: [] }
}

async function assertOwnCollection(db: Db, marketerId: number, collectionId: number): Promise<void> {
  // Another creator's collection is not found: its existence is not theirs to learn.
  if (!(await q.ownedCollection(db, marketerId, collectionId))) throw new NotFound(STOREFRONT_MESSAGES.collectionNotFound)
}

export async function renameCollection(db: Db, marketerId: number, collectionId: number, title: string) {
  const [row] = await q.renameCollection(db, marketerId, collectionId, title)
  if (!row) throw new NotFound(STOREFRONT_MESSAGES.collectionNotFound)
  return row
}

export async function deleteCollection(db: Db, marketerId: number, collectionId: number): Promise<{ CollectionID: number }> {
  await assertOwnCollection(db, marketerId, collectionId)
  await q.deleteCollection(db, marketerId, collectionId)
  return { CollectionID: collectionId }
}

/** Any existing product may be pinned; one switched off stays hidden from the page until it is back on. */
export async function pinProduct(db: Db, marketerId: number, collectionId: number, productId: number): Promise<{ PinID: number }> {
  await assertOwnCollection(db, marketerId, collectionId)
  if (!(await q.productExists(db, productId))) throw new NotFound(STOREFRONT_MESSAGES.productNotFound)
  const [row] = await q.insertPin(db, marketerId, collectionId, productId, STOREFRONT_PINS_MAX)
  if (row) return row
  // Nothing written: the creator is at the limit, or the product is already in this collection.
  throw new Conflict((await q.countPins(db, marketerId)) >= STOREFRONT_PINS_MAX ? STOREFRONT_MESSAGES.tooManyPins : STOREFRONT_MESSAGES.alreadyPinned)
}

export async function unpinProduct(db: Db, marketerId: number, pinId: number): Promise<{ PinID: number }> {
  if (!(await q.ownedPin(db, marketerId, pinId))) throw new NotFound(STOREFRONT_MESSAGES.pinNotFound)
  await q.deletePin(db, marketerId, pinId)
  return { PinID: pinId }
}

/** The new order must name exactly the ids there are: a stale screen is refused, never half-applied. */
function assertSameSet(sent: number[], existing: number[]): void {
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b).join(',')
  if (new Set(sent).size !== sent.length || sorted(sent) !== sorted(existing)) throw new InvalidInput(STOREFRONT_MESSAGES.orderInvalid)
}

export async function reorderCollections(db: Db, marketerId: number, input: CollectionOrderInput): Promise<StorefrontDTO> {
  assertSameSet(input.CollectionIDs, await q.collectionIdsOf(db, marketerId))
  await q.writeCollectionOrder(db, marketerId, input.CollectionIDs)
  return readOwnStorefront(db, marketerId)
}

export async function reorderPins(db: Db, marketerId: number, collectionId: number, input: PinOrderInput): Promise<StorefrontDTO> {
  await assertOwnCollection(db, marketerId, collectionId)
  assertSameSet(input.PinIDs, await q.pinIdsOf(db, marketerId, collectionId))
  await q.writePinOrder(db, marketerId, collectionId, input.PinIDs)
  return readOwnStorefront(db, marketerId)
}

// ---- The public page ----------------------------------------------------------------------------

export type StorefrontProduct = { ProductID: number; VendorID: number; ProductName: string; PricePaise: number; image: string | null }
export type StorefrontSection = { CollectionID: number; Title: string; products: StorefrontProduct[] }
export type StorefrontPage = {
  owner: NonNullable<Awaited<ReturnType<typeof q.storefrontOwner>>>
  handle: string | null
  path: string
  sections: StorefrontSection[]
  /** The creator's coupon codes usable now, newest first. */
  codes: ActiveCodeDTO[]
}

/** Who `/@{handle}` or `/i/{id}` names: null for an unknown handle or id, or a suspended creator. */
export async function findStorefrontOwner(db: Db, address: { handle: string } | { id: number }) {
  let id: number | null
  if ('handle' in address) {
    const key = handleKey(address.handle)
    id = key ? await q.handleHolder(db, key) : null
  } else {
    id = address.id
  }
  return id ? q.storefrontOwner(db, id) : null
}

/** The public page: switched-off products left out; every product of the creator's ≤100 pins read once. */
export async function readStorefrontPage(db: Db, owner: StorefrontPage['owner']): Promise<StorefrontPage> {
  const [handle, collections, pins, codes] = await Promise.all([
    heldHandle(db, owner.MarketerID, owner),
    q.collectionsOf(db, owner.MarketerID),
    q.pinsOf(db, owner.MarketerID, true),
    activeCodesOf(db, owner.MarketerID),
  ])
  // A collection with nothing to show (none pinned, or all switched off) is the creator's draft,
  // not a public 'Nothing here just now': the public page leaves it out.
  const sections = collectionsWithPins(collections, pins)
    .filter((c) => c.rows.length > 0)
    .map((c) => ({
      CollectionID: c.CollectionID,
      Title: c.Title,
      products: c.rows.map((p) => ({
        ProductID: p.ProductID,
        VendorID: p.VendorID,
        ProductName: p.ProductName,
        PricePaise: p.PricePaise,
        image: p.Images[0] ?? null,
      })),
    }))
  return { owner, handle, path: storefrontPath(handle, owner.MarketerID), sections, codes }
}

/** Counts a visitor's view for its India day: once a day per visitor (decisions 202 and 280). */
export async function recordStorefrontView(db: Db, marketerId: number, visitor: string, now = new Date()): Promise<void> {
  await q.addStorefrontVisit(db, marketerId, indiaDay(now), visitor)
}

/** Visits of the days before yesterday: no visitor can repeat on them (yesterday stays for late requests). */
export async function pruneStorefrontVisits(db: Db, now: number): Promise<void> {
  await q.pruneStorefrontVisits(db, indiaDay(now - 86_400_000))
}

/**
 * Where `/@{handle}` moved (decision 203): the current storefront path of the creator who gave this
 * handle up in the last STOREFRONT_FORMER_HANDLE_DAYS days, or null (nobody did, long ago, or they
 * are suspended), and null while anyone holds the handle now.
 */
export async function movedStorefrontPath(db: Db, handle: string, now = new Date()): Promise<string | null> {
  const key = handleKey(handle)
  if (!key) return null
  // A holder keeps the handle even while suspended (decision 200): their links never lead elsewhere.
  if ((await q.handleHolder(db, key, now.toISOString())) !== null) return null
  // Until its release (STOREFRONT_FORMER_HANDLE_DAYS after the change) the handle leads to its former owner.
  const reservation = await q.handleReservation(db, key, now.toISOString())
  const owner = reservation ? await q.storefrontOwner(db, reservation.MarketerID) : null
  if (!owner) return null
  return storefrontPath(await heldHandle(db, owner.MarketerID, owner), owner.MarketerID)
}

/**
 * The handle key a profile save may give up, for the save's batch to remember (decision 203): the
 * creator's current handle when they hold it, else null (a handle they never held was never theirs
 * to pass on). One index probe, and none for a creator without a handle.
 */
export async function handleToRemember(db: Db, current: Parameters<typeof heldHandle>[2] & { MarketerID: number }): Promise<string | null> {
  const held = storefrontHandleOf(current) ? await heldHandle(db, current.MarketerID, current) : null
  return held ? handleKey(held) : null
}
