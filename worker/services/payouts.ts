// Payouts (decision 018): what a vendor owes each influencer, the preview of a payout (entries, gross,
// TDS, net), recording it in one batch, the paged history and its CSV.

import { paiseToRupees } from '../contract/money'
import { MONEY_MESSAGES, type OwedRow, type PayoutDTO, type PayoutPreview, type PayoutQuery, type RecordPayout, type TdsBasis } from '../contract/payouts'
import { PAGE_LIMIT_DEFAULT } from '../contract/paging'
import type { Db } from '../db/client'
import {
  detailsOf,
  findDetails,
  insertPayout,
  namesOf,
  type OpenEntry,
  openEntries,
  owedFigures,
  pagePayouts,
  type PayoutFilter,
  type PayoutListRow,
  payoutSums,
} from '../db/ledger'
import { clearsAt, dueAt, entryStatus, indiaDate, isOverdue } from '../domain/ledger'
import { Conflict, InvalidInput, NotFound } from '../domain/errors'
import { byRole, refuse } from '../domain/roles'
import { decodeOrderCursor, pageOf } from '../domain/paging'
import { toCsv } from '../domain/csv'
import { financialYearOf, tdsFor } from '../domain/tds'
import { pageThrough } from './paging'
import { toVendorDetailsDTO } from './payout-details'
import type { Events } from './event-sink'
import type { Caller } from '../types'

export function toPayoutDTO(row: PayoutListRow): PayoutDTO {
  return {
    PayoutID: row.PayoutID,
    VendorID: row.VendorID,
    VendorName: row.VendorName,
    MarketerID: row.MarketerID,
    MarketerName: row.MarketerName,
    Gross: paiseToRupees(row.GrossPaise),
    TDS: paiseToRupees(row.TdsPaise),
    Net: paiseToRupees(row.NetPaise),
    Method: row.Method,
    UTR: row.UTR,
    PaidOn: row.PaidOn,
    createdAt: row.createdAt,
    entries: Number(row.entries),
  }
}

export async function payoutPage(db: Db, caller: Caller, query: PayoutQuery) {
  const filter = byRole<PayoutFilter>(caller, {
    vendor: (VendorID) => ({ VendorID, MarketerID: query.marketerId }),
    marketer: (MarketerID) => ({ MarketerID, VendorID: query.vendorId }),
    admin: refuse,
  })
  const page = await pageThrough<PayoutListRow>({
    cursor: query.cursor,
    limit: query.limit,
    order: 'newest',
    kinds: ['number'],
    fetch: (from, take, count) => pagePayouts(db, filter, from ? Number(from[0]) : null, take, count),
    keyOf: (row) => [row.PayoutID],
  })
  return { rows: page.rows.map(toPayoutDTO), paging: page.paging }
}

const sumOf = (entries: readonly OpenEntry[]) => entries.reduce((total, e) => total + e.AmountPaise, 0)

/**
 * The vendor's Payouts tab: one row per influencer they owe or have paid, what is overdue first,
 * then by payable (largest first), read from the kept figures a page at a time. Payout details
 * appear only while something is payable.
 */
export async function owedPage(db: Db, vendorId: number, query: { limit?: number; cursor?: string }, now: number) {
  const limit = query.limit ?? PAGE_LIMIT_DEFAULT
  const from = decodeOrderCursor(query.cursor, 'owed', ['number', 'number', 'number']) as [number, number, number] | null
  const { rows, total } = await owedFigures(db, vendorId, new Date(now).toISOString(), from, limit + 1)
  const page = pageOf(rows, limit, (r) => ['owed', Number(r.overduePaise) > 0 ? 1 : 0, Number(r.payablePaise), r.MarketerID])
  const details = await detailsOf(
    db,
    page.rows.filter((r) => Number(r.payablePaise) > 0).map((r) => r.MarketerID),
  )
  const detailsFor = new Map(details.map((d) => [d.MarketerID, toVendorDetailsDTO(d)]))
  const data: OwedRow[] = page.rows.map((r) => {
    const payable = Number(r.payablePaise)
    return {
      MarketerID: r.MarketerID,
      MarketerName: r.MarketerName,
      pending: paiseToRupees(Number(r.openPaise) - payable),
      payable: paiseToRupees(payable),
      overdue: paiseToRupees(Number(r.overduePaise)),
      adjustments: paiseToRupees(Number(r.adjustmentsPaise)),
      lastPayout: r.lastPaidOn ? { PaidOn: r.lastPaidOn, Net: paiseToRupees(Number(r.lastNetPaise)), UTR: r.lastUTR ?? '' } : null,
      payoutDetails: payable > 0 ? (detailsFor.get(r.MarketerID) ?? null) : null,
    }
  })
  return { rows: data, paging: { limit, nextCursor: page.nextCursor, total, totalCapped: false } }
}

