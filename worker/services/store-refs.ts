// Store attribution refs (decision 190): the redirect from a buy page to the vendor's own store makes
// them (services/store-redirect.ts), and the conversion API (services/conversions.ts) and the store
// webhooks resolve them into the vendor's lead.

import type { Db } from '../db/client'
import type { Lead } from '../db/schema'
import { leadForStoreRef, refForVisit, type StoreLink } from '../db/store-refs'
import { isStoreRef } from '../domain/store-refs'

/**
 * The vendor's lead a `ref` stands for, made from the recorded visit when there is none yet
 * (marked as coming from the store: StoreRef is set, the buyer's details are the store's to keep).
 * Null when no visit of `vendorId`'s products matches the ref inside the attribution window at
 * `at` (the order's time; now by default): unknown, another vendor's (told apart from unknown by
 * nothing) or expired. One lead per ref: a second order with the same ref finds the same lead.
 */
export async function resolveStoreRef(db: Db, vendorId: number, ref: string, at: number = Date.now()): Promise<Lead | null> {
  if (!isStoreRef(ref)) return null
  return leadForStoreRef(db, vendorId, ref, at)
}

/** The ref the redirect appends for this visitor and link (the same all day, decision 190). */
export const issueStoreRef = (db: Db, link: StoreLink, visitor: string, now = Date.now()) => refForVisit(db, link, visitor, now)
