// Impressions in KV (see domain/impressions.ts for the layout) and their rollup into D1's daily
// counts. Totals are what D1 holds plus the distinct visits KV holds for slots not yet rolled up,
// so a fresh impression shows as soon as its batch is written and a rolled-up one is never counted
// twice; each account's totals list only the keys under its own prefix.

import { and, eq, gte, isNull, sql } from 'drizzle-orm'
import {
  type BatchMetadata,
  type ImpressionOwner,
  type ImpressionRef,
  impressionPlaces,
  isSlotClosed,
  isSlotLikelyRolledUp,
  isVisitorId,
  KEY_TTL_SECONDS,
  marketerOfBatch,
  ownerPrefix,
  packBatches,
  RETAINED_SLOTS,
  rollupPrefix,
  slotDay,
  slotOf,
  visitId,
  visitsOf,
} from '../domain/impressions'
import type { Bindings } from '../env'
import { accountDays, accountFigures, accountOfOwner } from './account-totals'
import { batchPrepared, type Db, isUniqueViolation, makeDb, type Prepared, prepared } from './client'
import { impressionRollups, impressionsDaily, marketers, products } from './schema'

type Stores = Pick<Bindings, 'DB' | 'IMPRESSIONS'>
export type { ImpressionOwner }

// ---- Recording: each isolate writes what it accepts in batches ---------------------------------

/** How long an isolate gathers accepted impressions before writing them (after the responses). */
const FLUSH_AFTER_MS = 50
/**
 * A batch is written at once when it holds this many visits, whatever the time: its writes (at
 * most two per visit, usually far fewer) stay well inside a Worker invocation's 1,000 KV operations.
 */
const MAX_BATCH_VISITS = 200
const PUT_ATTEMPTS = 3

// Visits this isolate has accepted in the current slot: a visitor reloading the buy page costs
// nothing more. Only an optimisation (a repeat seen by another isolate is written again and still
// counts once), so it is bounded and simply forgotten when the slot changes or it fills up.
const MAX_REMEMBERED = 10_000
let rememberedSlot = -1
const remembered = new Set<string>()

type Batch = {
  kv: KVNamespace
  /** Owner prefix -> link -> visitors. */
  places: Map<string, Map<string, Set<string>>>
  visits: string[]
  /** Stops gathering and starts the writes (at most once). */
  close: () => void
  written: Promise<void>
}

const gathering = new Map<KVNamespace, Batch>()

function batchFor(kv: KVNamespace): Batch {
  const open = gathering.get(kv)
  if (open) return open
  let start = () => {}
  const started = new Promise<void>((resolve) => (start = resolve))
  const batch: Batch = {
    kv,
    places: new Map(),
    visits: [],
    close: () => {
      if (gathering.get(kv) === batch) gathering.delete(kv)
      start()
    },
    written: started.then(() => writeBatch(batch)),
  }
  gathering.set(kv, batch)
  setTimeout(batch.close, FLUSH_AFTER_MS)
  return batch
}

const batchId = () => [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('')

async function putBatch(kv: KVNamespace, key: string, metadata: BatchMetadata): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      // Empty value: list() returns the metadata, so nobody ever reads the value.
      return await kv.put(key, '', { metadata, expirationTtl: KEY_TTL_SECONDS })
    } catch (err) {
      if (attempt >= PUT_ATTEMPTS) throw err
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
    }
  }
}

async function writeBatch(batch: Batch): Promise<void> {
  const puts: Promise<void>[] = []
  for (const [prefix, links] of batch.places) {
    // Fresh random names: a batch never overwrites another, so no write is lost to a race.
    for (const metadata of packBatches(links)) puts.push(putBatch(batch.kv, `${prefix}${batchId()}`, metadata))
  }
  try {
    await Promise.all(puts)
  } catch (err) {
    for (const visit of batch.visits) remembered.delete(visit) // the visitors' next hits are recorded again
    throw err
  }
}

/**
 * Records one visitor's hit on a link: adds it to this isolate's next batch, unless the isolate
 * already has this visit of the slot. Never reads KV. Resolves once the batch is written, with
 * whether the hit was new to this isolate.
 */
