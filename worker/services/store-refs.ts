// Store attribution refs (decisions 190, 291, 292): the redirect from a buy page to the vendor's own
// store records a click per ref (services/store-redirect.ts), and the conversion API
// (services/conversions.ts) and the store webhooks resolve a ref into the vendor's lead.

import type { Db } from '../db/client'
import type { Lead } from '../db/schema'
import { leadForStoreRef, recordClick, type StoreLink } from '../db/store-refs'
import { isStoreRef } from '../domain/store-refs'

/**
 * The vendor's lead a `ref` stands for, made from the click it is credited to when there is none
 * yet (marked as coming from the store: StoreRef is set, the buyer's details are the store's to
 * keep). Null when no click on `vendorId`'s links matches the ref inside the vendor's attribution
 * window at `at` (the order's time; now by default): unknown, another vendor's (told apart from
 * unknown by nothing) or expired. One lead per ref: a second order with the same ref finds the same lead.
 */
export async function resolveStoreRef(db: Db, vendorId: number, ref: string, at: number = Date.now()): Promise<Lead | null> {
  if (!isStoreRef(ref)) return null
  return leadForStoreRef(db, vendorId, ref, at)
}

/** A new ref for this click (decision 291), with the link's sub-ID when it had one. */
export const issueStoreRef = (db: Db, link: StoreLink, visitor: string, sub: string | null, now = Date.now()) => recordClick(db, link, visitor, sub, now)
