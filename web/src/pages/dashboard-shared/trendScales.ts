import type { DailyPoint } from '@contract/trends'

// The 30-day chart's two vertical scales. Impressions run in the hundreds a day and leads and
// conversions in ones, so on one shared axis the second pair lay flat on 0:
// impressions keep the left axis, leads and conversions get their own on the right.

export const SERIES = [
  { key: 'impressions', label: 'Impressions', color: '#4f46e5', scale: 'views' },
  { key: 'leads', label: 'Leads', color: '#f59e0b', scale: 'events' },
  { key: 'conversions', label: 'Conversions', color: '#10b981', scale: 'events' },
] as const

export type TrendScale = (typeof SERIES)[number]['scale']

/** From 0 to a little above the highest value of the scale's series, at least 4 so a quiet month still has steps. */
export function scaleTop(days: readonly DailyPoint[], scale: TrendScale): number {
  const max = Math.max(0, ...days.flatMap((d) => SERIES.filter((s) => s.scale === scale).map((s) => d[s.key])))
  return Math.max(4, Math.ceil(max * 1.15))
}

/** How high a value is drawn on its own scale, as a share of the plot's height (0 to 1). */
export const drawnHeight = (days: readonly DailyPoint[], scale: TrendScale, value: number) => value / scaleTop(days, scale)
