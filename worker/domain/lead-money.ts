// What a lead status change does to the ledger (decision 070), worked out before it is made, so the
// vendor can be told and asked for a reason. It mirrors db/ledger.ts ledgerFollowsLead statement by
// statement: that is what runs, this is what is promised.

import type { LeadStatus } from '../contract/lead'

export type LeadLedgerEntry = { AmountPaise: number; reversed: boolean; paid: boolean }

export type StatusMoney = {
  /** Open commission reversed (paise). */
  reversed: number
  /** Paid commission taken back as a negative adjustment, deducted from the next payout (paise). */
  deducted: number
  /** Open deduction reversed, because the lead is Converted again (paise). */
  restored: number
  /** New commission added (paise). */
  commission: number
  reasonRequired: boolean
}

export function statusMoney(entries: readonly LeadLedgerEntry[], commissionPaise: number, to: LeadStatus): StatusMoney {
  const standing = entries.filter((e) => !e.reversed)
  const total = standing.reduce((sum, e) => sum + e.AmountPaise, 0)
  const openOf = (sign: 1 | -1) => standing.filter((e) => !e.paid && Math.sign(e.AmountPaise) === sign).reduce((sum, e) => sum + e.AmountPaise, 0)
  const none = { reversed: 0, deducted: 0, restored: 0, commission: 0 }
  let moved: Omit<StatusMoney, 'reasonRequired'>
  if (to === 'Converted') {
    const restored = -openOf(-1)
    const after = total + restored
    moved = { ...none, restored, commission: after === 0 && commissionPaise > 0 ? commissionPaise : 0 }
  } else {
    const reversed = openOf(1)
    const after = total - reversed
    moved = { ...none, reversed, deducted: Math.max(after, 0) }
  }
  // A lead's first conversion is the ordinary way money starts; everything else that moves it
  // (taking it back, or giving it again after taking it back) needs the vendor's reason.
  const firstConversion = entries.length === 0
  const reasonRequired = moved.reversed > 0 || moved.deducted > 0 || moved.restored > 0 || (moved.commission > 0 && !firstConversion)
  return { ...moved, reasonRequired }
}
