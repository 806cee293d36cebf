import { indiaDay } from '../../worker/contract/india-date'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LinkPerformanceRow, VendorPerformanceRow } from '../../worker/contract/performance'
import { PERFORMANCE_MESSAGES } from '../../worker/contract/performance'
import type { PagedEnvelope } from '../../worker/contract/paging'
import type { ProductDTO } from '../../worker/contract/product'
import { makeDb } from '../../worker/db/client'
import { impressionsDaily, leads, products } from '../../worker/db/schema'
import { call, ORIGIN } from '../helpers/api'
import { makeMarketer, makeProduct, makeVendor, type SignedInMarketer, type SignedInVendor } from '../helpers/factories'
import { track } from '../helpers/tracking'

// 'My Links' and 'Performance' (decision 017): every figure checked against the fixture below, worked
// out by hand. Days are counted back from today (UTC); a 7-day period is today and the 6 days before.
//
// Products of one vendor: P1 ₹1,000 (commission ₹100), P2 ₹500 (₹50), P3 switched off.
// Daily impressions (D1): A·P1 10 (2 days ago), A·P1 5 (20), A·P2 7 (60), B·P1 3 (200), B·P2 4 (1).
// Impressions still in KV: one new visitor on A·P1 today.
// Leads: A·P1 Converted (1), Pending (3), Converted (25); A·P2 Lost (50); B·P1 Converted (100); B·P2 Converted (2).

const DAY = 86_400_000
const dayAgo = (k: number) => indiaDay(Date.now() - k * DAY)

let vendor: SignedInVendor
let otherVendor: SignedInVendor
let a: SignedInMarketer
let b: SignedInMarketer
let p1: ProductDTO
let p2: ProductDTO
let p3: ProductDTO

beforeAll(async () => {
  vendor = await makeVendor({ VendorName: 'Kesar Kitchen' })
  otherVendor = await makeVendor({ VendorName: 'Elsewhere' })
  a = await makeMarketer({ MarketerName: 'Asha' })
  b = await makeMarketer({ MarketerName: '=HYPERLINK("x")' })
  p1 = await makeProduct(vendor, { ProductName: 'Saffron Tin', Price: '1000', CommissionType: 'Fixed', CommissionValue: '100' })
  p2 = await makeProduct(vendor, { ProductName: 'cardamom Jar', Price: '500', CommissionType: 'Percentage', CommissionValue: '10' })
  p3 = await makeProduct(vendor, { ProductName: 'Old Stock', Price: '10', CommissionType: 'Fixed', CommissionValue: '1' })
  const db = makeDb(env.DB)
  await db.update(products).set({ IsActive: false }).where(eq(products.ProductID, p3.ProductID))
  const imp = (k: number, p: ProductDTO, m: SignedInMarketer, n: number) => ({
    day: dayAgo(k),
    ProductID: p.ProductID,
    VendorID: vendor.id,
    MarketerID: m.id,
    n,
  })
  await db.insert(impressionsDaily).values([imp(2, p1, a, 10), imp(20, p1, a, 5), imp(60, p2, a, 7), imp(200, p1, b, 3), imp(1, p2, b, 4)])
  const lead = (k: number, p: ProductDTO, m: SignedInMarketer, Status: 'Pending' | 'Converted' | 'Lost') => {
    const at = new Date(Date.now() - k * DAY).toISOString()
    const price = p === p1 ? 100_000 : 50_000
    return {
      ProductID: p.ProductID,
      VendorID: vendor.id,
      MarketerID: m.id,
      ClientName: 'Kiran',
      ClientPhone: '9000000000',
      Status,
      ProductName: p.ProductName,
      PricePaise: price,
      CommissionAmountPaise: price / 10,
      createdAt: at,
      updatedAt: at,
    }
  }
  await db
    .insert(leads)
    .values([
      lead(1, p1, a, 'Converted'),
      lead(3, p1, a, 'Pending'),
      lead(25, p1, a, 'Converted'),
      lead(50, p2, a, 'Lost'),
      lead(100, p1, b, 'Converted'),
      lead(2, p2, b, 'Converted'),
    ])
  expect((await track({ productId: p1.ProductID, vendorId: vendor.id, marketerId: a.id }, { ip: '198.51.100.9' })).status).toBe(202)
})

