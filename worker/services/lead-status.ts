// The vendor's lead status change (decision 070): what it will move in the ledger, told before it is
// made, and the reason it needs when it takes commission back or gives it again.

import { LEAD_NOT_FOUND_MESSAGE, LEAD_REASON_MESSAGES, type LeadStatus, type LeadStatusChanged, type LeadStatusEffect } from '../contract/lead'
import { paiseToRupees } from '../contract/money'
import { MONEY_MESSAGES } from '../contract/payouts'
import type { Db } from '../db/client'
import { leadLedger } from '../db/disputes'
import { findLead, setLeadStatus } from '../db/leads'
import { findMarketer } from '../db/marketers'
import type { Lead } from '../db/schema'
import { Conflict, Forbidden, InvalidInput, NotFound } from '../domain/errors'
import { statusMoney } from '../domain/lead-money'
import type { Events } from './event-sink'

/** The vendor's own lead: 404 when there is none, 403 when it is another vendor's. */
export async function loadOwnedLead(db: Db, vendorId: number, leadId: number): Promise<Lead> {
  const lead = await findLead(db, leadId)
  if (!lead) throw new NotFound(LEAD_NOT_FOUND_MESSAGE)
  if (lead.VendorID !== vendorId) throw new Forbidden('You are not allowed to do this')
  return lead
}

export async function statusEffect(db: Db, lead: Lead, to: LeadStatus): Promise<LeadStatusEffect> {
  const [entries, marketer] = await Promise.all([leadLedger(db, lead.LeadID), findMarketer(db, lead.MarketerID)])
  const money = statusMoney(entries, lead.CommissionAmountPaise, to)
  return {
    LeadID: lead.LeadID,
    from: lead.Status,
    to,
    MarketerName: marketer?.MarketerName ?? '',
    reversed: paiseToRupees(money.reversed),
    deducted: paiseToRupees(money.deducted),
    restored: paiseToRupees(money.restored),
    commission: paiseToRupees(money.commission),
    reasonRequired: money.reasonRequired,
  }
}

// The database's ledger guards (migration money_triggers) abort a batch that raced a payout.
const isLedgerGuard = (err: unknown) => err instanceof Error && /ledger: /.test(`${err.message} ${String(err.cause ?? '')}`)

/**
 * Sets the status when the change moving money comes with a reason. Without a reason the status is
 * set only while it is still what the check saw, so a change made meanwhile cannot slip money past
 * the rule (409); with one, whatever the change moves is covered by it.
 */
export async function changeLeadStatus(
  db: Db,
  events: Events,
  lead: Lead,
  input: { Status: LeadStatus; Reason: string | null },
  now = Date.now(),
): Promise<LeadStatusChanged> {
  const entries = await leadLedger(db, lead.LeadID)
  if (statusMoney(entries, lead.CommissionAmountPaise, input.Status).reasonRequired && input.Reason === null) {
    throw new InvalidInput(LEAD_REASON_MESSAGES.required)
  }
  let changed: boolean
  try {
    changed = await setLeadStatus(db, lead.LeadID, input.Status, now, { reason: input.Reason, from: input.Reason === null ? lead.Status : undefined })
  } catch (err) {
    if (isLedgerGuard(err)) throw new Conflict(MONEY_MESSAGES.statusRace)
    throw err
  }
  if (!changed) throw new Conflict(MONEY_MESSAGES.statusRace)
  await events.raise({
    type: 'lead.status_changed',
    leadId: lead.LeadID,
    vendorId: lead.VendorID,
    marketerId: lead.MarketerID,
    from: lead.Status,
    to: input.Status,
    reason: input.Reason,
    at: new Date(now).toISOString(),
  })
  return { LeadID: lead.LeadID, Status: input.Status, Reason: input.Reason }
}
