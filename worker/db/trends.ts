import type { DayCount } from '../domain/trends'
import type { Bindings } from '../env'
import { accountDays, accountOfOwner } from './account-totals'
import { type Db, prepared } from './client'
import { mergeDays, withPendingByDay } from './impressions'

/**
 * Per-day counts for one vendor or influencer since `fromDay` (YYYY-MM-DD), from the days the
 * triggers keep (account_daily): leads by creation day, conversions by the day they were
 * converted, impressions rolled up plus those still in KV (as the dashboard totals count them).
 */
export async function dailyCounts(
  d: Db,
  stores: Pick<Bindings, 'IMPRESSIONS'>,
  owner: { VendorID: number } | { MarketerID: number },
  fromDay: string,
  now = Date.now(),
) {
  const { rows: days, pending } = await withPendingByDay(d, stores.IMPRESSIONS, owner, prepared(accountDays(d, accountOfOwner(owner), fromDay)), now)
  const nonZero = (rows: DayCount[]) => rows.filter((r) => r.n !== 0)
  return {
    impressions: mergeDays(
      days.map((r) => ({ day: r.day, n: r.impressions })),
      pending,
      fromDay,
    ) satisfies DayCount[],
    leads: nonZero(days.map((r) => ({ day: r.day, n: r.leads }))),
    conversions: nonZero(days.map((r) => ({ day: r.day, n: r.conversions }))),
  }
}
