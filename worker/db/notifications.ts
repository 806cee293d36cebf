// Queries (decision 140) of the bell, the mail preferences, the vendors' digests and the payable notices.

import { and, desc, eq, gt, gte, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import { type Db, batchOf } from './client'
import {
  commissionEntries as e,
  leads,
  ledgerFigures,
  mailPreferences,
  marketers,
  noticeCursors,
  notificationCounts,
  notifications,
  payoutDetails,
  payoutItems,
  payouts,
  vendorDigests,
  vendors,
} from './schema'

export type Role = 'vendor' | 'marketer'
export type Recipient = { role: Role; accountId: number }

const ofRecipient = (r: Recipient) => and(eq(notifications.role, r.role), eq(notifications.accountId, r.accountId))

// ---- The bell ----------------------------------------------------------------------------------

/** The other account a notice names, and the name it gave (erasure replaces it). */
export type NamedAccount = { aboutRole: Role; aboutId: number; aboutName: string }

export type NewNotification = Recipient &
  Partial<NamedAccount> & { kind: string; eventKey: string; title: string; body: string; link: string | null; createdAt?: string }

/** True when written now, false when this event was already recorded for this person and kind. */
export async function insertNotificationOnce(db: Db, n: NewNotification): Promise<boolean> {
  const rows = await db.insert(notifications).values(n).onConflictDoNothing().returning({ id: notifications.NotificationID })
  return rows.length > 0
}

const DTO_COLUMNS = {
  NotificationID: notifications.NotificationID,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
}

/** A page newest first (keyset by id), `take` rows after `beforeId`, and the kept total. */
export async function pageNotifications(db: Db, r: Recipient, unreadOnly: boolean, beforeId: number | null, take: number) {
  const [rows, counts] = await db.batch([
    db
      .select(DTO_COLUMNS)
      .from(notifications)
      .where(
        and(ofRecipient(r), unreadOnly ? isNull(notifications.readAt) : undefined, beforeId !== null ? lt(notifications.NotificationID, beforeId) : undefined),
      )
      .orderBy(desc(notifications.NotificationID))
      .limit(take),
    db
      .select({ total: notificationCounts.total, unread: notificationCounts.unread })
      .from(notificationCounts)
      .where(and(eq(notificationCounts.role, r.role), eq(notificationCounts.accountId, r.accountId))),
  ])
  const kept = counts[0] ?? { total: 0, unread: 0 }
  return { rows, total: unreadOnly ? kept.unread : kept.total }
}

export async function unreadCount(db: Db, r: Recipient): Promise<number> {
  const row = await db.query.notificationCounts.findFirst({
    columns: { unread: true },
    where: and(eq(notificationCounts.role, r.role), eq(notificationCounts.accountId, r.accountId)),
  })
  return row?.unread ?? 0
}

/** Marks one of the recipient's notifications read (keeps the first read time); undefined when it is not theirs. */
export async function markRead(db: Db, r: Recipient, id: number, now: string) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`COALESCE(${notifications.readAt}, ${now})` })
    .where(and(eq(notifications.NotificationID, id), ofRecipient(r)))
    .returning(DTO_COLUMNS)
  return row
}

export async function markAllRead(db: Db, r: Recipient, now: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(ofRecipient(r), isNull(notifications.readAt)))
    .returning({ id: notifications.NotificationID })
  return rows.length
}

/**
 * An erased account's bell, preferences and digest go with it (docs/decisions/090): statements for
 * the erasure's batch. The kept counts follow the deleted rows by trigger.
 */
export function forgetNotifications(db: Db, role: Role, accountId: number) {
  const own = { role, accountId }
  return [
    db.delete(notifications).where(ofRecipient(own)),
    db.delete(mailPreferences).where(and(eq(mailPreferences.role, role), eq(mailPreferences.accountId, accountId))),
    ...(role === 'vendor' ? [db.delete(vendorDigests).where(eq(vendorDigests.VendorID, accountId))] : []),
  ] as const
}

/**
 * Other people's entries that name an erased account get `neutral` where its name stood, in the
 * notices' name spots only (domain/mail-templates.ts NAME_SPOTS; docs/decisions/137): a statement
 * for the erasure's batch, reading only those entries.
 */
