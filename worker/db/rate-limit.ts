import { inArray, lt, sql } from 'drizzle-orm'
import type { Db } from './client'
import { rateEvents } from './schema'

export type Limit = { scope: string; max: number; windowMs: number }

/** Failed sign-ins of one email from one network (decision 256). */
export const FAILED_LOGINS: Limit = { scope: 'login-fail-net', max: 10, windowMs: 15 * 60_000 }
/** All failed sign-ins of one email: past it, only networks that have not failed may still try. */
export const FAILED_LOGINS_ACCOUNT: Limit = { scope: 'login-fail-account', max: 100, windowMs: 15 * 60_000 }
export const LEADS_PER_IP: Limit = { scope: 'lead-ip', max: 20, windowMs: 60 * 60_000 }
// About one profile every five seconds for ten minutes: more than a person reads, far less than a
// script walking the directory.
export const PROFILE_VIEWS: Limit = { scope: 'profile-view', max: 120, windowMs: 10 * 60_000 }

/**
 * Records an event for `subject` if it has fewer than `limit.max` in the sliding window, and
 * answers its id; null when the limit is reached (and nothing is recorded). The count and the
 * record are one statement, so requests arriving at the same moment cannot all pass a count taken
 * before any of them was recorded: D1 runs statements one at a time.
 */
export async function takeSlot(db: Db, limit: Limit, subject: string, now = Date.now()): Promise<number | null> {
  const rows = await db.all<{ id: number }>(sql`
    INSERT INTO ${rateEvents} (scope, subject, at)
    SELECT ${limit.scope}, ${subject}, ${now}
    WHERE (
      SELECT count(*) FROM ${rateEvents}
      WHERE scope = ${limit.scope} AND subject = ${subject} AND at > ${now - limit.windowMs}
    ) < ${limit.max}
    RETURNING id`)
  return rows[0]?.id ?? null
}

/** Gives slots back (a login that turned out right is not a failure). */
export async function releaseSlot(db: Db, ...ids: Array<number | null>): Promise<void> {
  const kept = ids.filter((id): id is number => id !== null)
  if (kept.length > 0) await db.delete(rateEvents).where(inArray(rateEvents.id, kept))
}

/** How many events `subject` has in the window of `limit`. */
export async function countSlots(db: Db, limit: Limit, subject: string, now = Date.now()): Promise<number> {
  const rows = await db.all<{ n: number }>(sql`
    SELECT count(*) AS n FROM ${rateEvents} WHERE scope = ${limit.scope} AND subject = ${subject} AND at > ${now - limit.windowMs}`)
  return rows[0]?.n ?? 0
}

/** Drops events older than the longest window; run from the cron so the table stays small. */
export async function pruneEvents(db: Db, now = Date.now()): Promise<void> {
  const oldest = now - Math.max(FAILED_LOGINS.windowMs, LEADS_PER_IP.windowMs, PROFILE_VIEWS.windowMs)
  await db.delete(rateEvents).where(lt(rateEvents.at, oldest))
}
