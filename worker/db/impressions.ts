// Impressions in KV (one key per accepted impression, see domain/impressions.ts) and their rollup
// into D1's daily counts. Totals are what D1 holds plus what KV holds for slots not yet rolled up,
// so a fresh impression shows at once and a rolled-up one is never counted twice.

import { and, eq, gte, sql, sum } from 'drizzle-orm'
import {
  type ImpressionRef,
  impressionKey,
  isSlotClosed,
  KEY_TTL_SECONDS,
  parseImpressionKey,
  RETAINED_SLOTS,
  shouldCount,
  slotDay,
  slotOf,
  slotPrefix,
} from '../domain/impressions'
import type { Bindings } from '../env'
import { isUniqueViolation, makeDb } from './client'
import { impressionRollups, impressionsDaily, marketers, products } from './schema'

type Stores = Pick<Bindings, 'DB' | 'IMPRESSIONS'>
export type ImpressionOwner = { VendorID: number } | { MarketerID: number }

/** Counts one hit unless this visitor already counted for the product and marketer in the last 30 minutes. */
export async function recordImpression(kv: KVNamespace, ref: ImpressionRef, visitor: string, now = Date.now()): Promise<boolean> {
  const slot = slotOf(now)
  const key = impressionKey(slot, ref, visitor)
  const [current, previous] = await Promise.all([kv.get(key), kv.get(impressionKey(slot - 1, ref, visitor))])
  if (!shouldCount(current, previous, now)) return false
  // The value is the time of the count: the next slot reads it to keep the window sliding.
  await kv.put(key, String(now), { expirationTtl: KEY_TTL_SECONDS })
  return true
}

async function* keysOfSlot(kv: KVNamespace, slot: number) {
  let cursor: string | undefined
  do {
    const page = await kv.list({ prefix: slotPrefix(slot), cursor })
    for (const { name } of page.keys) {
      const ref = parseImpressionKey(name)
      if (ref) yield ref
    }
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
}

type SlotCount = ImpressionRef & { n: number }

async function countSlot(kv: KVNamespace, slot: number): Promise<SlotCount[]> {
  const counts = new Map<string, SlotCount>()
  for await (const ref of keysOfSlot(kv, slot)) {
    const id = `${ref.productId}:${ref.marketerId}`
    const entry = counts.get(id)
    if (entry) entry.n++
    else counts.set(id, { productId: ref.productId, vendorId: ref.vendorId, marketerId: ref.marketerId, n: 1 })
  }
  return [...counts.values()]
}

const retainedFrom = (now: number) => slotOf(now) - RETAINED_SLOTS

async function rolledSlots(db: ReturnType<typeof makeDb>, now: number): Promise<Set<number>> {
  const rows = await db.select({ slot: impressionRollups.slot }).from(impressionRollups).where(gte(impressionRollups.slot, retainedFrom(now)))
  return new Set(rows.map((r) => r.slot))
}

// 5 columns per row and D1's 100 bound parameters per statement.
const ROWS_PER_INSERT = 20

/**
 * Moves every closed slot that is still in KV and not yet rolled up into impressions_daily.
 * Each slot is one transaction that also records the slot in impression_rollups; a slot that is
 * already recorded (a retry, or a run overlapping another) fails whole and changes nothing.
 * Returns the slots rolled up by this run.
 */
export async function rollupImpressions(env: Stores, now = Date.now()): Promise<number[]> {
  const db = makeDb(env.DB)
  const done = await rolledSlots(db, now)
  const rolled: number[] = []
  for (let slot = retainedFrom(now); slot < slotOf(now); slot++) {
    if (done.has(slot) || !isSlotClosed(slot, now)) continue
    const counts = await countSlot(env.IMPRESSIONS, slot)
    const day = slotDay(slot)
    const marker = db.insert(impressionRollups).values({ slot, impressions: counts.reduce((t, c) => t + c.n, 0) })
    const upserts = []
    for (let i = 0; i < counts.length; i += ROWS_PER_INSERT) {
      const rows = counts.slice(i, i + ROWS_PER_INSERT).map((c) => ({ day, ProductID: c.productId, VendorID: c.vendorId, MarketerID: c.marketerId, n: c.n }))
      upserts.push(
        db
          .insert(impressionsDaily)
          .values(rows)
          .onConflictDoUpdate({
            target: [impressionsDaily.day, impressionsDaily.ProductID, impressionsDaily.MarketerID],
            set: { n: sql`${impressionsDaily.n} + excluded.n` },
          }),
      )
    }
    try {
      await db.batch([marker, ...upserts])
      rolled.push(slot)
    } catch (err) {
      if (!isUniqueViolation(err)) throw err
    }
  }
  return rolled
}

/** All impressions of a vendor's products or of a marketer's links: rolled up in D1 plus still only in KV. */
export async function impressionTotal(env: Stores, owner: ImpressionOwner, now = Date.now()): Promise<number> {
  const db = makeDb(env.DB)
  const byVendor = 'VendorID' in owner
  const id = byVendor ? owner.VendorID : owner.MarketerID
  const column = byVendor ? impressionsDaily.VendorID : impressionsDaily.MarketerID
  // One transaction: the sum and the list of rolled-up slots must describe the same moment.
  const [[rolledUp], doneRows] = await db.batch([
    db.select({ n: sum(impressionsDaily.n).mapWith(Number) }).from(impressionsDaily).where(eq(column, id)),
    db.select({ slot: impressionRollups.slot }).from(impressionRollups).where(gte(impressionRollups.slot, retainedFrom(now))),
  ])
  const done = new Set(doneRows.map((r) => r.slot))
  let pending = 0
  for (let slot = retainedFrom(now); slot <= slotOf(now); slot++) {
    if (done.has(slot)) continue
    for await (const ref of keysOfSlot(env.IMPRESSIONS, slot)) {
      if ((byVendor ? ref.vendorId : ref.marketerId) === id) pending++
    }
  }
  return (rolledUp?.n ?? 0) + pending
}

// ---- Link validation with a per-isolate cache ---------------------------------------------------
// The buy page calls the tracker on every open; the link's ids rarely change validity, so answers
// are kept briefly in memory instead of asking D1 on every hit. A product switched off stops
// counting within VALID_TTL_MS.

const VALID_TTL_MS = 60_000
const INVALID_TTL_MS = 10_000
const MAX_CACHED = 10_000
const trackable = new Map<string, { valid: boolean; until: number }>()

/** True when the product is active, belongs to the vendor, and the marketer exists. */
export async function isTrackable(env: Pick<Bindings, 'DB'>, ref: ImpressionRef, now = Date.now()): Promise<boolean> {
  const cacheKey = `${ref.productId}:${ref.vendorId}:${ref.marketerId}`
  const cached = trackable.get(cacheKey)
  if (cached && cached.until > now) return cached.valid
  const db = makeDb(env.DB)
  const [row] = await db
    .select({ id: products.ProductID })
    .from(products)
    .innerJoin(marketers, eq(marketers.MarketerID, ref.marketerId))
    .where(and(eq(products.ProductID, ref.productId), eq(products.VendorID, ref.vendorId), eq(products.IsActive, true)))
    .limit(1)
  const valid = Boolean(row)
  if (trackable.size >= MAX_CACHED) trackable.clear()
  trackable.set(cacheKey, { valid, until: now + (valid ? VALID_TTL_MS : INVALID_TTL_MS) })
  return valid
}
