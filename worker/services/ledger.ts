// Reading the ledger (decision 050): an influencer's or a vendor's entries and balances, the
// influencer's statement, and the platform's totals for the back office. Balances are worked out
// when reading from the open entries and the payouts (domain/ledger.ts), so no job has to move
// entries from pending to payable.

import type { Balances, EntryQuery, MarketerBalanceDTO, ListedEntryDTO, EntryDisputeState } from '../contract/payouts'
import { paiseToRupees } from '../contract/money'
import type { Db } from '../db/client'
import {
  type EntryFilter,
  type EntryListRow,
  type FiguresRow,
  findDetails,
  marketerFigures,
  ledgerTotals,
  openEntries,
  pageEntries,
  pagePayouts,
  payoutSums,
  vendorFigures,
} from '../db/ledger'
import { type Cell, toCsv } from '../domain/csv'
import { addBalances, type BalancesPaise, balancesOf, clearsAt, dueAt, entryStatus, indiaDate, indiaDayStart, isOverdue, ZERO_BALANCES } from '../domain/ledger'
import { netReceivedPaise } from '../db/payouts-received'
import { financialYearOf } from '../domain/tds'
import { byRole, refuse } from '../domain/roles'
import { disputesOfEntries } from './disputes'
import { CSV_BOM } from './payouts'
import { pageThrough } from './paging'
import type { Caller } from '../types'

export function toEntryDTO(row: EntryListRow, now: number, dispute: EntryDisputeState | null = null): ListedEntryDTO {
  const terms = { HoldingDays: row.HoldingDays, PaymentTermsDays: row.PaymentTermsDays }
  return {
    EntryID: row.EntryID,
    LeadID: row.LeadID,
    VendorID: row.VendorID,
    VendorName: row.VendorName,
    MarketerID: row.MarketerID,
    MarketerName: row.MarketerName,
    ProductName: row.ProductName,
    Kind: row.Kind,
    Amount: paiseToRupees(row.AmountPaise),
    convertedAt: row.convertedAt,
    status: entryStatus(row, terms, now),
    clearsAt: clearsAt(row, terms),
    dueAt: dueAt(row, terms),
    overdue: isOverdue(row, terms, now),
    reversedAt: row.reversedAt,
    PayoutID: row.PayoutID,
    UTR: row.UTR,
    Reason: row.Reason,
    reversedReason: row.reversedReason,
    dispute,
  }
}

/** One page of the caller's entries, newest first: an influencer's own, or those of a vendor's products. */
export async function entryPage(db: Db, caller: Caller, query: EntryQuery, now: number) {
  const filter = byRole<EntryFilter>(caller, {
    vendor: (VendorID) => ({ VendorID, MarketerID: query.marketerId, status: query.status }),
    marketer: (MarketerID) => ({ MarketerID, VendorID: query.vendorId, status: query.status }),
    admin: refuse,
  })
  const nowIso = new Date(now).toISOString()
  const page = await pageThrough<EntryListRow>({
    cursor: query.cursor,
    limit: query.limit,
    order: 'newest',
    kinds: ['number'],
    fetch: (from, take) => pageEntries(db, filter, nowIso, from ? Number(from[0]) : null, take),
    keyOf: (row) => [row.EntryID],
  })
  const disputes = await disputesOfEntries(
    db,
    page.rows.map((row) => row.EntryID),
  )
  return { rows: page.rows.map((row) => toEntryDTO(row, now, disputes.get(row.EntryID) ?? null)), paging: page.paging }
}

export function balancesInRupees(b: BalancesPaise, tdsPaise: number, financialYear: string): Balances {
  return {
    pending: paiseToRupees(b.pending),
    payable: paiseToRupees(b.payable),
    overdue: paiseToRupees(b.overdue),
    paid: paiseToRupees(b.paid),
    adjustments: paiseToRupees(b.adjustments),
    lifetime: paiseToRupees(b.lifetime),
    tdsThisYear: paiseToRupees(tdsPaise),
    financialYear,
  }
}

type PairBalances = { VendorID: number; MarketerID: number; balances: BalancesPaise; tdsThisYear: number }

/**
 * Balances per vendor-influencer pair of one side: open entries give pending, payable and open
 * adjustments; payouts give paid (the sum of the entries they settled) and this year's TDS.
 */
export async function pairBalances(db: Db, owner: { VendorID?: number; MarketerID?: number }, now: number): Promise<PairBalances[]> {
  const fy = financialYearOf(indiaDate(now))
  const [open, allTime, thisYear] = await Promise.all([openEntries(db, owner), payoutSums(db, owner), payoutSums(db, owner, fy.start, fy.end)])
  const pairs = new Map<string, PairBalances>()
  const pair = (VendorID: number, MarketerID: number) => {
    const key = `${VendorID}:${MarketerID}`
    let found = pairs.get(key)
    if (!found) {
      found = { VendorID, MarketerID, balances: { ...ZERO_BALANCES }, tdsThisYear: 0 }
      pairs.set(key, found)
    }
    return found
  }
  for (const entry of open) {
    const p = pair(entry.VendorID, entry.MarketerID)
    p.balances = addBalances(p.balances, balancesOf([entry], now))
  }
  for (const sums of allTime) {
    const p = pair(sums.VendorID, sums.MarketerID)
    p.balances = addBalances(p.balances, { ...ZERO_BALANCES, paid: Number(sums.gross), lifetime: Number(sums.gross) })
  }
  for (const sums of thisYear) pair(sums.VendorID, sums.MarketerID).tdsThisYear += Number(sums.tds)
  return [...pairs.values()]
}

