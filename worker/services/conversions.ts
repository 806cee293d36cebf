// The conversion API (decision 163): a vendor's system, or a store's webhook, reports an order; the
// lead becomes Converted with its ledger entry in the same batch. The vendor's order id makes the
// call idempotent: the same report again answers the first result, a different one with the same
// order id is refused (409). A reversal (refund, cancellation) moves the lead to Lost under the
// dashboard's ledger rules: the commission is reversed before payment, adjusted after.

import { LEAD_NOT_FOUND_MESSAGE, type LeadStatus } from '../contract/lead'
import { paiseToRupees } from '../contract/money'
import { CONVERSION_MESSAGES, type ConversionDTO, type ConversionSource } from '../contract/v1'
import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/client'
import { findConversion, findLeadWithTerms, insertConversion, reverseConversionRow } from '../db/conversions'
import type { ConversionRow, Lead } from '../db/schema'
import { commissionPaise } from '../domain/commission'
import { Conflict, NotFound } from '../domain/errors'
import { normaliseCode } from '../contract/coupons'
import { leadForCoupon } from './coupon-orders'
import type { Events } from './event-sink'
import { resolveStoreRef } from './store-refs'

/**
 * Who the order is attributed to: one of the vendor's leads, a store's `ck_ref`, or a creator code
 * the order used (`productId` when the code covers more than one product).
 */
export type ConversionTarget = { leadId: number } | { ref: string } | { coupon: string; productId: number | null }

export type ConversionReport = {
  vendorId: number
  target: ConversionTarget
  orderId: string
  /** The order's amount in paise, or null. */
  amountPaise: number | null
  /** ISO; null: now. */
  occurredAt: string | null
  source: ConversionSource
}

/** What a status change this call made did, for the `lead.status_changed` event (null on a replay). */
export type LeadChange = { leadId: number; vendorId: number; marketerId: number; from: LeadStatus; to: LeadStatus; reason: string; at: string }

export type ConversionOutcome = { conversion: ConversionDTO; replayed: boolean; change: LeadChange | null }

export const toConversionDTO = (row: ConversionRow): ConversionDTO => ({
  ConversionID: row.ConversionID,
  orderId: row.OrderID,
  LeadID: row.LeadID,
  amount: row.AmountPaise,
  Commission: paiseToRupees(row.CommissionPaise),
  occurredAt: row.occurredAt,
  source: row.source,
  createdAt: row.createdAt,
  reversedAt: row.reversedAt,
})

/** What the report says beyond its order id, in a fixed order: a replay must say the same. */
const fingerprintOf = (r: ConversionReport) =>
  JSON.stringify({
    leadId: 'leadId' in r.target ? r.target.leadId : null,
    ref: 'ref' in r.target ? r.target.ref : null,
    // Only for coupons, so the fingerprints of conversions recorded before them stay the same.
    ...('coupon' in r.target ? { coupon: normaliseCode(r.target.coupon), productId: r.target.productId } : {}),
    amount: r.amountPaise,
    occurredAt: r.occurredAt === null ? null : new Date(r.occurredAt).toISOString(),
    source: r.source,
  })

/** The first result for a replay; 409 for a different report under the same order id. */
function replayOf(row: ConversionRow, fingerprint: string): ConversionOutcome {
  if (row.Fingerprint !== fingerprint) throw new Conflict(CONVERSION_MESSAGES.orderConflict)
  return { conversion: toConversionDTO(row), replayed: true, change: null }
}

async function leadOf(db: Db, vendorId: number, target: ConversionTarget, orderId: string, at: number) {
  if ('coupon' in target) {
    const lead = await leadForCoupon(db, vendorId, target, orderId, at)
    const found = await findLeadWithTerms(db, lead.LeadID)
    if (!found) throw new NotFound(LEAD_NOT_FOUND_MESSAGE)
    return found
  }
  if ('ref' in target) {
    // The window runs back from the order's time, not from when the store reported it.
    const lead = await resolveStoreRef(db, vendorId, target.ref, at)
    if (!lead) throw new NotFound(CONVERSION_MESSAGES.refNotFound)
    const found = await findLeadWithTerms(db, lead.LeadID)
    if (!found) throw new NotFound(CONVERSION_MESSAGES.refNotFound)
    return found
  }
  const found = await findLeadWithTerms(db, target.leadId)
  // Another vendor's lead is answered as no lead at all.
  if (!found || found.lead.VendorID !== vendorId) throw new NotFound(LEAD_NOT_FOUND_MESSAGE)
  return found
}

