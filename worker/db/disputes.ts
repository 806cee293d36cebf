// Queries of the money reasons and disputes (decision 070): a lead's ledger entries (to tell the vendor what a status change will move),
// entries' disputes, and the paged dispute lists of the vendor and the back office.

import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { DisputeState } from '../contract/disputes'
import type { LeadLedgerEntry } from '../domain/lead-money'
import { type Db, batchOf } from './client'
import { cappedQuery, readCapped } from './capped-counts'
import { commissionEntries as e, entryDisputes as d, marketers, payoutItems, vendors } from './schema'

/** Every entry of a lead (reversed ones too: they tell a first conversion from a return). */
export async function leadLedger(db: Db, leadId: number): Promise<LeadLedgerEntry[]> {
  const rows = await db
    .select({ AmountPaise: e.AmountPaise, reversedAt: e.reversedAt, paidBy: payoutItems.PayoutID })
    .from(e)
    .leftJoin(payoutItems, eq(payoutItems.EntryID, e.EntryID))
    .where(eq(e.LeadID, leadId))
  return rows.map((r) => ({ AmountPaise: r.AmountPaise, reversed: r.reversedAt !== null, paid: r.paidBy !== null }))
}

export async function findEntry(db: Db, entryId: number) {
  return db.query.commissionEntries.findFirst({ where: eq(e.EntryID, entryId) })
}

/**
 * A new open dispute, or null when the entry already has one (the partial unique index decides, so
 * two at the same moment give one dispute).
 */
export async function insertDispute(db: Db, row: { EntryID: number; VendorID: number; MarketerID: number; Note: string }, now: string): Promise<number | null> {
  const [inserted] = await batchOf(db, [
    sql`INSERT INTO entry_disputes (EntryID, VendorID, MarketerID, Note, createdAt)
      VALUES (${row.EntryID}, ${row.VendorID}, ${row.MarketerID}, ${row.Note}, ${now})
      ON CONFLICT DO NOTHING RETURNING DisputeID`,
  ])
  return (inserted.results[0] as { DisputeID: number } | undefined)?.DisputeID ?? null
}

export async function findDispute(db: Db, disputeId: number) {
  return db.query.entryDisputes.findFirst({ where: eq(d.DisputeID, disputeId) })
}

/** The resolution as a statement, so the back office can batch its audit entry right after it. */
export function resolveStatement(db: Db, disputeId: number, by: 'vendor' | 'admin', note: string, now: string) {
  return db
    .update(d)
    .set({ resolvedAt: now, resolvedBy: by, ResolutionNote: note })
    .where(and(eq(d.DisputeID, disputeId), isNull(d.resolvedAt)))
}

/**
 * The latest dispute of each entry of a page (at most a page's worth of ids, passed as one JSON
 * parameter, so the statement binds one value whatever the page's size).
 */
export async function latestDisputes(db: Db, entryIds: readonly number[]) {
  if (entryIds.length === 0) return []
  return db
    .select()
    .from(d)
    .where(
      sql`${d.DisputeID} IN (SELECT MAX(DisputeID) FROM entry_disputes WHERE EntryID IN (SELECT value FROM json_each(${JSON.stringify(entryIds)})) GROUP BY EntryID)`,
    )
}

const stateOf = (state: DisputeState) => (state === 'open' ? isNull(d.resolvedAt) : state === 'resolved' ? isNotNull(d.resolvedAt) : undefined)

/** Newest first, one page of disputes of a vendor's entries, or of every vendor's (the back office). */
export async function pageDisputes(db: Db, filter: { VendorID?: number; state: DisputeState }, before: number | null, take: number, count = true) {
  const where = and(filter.VendorID ? eq(d.VendorID, filter.VendorID) : undefined, stateOf(filter.state))
  const page = db
    .select({
      DisputeID: d.DisputeID,
      EntryID: d.EntryID,
      VendorID: d.VendorID,
      MarketerID: d.MarketerID,
      Note: d.Note,
      createdAt: d.createdAt,
      resolvedAt: d.resolvedAt,
      resolvedBy: d.resolvedBy,
      ResolutionNote: d.ResolutionNote,
      LeadID: e.LeadID,
      ProductName: e.ProductName,
      Kind: e.Kind,
      AmountPaise: e.AmountPaise,
      Reason: e.Reason,
      reversedReason: e.reversedReason,
      reversedAt: e.reversedAt,
      VendorName: vendors.VendorName,
      MarketerName: marketers.MarketerName,
    })
    .from(d)
    .innerJoin(e, eq(e.EntryID, d.EntryID))
    .innerJoin(vendors, eq(vendors.VendorID, d.VendorID))
    .innerJoin(marketers, eq(marketers.MarketerID, d.MarketerID))
    .where(and(where, before !== null ? lt(d.DisputeID, before) : undefined))
    .orderBy(desc(d.DisputeID))
    .limit(take)
  const matching = db.select({ one: sql`1` }).from(d).where(where)
  const [rows, counted] = count ? await db.batch([page, cappedQuery(db, matching)]) : [await page, null]
  return { rows, total: counted ? readCapped(counted) : null }
}

export type DisputeListRow = Awaited<ReturnType<typeof pageDisputes>>['rows'][number]
