import { Hono } from 'hono'
import { TREND_DAYS, type DailyTrend } from '../contract/trends'
import { db } from '../db/client'
import { dailyCounts } from '../db/trends'
import { ownerOf } from '../domain/roles'
import { buildTrend, lastDays } from '../domain/trends'
import type { AppEnv } from '../env'
import { callerOf, requireRole } from '../middleware/auth'
import { ok } from '../middleware/envelope'

// The dashboards' 30-day chart: the caller's own numbers. Operators have no dashboard of
// their own (the back office has its overview).
export const analyticsRoutes = new Hono<AppEnv>().get('/daily', requireRole('vendor', 'marketer'), async (c) => {
  const days = lastDays(new Date(), TREND_DAYS)
  const counts = await dailyCounts(db(c), c.env, ownerOf(callerOf(c)), days[0])
  return ok(c, 'Daily analytics', { days: buildTrend(days, counts) } satisfies DailyTrend)
})
