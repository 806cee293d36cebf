import { Hono } from 'hono'
import { TREND_DAYS, type DailyTrend } from '../contract/trends'
import { db } from '../db/client'
import { dailyCounts } from '../db/trends'
import { buildTrend, lastDays } from '../domain/trends'
import type { AppEnv } from '../env'
import { callerOf, requireAuth } from '../middleware/auth'
import { forbidden, ok } from '../middleware/envelope'

// The dashboards' 30-day chart (issue 6): the caller's own numbers, whichever role they have.
export const analyticsRoutes = new Hono<AppEnv>().get('/daily', requireAuth, async (c) => {
  const caller = callerOf(c)
  // Operators have no dashboard of their own (the back office has its overview).
  if (caller.role === 'admin') throw forbidden()
  const days = lastDays(new Date(), TREND_DAYS)
  const counts = await dailyCounts(db(c), c.env, caller.role, caller.id, days[0])
  return ok(c, 'Daily analytics', { days: buildTrend(days, counts) } satisfies DailyTrend)
})
