// Queries of the data-request log (decision 091). Each write is one statement or a batch with
// its audit entry (db/admin.ts); a completion is guarded by `doneAt IS NULL`, so of two operators
// completing one request at once exactly one does.

import { and, asc, desc, eq, getTableColumns, gt, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import type { AuditActor } from './admin'
import type { Db } from './client'
import { cappedQuery, readCapped } from './capped-counts'
import { dataRequests, impressionsDaily, leads, products } from './schema'

export type NewDataRequest = {
  receivedOn: string
  dueOn: string
  kind: string
  subjectType: string
  subjectRef: string
  note: string | null
}

export const insertDataRequest = (db: Db, actor: AuditActor, row: NewDataRequest) =>
  db
    .insert(dataRequests)
    .values({ ...row, loggedBy: actor.AdminID, loggedByEmail: actor.adminEmail })
    .returning({ id: dataRequests.id })

export const findDataRequest = (db: Db, id: number) => db.query.dataRequests.findFirst({ where: eq(dataRequests.id, id) })

/** Marks the request done (or declined) while it is still open; returns the ids it changed. */
export function completeDataRequest(db: Db, actor: AuditActor, id: number, outcome: string, note: string | null, at: string, extra?: SQL) {
  return db
    .update(dataRequests)
    .set({ doneAt: at, doneBy: actor.AdminID, doneByEmail: actor.adminEmail, outcome, outcomeNote: note })
    .where(and(eq(dataRequests.id, id), isNull(dataRequests.doneAt), extra))
    .returning({ id: dataRequests.id })
}

/**
 * After the subject's erasure: their requests keep kind, dates and who handled them; the notes go,
 * and a buyer's phone becomes `newRef` (masked).
 */
export function redactRequestNotes(db: Db, subjectType: string, subjectRef: string, redacted: string, newRef = subjectRef) {
  const blank = (column: typeof dataRequests.note | typeof dataRequests.outcomeNote) => sql`CASE WHEN ${column} IS NULL THEN NULL ELSE ${redacted} END`
  return db
    .update(dataRequests)
    .set({ note: blank(dataRequests.note), outcomeNote: blank(dataRequests.outcomeNote), subjectRef: newRef })
    .where(and(eq(dataRequests.subjectType, subjectType), eq(dataRequests.subjectRef, subjectRef)))
}

/** The account's name now; a buyer's reference as stored. Qualified by hand inside sql``. */
const subjectName = sql<string | null>`CASE data_requests.subjectType
  WHEN 'vendor' THEN (SELECT v.VendorName FROM vendors v WHERE v.VendorID = CAST(data_requests.subjectRef AS INTEGER))
  WHEN 'marketer' THEN (SELECT m.MarketerName FROM marketers m WHERE m.MarketerID = CAST(data_requests.subjectRef AS INTEGER))
  ELSE data_requests.subjectRef END`.as('subjectName')

export type RequestFilter = { subjectType?: string; subjectRef?: string }

const filterOf = (f: RequestFilter) =>
  and(f.subjectType ? eq(dataRequests.subjectType, f.subjectType) : undefined, f.subjectRef ? eq(dataRequests.subjectRef, f.subjectRef) : undefined)

/** Open requests, the soonest due first (data_requests_open_idx). */
export async function pageOpenRequests(db: Db, filter: RequestFilter, after: [string, number] | null, take: number, count = true) {
  const where = and(isNull(dataRequests.doneAt), filterOf(filter))
  const page = db
    .select({ ...getTableColumns(dataRequests), subjectName })
    .from(dataRequests)
    .where(and(where, after === null ? undefined : or(gt(dataRequests.dueOn, after[0]), and(eq(dataRequests.dueOn, after[0]), gt(dataRequests.id, after[1])))))
    .orderBy(asc(dataRequests.dueOn), asc(dataRequests.id))
    .limit(take)
  const matching = db.select({ one: sql`1` }).from(dataRequests).where(where)
  const [rows, counted] = count ? await db.batch([page, cappedQuery(db, matching)]) : [await page, null]
  return { rows, total: counted ? readCapped(counted) : null }
}

/** Completed requests, the most recently completed first (data_requests_done_idx). */
export async function pageDoneRequests(db: Db, filter: RequestFilter, before: [string, number] | null, take: number, count = true) {
  const where = and(isNotNull(dataRequests.doneAt), filterOf(filter))
  const page = db
    .select({ ...getTableColumns(dataRequests), subjectName })
    .from(dataRequests)
    .where(
      and(where, before === null ? undefined : or(lt(dataRequests.doneAt, before[0]), and(eq(dataRequests.doneAt, before[0]), lt(dataRequests.id, before[1])))),
    )
    .orderBy(desc(dataRequests.doneAt), desc(dataRequests.id))
    .limit(take)
  const matching = db.select({ one: sql`1` }).from(dataRequests).where(where)
  const [rows, counted] = count ? await db.batch([page, cappedQuery(db, matching)]) : [await page, null]
  return { rows, total: counted ? readCapped(counted) : null }
}

export type ExportLink = { ProductID: number; ProductName: string; VendorID: number; impressions: number; leads: number }

/**
 * The links an influencer used (products with impressions or leads through them) with their
 * totals: one grouped pass over their impression days and one over their leads, each on its
 * MarketerID index, then the products those name.
 */
export function marketerLinksForExport(db: Db, marketerId: number): Promise<ExportLink[]> {
  return db.all<ExportLink>(sql`
    WITH shown AS (
      SELECT ProductID, sum(n) AS impressions FROM ${impressionsDaily} WHERE MarketerID = ${marketerId} GROUP BY ProductID
    ), led AS (
      SELECT ProductID, count(*) AS leads FROM ${leads} WHERE MarketerID = ${marketerId} GROUP BY ProductID
    ), used AS (
      SELECT ProductID FROM shown UNION SELECT ProductID FROM led
    )
    SELECT p.ProductID, p.ProductName, p.VendorID, coalesce(shown.impressions, 0) AS impressions, coalesce(led.leads, 0) AS leads
    FROM used JOIN ${products} p ON p.ProductID = used.ProductID
      LEFT JOIN shown ON shown.ProductID = used.ProductID
      LEFT JOIN led ON led.ProductID = used.ProductID
    ORDER BY p.ProductID`)
}
