import { describe, expect, it } from 'vitest'
import { shortCount } from '../../worker/domain/counts'
import { engagementRate } from '../../worker/domain/engagement'

describe('engagement rate', () => {
  it.each([
    [25_000_000, 0.8, 2.0],
    [10_000_000, 0.8, 2.0],
    [9_999_999, 1.2, 3.0],
    [1_000_000, 1.2, 3.0],
    [250_000, 2, 4],
    [100_000, 2, 4],
    [99_999, 3, 5.5],
    [10_000, 3, 5.5],
    [9_999, 4, 7],
    [1, 4, 7],
  ])('stays within the spec tier for a reach of %i (%f-%f) for every influencer', (reach, low, high) => {
    const rates = Array.from({ length: 300 }, (_, i) => engagementRate(i + 1, reach))
    for (const rate of rates) {
      expect(rate).toBeGreaterThanOrEqual(low)
      expect(rate).toBeLessThanOrEqual(high)
      expect(Math.round(rate * 100) / 100).toBe(rate)
    }
    // Different influencers get different rates, spread over the range.
    expect(new Set(rates).size).toBeGreaterThan(50)
    expect(Math.min(...rates)).toBeLessThan(low + (high - low) * 0.2)
    expect(Math.max(...rates)).toBeGreaterThan(high - (high - low) * 0.2)
  })

  it('is the same for the same influencer every time', () => {
    for (const id of [1, 42, 9001]) expect(engagementRate(id, 50_000)).toBe(engagementRate(id, 50_000))
  })

  it('is 0 without any reach', () => {
    expect(engagementRate(7, 0)).toBe(0)
  })
})

describe('short counts', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0K'],
    [125_000, '125.0K'],
    [45_250, '45.3K'],
    [1_000_000, '1.0M'],
    [2_345_678, '2.3M'],
  ])('shows %i as %s', (n, text) => {
    expect(shortCount(n)).toBe(text)
  })
})
