import type { Context } from 'hono'
import {
  createTableRelationsHelpers,
  type ExtractTablesWithRelations,
  extractTablesRelationalConfig,
  type Query,
  type RelationalSchemaConfig,
  type SQL,
} from 'drizzle-orm'
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

/**
 * Runs statements as one D1 batch (one transaction). Drizzle's own batch cannot take raw SQL with
 * parameters (drizzle-orm 0.45: its raw query has no prepared statement to bind), so the batch is
 * built on the D1 binding; builder queries come in through their toSQL().
 */
export async function batchOf(db: Db, statements: Array<SQL | { toSQL(): { sql: string; params: unknown[] } }>) {
  const prepared = statements.map((s) => {
    const q = 'toSQL' in s ? s.toSQL() : dialect.sqlToQuery(s)
    return db.$client.prepare(q.sql).bind(...q.params)
  })
  return db.$client.batch(prepared)
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

/** A Drizzle select: it answers rows, and prepares into a D1 statement, its SQL and the mapping of its result. */
type Preparable<Row> = PromiseLike<Row[]> & { prepare(): { getQuery(): Query; mapResult(response: unknown, isFromBatch?: boolean): unknown } }

/** A query as a statement of a D1 batch, and how to read its result into rows. */
export type Prepared<Row> = { statement: D1PreparedStatement; read: (result: D1Result) => Row[] }

/**
 * A Drizzle query as a plain D1 statement (Drizzle's `.prepare()`), for a batch that also holds
 * statements Drizzle does not build (the link reports' SQL). The statement is the one Drizzle
 * prepared, bound to the query's values, as Drizzle's own batch() binds it (drizzle-orm/d1/session.js).
 */
export function prepared<Row>(query: Preparable<Row>): Prepared<Row> {
  const statement = query.prepare()
  const { params } = statement.getQuery()
  const d1Statement = (statement as unknown as { stmt: D1PreparedStatement }).stmt
  return { statement: d1Statement.bind(...params), read: (result) => statement.mapResult(result, true) as Row[] }
}

type Rows<Q> = { [K in keyof Q]: Q[K] extends Prepared<infer Row> ? Row[] : never }

/** Runs prepared queries in one D1 batch (one round trip, one transaction) and reads each one's rows. */
export async function batchPrepared<Q extends readonly Prepared<unknown>[]>(db: Db, queries: Q): Promise<Rows<Q>> {
  const results = await db.$client.batch(queries.map((q) => q.statement))
  return queries.map((q, i) => q.read(results[i])) as Rows<Q>
}
