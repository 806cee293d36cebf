// Queries of the ledger (decision 018): the entries a lead status change writes, the open entries
// balances are worked out from, the paged lists, and the payout's one-batch write.

import { and, desc, eq, gte, isNull, lt, lte, max, sql, sum, type SQL } from 'drizzle-orm'
import type { EntryKind, EntryStatus } from '../contract/payouts'
import type { Terms } from '../domain/ledger'
import { batchOf, type Db } from './client'
import { cappedQuery, readCapped } from './capped-counts'
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
  // An entry a provider payout holds counts as paid here: the money may already be on its way (decision 298).
  const unpaid = sql`NOT EXISTS (SELECT 1 FROM payout_items pi WHERE pi.EntryID = commission_entries.EntryID)
    AND NOT EXISTS (SELECT 1 FROM payout_holds h WHERE h.EntryID = commission_entries.EntryID)`
  // The vendor's reason goes on every entry the change writes or reverses.
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

export type OpenEntry = {
  EntryID: number
  LeadID: number
  VendorID: number
  MarketerID: number
  ProductName: string
  Kind: EntryKind
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
  return db
    .select()
    .from(payoutDetails)
    .where(sql`${payoutDetails.MarketerID} IN (SELECT value FROM json_each(${JSON.stringify(marketerIds)}))`)
}

export async function namesOf(db: Db, marketerIds: number[]) {
  if (marketerIds.length === 0) return []
  return db
    .select({ MarketerID: marketers.MarketerID, MarketerName: marketers.MarketerName })
    .from(marketers)
    .where(sql`${marketers.MarketerID} IN (SELECT value FROM json_each(${JSON.stringify(marketerIds)}))`)
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
  // The total comes from the kept counts (a date range, as the statement asks for, has none).
  const dated = Boolean(filter.from || filter.before)
  const [rows, counted] = await Promise.all([
    base()
      .where(and(where, afterId !== null ? lt(e.EntryID, afterId) : undefined))
      .orderBy(desc(e.EntryID))
      .limit(take),
    dated ? null : batchOf(db, [entryCount({ VendorID: filter.VendorID, MarketerID: filter.MarketerID }, filter.status, now)]),
  ])
  const total = counted ? Number((counted[0].results[0] as { total: number } | undefined)?.total ?? 0) : rows.length
  return { rows, total }
}

export type EntryListRow = Awaited<ReturnType<typeof pageEntries>>['rows'][number]

export type PayoutFilter = { VendorID?: number; MarketerID?: number; from?: string; to?: string }

