// Store refs: one row per click (decision 291), deleted by the cron once past the longest
// attribution window a vendor may choose. `findClick` is the one lookup of a ref for an order: the
// vendor's window and rule (decision 292) and the suspended or erased creator (decision 241).

import { eq, lt, sql } from 'drizzle-orm'
import type { AttributionSettings } from '../contract/attribution'
import { CLOCK_SKEW_MS, newStoreRef, REF_KEEP_MS } from '../domain/store-refs'
import { type Db, batchOf } from './client'
import { type Lead, leads, marketers, products, storeRefs, subFigures, vendors } from './schema'

export type StoreLink = { ProductID: number; VendorID: number; MarketerID: number }

/** The click a store order is credited to. */
export type Click = { Ref: string; ProductID: number; VendorID: number; MarketerID: number; sub: string | null; createdAt: string }

/**
 * Records one click and answers its new ref: every click gets its own (decision 291), so two
 * buyers behind one carrier address and the same phone browser never share one. The visitor key
 * is kept for first-click attribution, never the address itself.
 */
export async function recordClick(db: Db, link: StoreLink, visitor: string, sub: string | null, now: number): Promise<string> {
  const Ref = newStoreRef()
  await db.insert(storeRefs).values({ Ref, ...link, visitor, sub, createdAt: new Date(now).toISOString() })
  return Ref
}

const WINDOW_FROM = (at: string) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, '-' || v.AttributionDays || ' days')`

/**
 * The click `ref` earns an order of `vendorId` placed at `at` (ms), or null. The ref must be the
 * vendor's and made within the vendor's window before `at` (not after it, beyond a minute of clock
 * skew); under the first-click rule the same visitor's earliest click on the vendor's links within
 * that window wins over it. A click of a suspended or erased creator credits nobody (the buy form
 * refuses them too, decision 241); under first click the next earliest click counts instead.
 * One statement: the ref by its key, the visitor's clicks by store_refs_visitor_idx.
 */
export async function findClick(db: Db, vendorId: number, ref: string, at: number): Promise<Click | null> {
  const atIso = new Date(at).toISOString()
  const to = new Date(at + CLOCK_SKEW_MS).toISOString()
  const rows = await db.all<Click>(sql`
    WITH r AS (
      SELECT r.Ref, r.VendorID, r.visitor, r.createdAt, v.AttributionRule AS rule, ${WINDOW_FROM(atIso)} AS fromAt
      FROM ${storeRefs} r JOIN ${vendors} v ON v.VendorID = r.VendorID
      WHERE r.Ref = ${ref} AND r.VendorID = ${vendorId}
    ), live AS (SELECT * FROM r WHERE r.createdAt >= r.fromAt AND r.createdAt <= ${to})
    SELECT * FROM (
      SELECT c.Ref, c.ProductID, c.VendorID, c.MarketerID, c.sub, c.createdAt
      FROM live JOIN ${storeRefs} c ON c.Ref = live.Ref
      WHERE live.rule = 'last'
      UNION ALL
      SELECT c.Ref, c.ProductID, c.VendorID, c.MarketerID, c.sub, c.createdAt
      FROM live JOIN ${storeRefs} c ON c.VendorID = live.VendorID AND c.visitor = live.visitor AND c.createdAt >= live.fromAt AND c.createdAt <= ${to}
      WHERE live.rule = 'first'
    ) c JOIN ${marketers} m ON m.MarketerID = c.MarketerID AND m.suspendedAt IS NULL AND m.erasedAt IS NULL
    ORDER BY c.createdAt LIMIT 1`)
  return rows[0] ?? null
}

/** What a store's lead is called in the lists: the buyer's details stay with the store. */
export const STORE_LEAD_NAME = 'Store order'

/**
 * The lead of `ref` for `vendorId`, made from the click `findClick` credits (the usual product
 * snapshots) if there is none, then read back: one transaction, and the unique StoreRef makes two
 * concurrent orders agree on one lead. The lead is keyed by the ref the order carried, so two
 * buyers' refs make two leads even when first click credits one creator for both. A lead made
 * before its creator was suspended stays the vendor's to work; none is found once the ref is past
 * the vendor's window. Kept until orders are recorded on their own (decision 291).
 */
export async function leadForStoreRef(db: Db, vendorId: number, ref: string, at: number): Promise<Lead | null> {
  const click = await findClick(db, vendorId, ref, at)
  const atIso = new Date(at).toISOString()
  const to = new Date(at + CLOCK_SKEW_MS).toISOString()
  const now = new Date().toISOString()
  const readBack = sql`
      SELECT l.* FROM ${leads} l JOIN ${storeRefs} r ON r.Ref = l.StoreRef JOIN ${vendors} v ON v.VendorID = r.VendorID
      WHERE l.StoreRef = ${ref} AND l.VendorID = ${vendorId} AND r.createdAt >= ${WINDOW_FROM(atIso)} AND r.createdAt <= ${to}
      LIMIT 1`
  const insert = click
    ? [
        sql`
      INSERT INTO ${leads} (ProductID, VendorID, MarketerID, ClientName, ClientEmail, ClientPhone, Status,
                            ProductName, PricePaise, CommissionAmountPaise, StoreRef, sub, createdAt, updatedAt)
      SELECT p.ProductID, ${click.VendorID}, ${click.MarketerID}, ${STORE_LEAD_NAME}, NULL, '', 'Pending',
             p.ProductName, p.PricePaise, p.CommissionAmountPaise, ${ref}, ${click.sub}, ${now}, ${now}
      FROM ${products} p WHERE p.ProductID = ${click.ProductID}
      ON CONFLICT DO NOTHING`,
      ]
    : []
  const results = await batchOf(db, [...insert, readBack])
  return (results[results.length - 1]?.results[0] as Lead | undefined) ?? null
}

/** Refs no order can use any more (a day's grace past the longest window), a bounded number per run. */
export async function pruneStoreRefs(db: Db, now: number, max = 5000): Promise<void> {
  const before = new Date(now - REF_KEEP_MS).toISOString()
  await db
    .delete(storeRefs)
    .where(
      sql`${storeRefs.Ref} IN (SELECT ${storeRefs.Ref} FROM ${storeRefs} WHERE ${lt(storeRefs.createdAt, before)} ORDER BY ${storeRefs.createdAt} LIMIT ${max})`,
    )
}

/** The vendor's attribution window and rule (decision 292), or undefined for no such vendor. */
export async function findAttributionSettings(db: Db, vendorId: number): Promise<AttributionSettings | undefined> {
  return db.query.vendors.findFirst({ columns: { AttributionDays: true, AttributionRule: true }, where: eq(vendors.VendorID, vendorId) })
}

export async function saveAttributionSettings(db: Db, vendorId: number, settings: AttributionSettings): Promise<void> {
  await db.update(vendors).set(settings).where(eq(vendors.VendorID, vendorId))
}

/** The creator's sub-ID figures, most clicks first, by sub_figures_clicks_idx: reads what it shows. */
export async function subFiguresOf(db: Db, marketerId: number, limit: number) {
  return db.all<{
    ProductID: number
    ProductName: string | null
    sub: string
    clicks: number
    leads: number
    conversions: number
    commissionPaise: number
  }>(sql`
    SELECT s.ProductID, p.ProductName, s.sub, s.clicks, s.leads, s.conversions, s.commissionPaise
    FROM ${subFigures} s INDEXED BY sub_figures_clicks_idx LEFT JOIN ${products} p ON p.ProductID = s.ProductID
    WHERE s.MarketerID = ${marketerId}
    ORDER BY s.clicks DESC LIMIT ${limit}`)
}