export type Plan = {
  MarketerID: number
  settles: OpenEntry[]
  grossPaise: number
  tdsPaise: number
  tdsBasePaise: number
  rateBps: number
  basis: TdsBasis
  hasPan: boolean
  financialYear: string
  paidOn: string
  seen: { fyStart: string; fyEnd: string; lastPayoutId: number }
}

/**
 * Which entries a payout settles (the chosen payable ones, or every payable one, plus every open
 * adjustment, which the payout deducts) and its gross, TDS and net on the payment date.
 */
export async function planPayout(db: Db, vendorId: number, input: { MarketerID: number; EntryIDs?: number[]; PaidOn?: string }, now: number): Promise<Plan> {
  const open = await openEntries(db, { VendorID: vendorId, MarketerID: input.MarketerID })
  const payable = open.filter((e) => entryStatus(e, e.terms, now) === 'payable')
  const adjustments = open.filter((e) => e.AmountPaise < 0)
  let chosen = payable
  if (input.EntryIDs) {
    const wanted = new Set(input.EntryIDs)
    chosen = payable.filter((e) => wanted.has(e.EntryID))
    if (chosen.length !== wanted.size) throw new Conflict(MONEY_MESSAGES.entryNotPayable)
  }
  if (chosen.length === 0) throw new InvalidInput(MONEY_MESSAGES.nothingPayable)
  const settles = [...chosen, ...adjustments]
  const grossPaise = sumOf(settles)
  if (grossPaise <= 0) throw new InvalidInput(MONEY_MESSAGES.amountNotPositive)
  const paidOn = input.PaidOn ?? indiaDate(now)
  const fy = financialYearOf(paidOn)
  const [[prior], details] = await Promise.all([
    payoutSums(db, { VendorID: vendorId, MarketerID: input.MarketerID }, fy.start, fy.end),
    findDetails(db, input.MarketerID),
  ])
  const hasPan = Boolean(details?.PAN)
  const tds = tdsFor({ grossPaise, priorGrossPaise: Number(prior?.gross ?? 0), priorTaxedPaise: Number(prior?.taxed ?? 0), hasPan, paidOn })
  const seen = { fyStart: fy.start, fyEnd: fy.end, lastPayoutId: Number(prior?.lastPayoutId ?? 0) }
  return {
    MarketerID: input.MarketerID,
    settles,
    grossPaise,
    tdsPaise: tds.tdsPaise,
    tdsBasePaise: tds.basePaise,
    rateBps: tds.rateBps,
    basis: {
      section: '194H',
      yearTotal: paiseToRupees(tds.yearTotalPaise),
      threshold: paiseToRupees(tds.thresholdPaise),
      ratePercent: tds.ruleRateBps / 100,
      taxedBefore: paiseToRupees(Number(prior?.taxed ?? 0)),
      base: paiseToRupees(tds.basePaise),
    },
    hasPan,
    financialYear: fy.label,
    paidOn,
    seen,
  }
}

export async function previewPayout(
  db: Db,
  vendorId: number,
  input: { MarketerID: number; EntryIDs?: number[]; PaidOn?: string },
  now: number,
): Promise<PayoutPreview> {
  const plan = await planPayout(db, vendorId, input, now)
  const [[name], details] = await Promise.all([namesOf(db, [input.MarketerID]), findDetails(db, input.MarketerID)])
  if (!name) throw new NotFound('Influencer not found')
  return {
    MarketerID: input.MarketerID,
    MarketerName: name.MarketerName,
    entries: plan.settles.map((e) => ({
      EntryID: e.EntryID,
      LeadID: e.LeadID,
      VendorID: e.VendorID,
      VendorName: '',
      MarketerID: e.MarketerID,
      MarketerName: name.MarketerName,
      ProductName: e.ProductName,
      Kind: e.Kind,
      Amount: paiseToRupees(e.AmountPaise),
      convertedAt: e.convertedAt,
      status: entryStatus(e, e.terms, now),
      clearsAt: clearsAt(e, e.terms),
      dueAt: dueAt(e, e.terms),
      overdue: isOverdue(e, e.terms, now),
      reversedAt: null,
      PayoutID: null,
      UTR: null,
    })),
    gross: paiseToRupees(plan.grossPaise),
    tds: paiseToRupees(plan.tdsPaise),
    net: paiseToRupees(plan.grossPaise - plan.tdsPaise),
    tdsRatePercent: plan.rateBps / 100,
    panOnFile: plan.hasPan,
    financialYear: plan.financialYear,
    payoutDetails: details ? toVendorDetailsDTO(details) : null,
    tdsBasis: plan.basis,
  }
}