const figures = (r: { impressions: number; leads: number; conversions: number; conversionRate: number; commission: number; revenue?: number }) => [
  r.impressions,
  r.leads,
  r.conversions,
  r.conversionRate,
  r.revenue ?? null,
  r.commission,
]

async function myLinks(query: string, token = a.token) {
  const res = await call<LinkPerformanceRow[]>('GET', `/api/affiliate/my-links?${query}`, { token })
  return { ...res, body: res.body as PagedEnvelope<LinkPerformanceRow> }
}
async function performance(view: 'products' | 'influencers', query: string, token = vendor.token) {
  const res = await call<VendorPerformanceRow[]>('GET', `/api/vendors/performance/${view}?${query}`, { token })
  return { ...res, body: res.body as PagedEnvelope<VendorPerformanceRow> }
}

describe("the influencer's My Links", () => {
  it.each([
    ['7', [11, 2, 1, 50, 1000, 100], [0, 0, 0, 0, 0, 0]],
    ['30', [16, 3, 2, 66.7, 2000, 200], [0, 0, 0, 0, 0, 0]],
    ['90', [16, 3, 2, 66.7, 2000, 200], [7, 1, 0, 0, 0, 0]],
    ['all', [16, 3, 2, 66.7, 2000, 200], [7, 1, 0, 0, 0, 0]],
  ])('adds up impressions (D1 and KV), leads, conversions, rate and commission over %s days', async (period, saffron, cardamom) => {
    const res = await myLinks(`period=${period}&sort=name&order=asc`)
    expect(res.status).toBe(200)
    // Every active product they can share, the switched-off one not.
    expect(res.body.data.map((r) => r.ProductName)).toEqual(['cardamom Jar', 'Saffron Tin'])
    const [jar, tin] = res.body.data
    expect(figures(tin)).toEqual(saffron)
    expect(figures(jar)).toEqual(cardamom)
  })

  it('gives each row its links and price', async () => {
    const [row] = (await myLinks('period=all&sort=impressions&order=desc')).body.data
    expect(row.ProductID).toBe(p1.ProductID)
    expect(row.Price).toBe('1000.00')
    expect(row.Link).toBe(`${ORIGIN}/affiliate/track?productId=${p1.ProductID}&vendorId=${vendor.id}&marketerId=${a.id}`)
    expect(row.ShortLink).toMatch(/^http:\/\/collabkart\.test\/s\/[0-9A-Za-z]{8}$/)
    const detail = await call<ProductDTO>('GET', `/api/products/${p1.ProductID}`, { token: a.token })
    expect(detail.body.data.ShortLink).toBe(row.ShortLink)
  })

  it('sorts by every column both ways and pages through with a cursor', async () => {
    for (const sort of ['name', 'impressions', 'leads', 'conversions', 'conversionRate', 'commission']) {
      const asc = (await myLinks(`period=90&sort=${sort}&order=asc`)).body.data.map((r) => r.ProductID)
      const desc = (await myLinks(`period=90&sort=${sort}&order=desc`)).body.data.map((r) => r.ProductID)
      expect(desc).toEqual([...asc].reverse())
    }
    const first = await myLinks('period=90&sort=commission&order=desc&limit=1')
    expect(first.body.data.map((r) => r.ProductID)).toEqual([p1.ProductID])
    expect(first.body.paging).toMatchObject({ limit: 1, total: 2 })
    const second = await myLinks(`period=90&sort=commission&order=desc&limit=1&cursor=${first.body.paging.nextCursor}`)
    expect(second.body.data.map((r) => r.ProductID)).toEqual([p2.ProductID])
    expect(second.body.paging).toMatchObject({ nextCursor: null, total: 2 })
  })

  it('refuses bad periods, sorts and orders, and anyone but an influencer', async () => {
    expect((await myLinks('period=14')).body.message).toBe(PERFORMANCE_MESSAGES.period)
    expect((await myLinks('sort=Price')).body.message).toBe(PERFORMANCE_MESSAGES.sort)
    expect((await myLinks('order=up')).status).toBe(400)
    expect((await myLinks('', vendor.token)).status).toBe(403)
    expect((await call('GET', '/api/affiliate/my-links')).status).toBe(401)
  })

  it('shows another influencer only their own figures', async () => {
    const rows = (await myLinks('period=all&sort=name&order=asc', b.token)).body.data
    expect(rows.map(figures)).toEqual([
      [4, 1, 1, 100, 500, 50],
      [3, 1, 1, 100, 1000, 100],
    ])
  })
})

