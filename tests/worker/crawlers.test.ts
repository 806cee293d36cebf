import { env, exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { SITEMAP_LIMIT_PER_KIND } from '../../worker/services/sitemap'
import { call, ORIGIN } from '../helpers/api'
import { makeMarketer, makeProduct, makeVendor } from '../helpers/factories'

const get = async (path: string) => {
  const res = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } }))
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() }
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'))

describe('/robots.txt', () => {
  it('opens the public pages to crawlers, closes the dashboards, admin and API, and names the sitemap', async () => {
    const { status, type, body } = await get('/robots.txt')
    expect(status).toBe(200)
    expect(type).toBe('text/plain; charset=utf-8')
    const lines = body.split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Allow: /')
    for (const closed of ['/api/', '/vendor', '/marketer', '/admin']) expect(lines).toContain(`Disallow: ${closed}`)
    // Nothing a shared link or the catalogue needs is closed.
    for (const open of ['/products', '/product/', '/affiliate/track', '/influencer', '/Influencer', '/media/']) {
      expect(lines.filter((l) => l.startsWith('Disallow:')).some((l) => open.startsWith(l.slice('Disallow: '.length)))).toBe(false)
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
  })
})

describe('/sitemap.xml', () => {
  it('lists the hubs, every active product page and every influencer profile, never a switched-off product', async () => {
    const vendor = await makeVendor()
    const shown = await makeProduct(vendor, { ProductName: 'Brass Chai Kettle', SKU: 'KET 01' })
    const hidden = await makeProduct(vendor, { ProductName: 'Old Kettle' })
    await call('PUT', `/api/products/status/${hidden.ProductID}`, { token: vendor.token })
    const marketer = await makeMarketer()

    const { status, type, body } = await get('/sitemap.xml')
    expect(status).toBe(200)
    expect(type).toBe('application/xml; charset=utf-8')
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true)
    expect(body.trimEnd().endsWith('</urlset>')).toBe(true)
    const urls = locs(body)
    expect(urls).toEqual(expect.arrayContaining([`${ORIGIN}/`, `${ORIGIN}/products`, `${ORIGIN}/influencer`]))
    expect(urls).toContain(`${ORIGIN}/product/${shown.ProductID}/brass-chai-kettle/KET%2001`)
    expect(urls).toContain(`${ORIGIN}/influencer/${marketer.id}`)
    expect(urls.some((u) => u.includes(`/product/${hidden.ProductID}/`))).toBe(false)
    expect(body).toMatch(new RegExp(`<loc>${ORIGIN}/influencer/${marketer.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T`))
  })

  it('stays complete with 10,000 products and 10,000 influencers, each listed once', async () => {
    const vendor = await makeVendor()
    // Inserted in bulk: the sitemap reads them in keyset batches and streams them out.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
       INSERT INTO products (VendorID, ProductName, Description, PricePaise, CommissionType, CommissionValue, CommissionAmountPaise, Category, SKU, Images, IsActive, createdAt, updatedAt)
       SELECT ?, 'Bulk Product ' || i, 'd', 10000, 'Fixed', 10, 1000, 'Clothing', 'BULK-' || i, '[]', 1, '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z' FROM n`,
    )
      .bind(vendor.id)
      .run()
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
       INSERT INTO marketers (MarketerName, Email, MobileNumber, PasswordHash, DateCreated, updatedAt)
       SELECT 'Creator ' || i, 'bulk-' || i || '@example.in', '9123456780', 'x', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z' FROM n`,
    ).run()
    const [{ products }] = (await env.DB.prepare('SELECT count(*) AS products FROM products WHERE IsActive = 1').all<{ products: number }>()).results
    const [{ marketers }] = (await env.DB.prepare('SELECT count(*) AS marketers FROM marketers').all<{ marketers: number }>()).results
    expect(products).toBeGreaterThanOrEqual(10_000)
    expect(marketers).toBeGreaterThanOrEqual(10_000)
    expect(products).toBeLessThan(SITEMAP_LIMIT_PER_KIND)

    const urls = locs((await get('/sitemap.xml')).body)
    expect(new Set(urls).size).toBe(urls.length)
    expect(urls.filter((u) => u.includes('/product/'))).toHaveLength(products)
    expect(urls.filter((u) => /\/influencer\/\d+$/.test(u))).toHaveLength(marketers)
    expect(urls).toContain(`${ORIGIN}/product/${await lastId('products', 'ProductID')}/bulk-product-10000/BULK-10000`)
  })
})

async function lastId(table: string, column: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT max(${column}) AS id FROM ${table}`).first<{ id: number }>()
  return row?.id ?? 0
}
