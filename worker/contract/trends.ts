// The dashboards' 30-day chart (beyond the spec): one point per day of India's calendar (decision 280),
// oldest first, for the signed-in vendor or influencer.

import * as z from 'zod/mini'
import { defineRoute } from './route'

export const TREND_DAYS = 30

export const dailyPointSchema = z.object({
  /** 'YYYY-MM-DD'. */
  day: z.string(),
  impressions: z.number(),
  leads: z.number(),
  conversions: z.number(),
})
export type DailyPoint = z.output<typeof dailyPointSchema>

export const dailyTrendSchema = z.object({ days: z.array(dailyPointSchema) })
export type DailyTrend = z.output<typeof dailyTrendSchema>

export const ANALYTICS_ROUTES = {
  daily: defineRoute({
    method: 'get',
    path: '/api/analytics/daily',
    summary: "The dashboard's 30-day chart",
    access: ['vendor', 'marketer'],
    answer: {
      message: 'Daily analytics',
      schema: dailyTrendSchema,
      description: "The caller's own last 30 days of India's calendar, oldest first, zeros on quiet days.",
    },
  }),
}