describe("the vendor's Performance", () => {
  it.each([
    [
      '7',
      [
        [11, 2, 1, 50, 1000, 100],
        [4, 1, 1, 100, 500, 50],
        [0, 0, 0, 0, 0, 0],
      ],
    ],
    [
      'all',
      [
        [19, 4, 3, 75, 3000, 300],
        [11, 2, 1, 50, 500, 50],
        [0, 0, 0, 0, 0, 0],
      ],
    ],
  ])('by product over %s days, switched-off products included', async (period, expected) => {
    const res = await performance('products', `period=${period}&sort=revenue&order=desc`)
    expect(res.status).toBe(200)
    expect(res.body.data.map((r) => r.name)).toEqual(['Saffron Tin', 'cardamom Jar', 'Old Stock'])
    expect(res.body.data.map(figures)).toEqual(expected)
    expect(res.body.paging.total).toBe(3)
  })

  it.each([
    [
      '7',
      [
        [11, 2, 1, 50, 1000, 100],
        [4, 1, 1, 100, 500, 50],
      ],
    ],
    [
      '30',
      [
        [16, 3, 2, 66.7, 2000, 200],
        [4, 1, 1, 100, 500, 50],
      ],
    ],
    [
      'all',
      [
        [23, 4, 2, 50, 2000, 200],
        [7, 2, 2, 100, 1500, 150],
      ],
    ],
  ])('by influencer over %s days', async (period, expected) => {
    const res = await performance('influencers', `period=${period}&sort=impressions&order=desc`)
    expect(res.body.data.map((r) => r.id)).toEqual([a.id, b.id])
    expect(res.body.data.map(figures)).toEqual(expected)
  })

  it('sorts every column both ways', async () => {
    for (const sort of ['name', 'impressions', 'leads', 'conversions', 'conversionRate', 'revenue', 'commission']) {
      const asc = (await performance('products', `period=all&sort=${sort}&order=asc`)).body.data.map((r) => r.id)
      const desc = (await performance('products', `period=all&sort=${sort}&order=desc`)).body.data.map((r) => r.id)
      expect(desc).toEqual([...asc].reverse())
    }
  })

  it('lists an influencer whose only visits are still in KV, beside one with only D1 figures, in every sort and page', async () => {
    const shop = await makeVendor({ VendorName: 'Fresh Shop' })
    const jar = await makeProduct(shop, { ProductName: 'Honey Jar', Price: '300', CommissionType: 'Fixed', CommissionValue: '30' })
    const fresh = await makeMarketer({ MarketerName: 'Zoya Fresh' })
    const settled = await makeMarketer({ MarketerName: 'Aman Settled' })
    await makeDb(env.DB)
      .insert(impressionsDaily)
      .values({ day: dayAgo(1), ProductID: jar.ProductID, VendorID: shop.id, MarketerID: settled.id, n: 5 })
    for (const ip of ['198.51.100.21', '198.51.100.22']) {
      expect((await track({ productId: jar.ProductID, vendorId: shop.id, marketerId: fresh.id }, { ip })).status).toBe(202)
    }
    const rows = (query: string) => performance('influencers', query, shop.token)
    const byName = await rows('period=7&sort=name&order=asc')
    expect(byName.body.data.map((r) => [r.id, r.name, r.impressions])).toEqual([
      [settled.id, 'Aman Settled', 5],
      [fresh.id, 'Zoya Fresh', 2],
    ])
    expect(byName.body.paging.total).toBe(2)
    expect((await rows('period=7&sort=impressions&order=asc')).body.data.map((r) => r.id)).toEqual([fresh.id, settled.id])
    const first = await rows('period=7&sort=impressions&order=desc&limit=1')
    expect(first.body.data.map((r) => r.id)).toEqual([settled.id])
    const second = await rows(`period=7&sort=impressions&order=desc&limit=1&cursor=${encodeURIComponent(first.body.paging.nextCursor ?? '')}`)
    expect(second.body.data.map((r) => [r.id, r.impressions])).toEqual([[fresh.id, 2]])
    expect(second.body.paging.total).toBe(2)
  })

  it('shows another vendor nothing of this one, and refuses influencers', async () => {
    expect((await performance('influencers', 'period=all', otherVendor.token)).body.data).toEqual([])
    expect((await performance('products', 'period=all', otherVendor.token)).body.data).toEqual([])
    expect((await performance('products', '', a.token)).status).toBe(403)
    expect((await call('GET', '/api/vendors/performance/products')).status).toBe(401)
    expect((await call('GET', '/api/vendors/performance/leads', { token: vendor.token })).status).toBe(404)
  })

  it('exports both tables as CSV, with names never read as spreadsheet formulas', async () => {
    const res = await exportsCsv('influencers', 'period=all&sort=impressions&order=desc')
    expect(res.type).toBe('text/csv; charset=utf-8')
    expect(res.disposition).toBe('attachment; filename="collabkart-performance-influencers-all-time.csv"')
    expect(res.text.split('\r\n')).toEqual([
      'Influencer,ID,Impressions,Leads,Conversions,Conversion rate (%),Revenue (INR),Commission (INR)',
      `Asha,${a.id},23,4,2,50,2000.00,200.00`,
      `"'=HYPERLINK(""x"")",${b.id},7,2,2,100,1500.00,150.00`,
      '',
    ])
    const products = await exportsCsv('products', 'period=7')
    expect(products.text.split('\r\n')[1]).toBe(`Saffron Tin,${p1.ProductID},11,2,1,50,1000.00,100.00`)
    expect(products.disposition).toContain('collabkart-performance-products-7-days.csv')
  })
})

