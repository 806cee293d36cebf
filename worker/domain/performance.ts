import type { Period } from '../contract/performance'

const DAY_MS = 86_400_000

/** The first UTC day of the period (today and the n-1 days before, as the daily impressions count days), '' for all time. */
export function periodStart(period: Period, now = Date.now()): string {
  if (period === 'all') return ''
  return new Date(now - (Number(period) - 1) * DAY_MS).toISOString().slice(0, 10)
}
