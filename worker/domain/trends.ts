import type { DailyPoint } from '../contract/trends'

const DAY_MS = 24 * 60 * 60 * 1000

/** The last `count` UTC calendar days ending with the day of `now`, oldest first, as YYYY-MM-DD. */
export function lastDays(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10))
}

export type DayCount = { day: string; n: number }

/**
 * One point per day; days without activity are zeros, counts outside the window are ignored, and
 * several rows for one day (rolled-up and pending impressions) add up.
 */
export function buildTrend(days: readonly string[], counts: { impressions: DayCount[]; leads: DayCount[]; conversions: DayCount[] }): DailyPoint[] {
  const index = (rows: DayCount[]) => {
    const byDay = new Map<string, number>()
    for (const r of rows) byDay.set(r.day, (byDay.get(r.day) ?? 0) + Number(r.n))
    return byDay
  }
  const impressions = index(counts.impressions)
  const leads = index(counts.leads)
  const conversions = index(counts.conversions)
  return days.map((day) => ({ day, impressions: impressions.get(day) ?? 0, leads: leads.get(day) ?? 0, conversions: conversions.get(day) ?? 0 }))
}
