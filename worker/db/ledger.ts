// Queries of the ledger (issue 12): the entries a lead status change writes, the open entries
// balances are worked out from, the paged lists, and the payout's one-batch write.

import { and, desc, eq, gte, inArray, isNull, lt, lte, max, sql, sum, type SQL } from 'drizzle-orm'
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core'
import type { EntryStatus } from '../contract/payouts'
import type { Terms } from '../domain/ledger'
import type { Db } from './client'
import { commissionEntries as e, marketers, payoutDetails, payoutItems, payouts, vendors } from './schema'

/**
 * The entries that make a lead's ledger agree with its status, as statements for the same batch as
 * the status change. They read the state, not the change: the lead counts once while Converted
 * (its standing entries sum to its commission) and not at all otherwise. Leaving Converted
 * reverses the open commission, or, once it was paid, adds a negative adjustment; coming back
 * reverses that adjustment while it is still open, or adds a new commission. A payout that reaches
 * the database first simply turns a reversal into an adjustment.
 */
export function ledgerFollowsLead(leadId: number, now: string, reason: string | null = null): SQL[] {
  const standing = sql`(SELECT COALESCE(SUM(AmountPaise), 0) FROM commission_entries WHERE LeadID = ${leadId} AND reversedAt IS NULL)`
  const converted = sql`(SELECT Status FROM leads WHERE LeadID = ${leadId}) = 'Converted'`
  const unpaid = sql`NOT EXISTS (SELECT 1 FROM payout_items pi WHERE pi.EntryID = commission_entries.EntryID)`
  // The vendor's reason goes on every entry the change writes or reverses (issue 31).
  return [
    sql`UPDATE commission_entries SET reversedAt = ${now}, reversedReason = ${reason}
      WHERE LeadID = ${leadId} AND reversedAt IS NULL AND AmountPaise > 0 AND ${unpaid} AND NOT ${converted}`,
    sql`INSERT INTO commission_entries (LeadID, VendorID, MarketerID, ProductName, Kind, AmountPaise, convertedAt, Reason)
      SELECT LeadID, VendorID, MarketerID, ProductName, 'adjustment', -${standing}, ${now}, ${reason}
      FROM leads WHERE LeadID = ${leadId} AND Status <> 'Converted' AND ${standing} > 0`,
    sql`UPDATE commission_entries SET reversedAt = ${now}, reversedReason = ${reason}
      WHERE LeadID = ${leadId} AND reversedAt IS NULL AND AmountPaise < 0 AND ${unpaid} AND ${converted}`,
    sql`INSERT INTO commission_entries (LeadID, VendorID, MarketerID, ProductName, Kind, AmountPaise, convertedAt, Reason)
      SELECT LeadID, VendorID, MarketerID, ProductName, 'commission', CommissionAmountPaise, ${now}, ${reason}
      FROM leads WHERE LeadID = ${leadId} AND Status = 'Converted' AND CommissionAmountPaise > 0 AND ${standing} = 0`,
  ]
}

const dialect = new SQLiteAsyncDialect()

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

export type OpenEntry = {
  EntryID: number
  LeadID: number
  VendorID: number
  MarketerID: number
  ProductName: string
  Kind: 'commission' | 'adjustment'
  AmountPaise: number
  convertedAt: string
  reversedAt: string | null
  PayoutID: number | null
  terms: Terms
}

/**
 * Entries neither reversed nor paid (what pending, payable and open adjustments are made of), with
 * the vendor's current terms: the holding period is applied when reading, so a changed setting
 * moves every open entry at once.
 */