async function exportsCsv(view: string, query: string) {
  const { exports } = await import('cloudflare:workers')
  const res = await exports.default.fetch(
    new Request(`${ORIGIN}/api/vendors/performance/${view}/csv?${query}`, { headers: { authorization: `Bearer ${vendor.token}` } }),
  )
  return { type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), text: await res.text() }
}

describe('the product tables’ totals', () => {
  // Remembered under the products list's stamp (db/performance.ts): any write to products counts again.
  it('follow the catalogue: a new product, a switched-off one, one switched back on', async () => {
    const linksTotal = async () => (await myLinks('period=30&sort=impressions&order=desc&limit=1')).body.paging.total
    const ownTotal = async () => (await performance('products', 'period=30&sort=revenue&order=desc&limit=1')).body.paging.total
    const links = await linksTotal()
    const own = await ownTotal()
    expect(await linksTotal()).toBe(links)
    const extra = await makeProduct(vendor, { ProductName: 'Saffron Gift Box', Price: '2000', CommissionType: 'Fixed', CommissionValue: '200' })
    expect(await linksTotal()).toBe(links + 1)
    expect(await ownTotal()).toBe(own + 1)
    const db = makeDb(env.DB)
    await db.update(products).set({ IsActive: false }).where(eq(products.ProductID, extra.ProductID))
    expect(await linksTotal()).toBe(links)
    // The vendor's table lists switched-off products too.
    expect(await ownTotal()).toBe(own + 1)
    await db.update(products).set({ IsActive: true }).where(eq(products.ProductID, extra.ProductID))
    expect(await linksTotal()).toBe(links + 1)
    await db.delete(products).where(eq(products.ProductID, extra.ProductID))
    expect(await linksTotal()).toBe(links)
    expect(await ownTotal()).toBe(own)
  })
})
