// Store refs: one row per visitor, link and UTC day (decision 190), deleted by the cron once past
// the attribution window.

import { and, eq, lt, sql } from 'drizzle-orm'
import { ATTRIBUTION_MS, newStoreRef } from '../domain/store-refs'
import { type Db, batchOf } from './client'
import { type Lead, leads, marketers, products, storeRefs } from './schema'

export type StoreLink = { ProductID: number; VendorID: number; MarketerID: number }

/**
 * The visitor's ref for the link today: inserted if there is none (a random ref; the unique
 * visit makes two concurrent clicks agree), then read back, in one transaction.
 */
export async function refForVisit(db: Db, link: StoreLink, visitor: string, now: number): Promise<string> {
  const day = new Date(now).toISOString().slice(0, 10)
  const visit = and(eq(storeRefs.visitor, visitor), eq(storeRefs.ProductID, link.ProductID), eq(storeRefs.MarketerID, link.MarketerID), eq(storeRefs.day, day))
  const [, rows] = await db.batch([
    db
      .insert(storeRefs)
      .values({ Ref: newStoreRef(), ...link, visitor, day, createdAt: new Date(now).toISOString() })
      .onConflictDoNothing(),
    db.select({ Ref: storeRefs.Ref }).from(storeRefs).where(visit).limit(1),
  ])
  const ref = rows[0]?.Ref
  if (!ref) throw new Error('store ref was neither inserted nor found')
  return ref
}

/** What a store's lead is called in the lists: the buyer's details stay with the store. */
export const STORE_LEAD_NAME = 'Store order'

/**
 * The lead of `ref` for `vendorId`, inserted from the ref and its product (the usual snapshots) if
 * there is none, then read back: one transaction, and the unique StoreRef makes two concurrent
 * orders agree on one lead. The ref must be the vendor's and made within the window before `at`
 * (and not after it, beyond a minute of clock skew). A suspended or erased influencer's click makes
 * no new lead, as the buy form refuses them (decision 241).
 */
export async function leadForStoreRef(db: Db, vendorId: number, ref: string, at: number): Promise<Lead | null> {
  const from = new Date(at - ATTRIBUTION_MS).toISOString()
  const to = new Date(at + 60_000).toISOString()
  const now = new Date().toISOString()
  const [, found] = await batchOf(db, [
    sql`
      INSERT INTO ${leads} (ProductID, VendorID, MarketerID, ClientName, ClientEmail, ClientPhone, Status,
                            ProductName, PricePaise, CommissionAmountPaise, StoreRef, createdAt, updatedAt)
      SELECT r.ProductID, r.VendorID, r.MarketerID, ${STORE_LEAD_NAME}, NULL, '', 'Pending',
             p.ProductName, p.PricePaise, p.CommissionAmountPaise, r.Ref, ${now}, ${now}
      FROM ${storeRefs} r JOIN ${products} p ON p.ProductID = r.ProductID
        JOIN ${marketers} m ON m.MarketerID = r.MarketerID AND m.suspendedAt IS NULL AND m.erasedAt IS NULL
      WHERE r.Ref = ${ref} AND r.VendorID = ${vendorId} AND r.createdAt >= ${from} AND r.createdAt <= ${to}
      ON CONFLICT DO NOTHING`,
    sql`
      SELECT l.* FROM ${leads} l JOIN ${storeRefs} r ON r.Ref = l.StoreRef
      WHERE l.StoreRef = ${ref} AND l.VendorID = ${vendorId} AND r.createdAt >= ${from} AND r.createdAt <= ${to}
      LIMIT 1`,
  ])
  return (found?.results[0] as Lead | undefined) ?? null
}

/** Refs no order can use any more (a day's grace past the window), a bounded number per run. */
export async function pruneStoreRefs(db: Db, now: number, max = 5000): Promise<void> {
  const before = new Date(now - ATTRIBUTION_MS - 24 * 60 * 60_000).toISOString()
  await db
    .delete(storeRefs)
    .where(
      sql`${storeRefs.Ref} IN (SELECT ${storeRefs.Ref} FROM ${storeRefs} WHERE ${lt(storeRefs.createdAt, before)} ORDER BY ${storeRefs.createdAt} LIMIT ${max})`,
    )
}
