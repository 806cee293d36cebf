// The dashboards' 30-day chart (beyond the spec): one point per calendar day (UTC),
// oldest first, for the signed-in vendor or influencer.

export const TREND_DAYS = 30

export type DailyPoint = { day: string; impressions: number; leads: number; conversions: number }

export type DailyTrend = { days: DailyPoint[] }
