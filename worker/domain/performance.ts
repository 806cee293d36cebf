import { indiaDay } from '../contract/india-date'
import type { Period } from '../contract/performance'

const DAY_MS = 86_400_000

/** The first day of the period in India (today there and the n-1 days before, decision 280), '' for all time. */
export function periodStart(period: Period, now = Date.now()): string {
  if (period === 'all') return ''
  return indiaDay(now - (Number(period) - 1) * DAY_MS)
}
