import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { indiaDay } from '../../worker/contract/india-date'
import type { DailyTrend } from '../../worker/contract/trends'
import { makeDb } from '../../worker/db/client'
import { recordImpression } from '../../worker/db/impressions'
import { impressionsDaily, leads, products } from '../../worker/db/schema'
import { buildTrend, lastDays } from '../../worker/domain/trends'
import { call } from '../helpers/api'
import { makeMarketer, makeVendor } from '../helpers/factories'

// The chart's days are India's (decision 280).
const today = indiaDay(Date.now())
const daysAgo = (n: number) => indiaDay(Date.now() - n * 86_400_000)

/** A product of `vendorId`, a lead for it from `marketerId`, and impressions, written straight to D1. */
async function arrange(vendorId: number, marketerId: number) {
  const d = makeDb(env.DB)
  const [product] = await d
    .insert(products)
    .values({
      VendorID: vendorId,
      ProductName: 'Kurta',
      Description: 'Cotton',
      PricePaise: 149900,
      CommissionType: 'Fixed',
      CommissionValue: 150,
      CommissionAmountPaise: 15000,
      Category: 'Clothing',
      SKU: `K-${vendorId}-${marketerId}`,
      Images: ['products/a.png'],
    })
    .returning()
  const lead = {
    ProductID: product.ProductID,
    VendorID: vendorId,
    MarketerID: marketerId,
    ClientName: 'Asha',
    ClientPhone: '9876543210',
    ProductName: 'Kurta',
    PricePaise: 149900,
    CommissionAmountPaise: 15000,
  }
  await d.insert(leads).values([
    { ...lead, createdAt: `${daysAgo(3)}T10:00:00.000Z` },
    { ...lead, createdAt: `${daysAgo(3)}T11:00:00.000Z`, Status: 'Converted', convertedAt: `${today}T09:00:00.000Z` },
    // Older than the window: never counted.
    { ...lead, createdAt: `${daysAgo(45)}T11:00:00.000Z` },
  ])
  await recordImpression(
    env.IMPRESSIONS,
    { productId: product.ProductID, vendorId: vendorId, marketerId: marketerId },
    (vendorId * 1000 + marketerId).toString(16).padStart(16, '0'),
  )
  await d.insert(impressionsDaily).values([
    { day: daysAgo(3), ProductID: product.ProductID, VendorID: vendorId, MarketerID: marketerId, n: 7 },
    { day: today, ProductID: product.ProductID, VendorID: vendorId, MarketerID: marketerId, n: 2 },
  ])
}

describe('GET /api/analytics/daily', () => {
  it('refuses a caller without a token', async () => {
    const res = await call('GET', '/api/analytics/daily')
    expect(res.status).toBe(401)
    expect(res.body.statusCode).toBe(0)
  })

  it("gives a vendor 30 days of their own impressions, leads and conversions, and nobody else's", async () => {
    const vendor = await makeVendor()
    const other = await makeVendor()
    const marketer = await makeMarketer()
    await arrange(vendor.id, marketer.id)
    await arrange(other.id, marketer.id)

    const res = await call<DailyTrend>('GET', '/api/analytics/daily', { token: vendor.token })
    expect(res.status).toBe(200)
    const days = res.body.data.days
    expect(days).toHaveLength(30)
    // 2 rolled up into D1 plus 1 still only in KV.
    expect(days.at(-1)).toEqual({ day: today, impressions: 3, leads: 0, conversions: 1 })
    expect(days.find((d) => d.day === daysAgo(3))).toEqual({ day: daysAgo(3), impressions: 7, leads: 2, conversions: 0 })
    expect(days.reduce((sum, d) => sum + d.leads, 0)).toBe(2)
  })

  it('gives an influencer the sum over every vendor whose products they shared', async () => {
    const marketer = await makeMarketer()
    await arrange((await makeVendor()).id, marketer.id)
    await arrange((await makeVendor()).id, marketer.id)
    const res = await call<DailyTrend>('GET', '/api/analytics/daily', { token: marketer.token })
    expect(res.body.data.days.at(-1)).toEqual({ day: today, impressions: 6, leads: 0, conversions: 2 })
  })
})

describe('trend helpers', () => {
  it("lists the last days of India's calendar oldest first, across a month end", () => {
    // 23:59 UTC on 2 March is 05:29 on 3 March in India.
    expect(lastDays(new Date('2026-03-02T23:59:00Z'), 4)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03'])
  })

  it('fills quiet days with zeros and adds up rows of the same day', () => {
    const impressions = [
      { day: '2026-01-02', n: 5 },
      { day: '2026-01-02', n: 2 },
      { day: '2025-12-01', n: 9 },
    ]
    expect(buildTrend(['2026-01-01', '2026-01-02'], { impressions, leads: [], conversions: [] })).toEqual([
      { day: '2026-01-01', impressions: 0, leads: 0, conversions: 0 },
      { day: '2026-01-02', impressions: 7, leads: 0, conversions: 0 },
    ])
  })
})
