import { indiaDay } from '../contract/india-date'
import type { DailyPoint } from '../contract/trends'

const DAY_MS = 24 * 60 * 60 * 1000

/** The last `count` days of India's calendar ending with India's day of `now`, oldest first, as YYYY-MM-DD (decision 280). */
export function lastDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => indiaDay(now.getTime() - (count - 1 - i) * DAY_MS))
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
