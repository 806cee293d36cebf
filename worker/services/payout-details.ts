// An influencer's payout details (UPI or bank account, PAN). Only the influencer reads them, and
// the vendor who owes them money while something is payable (services/payouts.ts); no public
// read (profile, directory) touches the table.

import { maskGstin } from '../contract/gstin'
import type { PayoutDetailsDTO, PayoutDetailsSave } from '../contract/payouts'
import type { Db } from '../db/client'
import { findDetails } from '../db/ledger'
import { payoutDetails, type PayoutDetailsRow } from '../db/schema'
import type { Events } from './event-sink'

export function toDetailsDTO(row: PayoutDetailsRow): PayoutDetailsDTO {
  return {
    Method: row.Method,
    UpiID: row.UpiID,
    AccountHolder: row.AccountHolder,
    AccountNumber: row.AccountNumber,
    IFSC: row.IFSC,
    PAN: row.PAN,
    GSTIN: row.GSTIN,
    updatedAt: row.updatedAt,
  }
}

/** A PAN as the vendor sees it on screen: the last four characters (full only in the payouts CSV for the TDS return). */
export const maskPan = (pan: string) => `${'X'.repeat(Math.max(0, pan.length - 4))}${pan.slice(-4)}`

/** The details a vendor who owes the influencer sees: everything needed to pay, the PAN and GSTIN masked. */
export function toVendorDetailsDTO(row: PayoutDetailsRow): PayoutDetailsDTO {
  const dto = toDetailsDTO(row)
  return { ...dto, PAN: dto.PAN ? maskPan(dto.PAN) : null, GSTIN: dto.GSTIN ? maskGstin(dto.GSTIN) : null }
}

export async function ownDetails(db: Db, marketerId: number): Promise<PayoutDetailsDTO | null> {
  const row = await findDetails(db, marketerId)
  return row ? toDetailsDTO(row) : null
}

/** One statement: the other method's fields are cleared, so a vendor never sees stale bank details. */
/** What a save takes: the contract's output, with the GSTIN optional (no GSTIN: not registered). */
type DetailsSave = Omit<PayoutDetailsSave, 'GSTIN'> & { GSTIN?: string | null }

export async function saveDetails(db: Db, events: Events, marketerId: number, input: DetailsSave): Promise<PayoutDetailsDTO> {
  const upi = input.Method === 'UPI'
  const values = {
    Method: input.Method,
    UpiID: upi ? (input.UpiID ?? null) : null,
    AccountHolder: upi ? null : (input.AccountHolder ?? null),
    AccountNumber: upi ? null : (input.AccountNumber ?? null),
    IFSC: upi ? null : (input.IFSC ?? null),
    PAN: input.PAN,
    GSTIN: input.GSTIN ?? null,
    updatedAt: new Date().toISOString(),
  }
  const [row] = await db
    .insert(payoutDetails)
    .values({ MarketerID: marketerId, ...values })
    .onConflictDoUpdate({ target: payoutDetails.MarketerID, set: values })
    .returning()
  await events.raise({ type: 'payout_details.changed', marketerId, at: new Date().toISOString() })
  return toDetailsDTO(row)
}
