import { and, count, eq, gt, lt } from 'drizzle-orm'
import type { Db } from './client'
import { rateEvents } from './schema'

export type Limit = { scope: string; max: number; windowMs: number }

export const FAILED_LOGINS: Limit = { scope: 'login-fail', max: 10, windowMs: 15 * 60_000 }
export const LEADS_PER_IP: Limit = { scope: 'lead-ip', max: 20, windowMs: 60 * 60_000 }

/** How many events `subject` has in the sliding window. */
export async function recentCount(db: Db, limit: Limit, subject: string, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rateEvents)
    .where(and(eq(rateEvents.scope, limit.scope), eq(rateEvents.subject, subject), gt(rateEvents.at, now - limit.windowMs)))
  return row?.n ?? 0
}

export async function isLimited(db: Db, limit: Limit, subject: string, now = Date.now()): Promise<boolean> {
  return (await recentCount(db, limit, subject, now)) >= limit.max
}

export async function recordEvent(db: Db, limit: Limit, subject: string, now = Date.now()): Promise<void> {
  await db.insert(rateEvents).values({ scope: limit.scope, subject, at: now })
}

/** Drops events older than the longest window; run from the cron so the table stays small. */
export async function pruneEvents(db: Db, now = Date.now()): Promise<void> {
  const oldest = now - Math.max(FAILED_LOGINS.windowMs, LEADS_PER_IP.windowMs)
  await db.delete(rateEvents).where(lt(rateEvents.at, oldest))
}