export async function pagePayouts(db: Db, filter: PayoutFilter, afterId: number | null, take: number, count = true) {
  const where = and(
    filter.VendorID ? eq(payouts.VendorID, filter.VendorID) : undefined,
    filter.MarketerID ? eq(payouts.MarketerID, filter.MarketerID) : undefined,
    filter.from ? gte(payouts.PaidOn, filter.from) : undefined,
    filter.to ? lte(payouts.PaidOn, filter.to) : undefined,
  )
  const page = db
    .select({
      payout: payouts,
      VendorName: vendors.VendorName,
      MarketerName: marketers.MarketerName,
      entries: sql<number>`(SELECT count(*) FROM payout_items pi WHERE pi.PayoutID = ${payouts.PayoutID})`.as('entries'),
      // The payee's PAN on file, for the payouts CSV (the TDS return); the list's DTO leaves it out.
      PAN: payoutDetails.PAN,
    })
    .from(payouts)
    .innerJoin(vendors, eq(vendors.VendorID, payouts.VendorID))
    .innerJoin(marketers, eq(marketers.MarketerID, payouts.MarketerID))
    .leftJoin(payoutDetails, eq(payoutDetails.MarketerID, payouts.MarketerID))
    .where(and(where, afterId !== null ? lt(payouts.PayoutID, afterId) : undefined))
    .orderBy(desc(payouts.PayoutID))
    .limit(take)
  // Counted on the first page only, and at most 1,001 (decision 295).
  const [rows, counted] = count ? await db.batch([page, cappedQuery(db, db.select({ one: sql`1` }).from(payouts).where(where))]) : [await page, null]
  return { rows: rows.map(({ payout, ...rest }) => ({ ...payout, ...rest })), total: counted ? readCapped(counted) : null }
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

/** Everything the platform's ledger holds, for the back office. */
export async function ledgerTotals(db: Db) {
  const [[entries], [paid]] = await db.batch([
    db
      .select({ standing: sum(e.AmountPaise), reversed: sql<number>`COALESCE(SUM(CASE WHEN ${e.reversedAt} IS NOT NULL THEN ${e.AmountPaise} END), 0)` })
      .from(e),
    db.select({ gross: sum(payouts.GrossPaise), tds: sum(payouts.TdsPaise), net: sum(payouts.NetPaise), count: sql<number>`count(*)` }).from(payouts),
  ])
  return { entries, paid }
}

// ---- Kept figures (decision 050) -----------------

export type Owner = { VendorID?: number; MarketerID?: number }

const openCommission = sql`e.reversedAt IS NULL AND e.AmountPaise > 0 AND NOT EXISTS (SELECT 1 FROM payout_items pi WHERE pi.EntryID = e.EntryID)`

const ownerOf = (o: Owner) =>
  o.VendorID && o.MarketerID
    ? sql`e.VendorID = ${o.VendorID} AND e.MarketerID = ${o.MarketerID}`
    : o.VendorID
      ? sql`e.VendorID = ${o.VendorID}`
      : sql`e.MarketerID = ${o.MarketerID ?? 0}`

/**
 * What cleared (payable) or fell due (overdue) between a row's cut and now, signed: negative when
 * now is before the cut. Reads only the open commissions whose clearing or due time lies between.
 */
function drift(o: Owner, cut: SQL, now: string) {
  const owner = ownerOf(o)
  const cleared = (value: SQL) =>
    sql`(SELECT COALESCE(SUM(CASE WHEN e.clearsAt > ${cut} THEN ${value} ELSE -${value} END), 0) FROM commission_entries e
      WHERE ${owner} AND ${openCommission} AND e.clearsAt > min(${cut}, ${now}) AND e.clearsAt <= max(${cut}, ${now}))`
  const overdue = sql`(SELECT COALESCE(SUM(CASE WHEN e.dueAt >= ${cut} THEN e.AmountPaise ELSE -e.AmountPaise END), 0) FROM commission_entries e
      WHERE ${owner} AND ${openCommission} AND e.dueAt >= min(${cut}, ${now}) AND e.dueAt < max(${cut}, ${now}))`
  return { payable: cleared(sql`e.AmountPaise`), payableN: cleared(sql`1`), overdue }
}

const vendorCut = (vendorId: number) => sql`(SELECT cut FROM ledger_figures WHERE VendorID = ${vendorId} AND MarketerID = 0)`

/**
 * Moves a vendor's cut (its row's and its pairs') to now: adds to each pair what cleared or fell
 * due since, then to the vendor's row. Reads the entries that changed state, nothing else.
 */
function moveVendorCut(vendorId: number, now: string): SQL[] {
  const c = vendorCut(vendorId)
  const own = drift({ VendorID: vendorId }, sql`ledger_figures.cut`, now)
  return [
    sql`UPDATE ledger_figures SET payablePaise = payablePaise + w.dp, payableN = payableN + w.dn, overduePaise = overduePaise + w.dov
      FROM (
        SELECT MarketerID, SUM(dp) AS dp, SUM(dn) AS dn, SUM(dov) AS dov FROM (
          SELECT e.MarketerID, CASE WHEN e.clearsAt > ${c} THEN e.AmountPaise ELSE -e.AmountPaise END AS dp, CASE WHEN e.clearsAt > ${c} THEN 1 ELSE -1 END AS dn, 0 AS dov
          FROM commission_entries e WHERE e.VendorID = ${vendorId} AND ${openCommission} AND e.clearsAt > min(${c}, ${now}) AND e.clearsAt <= max(${c}, ${now})
          UNION ALL
          SELECT e.MarketerID, 0, 0, CASE WHEN e.dueAt >= ${c} THEN e.AmountPaise ELSE -e.AmountPaise END
          FROM commission_entries e WHERE e.VendorID = ${vendorId} AND ${openCommission} AND e.dueAt >= min(${c}, ${now}) AND e.dueAt < max(${c}, ${now})
        ) GROUP BY MarketerID
      ) AS w
      WHERE ledger_figures.VendorID = ${vendorId} AND ledger_figures.MarketerID = w.MarketerID`,
    sql`UPDATE ledger_figures SET payablePaise = payablePaise + ${own.payable}, payableN = payableN + ${own.payableN}, overduePaise = overduePaise + ${own.overdue}, cut = ${now}
      WHERE VendorID = ${vendorId} AND MarketerID = 0`,
  ]
}

function moveMarketerCut(marketerId: number, now: string): SQL {
  const own = drift({ MarketerID: marketerId }, sql`ledger_figures.cut`, now)
  return sql`UPDATE ledger_figures SET payablePaise = payablePaise + ${own.payable}, payableN = payableN + ${own.payableN}, overduePaise = overduePaise + ${own.overdue}, cut = ${now}
    WHERE VendorID = 0 AND MarketerID = ${marketerId}`
}

export type FiguresRow = {
  VendorID: number
  MarketerID: number
  openPaise: number
  openN: number
  payablePaise: number
  payableN: number
  overduePaise: number
  adjustmentsPaise: number
  paidPaise: number
  paidN: number
  reversedN: number
  entriesN: number
  adjustmentN: number
  pairsN: number
  lastPayoutId: number | null
}

const FIGURE_COLUMNS = sql.raw(
  'f.VendorID, f.MarketerID, f.openPaise, f.openN, f.adjustmentsPaise, f.paidPaise, f.paidN, f.reversedN, f.entriesN, f.adjustmentN, f.pairsN, f.lastPayoutId',
)

/** One owner's row (a pair, a vendor or an influencer) as of now, or undefined when it has no entries. */
function figuresNow(o: Owner, now: string): SQL {
  const v = o.VendorID ?? 0
  const m = o.MarketerID ?? 0
  const d = drift(o, v ? vendorCut(v) : sql`f.cut`, now)
  return sql`SELECT ${FIGURE_COLUMNS}, f.payablePaise + ${d.payable} AS payablePaise, f.payableN + ${d.payableN} AS payableN, f.overduePaise + ${d.overdue} AS overduePaise
    FROM ledger_figures f WHERE f.VendorID = ${v} AND f.MarketerID = ${m}`
}

const yearOf = (o: Owner, fyStart: string) =>
  sql`SELECT grossPaise, tdsPaise, taxedPaise, lastPayoutId FROM ledger_years WHERE VendorID = ${o.VendorID ?? 0} AND MarketerID = ${o.MarketerID ?? 0} AND fyStart = ${fyStart}`

export type YearRow = { grossPaise: number; tdsPaise: number; taxedPaise: number; lastPayoutId: number }

/** A vendor's figures now (the cut moved on first) and their payouts in a financial year. */
export async function vendorFigures(db: Db, vendorId: number, now: string, fyStart: string) {
  const results = await batchOf(db, [...moveVendorCut(vendorId, now), figuresNow({ VendorID: vendorId }, now), yearOf({ VendorID: vendorId }, fyStart)])
  return { figures: results[2].results[0] as FiguresRow | undefined, year: results[3].results[0] as YearRow | undefined }
}

export const BY_VENDOR_MAX = 100

/**
 * An influencer's figures now, their payouts in a financial year, and up to BY_VENDOR_MAX vendors'
 * pair figures (each as of now, against that vendor's cut), by vendor id.
 */
export async function marketerFigures(db: Db, marketerId: number, now: string, fyStart: string) {
  // Each pair's drift against its vendor's cut (the row's vendor, not a bound id).
  const pairDrift = {
    payable: sql`(SELECT COALESCE(SUM(CASE WHEN e.clearsAt > vr.cut THEN e.AmountPaise ELSE -e.AmountPaise END), 0) FROM commission_entries e
      WHERE e.VendorID = f.VendorID AND e.MarketerID = f.MarketerID AND ${openCommission} AND e.clearsAt > min(vr.cut, ${now}) AND e.clearsAt <= max(vr.cut, ${now}))`,
    overdue: sql`(SELECT COALESCE(SUM(CASE WHEN e.dueAt >= vr.cut THEN e.AmountPaise ELSE -e.AmountPaise END), 0) FROM commission_entries e
      WHERE e.VendorID = f.VendorID AND e.MarketerID = f.MarketerID AND ${openCommission} AND e.dueAt >= min(vr.cut, ${now}) AND e.dueAt < max(vr.cut, ${now}))`,
  }
  const results = await batchOf(db, [
    moveMarketerCut(marketerId, now),
    figuresNow({ MarketerID: marketerId }, now),
    yearOf({ MarketerID: marketerId }, fyStart),
    sql`SELECT ${FIGURE_COLUMNS}, f.payablePaise + ${pairDrift.payable} AS payablePaise, 0 AS payableN, f.overduePaise + ${pairDrift.overdue} AS overduePaise,
        v.VendorName, COALESCE(y.tdsPaise, 0) AS tdsPaise
      FROM ledger_figures f
      JOIN ledger_figures vr ON vr.VendorID = f.VendorID AND vr.MarketerID = 0
      JOIN vendors v ON v.VendorID = f.VendorID
      LEFT JOIN ledger_years y ON y.VendorID = f.VendorID AND y.MarketerID = f.MarketerID AND y.fyStart = ${fyStart}
      WHERE f.MarketerID = ${marketerId} AND f.VendorID <> 0
      ORDER BY f.VendorID LIMIT ${BY_VENDOR_MAX}`,
  ])
  return {
    figures: results[1].results[0] as FiguresRow | undefined,
    year: results[2].results[0] as YearRow | undefined,
    byVendor: results[3].results as Array<FiguresRow & { VendorName: string; tdsPaise: number }>,
  }
}

/** The entries list's total for a filter, from the kept counts (the statuses that move with time as of now). */
export function entryCount(o: Owner, status: EntryStatus | undefined, now: string): SQL {
  const row = sql`(${figuresNow(o, now)})`
  switch (status) {
    case undefined:
      return sql`SELECT entriesN AS total FROM ${row}`
    case 'reversed':
      return sql`SELECT reversedN AS total FROM ${row}`
    case 'paid':
      return sql`SELECT paidN AS total FROM ${row}`
    case 'adjustment':
      return sql`SELECT adjustmentN AS total FROM ${row}`
    case 'payable':
      return sql`SELECT payableN AS total FROM ${row}`
    case 'pending':
      return sql`SELECT openN - payableN AS total FROM ${row}`
  }
}

export type OwedFigures = FiguresRow & {
  MarketerName: string
  lastPaidOn: string | null
  lastNetPaise: number | null
  lastUTR: string | null
}

/**
 * One page of the influencers a vendor owes or has paid, overdue first, then by payable (largest
 * first), keyset-paged on ledger_figures_owed_idx once the vendor's cut has moved to now.
 */
export async function owedFigures(db: Db, vendorId: number, now: string, after: [number, number, number] | null, take: number) {
  const keyset = after
    ? sql`AND ((f.overduePaise > 0) < ${after[0]} OR ((f.overduePaise > 0) = ${after[0]} AND (f.payablePaise < ${after[1]} OR (f.payablePaise = ${after[1]} AND f.MarketerID < ${after[2]}))))`
    : sql``
  const results = await batchOf(db, [
    ...moveVendorCut(vendorId, now),
    sql`SELECT ${FIGURE_COLUMNS}, f.payablePaise, f.payableN, f.overduePaise, m.MarketerName, p.PaidOn AS lastPaidOn, p.NetPaise AS lastNetPaise, p.UTR AS lastUTR
      FROM ledger_figures f
      JOIN marketers m ON m.MarketerID = f.MarketerID
      LEFT JOIN payouts p ON p.PayoutID = f.lastPayoutId
      WHERE f.VendorID = ${vendorId} AND f.MarketerID <> 0 ${keyset}
      ORDER BY (f.overduePaise > 0) DESC, f.payablePaise DESC, f.MarketerID DESC LIMIT ${take}`,
    sql`SELECT pairsN AS total FROM ledger_figures WHERE VendorID = ${vendorId} AND MarketerID = 0`,
  ])
  return { rows: results[2].results as OwedFigures[], total: Number((results[3].results[0] as { total: number } | undefined)?.total ?? 0) }
}

/** A pair's payouts in a financial year (what the TDS of the next one is worked out from). */
export async function pairYear(db: Db, vendorId: number, marketerId: number, fyStart: string): Promise<YearRow | undefined> {
  const [result] = await batchOf(db, [yearOf({ VendorID: vendorId, MarketerID: marketerId }, fyStart)])
  return result.results[0] as YearRow | undefined
}
