import { describe, expect, it, vi } from 'vitest'
import { todayInput } from '../../web/src/pages/dashboard-shared/money'
import { indiaToday } from '../../web/src/lib/istTime'
import { formatCommission, formatCount, formatDate, formatRupees, imageList, mask, mediaUrl, slugify, truncate, truncateWords } from '../../web/src/lib/format'

describe('formatters', () => {
  it('formats rupees with Indian digit grouping', () => {
    expect(formatRupees(149999)).toBe('₹1,49,999')
    expect(formatRupees('1499.5')).toBe('₹1,499.50')
    expect(formatRupees(249.9)).toBe('₹249.90')
    expect(formatRupees(1499.999)).toBe('₹1,500')
    expect(formatRupees(1499, 2)).toBe('₹1,499.00')
    expect(formatRupees(12.345, 1)).toBe('₹12.3')
    expect(formatRupees(undefined)).toBe('₹0')
  })

  it('prefixes Fixed commission with the rupee sign and suffixes Percentage with %', () => {
    expect(formatCommission('Fixed', 150)).toBe('₹150')
    expect(formatCommission('Percentage', '12.5')).toBe('12.5%')
  })

  it('shortens counts to one-decimal K and M', () => {
    expect(formatCount(999)).toBe('999')
    expect(formatCount(1000)).toBe('1.0K')
    expect(formatCount(125_000)).toBe('125.0K')
    expect(formatCount(1_500_000)).toBe('1.5M')
    expect(formatCount(null)).toBe('0')
  })

  it("never shows '1000.0K': counts that round up to a million read as 1.0M", () => {
    expect(formatCount(999_949)).toBe('999.9K')
    expect(formatCount(999_950)).toBe('1.0M')
    expect(formatCount(999_999)).toBe('1.0M')
  })

  it("shows dates as 'Month D, YYYY'", () => {
    expect(formatDate('2026-11-02T10:00:00.000Z')).toBe('November 2, 2026')
    expect(formatDate('')).toBe('')
    expect(formatDate('not a date')).toBe('')
  })

  it("shows India's date, not the device's: 02:15 IST on 2 December reads December 2", () => {
    // 20:45 UTC on 1 December; the suite runs with whatever zone the machine has (often UTC).
    expect(formatDate('2026-12-01T20:45:00.000Z')).toBe('December 2, 2026')
    expect(formatDate('2026-12-01T18:29:00.000Z')).toBe('December 1, 2026')
    expect(formatDate(Date.parse('2027-03-31T20:00:00Z'))).toBe('April 1, 2027')
    // A payout's PaidOn is already India's day and stays that day in every zone.
    expect(formatDate('2027-03-31')).toBe('March 31, 2027')
  })

  it("fills 'Date paid' with India's today between midnight and 05:30 IST", () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-01T20:45:00Z'), toFake: ['Date'] })
    try {
      expect(todayInput()).toBe('2026-12-02')
      expect(indiaToday()).toBe('2026-12-02')
    } finally {
      vi.useRealTimers()
    }
  })

  it('truncates text and words with an ellipsis only when cut', () => {
    expect(truncate('https://collabkart.in/affiliate/track?x=1', 20)).toBe('https://collabkart.i...')
    expect(truncate('short', 20)).toBe('short')
    expect(truncateWords('one two three four five six seven', 6)).toBe('one two three four five six...')
    expect(truncateWords('one two', 6)).toBe('one two')
  })

  it('slugs a title by lower-casing and replacing runs of non-alphanumerics with one hyphen', () => {
    expect(slugify('Cotton Kurta - Indigo (XL)')).toBe('cotton-kurta-indigo-xl-')
    expect(slugify('Boat   Airdopes 141')).toBe('boat-airdopes-141')
  })

  it('masks all but the first and last two characters', () => {
    expect(mask('9876543210')).toBe('98******10')
    expect(mask('asha@example.in')).toBe('as***********in')
    expect(mask('abc')).toBe('abc')
    expect(mask(null)).toBe('')
  })

  it('builds media URLs from R2 keys and splits ImageURL lists', () => {
    expect(mediaUrl('products/a.png')).toBe('/media/products/a.png')
    expect(mediaUrl('/placeholder.png')).toBe('/placeholder.png')
    expect(mediaUrl(null)).toBe('')
    expect(imageList('products/a.png, products/b.webp,')).toEqual(['products/a.png', 'products/b.webp'])
  })
})
