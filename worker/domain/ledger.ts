// The ledger's rules as plain functions (decision 018): when an entry clears and falls due, what state
// it is in at a moment, and the balances of a set of entries. The database queries and the
// property test both lean on these, so there is one definition of "payable".

import type { EntryStatus } from '../contract/payouts'

const DAY_MS = 86_400_000

export const HOLDING_DEFAULT = 14
export const TERMS_DEFAULT = 30

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * DAY_MS).toISOString()
}

export type LedgerEntry = {
  AmountPaise: number
  convertedAt: string
  reversedAt: string | null
  /** The payout that settled it, or null. */
  PayoutID: number | null
}

export type Terms = { HoldingDays: number; PaymentTermsDays: number }

export const clearsAt = (entry: Pick<LedgerEntry, 'convertedAt'>, terms: Terms) => addDays(entry.convertedAt, terms.HoldingDays)
export const dueAt = (entry: Pick<LedgerEntry, 'convertedAt'>, terms: Terms) => addDays(entry.convertedAt, terms.HoldingDays + terms.PaymentTermsDays)

/**
 * reversed and paid first (they are final); an open negative entry is an adjustment waiting for the
 * next payout; an open commission is pending until it clears, then payable.
 */
export function entryStatus(entry: LedgerEntry, terms: Terms, now: number): EntryStatus {
  if (entry.reversedAt !== null) return 'reversed'
  if (entry.PayoutID !== null) return 'paid'
  if (entry.AmountPaise < 0) return 'adjustment'
  return Date.parse(clearsAt(entry, terms)) <= now ? 'payable' : 'pending'
}

/** Payable and past the day the vendor promised to pay by. */
export function isOverdue(entry: LedgerEntry, terms: Terms, now: number): boolean {
  return entryStatus(entry, terms, now) === 'payable' && Date.parse(dueAt(entry, terms)) < now
}

export type BalancesPaise = { pending: number; payable: number; overdue: number; paid: number; adjustments: number; lifetime: number }

export const ZERO_BALANCES: BalancesPaise = { pending: 0, payable: 0, overdue: 0, paid: 0, adjustments: 0, lifetime: 0 }

/**
 * Balances of entries (reversed ones count nowhere). `paid` is the sum of settled entries, which
 * is also the sum of the payouts' gross; lifetime is every entry that stands.
 */
export function balancesOf(entries: ReadonlyArray<LedgerEntry & { terms: Terms }>, now: number): BalancesPaise {
  const b = { ...ZERO_BALANCES }
  for (const e of entries) {
    const status = entryStatus(e, e.terms, now)
    if (status === 'reversed') continue
    b.lifetime += e.AmountPaise
    if (status === 'paid') b.paid += e.AmountPaise
    else if (status === 'adjustment') b.adjustments += e.AmountPaise
    else if (status === 'pending') b.pending += e.AmountPaise
    else {
      b.payable += e.AmountPaise
      if (isOverdue(e, e.terms, now)) b.overdue += e.AmountPaise
    }
  }
  return b
}

export function addBalances(a: BalancesPaise, b: BalancesPaise): BalancesPaise {
  return {
    pending: a.pending + b.pending,
    payable: a.payable + b.payable,
    overdue: a.overdue + b.overdue,
    paid: a.paid + b.paid,
    adjustments: a.adjustments + b.adjustments,
    lifetime: a.lifetime + b.lifetime,
  }
}

// Today in India as YYYY-MM-DD (the calendar vendors type payout dates in) and the moment such a
// day begins, for ranges over timestamps: the one helper of India's calendar (decision 259).
export { indiaDay as indiaDate, indiaDayStart } from '../contract/india-date'
