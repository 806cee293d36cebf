import type { MarketerAnalytics } from '../contract/marketer'
import type { VendorAnalytics } from '../contract/vendor'
import { paiseToRupees } from '../contract/money'
import type { ImpressionOwner } from '../domain/impressions'
import type { Bindings } from '../env'
import { type AccountFigures, accountFigures, accountOfOwner, NO_FIGURES } from './account-totals'
import { type Db, prepared } from './client'
import { sumOfDays, withPendingByDay } from './impressions'

type Stores = Pick<Bindings, 'IMPRESSIONS'>

/**
 * An account's kept figures, with impressions counted as rolled up plus not yet rolled up (KV):
 * one D1 transaction (the figures and the rolled-up slots describe the same moment) beside one
 * listing of the account's own KV prefix per open slot.
 */
async function figuresOf(db: Db, stores: Stores, owner: ImpressionOwner, now = Date.now()): Promise<AccountFigures> {
  const { rows, pending } = await withPendingByDay(db, stores.IMPRESSIONS, owner, prepared(accountFigures(db, accountOfOwner(owner))), now)
  const kept = rows[0] ?? NO_FIGURES
  return { ...kept, impressions: kept.impressions + sumOfDays(pending) }
}

/** The vendor dashboard's six figures; revenue is the sum of the price snapshots of converted leads. */
export async function vendorAnalytics(db: Db, stores: Stores, vendorId: number): Promise<VendorAnalytics> {
  const f = await figuresOf(db, stores, { VendorID: vendorId })
  return {
    totalProducts: f.products,
    totalLeads: f.leads,
    totalConvertedLead: f.converted,
    totalPendingLead: f.pending,
    totalRevenue: paiseToRupees(f.revenuePaise),
    totalImpressions: f.impressions,
  }
}

/** The influencer dashboard's four figures; commission is the sum of the converted leads' commission snapshots. */
export async function marketerAnalytics(db: Db, stores: Stores, marketerId: number): Promise<MarketerAnalytics> {
  const f = await figuresOf(db, stores, { MarketerID: marketerId })
  return {
    totalLeads: f.leads,
    totalConversions: f.converted,
    totalCommission: paiseToRupees(f.commissionPaise),
    totalImpressions: f.impressions,
  }
}
