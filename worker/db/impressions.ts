// Impressions in KV (see domain/impressions.ts for the key layout) and their rollup into D1's daily
// counts. Totals are what D1 holds plus what KV holds for slots not yet rolled up, so a fresh
// impression shows at once and a rolled-up one is never counted twice; each account's totals list
// only the keys under its own prefix.

import { and, eq, gte, sql, sum } from 'drizzle-orm'
import {
  type ImpressionOwner,
  type ImpressionRef,
  impressionKeys,
  isSlotClosed,
  KEY_TTL_SECONDS,
  ownerPrefix,
  parseMarketerKey,
  RETAINED_SLOTS,
  rollupPrefix,
  slotDay,
  slotOf,
} from '../domain/impressions'
import type { Bindings } from '../env'
import { isUniqueViolation, makeDb } from './client'
import { impressionRollups, impressionsDaily, marketers, products } from './schema'

type Stores = Pick<Bindings, 'DB' | 'IMPRESSIONS'>
export type { ImpressionOwner }

// Keys this isolate wrote in the current slot: a visitor reloading the buy page costs no second
// write. Only an optimisation (another isolate writes the same key again, which changes nothing),
// so it is bounded and simply forgotten when the slot changes or it fills up.
const MAX_REMEMBERED = 10_000
let rememberedSlot = -1
const remembered = new Set<string>()

/**
 * Counts one visitor's hit on a link: writes the impression's two keys unless this isolate has just
 * written them. Never reads KV; the key is the dedupe. Returns whether it wrote.
 */
export async function recordImpression(kv: KVNamespace, ref: ImpressionRef, visitor: string, now = Date.now()): Promise<boolean> {
  const slot = slotOf(now)
  if (slot !== rememberedSlot || remembered.size >= MAX_REMEMBERED) {
    remembered.clear()
    rememberedSlot = slot
  }
  const { byMarketer, byVendor } = impressionKeys(slot, ref, visitor)
  if (remembered.has(byMarketer)) return false
  remembered.add(byMarketer)
  try {
    // The influencer's copy first: it is the one the rollup counts, so a failure between the two
    // writes can only leave the vendor's dashboard one short until the slot is rolled up.
    await kv.put(byMarketer, '1', { expirationTtl: KEY_TTL_SECONDS })
    await kv.put(byVendor, '1', { expirationTtl: KEY_TTL_SECONDS })
  } catch (err) {
    remembered.delete(byMarketer) // the visitor's next hit tries again
    throw err
  }
  return true
}

