import { count, eq, sql, sum } from 'drizzle-orm'
import type { VendorAnalytics } from '../contract/vendor'
import { paiseToRupees } from '../contract/money'
import type { Db } from './client'
import { impressionsDaily, leads, products } from './schema'

/**
 * Impressions rolled up into impressions_daily. Kept as one small function so it can give way to
 * the impression module's total (which may add counts not yet rolled up) without touching callers.
 */
export async function impressionTotal(db: Db, owner: { VendorID: number } | { MarketerID: number }): Promise<number> {
  const where = 'VendorID' in owner ? eq(impressionsDaily.VendorID, owner.VendorID) : eq(impressionsDaily.MarketerID, owner.MarketerID)
  const [row] = await db.select({ n: sum(impressionsDaily.n) }).from(impressionsDaily).where(where)
  return Number(row?.n ?? 0)
}

/** The six dashboard figures; revenue is the sum of the price snapshots of converted leads. */
export async function vendorAnalytics(db: Db, vendorId: number): Promise<VendorAnalytics> {
  const converted = sql`${leads.Status} = 'Converted'`
  const [[productRow], [leadRow], totalImpressions] = await Promise.all([
    db.select({ n: count() }).from(products).where(eq(products.VendorID, vendorId)),
    db
      .select({
        total: count(),
        converted: sql<number>`COALESCE(SUM(CASE WHEN ${converted} THEN 1 ELSE 0 END), 0)`,
        pending: sql<number>`COALESCE(SUM(CASE WHEN ${leads.Status} = 'Pending' THEN 1 ELSE 0 END), 0)`,
        revenuePaise: sql<number>`COALESCE(SUM(CASE WHEN ${converted} THEN ${leads.PricePaise} ELSE 0 END), 0)`,
      })
      .from(leads)
      .where(eq(leads.VendorID, vendorId)),
    impressionTotal(db, { VendorID: vendorId }),
  ])
  return {
    totalProducts: productRow?.n ?? 0,
    totalLeads: leadRow?.total ?? 0,
    totalConvertedLead: Number(leadRow?.converted ?? 0),
    totalPendingLead: Number(leadRow?.pending ?? 0),
    totalRevenue: paiseToRupees(Number(leadRow?.revenuePaise ?? 0)),
    totalImpressions,
  }
}
