// A list's total (decision 295). An unfiltered list reads a kept count (one row of account_totals:
// an owner's or the platform's, decision 296). A filtered or searched list counts its matching rows
// up to COUNT_CAP + 1 (`LIMIT 1001` inside the count), so a search matching half the marketplace
// reads at most 1,001 index entries, and a total past the cap answers COUNT_CAP with totalCapped.
// Later pages count nothing: the cursor carries page 1's total (services/paging.ts).

import { and, eq, type SQL, sql } from 'drizzle-orm'
import { COUNT_CAP, cappedTotal, type ListTotal } from '../contract/paging'
import type { AccountRole } from './account-totals'
import { batchPrepared, type Db, type Prepared, prepared } from './client'
import { accountTotals } from './schema'

type Counted = { n: number }

/** A statement answering a list's total, to batch beside its page, and how to read it. */
export type TotalQuery = { query: Prepared<Counted>; read: (rows: Counted[]) => ListTotal }

/**
 * `SELECT count(*) FROM (<matching> LIMIT 1001)`. `matching` selects one row per matching row
 * (e.g. `db.select({ one: sql`1` }).from(t).where(w)`) and has no LIMIT of its own.
 */
export function cappedCount(db: Db, matching: { getSQL(): SQL }): TotalQuery {
  return { query: prepared(cappedQuery(db, matching)), read: readCapped }
}

/** The same count as a Drizzle query, for a `db.batch` beside a page. */
export const cappedQuery = (db: Db, matching: { getSQL(): SQL }) =>
  db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(sql`(${matching.getSQL()} LIMIT ${COUNT_CAP + 1})`)

/** A capped count's rows as the list's total. */
export const readCapped = (rows: ReadonlyArray<Counted>): ListTotal => cappedTotal(Number(rows[0]?.n ?? 0))

/** One figure of an account's kept row (the platform's: role 'platform', account 0); 0 while the row does not exist. */
export function keptCount(db: Db, account: { role: AccountRole; id: number }, figure: SQL): TotalQuery {
  const query = db
    .select({ n: sql<number>`coalesce(max(${figure}), 0)`.mapWith(Number) })
    .from(accountTotals)
    .where(and(eq(accountTotals.role, account.role), eq(accountTotals.accountId, account.id)))
  return { query: prepared(query), read: (rows) => ({ total: Number(rows[0]?.n ?? 0), totalCapped: false }) }
}

/** The platform's own kept row (decision 296). */
export const PLATFORM_ACCOUNT = { role: 'platform', id: 0 } as const satisfies { role: AccountRole; id: number }

/** The page, and its total when `total` is given (the first page), in one round trip. */
export async function pageWithTotal<Row>(db: Db, page: Prepared<Row>, total: TotalQuery | null): Promise<{ rows: Row[]; total: ListTotal | null }> {
  if (!total) {
    const [rows] = await batchPrepared(db, [page] as const)
    return { rows, total: null }
  }
  const [rows, counted] = await batchPrepared(db, [page, total.query] as const)
  return { rows, total: total.read(counted) }
}
