import { describe, expect, it } from 'vitest'
import type { DailyPoint } from '../../worker/contract/trends'
import { drawnHeight, scaleTop } from '../../web/src/pages/dashboard-shared/trendScales'

// On one axis with 600 impressions a day, 3 leads were drawn at 0.4% of the
// chart's height, flat on 0.

const month: DailyPoint[] = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-11-${String(i + 1).padStart(2, '0')}`,
  impressions: 500 + (i % 7) * 20,
  leads: i % 5 === 0 ? 3 : i % 2,
  conversions: i % 10 === 0 ? 2 : 0,
}))

describe('the 30-day chart scales', () => {
  it('draws a busy day of leads and conversions high on their own axis, whatever the impressions', () => {
    expect(drawnHeight(month, 'events', 3)).toBeGreaterThan(0.5)
    expect(drawnHeight(month, 'events', 2)).toBeGreaterThan(0.4)
    expect(drawnHeight(month, 'views', 620)).toBeGreaterThan(0.8)
  })

  it('keeps each axis a little above its highest value, and at least 4 in a quiet month', () => {
    expect(scaleTop(month, 'views')).toBe(Math.ceil(620 * 1.15))
    expect(scaleTop(month, 'events')).toBe(4)
    expect(scaleTop([], 'events')).toBe(4)
  })
})