export function scrubNamesOf(db: Db, role: Role, accountId: number, neutral: string, spots: ReadonlyArray<readonly [string, string]>) {
  const scrubbed = (column: typeof notifications.title | typeof notifications.body) =>
    spots.reduce<SQL>(
      (text, [before, after]) => sql`replace(${text}, ${before} || ${notifications.aboutName} || ${after}, ${before + neutral + after})`,
      sql`${column}`,
    )
  return db
    .update(notifications)
    .set({ title: scrubbed(notifications.title), body: scrubbed(notifications.body), aboutName: neutral })
    .where(and(eq(notifications.aboutRole, role), eq(notifications.aboutId, accountId), sql`${notifications.aboutId} IS NOT NULL`))
}

// ---- Preferences -------------------------------------------------------------------------------

export async function mailChoices(db: Db, r: Recipient): Promise<Array<{ kind: string; mail: boolean }>> {
  return db
    .select({ kind: mailPreferences.kind, mail: mailPreferences.mail })
    .from(mailPreferences)
    .where(and(eq(mailPreferences.role, r.role), eq(mailPreferences.accountId, r.accountId)))
}

/** Whether the person turned a kind off (no row: they did not). */
export async function mailTurnedOff(db: Db, r: Recipient, kind: string): Promise<boolean> {
  const row = await db.query.mailPreferences.findFirst({
    columns: { mail: true },
    where: and(eq(mailPreferences.role, r.role), eq(mailPreferences.accountId, r.accountId), eq(mailPreferences.kind, kind)),
  })
  return row?.mail === false
}

export function setMailChoice(db: Db, r: Recipient, kind: string, mail: boolean, now: string) {
  return db
    .insert(mailPreferences)
    .values({ role: r.role, accountId: r.accountId, kind, mail, updatedAt: now })
    .onConflictDoUpdate({ target: [mailPreferences.role, mailPreferences.accountId, mailPreferences.kind], set: { mail, updatedAt: now } })
}

export async function findDigest(db: Db, vendorId: number) {
  return db.query.vendorDigests.findFirst({ where: eq(vendorDigests.VendorID, vendorId) })
}

/**
 * Sets the digest hour. Turning the digest on (from instant mails) starts it after the vendor's
 * newest lead, which was mailed already; changing the hour keeps what the digest has covered.
 */
export function setDigestHour(db: Db, vendorId: number, hour: number | null) {
  const newest = sql`(SELECT COALESCE(MAX(${leads.LeadID}), 0) FROM ${leads} WHERE ${leads.VendorID} = ${vendorId})`
  return db
    .insert(vendorDigests)
    .values({ VendorID: vendorId, digestHour: hour, coveredLeadId: newest })
    .onConflictDoUpdate({
      target: vendorDigests.VendorID,
      set: {
        digestHour: hour,
        coveredLeadId: sql`CASE WHEN ${vendorDigests.digestHour} IS NULL THEN ${newest} ELSE ${vendorDigests.coveredLeadId} END`,
      },
    })
}

// ---- Who and what a notice is about ------------------------------------------------------------

/** `version`: the account's token version, which its unsubscribe links are signed with (decision 258). */
export type Addressee = { name: string; email: string; erased: boolean; suspended: boolean; version: number }

export async function addresseeOf(db: Db, r: Recipient): Promise<Addressee | undefined> {
  switch (r.role) {
    case 'vendor': {
      const row = await db.query.vendors.findFirst({
        columns: { VendorName: true, Email: true, erasedAt: true, suspendedAt: true, tokenVersion: true },
        where: eq(vendors.VendorID, r.accountId),
      })
      return row && { name: row.VendorName, email: row.Email, erased: row.erasedAt !== null, suspended: row.suspendedAt !== null, version: row.tokenVersion }
    }
    case 'marketer': {
      const row = await db.query.marketers.findFirst({
        columns: { MarketerName: true, Email: true, erasedAt: true, suspendedAt: true, tokenVersion: true },
        where: eq(marketers.MarketerID, r.accountId),
      })
      return (
        row && {
          name: row.MarketerName,
          email: row.Email,
          erased: row.erasedAt !== null,
          suspended: row.suspendedAt !== null,
          version: row.tokenVersion,
        }
      )
    }
  }
}

