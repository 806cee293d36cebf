// Events the events queue gave up on (docs/decisions/232), kept until an operator replays them.

import { desc, eq, lt, sql } from 'drizzle-orm'
import type { Db } from './client'
import { cappedQuery, readCapped } from './capped-counts'
import type { ListTotal } from '../contract/paging'
import { deadEvents } from './schema'

export type NewDeadEvent = typeof deadEvents.$inferInsert

/** Keeps each dead event once (a redelivered dead letter adds nothing); answers how many are new. */
export async function insertDeadEvents(db: Db, rows: NewDeadEvent[]): Promise<number> {
  if (rows.length === 0) return 0
  const inserted = await db.insert(deadEvents).values(rows).onConflictDoNothing().returning({ id: deadEvents.DeadEventID })
  return inserted.length
}

/** Newest first (keyset on the primary key). */
export function pageDeadEvents(db: Db, afterId: number | null, take: number) {
  return db
    .select({
      DeadEventID: deadEvents.DeadEventID,
      type: deadEvents.type,
      payload: deadEvents.payload,
      VendorID: deadEvents.VendorID,
      MarketerID: deadEvents.MarketerID,
      attempts: deadEvents.attempts,
      eventAt: deadEvents.eventAt,
      diedAt: deadEvents.diedAt,
    })
    .from(deadEvents)
    .where(afterId !== null ? lt(deadEvents.DeadEventID, afterId) : undefined)
    .orderBy(desc(deadEvents.DeadEventID))
    .limit(take)
}

export async function countDeadEvents(db: Db): Promise<ListTotal> {
  // At most 1,001 counted (decision 295): an operator's badge reads '1,000+' past that.
  return readCapped(await cappedQuery(db, db.select({ one: sql`1` }).from(deadEvents)))
}

/** Takes a dead event out to replay it: of callers at once, only one gets the row. */
export async function takeDeadEvent(db: Db, id: number) {
  const [row] = await db.delete(deadEvents).where(eq(deadEvents.DeadEventID, id)).returning()
  return row
}

/** Puts back a row taken out for a replay the queue refused, under its own id. */
export const restoreDeadEvent = (db: Db, row: typeof deadEvents.$inferSelect) => db.insert(deadEvents).values(row).onConflictDoNothing()

/**
 * A vendor's erasure: the status changes they made lose the reason they typed (it may name a buyer);
 * the rest of each event is ids and times, still worth replaying for the influencer.
 */
export const scrubDeadEventReasonsOf = (db: Db, vendorId: number) =>
  db
    .update(deadEvents)
    .set({ payload: sql`json_set(${deadEvents.payload}, '$.reason', NULL)` })
    .where(sql`${deadEvents.VendorID} = ${vendorId} AND json_extract(${deadEvents.payload}, '$.reason') IS NOT NULL`)
