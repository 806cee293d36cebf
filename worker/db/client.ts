import type { Context } from 'hono'
import { createTableRelationsHelpers, extractTablesRelationalConfig, type ExtractTablesWithRelations, type RelationalSchemaConfig } from 'drizzle-orm'
import { DrizzleD1Database, SQLiteD1Session } from 'drizzle-orm/d1'
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core'
import type { AppEnv } from '../env'
import * as schema from './schema'

// drizzle(d1, { schema }) derives the relational query config from the whole schema on every call
// (about 35 us of JavaScript each, measured in Node), and a request may ask for its database more
// than once. The schema never changes, so it is derived once per isolate, and each binding gets its
// database object once. The pieces are the ones drizzle() puts together (drizzle-orm/d1/driver.js).
type Tables = ExtractTablesWithRelations<typeof schema>
const tablesConfig = extractTablesRelationalConfig<Tables>(schema, createTableRelationsHelpers)
const relational: RelationalSchemaConfig<Tables> = { fullSchema: schema, schema: tablesConfig.tables, tableNamesMap: tablesConfig.tableNamesMap }
const dialect = new SQLiteAsyncDialect()
const made = new WeakMap<D1Database, Db>()

export type Db = DrizzleD1Database<typeof schema> & { $client: D1Database }

export function makeDb(d1: D1Database): Db {
  const known = made.get(d1)
  if (known) return known
  const fresh = Object.assign(new DrizzleD1Database<typeof schema>('async', dialect, new SQLiteD1Session(d1, dialect, relational), relational), { $client: d1 })
  made.set(d1, fresh)
  return fresh
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