export function recordImpression(kv: KVNamespace, ref: ImpressionRef, visitor: string, now = Date.now()): Promise<boolean> {
  if (!isVisitorId(visitor)) throw new Error(`Not a visitor id: ${visitor}`)
  const slot = slotOf(now)
  if (slot !== rememberedSlot || remembered.size >= MAX_REMEMBERED) {
    remembered.clear()
    rememberedSlot = slot
  }
  const visit = visitId(slot, ref, visitor)
  if (remembered.has(visit)) return Promise.resolve(false)
  remembered.add(visit)
  const batch = batchFor(kv)
  for (const { prefix, link } of impressionPlaces(slot, ref)) {
    let links = batch.places.get(prefix)
    if (!links) {
      links = new Map()
      batch.places.set(prefix, links)
    }
    let visitors = links.get(link)
    if (!visitors) {
      visitors = new Set()
      links.set(link, visitors)
    }
    visitors.add(visitor)
  }
  batch.visits.push(visit)
  if (batch.visits.length >= MAX_BATCH_VISITS) batch.close()
  return batch.written.then(() => true)
}

// ---- Counting what KV holds ---------------------------------------------------------------------

/** Every key under a prefix with its metadata, one list page (up to 1,000 keys) at a time. */
async function* pagesUnder(kv: KVNamespace, prefix: string) {
  let cursor: string | undefined
  do {
    const page = await kv.list<BatchMetadata>({ prefix, cursor })
    yield page.keys
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
}

/** The distinct visits in one owner's batches of one slot. */
async function slotVisits(kv: KVNamespace, prefix: string): Promise<Set<string>> {
  const visits = new Set<string>()
  for await (const keys of pagesUnder(kv, prefix)) for (const { metadata } of keys) for (const visit of visitsOf(metadata)) visits.add(visit)
  return visits
}

type SlotCount = ImpressionRef & { n: number }

/** The slot's distinct visits per product and influencer, from the influencers' batches. */
async function countSlot(kv: KVNamespace, slot: number): Promise<SlotCount[]> {
  const visits = new Set<string>()
  for await (const keys of pagesUnder(kv, rollupPrefix(slot))) {
    for (const { name, metadata } of keys) {
      const marketerId = marketerOfBatch(name)
      if (marketerId !== null) for (const visit of visitsOf(metadata)) visits.add(`${marketerId}.${visit}`)
    }
  }
  const counts = new Map<string, SlotCount>()
  for (const visit of visits) {
    const link = visit.slice(0, visit.indexOf(':')) // <marketer>.<product>.<vendor>
    const entry = counts.get(link)
    if (entry) entry.n++
    else {
      const [marketerId, productId, vendorId] = link.split('.').map(Number)
      counts.set(link, { productId, vendorId, marketerId, n: 1 })
    }
  }
  return [...counts.values()]
}

const retainedFrom = (now: number) => slotOf(now) - RETAINED_SLOTS

/**
 * The retained slots not rolled up yet, as a query: batch it with the sums it must agree with, and
 * read its rows with `doneSlots`. It answers the few open slots (normally the open half hour and
 * perhaps the one before) rather than the ~96 rolled-up ones, which every dashboard read shipped
 * through D1 before.
 */
export const openSlotsQuery = (db: Db, now: number) => openSlotsBetween(db, retainedFrom(now), slotOf(now))

// A select over a subquery rather than db.all(sql): drizzle's D1 batch cannot bind a raw query's parameters.
const openSlotsBetween = (db: Db, from: number, to: number) =>
  db.select({ slot: sql<number>`slot` }).from(sql`(WITH RECURSIVE retained(slot) AS (SELECT ${from} UNION ALL SELECT slot + 1 FROM retained WHERE slot < ${to})
      SELECT slot FROM retained WHERE slot NOT IN (SELECT ${impressionRollups.slot} FROM ${impressionRollups} WHERE ${gte(impressionRollups.slot, from)}))`)

/** openSlotsQuery as a statement of a raw D1 batch (db/client.ts). */
export const openSlots = (db: Db, now: number): Prepared<{ slot: number }> => prepared(openSlotsQuery(db, now))

/** The retained slots already rolled up. */
export const rolledSlots = async (db: Db, now: number): Promise<Set<number>> => {
  return doneSlots(await openSlotsQuery(db, now), now)
}

/**
 * Platform-wide impressions still only in KV, per day (India's, slotDay): each slot not rolled up (normally the open
 * half hour and the one before) counted as the rollup counts it. For the back office's overview only:
 * it lists every influencer's batches of those slots, as the cron does every five minutes anyway.
 */
export async function platformPendingByDay(kv: KVNamespace, done: Set<number>, now = Date.now()): Promise<Map<string, number>> {
  const open: number[] = []
  for (let slot = retainedFrom(now); slot <= slotOf(now); slot++) if (!done.has(slot)) open.push(slot)
  const counts = await Promise.all(open.map((slot) => countSlot(kv, slot)))
  const byDay = new Map<string, number>()
  open.forEach((slot, i) => {
    const n = counts[i].reduce((t, c) => t + c.n, 0)
    if (n > 0) byDay.set(slotDay(slot), (byDay.get(slotDay(slot)) ?? 0) + n)
  })
  return byDay
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

/** The retained slots (as of `now`) already rolled up, from openSlotsQuery's rows. */
export function doneSlots(openRows: ReadonlyArray<{ slot: number }>, now: number): Set<number> {
  const open = new Set(openRows.map((r) => r.slot))
  const done = new Set<number>()
  for (let slot = retainedFrom(now); slot <= slotOf(now); slot++) if (!open.has(slot)) done.add(slot)
  return done
}

/**
 * Every slot that cannot have been rolled up yet, and the newest closed one while the cron may not
 * have reached it. Past that (most of each half hour) the closed slot is left to the D1 read: if a
 * late cron has not rolled it up, it is listed after the read, so nothing is missed either way.
 */
function slotsSurelyOrLikelyOpen(now: number): number[] {
  const slots: number[] = []
  for (let slot = slotOf(now); slot >= retainedFrom(now); slot--) {
    if (!isSlotClosed(slot, now)) {
      slots.push(slot)
      continue
    }
    if (!isSlotLikelyRolledUp(slot, now)) slots.push(slot)
    break
  }
  return slots
}

/**
 * The owner's visits still only in KV, per slot not rolled up (from `fromDay` on): one listing of
 * the owner's own prefix per such slot. `done` is the D1 read of the rolled-up slots; the slots
 * that are open in the normal course (the open half hour, and the last closed one until the next
 * cron run) are listed at once beside it, any other slot it shows still open after it.
 */
async function pendingVisits(
  kv: KVNamespace,
  owner: ImpressionOwner,
  done: Promise<Set<number>> | Set<number>,
  now: number,
  fromDay = '',
): Promise<Array<{ slot: number; visits: Set<string> }>> {
  const listings = new Map<number, Promise<Set<string>>>()
  const listing = (slot: number) => {
    let visits = listings.get(slot)
    if (!visits) {
      visits = slotVisits(kv, ownerPrefix(slot, owner))
      visits.catch(() => {}) // a listing that turns out not to be needed must not fail the request
      listings.set(slot, visits)
    }
    return visits
  }
  for (const slot of slotsSurelyOrLikelyOpen(now)) if (slotDay(slot) >= fromDay) listing(slot)
  const rolled = await done
  const open: number[] = []
  for (let slot = retainedFrom(now); slot <= slotOf(now); slot++) if (!rolled.has(slot) && slotDay(slot) >= fromDay) open.push(slot)
  return Promise.all(open.map(async (slot) => ({ slot, visits: await listing(slot) })))
}

/** The owner's impressions still only in KV (slots not rolled up), per day (India's). */
export async function pendingByDay(
  kv: KVNamespace,
  owner: ImpressionOwner,
  done: Promise<Set<number>> | Set<number>,
  now: number,
): Promise<Map<string, number>> {
  const byDay = new Map<string, number>()
  for (const { slot, visits } of await pendingVisits(kv, owner, done, now)) {
    if (visits.size > 0) byDay.set(slotDay(slot), (byDay.get(slotDay(slot)) ?? 0) + visits.size)
  }
  return byDay
}

/**
 * `accountRead` (a query of the account's kept figures) and the rolled-up slots in one D1
 * transaction, since both must describe the same moment, with the owner's KV prefix listed beside it:
 * the read's rows, and the owner's impressions still only in KV per day (India's).
 */
export async function withPendingByDay<Row>(
  db: Db,
  kv: KVNamespace,
  owner: ImpressionOwner,
  accountRead: Prepared<Row>,
  now: number,
): Promise<{ rows: Row[]; pending: Map<string, number> }> {
  const read = batchPrepared(db, [accountRead, openSlots(db, now)] as const)
  const listed = pendingByDay(
    kv,
    owner,
    read.then(([, openRows]) => doneSlots(openRows, now)),
    now,
  )
  const [[rows], pending] = await Promise.all([read, listed])
  return { rows, pending }
}

export const sumOfDays = (byDay: Map<string, number>) => [...byDay.values()].reduce((t, n) => t + n, 0)

/** All impressions of a vendor's products or of a marketer's links: rolled up in D1 plus still only in KV. */
export async function impressionTotal(env: Stores, owner: ImpressionOwner, now = Date.now()): Promise<number> {
  const db = makeDb(env.DB)
  const { role, id } = accountOfOwner(owner)
  const { rows, pending } = await withPendingByDay(db, env.IMPRESSIONS, owner, prepared(accountFigures(db, { role, id })), now)
  return (rows[0]?.impressions ?? 0) + sumOfDays(pending)
}

/** Impressions per day of India's calendar since `fromDay` (YYYY-MM-DD), rolled up plus not yet rolled up, for the trend chart. */
export async function impressionsByDay(env: Stores, owner: ImpressionOwner, fromDay: string, now = Date.now()): Promise<{ day: string; n: number }[]> {
  const db = makeDb(env.DB)
  const { role, id } = accountOfOwner(owner)
  const { rows, pending } = await withPendingByDay(db, env.IMPRESSIONS, owner, prepared(accountDays(db, { role, id }, fromDay)), now)
  return mergeDays(
    rows.map((r) => ({ day: r.day, n: r.impressions })),
    pending,
    fromDay,
  )
}

/** Rolled-up days plus KV's, from `fromDay` on, oldest first, days without impressions left out. */
export function mergeDays(rolledUp: ReadonlyArray<{ day: string; n: number }>, pending: Map<string, number>, fromDay: string): { day: string; n: number }[] {
  const byDay = new Map<string, number>()
  for (const r of rolledUp) if (r.n !== 0) byDay.set(r.day, (byDay.get(r.day) ?? 0) + r.n)
  for (const [day, n] of pending) if (day >= fromDay) byDay.set(day, (byDay.get(day) ?? 0) + n)
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

/** Forgets the link validations (a back-office action shows at once in this isolate). */
export function forgetTrackable(): void {
  trackable.clear()
}

/** True when the product is active, belongs to the vendor, and the marketer exists and is not suspended. */
export async function isTrackable(env: Pick<Bindings, 'DB'>, ref: ImpressionRef, now = Date.now()): Promise<boolean> {
  const cacheKey = `${ref.productId}:${ref.vendorId}:${ref.marketerId}`
  const cached = trackable.get(cacheKey)
  if (cached && cached.until > now) return cached.valid
  const db = makeDb(env.DB)
  const [row] = await db
    .select({ id: products.ProductID })
    .from(products)
    .innerJoin(marketers, and(eq(marketers.MarketerID, ref.marketerId), isNull(marketers.suspendedAt)))
    .where(and(eq(products.ProductID, ref.productId), eq(products.VendorID, ref.vendorId), eq(products.IsActive, true)))
    .limit(1)
  const valid = Boolean(row)
  if (trackable.size >= MAX_CACHED) trackable.clear()
  trackable.set(cacheKey, { valid, until: now + (valid ? VALID_TTL_MS : INVALID_TTL_MS) })
  return valid
}

/**
 * The owner's impressions still only in KV (slots not rolled up, from `fromDay` on), per link: for
 * an influencer keyed `<product>.<vendor>`, for a vendor `<product>.<influencer>`. `done` is the
 * D1 read of the rolled-up slots (the likely open slots are listed beside it).
 */
export async function pendingByLink(
  kv: KVNamespace,
  owner: ImpressionOwner,
  done: Promise<Set<number>>,
  fromDay: string,
  now = Date.now(),
): Promise<Map<string, number>> {
  const byLink = new Map<string, number>()
  for (const { visits } of await pendingVisits(kv, owner, done, now, fromDay)) {
    for (const visit of visits) {
      const link = visit.slice(0, visit.indexOf(':'))
      byLink.set(link, (byLink.get(link) ?? 0) + 1)
    }
  }
  return byLink
}