export async function openEntries(db: Db, owner: { VendorID?: number; MarketerID?: number }): Promise<OpenEntry[]> {
  const rows = await db
    .select({
      EntryID: e.EntryID,
      LeadID: e.LeadID,
      VendorID: e.VendorID,
      MarketerID: e.MarketerID,
      ProductName: e.ProductName,
      Kind: e.Kind,
      AmountPaise: e.AmountPaise,
      convertedAt: e.convertedAt,
      HoldingDays: vendors.HoldingDays,
      PaymentTermsDays: vendors.PaymentTermsDays,
    })
    .from(e)
    .innerJoin(vendors, eq(vendors.VendorID, e.VendorID))
    .leftJoin(payoutItems, eq(payoutItems.EntryID, e.EntryID))
    .where(
      and(
        owner.VendorID ? eq(e.VendorID, owner.VendorID) : undefined,
        owner.MarketerID ? eq(e.MarketerID, owner.MarketerID) : undefined,
        isNull(e.reversedAt),
        isNull(payoutItems.EntryID),
      ),
    )
    .orderBy(e.EntryID)
  return rows.map(({ HoldingDays, PaymentTermsDays, ...row }) => ({ ...row, reversedAt: null, PayoutID: null, terms: { HoldingDays, PaymentTermsDays } }))
}

/** Sum of payouts (gross, TDS) per vendor-influencer pair of one side, optionally within dates. */
export async function payoutSums(db: Db, owner: { VendorID?: number; MarketerID?: number }, from?: string, to?: string) {
  return db
    .select({
      VendorID: payouts.VendorID,
      MarketerID: payouts.MarketerID,
      gross: sql<number>`COALESCE(SUM(${payouts.GrossPaise}), 0)`,
      tds: sql<number>`COALESCE(SUM(${payouts.TdsPaise}), 0)`,
      taxed: sql<number>`COALESCE(SUM(${payouts.TdsBasePaise}), 0)`,
      lastPayoutId: max(payouts.PayoutID),
    })
    .from(payouts)
    .where(
      and(
        owner.VendorID ? eq(payouts.VendorID, owner.VendorID) : undefined,
        owner.MarketerID ? eq(payouts.MarketerID, owner.MarketerID) : undefined,
        from ? gte(payouts.PaidOn, from) : undefined,
        to ? lte(payouts.PaidOn, to) : undefined,
      ),
    )
    .groupBy(payouts.VendorID, payouts.MarketerID)
}

export async function findTerms(db: Db, vendorId: number): Promise<Terms | undefined> {
  return db.query.vendors.findFirst({ columns: { HoldingDays: true, PaymentTermsDays: true }, where: eq(vendors.VendorID, vendorId) })
}

export async function saveTerms(db: Db, vendorId: number, terms: Terms): Promise<void> {
  await db.update(vendors).set(terms).where(eq(vendors.VendorID, vendorId))
}

export async function findDetails(db: Db, marketerId: number) {
  return db.query.payoutDetails.findFirst({ where: eq(payoutDetails.MarketerID, marketerId) })
}

export async function detailsOf(db: Db, marketerIds: number[]) {
  if (marketerIds.length === 0) return []
  return db.select().from(payoutDetails).where(inArray(payoutDetails.MarketerID, marketerIds))
}

export async function namesOf(db: Db, marketerIds: number[]) {
  if (marketerIds.length === 0) return []
  return db.select({ MarketerID: marketers.MarketerID, MarketerName: marketers.MarketerName }).from(marketers).where(inArray(marketers.MarketerID, marketerIds))
}

export async function vendorNamesOf(db: Db, vendorIds: number[]) {
  if (vendorIds.length === 0) return []
  return db.select({ VendorID: vendors.VendorID, VendorName: vendors.VendorName }).from(vendors).where(inArray(vendors.VendorID, vendorIds))
}

export async function payoutsById(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  return db.select().from(payouts).where(inArray(payouts.PayoutID, ids))
}

// ---- Paged lists -------------------------------------------------------------------------------

