import { ANALYTICS_ROUTES as R, TREND_DAYS } from '../contract/trends'
import { db } from '../db/client'
import { dailyCounts } from '../db/trends'
import { ownerOf } from '../domain/roles'
import { buildTrend, lastDays } from '../domain/trends'
import { callerOf } from '../middleware/auth'
import { handle, mountAll } from './define'

// The dashboards' 30-day chart: the caller's own numbers. Operators have no dashboard of
// their own (the back office has its overview).
export const analyticsRoutes = mountAll(
  handle(R.daily, async (c, r) => {
    const days = lastDays(new Date(), TREND_DAYS)
    const counts = await dailyCounts(db(c), c.env, ownerOf(callerOf(c)), days[0])
    return r.ok({ days: buildTrend(days, counts) })
  }),
)
