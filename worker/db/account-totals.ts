// The dashboards' figures as the triggers of migration account_totals_triggers keep them: one row
// per account, and one per account and day. Queries are returned unexecuted so callers batch them
// with what must describe the same moment (the rolled-up impression slots).

import { and, eq, gte } from 'drizzle-orm'
import type { Db } from './client'
import { type ACCOUNT_ROLES, accountDaily, accountTotals } from './schema'

export type AccountRole = (typeof ACCOUNT_ROLES)[number]

export type AccountFigures = {
  products: number
  leads: number
  pending: number
  converted: number
  revenuePaise: number
  commissionPaise: number
  impressions: number
}

/** The account a vendor's or an influencer's figures are kept under. */
export const accountOfOwner = (owner: { VendorID: number } | { MarketerID: number }): { role: AccountRole; id: number } =>
  'VendorID' in owner ? { role: 'vendor', id: owner.VendorID } : { role: 'marketer', id: owner.MarketerID }

/** An account with nothing yet has no row: every figure is zero. */
export const NO_FIGURES: AccountFigures = { products: 0, leads: 0, pending: 0, converted: 0, revenuePaise: 0, commissionPaise: 0, impressions: 0 }

/** The account's kept figures, as a query to batch. */
export const accountFigures = (db: Db, { role, id }: { role: AccountRole; id: number }) =>
  db
    .select({
      products: accountTotals.products,
      leads: accountTotals.leads,
      pending: accountTotals.pending,
      converted: accountTotals.converted,
      revenuePaise: accountTotals.revenuePaise,
      commissionPaise: accountTotals.commissionPaise,
      impressions: accountTotals.impressions,
    })
    .from(accountTotals)
    .where(and(eq(accountTotals.role, role), eq(accountTotals.accountId, id)))

/** Leads, conversions and rolled-up impressions per day of India's calendar from `fromDay` (YYYY-MM-DD) on, as a query to batch. */
export const accountDays = (db: Db, { role, id }: { role: AccountRole; id: number }, fromDay: string) =>
  db
    .select({ day: accountDaily.day, leads: accountDaily.leads, conversions: accountDaily.conversions, impressions: accountDaily.impressions })
    .from(accountDaily)
    .where(and(eq(accountDaily.role, role), eq(accountDaily.accountId, id), gte(accountDaily.day, fromDay)))