/**
 * The commission the order earns: a percentage of the order's amount when the store sent one and
 * the product pays a percentage; the lead's snapshot otherwise (Fixed, no amount, product deleted).
 */
function commissionFor(
  lead: Lead,
  terms: { CommissionType: 'Fixed' | 'Percentage' | null; CommissionValue: number | null },
  amountPaise: number | null,
): number {
  if (amountPaise === null || terms.CommissionType !== 'Percentage' || terms.CommissionValue === null) return lead.CommissionAmountPaise
  return commissionPaise(amountPaise, 'Percentage', terms.CommissionValue)
}

/** The lead.status_changed event of a change this call made (a replay made none), raised after its write. */
const raiseChange = (events: Events, change: LeadChange | null) => (change ? events.raise({ type: 'lead.status_changed', ...change }) : Promise.resolve())

export async function recordConversion(db: Db, events: Events, report: ConversionReport, now = Date.now()): Promise<ConversionOutcome> {
  const fingerprint = fingerprintOf(report)
  const existing = await findConversion(db, report.vendorId, report.orderId)
  if (existing) return replayOf(existing, fingerprint)
  const orderAt = report.occurredAt === null ? now : Date.parse(report.occurredAt)
  const { lead, ...terms } = await leadOf(db, report.vendorId, report.target, report.orderId, orderAt)
  if (lead.Status === 'Converted') throw new Conflict(CONVERSION_MESSAGES.leadConverted)
  const at = new Date(now).toISOString()
  const reason = `Order ${report.orderId}`
  let outcome: Awaited<ReturnType<typeof insertConversion>>
  try {
    outcome = await insertConversion(
      db,
      {
        VendorID: report.vendorId,
        OrderID: report.orderId,
        lead,
        AmountPaise: report.amountPaise,
        CommissionPaise: commissionFor(lead, terms, report.amountPaise),
        occurredAt: report.occurredAt === null ? at : new Date(report.occurredAt).toISOString(),
        source: report.source,
        Fingerprint: fingerprint,
        reason,
      },
      at,
    )
  } catch (err) {
    // Another report of the same order id (for another lead) came first: the whole batch is undone.
    if (!isUniqueViolation(err)) throw err
    const first = await findConversion(db, report.vendorId, report.orderId)
    if (!first) throw err
    return replayOf(first, fingerprint)
  }
  if (!outcome.row) throw new Conflict(CONVERSION_MESSAGES.leadChanged)
  if (!outcome.inserted) return replayOf(outcome.row, fingerprint)
  const change: LeadChange = { leadId: lead.LeadID, vendorId: lead.VendorID, marketerId: lead.MarketerID, from: lead.Status, to: 'Converted', reason, at }
  await raiseChange(events, change)
  return { conversion: toConversionDTO(outcome.row), replayed: false, change }
}

/** A refund or cancellation of the order: idempotent (a second call answers the reversed conversion). */
export async function reverseConversion(
  db: Db,
  events: Events,
  vendorId: number,
  orderId: string,
  reason: string | null,
  now = Date.now(),
): Promise<ConversionOutcome> {
  const row = await findConversion(db, vendorId, orderId)
  if (!row) throw new NotFound(CONVERSION_MESSAGES.notFound)
  if (row.reversedAt !== null) return { conversion: toConversionDTO(row), replayed: true, change: null }
  const at = new Date(now).toISOString()
  const why = reason ?? `Order ${orderId} refunded or cancelled`
  const lead = await findLeadWithTerms(db, row.LeadID)
  const done = await reverseConversionRow(db, row, 'Lost', why, at)
  if (!done.row) throw new NotFound(CONVERSION_MESSAGES.notFound)
  const change: LeadChange | null =
    done.leadChanged && lead ? { leadId: row.LeadID, vendorId, marketerId: lead.lead.MarketerID, from: 'Converted', to: 'Lost', reason: why, at } : null
  await raiseChange(events, change)
  return { conversion: toConversionDTO(done.row), replayed: !done.reversed, change }
}