/** The token version an account's unsubscribe links must be signed with; undefined for no such account. */
export async function unsubscribeVersionOf(db: Db, r: Recipient): Promise<number | undefined> {
  return (await addresseeOf(db, r))?.version
}

/** The lead's product (its snapshot) and influencer: what a vendor's lead notice names, no buyer data. */
export async function leadFacts(db: Db, leadId: number) {
  const [row] = await db
    .select({ ProductName: leads.ProductName, MarketerName: marketers.MarketerName, VendorName: vendors.VendorName })
    .from(leads)
    .innerJoin(marketers, eq(marketers.MarketerID, leads.MarketerID))
    .innerJoin(vendors, eq(vendors.VendorID, leads.VendorID))
    .where(eq(leads.LeadID, leadId))
  return row
}

/** The commission a status change wrote (same lead, same time), if it wrote one. */
export async function commissionWritten(db: Db, leadId: number, at: string) {
  const [row] = await db
    .select({ EntryID: e.EntryID, AmountPaise: e.AmountPaise, clearsAt: e.clearsAt })
    .from(e)
    .where(and(eq(e.LeadID, leadId), eq(e.convertedAt, at), eq(e.Kind, 'commission'), gt(e.AmountPaise, 0)))
  return row
}

export async function payoutFacts(db: Db, payoutId: number) {
  const [row] = await db
    .select({
      MarketerID: payouts.MarketerID,
      VendorID: payouts.VendorID,
      VendorName: vendors.VendorName,
      GrossPaise: payouts.GrossPaise,
      TdsPaise: payouts.TdsPaise,
      NetPaise: payouts.NetPaise,
      UTR: payouts.UTR,
      Method: payouts.Method,
      PaidOn: payouts.PaidOn,
    })
    .from(payouts)
    .innerJoin(vendors, eq(vendors.VendorID, payouts.VendorID))
    .where(eq(payouts.PayoutID, payoutId))
  return row
}

export async function payoutDetailsFacts(db: Db, marketerId: number) {
  const [row] = await db
    .select({ MarketerName: marketers.MarketerName, Method: payoutDetails.Method, UpiID: payoutDetails.UpiID, AccountNumber: payoutDetails.AccountNumber })
    .from(marketers)
    .leftJoin(payoutDetails, eq(payoutDetails.MarketerID, marketers.MarketerID))
    .where(eq(marketers.MarketerID, marketerId))
  return row
}

/** Vendors with open (pending or payable) commission owed to the influencer, from the kept figures. */
export async function vendorsOwing(db: Db, marketerId: number): Promise<number[]> {
  const rows = await db
    .select({ VendorID: ledgerFigures.VendorID })
    .from(ledgerFigures)
    .where(and(eq(ledgerFigures.MarketerID, marketerId), ne(ledgerFigures.VendorID, 0), gt(ledgerFigures.openPaise, 0)))
  return rows.map((r) => r.VendorID)
}

// ---- The digest --------------------------------------------------------------------------------

/** Vendors whose digest hour it is and who had no digest on `day` yet, a bounded number per run. */
export async function dueDigests(db: Db, hour: number, day: string, take: number) {
  return db
    .select({ VendorID: vendorDigests.VendorID })
    .from(vendorDigests)
    .where(and(eq(vendorDigests.digestHour, hour), or(isNull(vendorDigests.lastDay), lt(vendorDigests.lastDay, day))))
    .limit(take)
}

/** Claims the vendor's digest of `day`: false when another run already took it. */
export async function claimDigest(db: Db, vendorId: number, hour: number, day: string) {
  const rows = await db
    .update(vendorDigests)
    .set({ lastDay: day })
    .where(and(eq(vendorDigests.VendorID, vendorId), eq(vendorDigests.digestHour, hour), or(isNull(vendorDigests.lastDay), lt(vendorDigests.lastDay, day))))
    .returning({ coveredLeadId: vendorDigests.coveredLeadId })
  return rows[0]
}