/**
 * What a refused payout batch means to the vendor. Every refusal of that batch is a constraint of
 * the ledger (the triggers' 'ledger: …' aborts, a key or NOT NULL): a conflict with what another
 * write did first, never a server fault. A reused UTR gets its own message.
 */
function payoutRefusal(err: unknown): Conflict | null {
  const text = err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : String(err)
  if (/ledger: UTR used|UNIQUE constraint failed: payouts\./i.test(text)) return new Conflict(MONEY_MESSAGES.utrUsed)
  if (/ledger: |constraint failed/i.test(text)) return new Conflict(MONEY_MESSAGES.payoutRace)
  return null
}

/**
 * Records a payout by the calling vendor. Date paid: a real day, not after today in India, not
 * before the oldest entry it settles. Two payouts of the same entries at once: one batch wins, the
 * other fails whole and answers 409.
 */
export async function recordPayout(db: Db, events: Events, vendorId: number, input: RecordPayout, now: number): Promise<PayoutDTO> {
  if (input.PaidOn > indiaDate(now)) throw new InvalidInput(MONEY_MESSAGES.dateFuture)
  const plan = await planPayout(db, vendorId, input, now)
  // The entry's UTC day: the earliest calendar day it has anywhere in India's reach, so a vendor
  // whose device shows an earlier date than India's (UTC+5:30) is not refused a same-day payout.
  const oldest = plan.settles.reduce((min, e) => (e.convertedAt < min ? e.convertedAt : min), plan.settles[0].convertedAt)
  if (input.PaidOn < oldest.slice(0, 10)) throw new InvalidInput(MONEY_MESSAGES.dateBeforeEntries)
  let payoutId: number
  try {
    payoutId = await insertPayout(db, {
      VendorID: vendorId,
      MarketerID: input.MarketerID,
      GrossPaise: plan.grossPaise,
      TdsPaise: plan.tdsPaise,
      TdsBasePaise: plan.tdsBasePaise,
      NetPaise: plan.grossPaise - plan.tdsPaise,
      Method: input.Method,
      UTR: input.UTR,
      PaidOn: input.PaidOn,
      entryIds: plan.settles.map((e) => e.EntryID),
      seen: plan.seen,
    })
  } catch (err) {
    throw payoutRefusal(err) ?? err
  }
  const page = await pagePayouts(db, { VendorID: vendorId }, payoutId + 1, 1, false)
  const payout = toPayoutDTO(page.rows[0])
  await events.raise({ type: 'payout.recorded', payoutId: payout.PayoutID, vendorId: payout.VendorID, marketerId: payout.MarketerID, at: payout.createdAt })
  return payout
}

const CSV_MAX = 5000

/** A UTF-8 byte-order mark first, so Excel reads ₹ and dashes as UTF-8. */
export const CSV_BOM = '\uFEFF'

/**
 * The caller's payouts in a date range (PaidOn, inclusive), newest first, with what a TDS return
 * under section 194H asks for: the influencer's PAN on file (in full: this export is the one place
 * the vendor gets it whole), the section, the financial year, gross, TDS and net.
 */
export async function payoutsCsv(db: Db, caller: Caller, from?: string, to?: string): Promise<string> {
  const filter = byRole<PayoutFilter>(caller, {
    vendor: (VendorID) => ({ VendorID, from, to }),
    marketer: (MarketerID) => ({ MarketerID, from, to }),
    admin: refuse,
  })
  const { rows } = await pagePayouts(db, filter, null, CSV_MAX, false)
  return (
    CSV_BOM +
    toCsv(
      ['Payout ID', 'Paid on', 'Financial year', 'Section', 'Vendor', 'Influencer', 'PAN', 'Gross', 'TDS', 'Net', 'Method', 'UTR', 'Entries'],
      rows.map((r) => [
        r.PayoutID,
        r.PaidOn,
        financialYearOf(r.PaidOn).label,
        '194H',
        r.VendorName,
        r.MarketerName,
        r.PAN,
        paiseToRupees(r.GrossPaise),
        paiseToRupees(r.TdsPaise),
        paiseToRupees(r.NetPaise),
        r.Method,
        r.UTR,
        Number(r.entries),
      ]),
    )
  )
}
