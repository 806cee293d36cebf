// Disputes (decision 070): an influencer objects to one of their entries; the entry's vendor and the
// back office read the objection beside the entry's amount and reason, and may resolve it.

import { DISPUTE_MESSAGES, type DisputeDTO, type DisputeQuery } from '../contract/disputes'
import type { EntryDisputeState } from '../contract/payouts'
import { paiseToRupees } from '../contract/money'
import { type AuditActor, auditIfChanged } from '../db/admin'
import type { Db } from '../db/client'
import { type DisputeListRow, findDispute, findEntry, insertDispute, latestDisputes, pageDisputes, resolveStatement } from '../db/disputes'
import type { EntryDispute } from '../db/schema'
import { Conflict, Forbidden, NotFound } from '../domain/errors'
import { pageThrough } from './paging'

const FORBIDDEN = 'You are not allowed to do this'

export const toDisputeState = (
  row: Pick<EntryDispute, 'DisputeID' | 'Note' | 'createdAt' | 'resolvedAt' | 'resolvedBy' | 'ResolutionNote'>,
): EntryDisputeState => ({
  DisputeID: row.DisputeID,
  Note: row.Note,
  createdAt: row.createdAt,
  resolvedAt: row.resolvedAt,
  resolvedBy: row.resolvedBy,
  ResolutionNote: row.ResolutionNote,
})

/** The entry's own influencer disputes it; one open dispute per entry (409 for a second). */
export async function openDispute(db: Db, marketerId: number, entryId: number, note: string, now = new Date().toISOString()): Promise<EntryDisputeState> {
  const entry = await findEntry(db, entryId)
  if (!entry) throw new NotFound(DISPUTE_MESSAGES.entryNotFound)
  if (entry.MarketerID !== marketerId) throw new Forbidden(FORBIDDEN)
  const id = await insertDispute(db, { EntryID: entry.EntryID, VendorID: entry.VendorID, MarketerID: entry.MarketerID, Note: note }, now)
  if (id === null) throw new Conflict(DISPUTE_MESSAGES.alreadyOpen)
  return { DisputeID: id, Note: note, createdAt: now, resolvedAt: null, resolvedBy: null, ResolutionNote: null }
}

/** The latest dispute of each entry of a page, by entry id. */
export async function disputesOfEntries(db: Db, entryIds: readonly number[]): Promise<Map<number, EntryDisputeState>> {
  const rows = await latestDisputes(db, entryIds)
  return new Map(rows.map((r) => [r.EntryID, toDisputeState(r)]))
}

function toDisputeDTO(row: DisputeListRow): DisputeDTO {
  const reversed = row.reversedAt !== null
  return {
    ...toDisputeState(row),
    EntryID: row.EntryID,
    LeadID: row.LeadID,
    VendorID: row.VendorID,
    VendorName: row.VendorName,
    MarketerID: row.MarketerID,
    MarketerName: row.MarketerName,
    ProductName: row.ProductName,
    Kind: row.Kind,
    Amount: paiseToRupees(row.AmountPaise),
    Reason: (reversed ? row.reversedReason : null) ?? row.Reason,
    reversed,
  }
}

/** A page of disputes, newest first: a vendor's own (VendorID) or every vendor's (the back office). */
export async function disputePage(db: Db, scope: { VendorID?: number }, query: DisputeQuery) {
  const page = await pageThrough<DisputeListRow>({
    cursor: query.cursor,
    limit: query.limit,
    order: 'newest',
    kinds: ['number'],
    fetch: (from, take, count) => pageDisputes(db, { VendorID: scope.VendorID, state: query.state }, from ? Number(from[0]) : null, take, count),
    keyOf: (row) => [row.DisputeID],
  })
  return { rows: page.rows.map(toDisputeDTO), paging: page.paging }
}

export type Resolver = { role: 'vendor'; id: number } | { role: 'admin'; actor: AuditActor }

/** The entry's vendor or the back office closes a dispute with a note; the back office's is audited. */
export async function resolveDispute(db: Db, by: Resolver, disputeId: number, note: string, now = new Date().toISOString()): Promise<EntryDisputeState> {
  const dispute = await findDispute(db, disputeId)
  if (!dispute) throw new NotFound(DISPUTE_MESSAGES.disputeNotFound)
  if (by.role === 'vendor' && dispute.VendorID !== by.id) throw new Forbidden(FORBIDDEN)
  if (dispute.resolvedAt !== null) throw new Conflict(DISPUTE_MESSAGES.alreadyResolved)
  const update = resolveStatement(db, disputeId, by.role, note, now)
  const [result] =
    by.role === 'admin'
      ? await db.batch([
          update,
          auditIfChanged(db, by.actor, {
            action: 'resolve-dispute',
            targetType: 'dispute',
            targetId: String(disputeId),
            reason: { code: 'other', note },
            before: { resolvedAt: null },
            after: { resolvedAt: now, resolvedBy: 'admin' },
          }),
        ])
      : await db.batch([update])
  if (result.meta.changes === 0) throw new Conflict(DISPUTE_MESSAGES.alreadyResolved)
  return { ...toDisputeState(dispute), resolvedAt: now, resolvedBy: by.role, ResolutionNote: note }
}