/** The vendor's leads after `afterLeadId`, oldest first, at most `take` (the caller asks one more than it shows). */
export async function leadsSince(db: Db, vendorId: number, afterLeadId: number, take: number) {
  return db
    .select({ LeadID: leads.LeadID, ProductName: leads.ProductName, MarketerName: marketers.MarketerName, createdAt: leads.createdAt })
    .from(leads)
    .innerJoin(marketers, eq(marketers.MarketerID, leads.MarketerID))
    .where(and(eq(leads.VendorID, vendorId), gt(leads.LeadID, afterLeadId)))
    .orderBy(leads.LeadID)
    .limit(take)
}

export async function countLeadsSince(db: Db, vendorId: number, afterLeadId: number, cap: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(sql`(SELECT 1 FROM ${leads} WHERE ${leads.VendorID} = ${vendorId} AND ${leads.LeadID} > ${afterLeadId} LIMIT ${cap})`)
  return row?.n ?? 0
}

export async function newestLeadId(db: Db, vendorId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`MAX(${leads.LeadID})` })
    .from(leads)
    .where(eq(leads.VendorID, vendorId))
  return row?.id ?? 0
}

export async function coverDigest(db: Db, vendorId: number, leadId: number) {
  await db
    .update(vendorDigests)
    .set({ coveredLeadId: sql`MAX(${vendorDigests.coveredLeadId}, ${leadId})` })
    .where(eq(vendorDigests.VendorID, vendorId))
}

// ---- Commission became payable -----------------------------------------------------------------

const PAYABLE_CURSOR = 'commission-payable'

/**
 * Entries whose clearing time passed since the cursor, in clearing order, at most `take`: the
 * scan reads that many index entries and rows, whatever the ledger's size. Each comes with whether
 * it still stands open (not reversed, not paid), which the caller tells, and its names.
 */
export async function clearedSince(db: Db, now: string, take: number) {
  const cursor = await db.query.noticeCursors.findFirst({ where: eq(noticeCursors.name, PAYABLE_CURSOR) })
  const from = cursor ?? { at: now, id: 0 }
  const rows = await db
    .select({
      EntryID: e.EntryID,
      MarketerID: e.MarketerID,
      ProductName: e.ProductName,
      AmountPaise: e.AmountPaise,
      clearsAt: e.clearsAt,
      open: sql<number>`${e.reversedAt} IS NULL AND ${payoutItems.EntryID} IS NULL AND ${e.AmountPaise} > 0`,
      VendorID: e.VendorID,
      VendorName: vendors.VendorName,
    })
    .from(e)
    .innerJoin(vendors, eq(vendors.VendorID, e.VendorID))
    .leftJoin(payoutItems, eq(payoutItems.EntryID, e.EntryID))
    // The range on clearsAt alone, so the index is read from the cursor on; the tie on EntryID after.
    .where(and(gte(e.clearsAt, from.at), lte(e.clearsAt, now), or(gt(e.clearsAt, from.at), gt(e.EntryID, from.id))))
    .orderBy(e.clearsAt, e.EntryID)
    .limit(take)
  return rows.map((r) => ({ ...r, open: Boolean(r.open), clearsAt: r.clearsAt ?? now }))
}

/** Marks the entries told and moves the cursor past the scan, in one batch; answers the entries newly marked. */
export async function markPayableTold(db: Db, entries: Array<{ EntryID: number; MarketerID: number }>, last: { at: string; id: number }, now: string) {
  // One bound parameter for the whole list: D1 allows 100 per statement.
  const list = JSON.stringify(entries.map((x) => [x.EntryID, x.MarketerID]))
  const [marked] = await batchOf(db, [
    sql`INSERT INTO payable_notices (EntryID, MarketerID, toldAt)
      SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), ${now} FROM json_each(${list}) WHERE true
      ON CONFLICT DO NOTHING RETURNING EntryID`,
    db
      .insert(noticeCursors)
      .values({ name: PAYABLE_CURSOR, at: last.at, id: last.id })
      .onConflictDoUpdate({ target: noticeCursors.name, set: { at: last.at, id: last.id } }),
  ])
  return new Set((marked.results as Array<{ EntryID: number }>).map((m) => m.EntryID))
}