/** Every key name under a prefix, one list page (up to 1,000 keys) at a time. */
async function* pagesUnder(kv: KVNamespace, prefix: string) {
  let cursor: string | undefined
  do {
    const page = await kv.list({ prefix, cursor })
    yield page.keys.map((k) => k.name)
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
}

async function countKeys(kv: KVNamespace, prefix: string): Promise<number> {
  let n = 0
  for await (const names of pagesUnder(kv, prefix)) n += names.length
  return n
}

type SlotCount = ImpressionRef & { n: number }

async function countSlot(kv: KVNamespace, slot: number): Promise<SlotCount[]> {
  const counts = new Map<string, SlotCount>()
  for await (const names of pagesUnder(kv, rollupPrefix(slot))) {
    for (const name of names) {
      const ref = parseMarketerKey(name)
      if (!ref) continue
      const id = `${ref.productId}:${ref.marketerId}`
      const entry = counts.get(id)
      if (entry) entry.n++
      else counts.set(id, { productId: ref.productId, vendorId: ref.vendorId, marketerId: ref.marketerId, n: 1 })
    }
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
// One D1 transaction per slot with impressions: a cron that was down for days catches up over a
// few runs, each well inside the per-invocation query limit. Empty slots are marked in bulk.
const MAX_SLOTS_PER_RUN = 24
// 3 columns per marker (slot, impressions, rolledAt) within D1's 100 bound parameters.
const MARKERS_PER_INSERT = 33

/**
 * Moves every closed slot that is still in KV and not yet rolled up into impressions_daily.
 * Each slot is one transaction that also records the slot in impression_rollups; a slot that is
 * already recorded (a retry, or a run overlapping another) fails whole and changes nothing.
 * Returns the slots rolled up by this run (at most MAX_SLOTS_PER_RUN with impressions, oldest first).
 */
export async function rollupImpressions(env: Stores, now = Date.now()): Promise<number[]> {
  const db = makeDb(env.DB)
  const done = await rolledSlots(db, now)
  const rolled: number[] = []
  const empty: number[] = []
  for (let slot = retainedFrom(now); slot < slotOf(now) && rolled.length < MAX_SLOTS_PER_RUN; slot++) {
    if (done.has(slot) || !isSlotClosed(slot, now)) continue
    const counts = await countSlot(env.IMPRESSIONS, slot)
    if (counts.length === 0) {
      empty.push(slot)
      continue
    }
    if (await rollupSlot(db, slot, counts)) rolled.push(slot)
  }
  // Nothing to add for an empty slot, so marking it twice is harmless: no transaction needed.
  for (let i = 0; i < empty.length; i += MARKERS_PER_INSERT) {
    const markers = empty.slice(i, i + MARKERS_PER_INSERT).map((slot) => ({ slot, impressions: 0 }))
    await db.insert(impressionRollups).values(markers).onConflictDoNothing()
  }
  return [...rolled, ...empty].sort((a, b) => a - b)
}

/** Adds one slot's counts and its marker in one transaction; false if another run already did. */
async function rollupSlot(db: ReturnType<typeof makeDb>, slot: number, counts: SlotCount[]): Promise<boolean> {
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
    return true
  } catch (err) {
    if (isUniqueViolation(err)) return false
    throw err
  }
}

const ownerColumn = (owner: ImpressionOwner) =>
  'VendorID' in owner ? { column: impressionsDaily.VendorID, id: owner.VendorID } : { column: impressionsDaily.MarketerID, id: owner.MarketerID }

/** The owner's impressions still only in KV (slots not rolled up), per UTC day: one listing of the owner's own prefix per open slot. */
async function pendingByDay(kv: KVNamespace, owner: ImpressionOwner, done: Set<number>, now: number): Promise<Map<string, number>> {
  const open: number[] = []
  for (let slot = retainedFrom(now); slot <= slotOf(now); slot++) if (!done.has(slot)) open.push(slot)
  const counts = await Promise.all(open.map((slot) => countKeys(kv, ownerPrefix(slot, owner))))
  const byDay = new Map<string, number>()
  open.forEach((slot, i) => {
    if (counts[i] > 0) byDay.set(slotDay(slot), (byDay.get(slotDay(slot)) ?? 0) + counts[i])
  })
  return byDay
}

/** All impressions of a vendor's products or of a marketer's links: rolled up in D1 plus still only in KV. */
export async function impressionTotal(env: Stores, owner: ImpressionOwner, now = Date.now()): Promise<number> {
  const db = makeDb(env.DB)
  const { column, id } = ownerColumn(owner)
  // One transaction: the sum and the list of rolled-up slots must describe the same moment.
  const [[rolledUp], doneRows] = await db.batch([
    db.select({ n: sum(impressionsDaily.n).mapWith(Number) }).from(impressionsDaily).where(eq(column, id)),
    db.select({ slot: impressionRollups.slot }).from(impressionRollups).where(gte(impressionRollups.slot, retainedFrom(now))),
  ])
  const pending = await pendingByDay(env.IMPRESSIONS, owner, new Set(doneRows.map((r) => r.slot)), now)
  return (rolledUp?.n ?? 0) + [...pending.values()].reduce((t, n) => t + n, 0)
}

/** Impressions per UTC day since `fromDay` (YYYY-MM-DD), rolled up plus not yet rolled up, for the trend chart. */
export async function impressionsByDay(env: Stores, owner: ImpressionOwner, fromDay: string, now = Date.now()): Promise<{ day: string; n: number }[]> {
  const db = makeDb(env.DB)
  const { column, id } = ownerColumn(owner)
  const [rolledUp, doneRows] = await db.batch([
    db
      .select({ day: impressionsDaily.day, n: sum(impressionsDaily.n).mapWith(Number) })
      .from(impressionsDaily)
      .where(and(eq(column, id), gte(impressionsDaily.day, fromDay)))
      .groupBy(impressionsDaily.day),
    db.select({ slot: impressionRollups.slot }).from(impressionRollups).where(gte(impressionRollups.slot, retainedFrom(now))),
  ])
  const byDay = new Map(rolledUp.map((r) => [r.day, r.n ?? 0]))
  for (const [day, n] of await pendingByDay(env.IMPRESSIONS, owner, new Set(doneRows.map((r) => r.slot)), now)) {
    if (day >= fromDay) byDay.set(day, (byDay.get(day) ?? 0) + n)
  }
  return [...byDay].map(([day, n]) => ({ day, n })).sort((a, b) => a.day.localeCompare(b.day))
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
