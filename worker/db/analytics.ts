import { count, eq, sql } from 'drizzle-orm'
import type { VendorAnalytics } from '../contract/vendor'
import { paiseToRupees } from '../contract/money'
import type { Bindings } from '../env'
import type { Db } from './client'
import { impressionTotal } from './impressions'
import { leads, products } from './schema'

/**
 * The six dashboard figures; revenue is the sum of the price snapshots of converted leads, and
 * impressions are rolled up plus not yet rolled up (KV).
 */
export async function vendorAnalytics(db: Db, stores: Pick<Bindings, 'DB' | 'IMPRESSIONS'>, vendorId: number): Promise<VendorAnalytics> {
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
    impressionTotal(stores, { VendorID: vendorId }),
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
