import type { Context } from 'hono'
import { drizzle } from 'drizzle-orm/d1'
import type { AppEnv } from '../env'
import * as schema from './schema'

export type Db = ReturnType<typeof makeDb>

export function makeDb(d1: D1Database) {
  return drizzle(d1, { schema })
}

export function db(c: Context<AppEnv>): Db {
  return makeDb(c.env.DB)
}

/** D1 reports a violated UNIQUE constraint only through the error text. */
export function isUniqueViolation(err: unknown): boolean {
  const text = err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : String(err)
  return /UNIQUE constraint failed/i.test(text)
}

/**
 * SQLite's `PRAGMA optimize`: refreshes the query planner's statistics for tables that changed
 * enough to matter since they were last analysed, and is nearly free when none did.
 */
export async function optimizeDatabase(d1: D1Database): Promise<void> {
  await d1.prepare('PRAGMA optimize').run()
}