const clears = sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${e.convertedAt}, '+' || ${vendors.HoldingDays} || ' days')`

/** The SQL twin of domain/ledger.ts entryStatus for the list's status filter ('adjustment': every adjustment). */
function statusIs(status: EntryStatus, now: string): SQL {
  const open = sql`${e.reversedAt} IS NULL AND ${payoutItems.EntryID} IS NULL`
  switch (status) {
    case 'reversed':
      return sql`${e.reversedAt} IS NOT NULL`
    case 'paid':
      return sql`${e.reversedAt} IS NULL AND ${payoutItems.EntryID} IS NOT NULL`
    case 'adjustment':
      return sql`${e.Kind} = 'adjustment'`
    case 'pending':
      return sql`${open} AND ${e.AmountPaise} > 0 AND ${clears} > ${now}`
    case 'payable':
      return sql`${open} AND ${e.AmountPaise} > 0 AND ${clears} <= ${now}`
  }
}

export type EntryFilter = {
  VendorID?: number
  MarketerID?: number
  status?: EntryStatus
  /** convertedAt bounds, ISO: from inclusive, before exclusive. */
  from?: string
  before?: string
}

export async function pageEntries(db: Db, filter: EntryFilter, now: string, afterId: number | null, take: number) {
  const where = and(
    filter.VendorID ? eq(e.VendorID, filter.VendorID) : undefined,
    filter.MarketerID ? eq(e.MarketerID, filter.MarketerID) : undefined,
    filter.status ? statusIs(filter.status, now) : undefined,
    filter.from ? gte(e.convertedAt, filter.from) : undefined,
    filter.before ? lt(e.convertedAt, filter.before) : undefined,
  )
  const base = () =>
    db
      .select({
        EntryID: e.EntryID,
        LeadID: e.LeadID,
        VendorID: e.VendorID,
        MarketerID: e.MarketerID,
        ProductName: e.ProductName,
        Kind: e.Kind,
        AmountPaise: e.AmountPaise,
        convertedAt: e.convertedAt,
        reversedAt: e.reversedAt,
        Reason: e.Reason,
        reversedReason: e.reversedReason,
        PayoutID: payoutItems.PayoutID,
        UTR: payouts.UTR,
        VendorName: vendors.VendorName,
        MarketerName: marketers.MarketerName,
        HoldingDays: vendors.HoldingDays,
        PaymentTermsDays: vendors.PaymentTermsDays,
      })
      .from(e)
      .innerJoin(vendors, eq(vendors.VendorID, e.VendorID))
      .innerJoin(marketers, eq(marketers.MarketerID, e.MarketerID))
      .leftJoin(payoutItems, eq(payoutItems.EntryID, e.EntryID))
      .leftJoin(payouts, eq(payouts.PayoutID, payoutItems.PayoutID))
  const [rows, [counted]] = await db.batch([
    base()
      .where(and(where, afterId !== null ? lt(e.EntryID, afterId) : undefined))
      .orderBy(desc(e.EntryID))
      .limit(take),
    db
      .select({ total: sql<number>`count(*)` })
      .from(e)
      .innerJoin(vendors, eq(vendors.VendorID, e.VendorID))
      .leftJoin(payoutItems, eq(payoutItems.EntryID, e.EntryID))
      .where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

export type EntryListRow = Awaited<ReturnType<typeof pageEntries>>['rows'][number]

export type PayoutFilter = { VendorID?: number; MarketerID?: number; from?: string; to?: string }

export async function pagePayouts(db: Db, filter: PayoutFilter, afterId: number | null, take: number) {
  const where = and(
    filter.VendorID ? eq(payouts.VendorID, filter.VendorID) : undefined,
    filter.MarketerID ? eq(payouts.MarketerID, filter.MarketerID) : undefined,
    filter.from ? gte(payouts.PaidOn, filter.from) : undefined,
    filter.to ? lte(payouts.PaidOn, filter.to) : undefined,
  )
  const [rows, [counted]] = await db.batch([
    db
      .select({
        payout: payouts,
        VendorName: vendors.VendorName,
        MarketerName: marketers.MarketerName,
        entries: sql<number>`(SELECT count(*) FROM payout_items pi WHERE pi.PayoutID = ${payouts.PayoutID})`.as('entries'),
      })
      .from(payouts)
      .innerJoin(vendors, eq(vendors.VendorID, payouts.VendorID))
      .innerJoin(marketers, eq(marketers.MarketerID, payouts.MarketerID))
      .where(and(where, afterId !== null ? lt(payouts.PayoutID, afterId) : undefined))
      .orderBy(desc(payouts.PayoutID))
      .limit(take),
    db.select({ total: sql<number>`count(*)` }).from(payouts).where(where),
  ])
  return { rows: rows.map(({ payout, ...rest }) => ({ ...payout, ...rest })), total: counted?.total ?? 0 }
}

export type PayoutListRow = Awaited<ReturnType<typeof pagePayouts>>['rows'][number]

// ---- Recording a payout ------------------------------------------------------------------------

export type NewPayout = {
  VendorID: number
  MarketerID: number
  GrossPaise: number
  TdsPaise: number
  TdsBasePaise: number
  NetPaise: number
  Method: 'UPI' | 'Bank transfer'
  UTR: string
  PaidOn: string
  entryIds: number[]
  /**
   * What the TDS was worked out from: the pair's payouts in the payment's financial year up to this
   * one. A payout for the pair recorded there meanwhile changes the TDS, so the insert then fails.
   */
  seen: { fyStart: string; fyEnd: string; lastPayoutId: number }
}

/**
 * The payout and the items settling its entries, written by one statement: the payout_records
 * trigger (migration payout_integrity) refuses a UTR the vendor already used, a payout of the pair
 * that joined the financial year since the TDS was worked out, an entry of another pair, and items
 * that do not add up to the gross; payout_items is keyed by the entry, so an entry another payout
 * settled first fails it too, and so do the triggers of migration money_triggers for an entry
 * reversed meanwhile. Any refusal leaves nothing written. The payout is then found by its UTR,
 * which is unique per vendor and, the statement having succeeded, this payout's.
 */
export async function insertPayout(db: Db, p: NewPayout): Promise<number> {
  const { entryIds, seen, ...row } = p
  const [, found] = await batchOf(db, [
    sql`INSERT INTO payout_records (VendorID, MarketerID, GrossPaise, TdsPaise, TdsBasePaise, NetPaise, Method, UTR, PaidOn, createdAt, EntryIDs, fyStart, fyEnd, lastPayoutId)
      VALUES (${row.VendorID}, ${row.MarketerID}, ${row.GrossPaise}, ${row.TdsPaise}, ${row.TdsBasePaise}, ${row.NetPaise}, ${row.Method}, ${row.UTR}, ${row.PaidOn},
        ${new Date().toISOString()}, ${JSON.stringify(entryIds)}, ${seen.fyStart}, ${seen.fyEnd}, ${seen.lastPayoutId})`,
    sql`SELECT PayoutID FROM payouts WHERE VendorID = ${row.VendorID} AND UTR = ${row.UTR} AND MarketerID = ${row.MarketerID}`,
  ])
  return (found.results[0] as { PayoutID: number }).PayoutID
}

/** Everything the platform's ledger holds, for the back office (issue 13). */
export async function ledgerTotals(db: Db) {
  const [[entries], [paid]] = await db.batch([
    db
      .select({ standing: sum(e.AmountPaise), reversed: sql<number>`COALESCE(SUM(CASE WHEN ${e.reversedAt} IS NOT NULL THEN ${e.AmountPaise} END), 0)` })
      .from(e),
    db.select({ gross: sum(payouts.GrossPaise), tds: sum(payouts.TdsPaise), net: sum(payouts.NetPaise), count: sql<number>`count(*)` }).from(payouts),
  ])
  return { entries, paid }
}