/** Balances from a kept figures row (domain/ledger.ts's BalancesPaise), zero when there is none. */
function balancesFrom(f: FiguresRow | undefined): BalancesPaise {
  if (!f) return ZERO_BALANCES
  const payable = Number(f.payablePaise)
  return {
    pending: Number(f.openPaise) - payable,
    payable,
    overdue: Number(f.overduePaise),
    paid: Number(f.paidPaise),
    adjustments: Number(f.adjustmentsPaise),
    lifetime: Number(f.openPaise) + Number(f.adjustmentsPaise) + Number(f.paidPaise),
  }
}

/**
 * The influencer's balances from the figures the ledger's writes keep, and by vendor (the first
 * BY_VENDOR_MAX vendors, by id: the Earnings tab's vendor filter).
 */
export async function marketerBalances(db: Db, marketerId: number, now: number): Promise<MarketerBalanceDTO> {
  const fy = financialYearOf(indiaDate(now))
  const [kept, details, net] = await Promise.all([
    marketerFigures(db, marketerId, new Date(now).toISOString(), fy.start),
    findDetails(db, marketerId),
    netReceivedPaise(db, marketerId),
  ])
  const total = balancesFrom(kept.figures)
  return {
    ...balancesInRupees(total, Number(kept.year?.tdsPaise ?? 0), fy.label),
    netReceived: paiseToRupees(net),
    needsPayoutDetails: !details && total.payable > 0,
    byVendor: kept.byVendor.map((p) => ({
      ...balancesInRupees(balancesFrom(p), Number(p.tdsPaise), fy.label),
      VendorID: p.VendorID,
      VendorName: p.VendorName,
    })),
  }
}

export async function vendorBalances(db: Db, vendorId: number, now: number): Promise<Balances> {
  const fy = financialYearOf(indiaDate(now))
  const kept = await vendorFigures(db, vendorId, new Date(now).toISOString(), fy.start)
  return balancesInRupees(balancesFrom(kept.figures), Number(kept.year?.tdsPaise ?? 0), fy.label)
}

/**
 * The platform's money for the back office: every pair's balances summed, and the
 * payouts recorded. Rupees, like the API.
 */
export async function platformMoney(db: Db, now: number) {
  const [pairs, totals] = await Promise.all([pairBalances(db, {}, now), ledgerTotals(db)])
  const total = pairs.reduce((sum, p) => addBalances(sum, p.balances), ZERO_BALANCES)
  return {
    ...balancesInRupees(
      total,
      pairs.reduce((sum, p) => sum + p.tdsThisYear, 0),
      financialYearOf(indiaDate(now)).label,
    ),
    payouts: Number(totals.paid?.count ?? 0),
    payoutsNet: paiseToRupees(Number(totals.paid?.net ?? 0)),
    payoutsTds: paiseToRupees(Number(totals.paid?.tds ?? 0)),
  }
}

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
const STATEMENT_MAX = 5000

/**
 * The influencer's statement for a date range (inclusive, India's calendar): every entry converted in it and every
 * payout paid in it (gross, TDS, net, reference), then the TDS of each financial year the payouts
 * fall in, to match against the tax statement (Form 26AS).
 */
export async function statementCsv(db: Db, marketerId: number, range: { from?: string; to?: string }, now: number): Promise<string> {
  const nowIso = new Date(now).toISOString()
  const [entries, payouts] = await Promise.all([
    pageEntries(
      db,
      { MarketerID: marketerId, from: range.from ? indiaDayStart(range.from) : undefined, before: range.to ? indiaDayStart(dayAfter(range.to)) : undefined },
      nowIso,
      null,
      STATEMENT_MAX,
    ),
    pagePayouts(db, { MarketerID: marketerId, from: range.from, to: range.to }, null, STATEMENT_MAX, false),
  ])
  const rows: Cell[][] = entries.rows.map((row) => {
    const dto = toEntryDTO(row, now)
    return ['Entry', indiaDate(Date.parse(dto.convertedAt)), dto.VendorName, dto.ProductName, dto.Amount, dto.status, dto.UTR, null, null, null, null]
  })
  const tdsByYear = new Map<string, number>()
  for (const p of payouts.rows) {
    const fy = financialYearOf(p.PaidOn).label
    tdsByYear.set(fy, (tdsByYear.get(fy) ?? 0) + p.TdsPaise)
    rows.push([
      'Payout',
      p.PaidOn,
      p.VendorName,
      null,
      null,
      p.Method,
      p.UTR,
      paiseToRupees(p.GrossPaise),
      paiseToRupees(p.TdsPaise),
      paiseToRupees(p.NetPaise),
      fy,
    ])
  }
  for (const [fy, tds] of tdsByYear) rows.push(['TDS for the year', null, null, null, null, null, null, null, paiseToRupees(tds), null, fy])
  return CSV_BOM + toCsv(['Type', 'Date', 'Vendor', 'Product', 'Amount', 'Status', 'Reference', 'Gross', 'TDS', 'Net', 'Financial year'], rows)
}
