// Totals of searched or filtered lead lists, remembered per isolate under the owner's lead stamp
// (account_totals.leadsStamp, a fresh random value on every write to one of the owner's leads:
// migration lead_count_stamps). The stamp is read in the same D1 batch as the page, and the count
// is written inside a CASE that SQLite only evaluates when the stamp is not the remembered one, so
// a total is reused only while the owner's leads are exactly as they were when it was counted, and
// a vendor paging through 'sharma' counts its 2,900 matches once instead of on every page.

import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { AccountRole } from './account-totals'
import type { Db } from './client'
import { accountTotals } from './schema'

type Remembered = { stamp: number; total: number }

// Bounded: forgetting only costs a recount.
const MAX_REMEMBERED = 1_000
const remembered = new Map<string, Remembered>()

/**
 * A statement answering the owner's stamp and `counting`'s total (null when the stamp is still the
 * one `key`'s total was remembered under), and how to read its row into the total.
 * `key` must name everything the count depends on besides the owner's leads: the filter.
 */
export function stampedCount(db: Db, owner: { role: AccountRole; id: number }, key: string, counting: SQL) {
  const memoKey = `${owner.role}:${owner.id}:${key}`
  const known = remembered.get(memoKey)
  const stamp = sql<number | null>`(SELECT ${accountTotals.leadsStamp} FROM ${accountTotals} WHERE ${and(eq(accountTotals.role, owner.role), eq(accountTotals.accountId, owner.id))})`
  const total = known
    ? sql<number | null>`CASE WHEN ${stamp} = ${known.stamp} THEN NULL ELSE (${counting}) END`
    : sql<number | null>`(${counting})`
  const statement = db.select({ stamp, total }).from(sql`(SELECT 1)`)
  const read = (row: { stamp: number | null; total: number | null } | undefined): number => {
    if (row?.total === null && known) return known.total
    const counted = Number(row?.total ?? 0)
    if (row?.stamp !== null && row?.stamp !== undefined) {
      if (remembered.size >= MAX_REMEMBERED) remembered.clear()
      remembered.set(memoKey, { stamp: row.stamp, total: counted })
    }
    return counted
  }
  return { statement, read }
}
