// List totals remembered per isolate under a stamp that takes a fresh random value on every write
// the total could depend on: the owner's lead stamp for the lead lists (account_totals.leadsStamp,
// migration lead_count_stamps), the list's stamp for the public product and influencer lists
// (list_stamps, migration list_count_stamps). The stamp is read in the same D1 batch as the page,
// and the count is written inside a CASE that SQLite only evaluates when the stamp is not the
// remembered one, so a total is reused only while what it counted is exactly as it was, and a
// vendor paging through 'sharma' counts its 2,900 matches once instead of on every page.

import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { AccountRole } from './account-totals'
import { type Db, type Prepared, prepared } from './client'
import { accountTotals, listStamps } from './schema'

type Remembered = { stamp: number; total: number }

// Bounded: forgetting only costs a recount.
const MAX_REMEMBERED = 1_000
const remembered = new Map<string, Remembered>()

/** What a total depends on: one owner's leads, or one public list's table. */
export type Stamped = { leadsOf: { role: AccountRole; id: number } } | { list: 'products' | 'marketers' }

const keyOf = (of: Stamped) => ('list' in of ? `list:${of.list}` : `${of.leadsOf.role}:${of.leadsOf.id}`)

const stampOf = (of: Stamped) =>
  'list' in of
    ? sql<number | null>`(SELECT ${listStamps.stamp} FROM ${listStamps} WHERE ${eq(listStamps.list, of.list)})`
    : sql<
        number | null
      >`(SELECT ${accountTotals.leadsStamp} FROM ${accountTotals} WHERE ${and(eq(accountTotals.role, of.leadsOf.role), eq(accountTotals.accountId, of.leadsOf.id))})`

export type CountRow = { stamp: number | null; total: number | null }

/**
 * A statement answering the stamp and the total `counting` counts (null when the stamp is still
 * the one `key`'s total was remembered under), and how to read its rows into the total. `key`
 * must name everything the count depends on besides what the stamp covers: the filter, with its
 * values.
 */
export function stampedCount(db: Db, of: Stamped, key: string, counting: SQL): { query: Prepared<CountRow>; total: (rows: CountRow[]) => number } {
  const memoKey = `${keyOf(of)}:${key}`
  const known = remembered.get(memoKey)
  // Without a remembered total the stamp is compared with NULL, which is never true: it counts.
  const total = sql<number | null>`CASE WHEN ${stampOf(of)} = ${known?.stamp ?? null} THEN NULL ELSE (${counting}) END`
  // Named, so that a raw D1 batch reads the row by these names.
  const query = prepared(db.select({ stamp: stampOf(of).as('stamp'), total: total.as('total') }).from(sql`(SELECT 1)`))
  const read = ([row]: CountRow[]): number => {
    if (row?.total === null && known) return known.total
    const counted = Number(row?.total ?? 0)
    if (row?.stamp !== null && row?.stamp !== undefined) {
      if (remembered.size >= MAX_REMEMBERED) remembered.clear()
      remembered.set(memoKey, { stamp: row.stamp, total: counted })
    }
    return counted
  }
  return { query, total: read }
}
