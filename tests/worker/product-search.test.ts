// The product lists' search (`q`) on the server: the meaning the products page gave it in the
// browser (name, SKU, price as printed, commission amount; case-insensitive containment), through
// the FTS5 trigram index for 3+ characters and the short grams of product_grams below that.

import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ProductDTO } from '../../worker/contract/product'
import { makeDb } from '../../worker/db/client'
import { products } from '../../worker/db/schema'
import { type Account, getPage, insertMarketer, insertVendor, readAll } from '../helpers/lists'
import { productMatches } from '../helpers/list-oracles'
import { insertProduct } from '../helpers/rows'
import { PROPERTY_TIMEOUT } from '../helpers/property'

let shop: Account
let other: Account
const ids: Record<string, number> = {}

// Price and commission in paise; the API prints them as "1499.00" and 150 / 34.9 / 124.94.
const FIXTURE = [
  { key: 'kurta', shop: 'shop', ProductName: 'Handwoven Cotton Kurta', SKU: 'KUR-01', PricePaise: 149_900, CommissionAmountPaise: 15_000 },
  { key: 'chai', shop: 'shop', ProductName: 'Assam Masala Chai', SKU: 'CHAI-250', PricePaise: 34_900, CommissionAmountPaise: 3_490 },
  { key: 'diya', shop: 'shop', ProductName: 'Brass Diya Set', SKU: 'DIYA-7', PricePaise: 99_950, CommissionAmountPaise: 12_494 },
  { key: 'stole', shop: 'shop', ProductName: 'Zoë Linen Stole', SKU: 'ZOE-1', PricePaise: 250_000, CommissionAmountPaise: 9_999 },
  { key: 'saree', shop: 'shop', ProductName: 'Silk 100% Saree', SKU: 'SAR_1', PricePaise: 1_250_000, CommissionAmountPaise: 125_000 },
  { key: 'hidden', shop: 'shop', ProductName: 'Hidden Kurta', SKU: 'KUR-99', PricePaise: 149_900, CommissionAmountPaise: 15_000, IsActive: false },
  { key: 'tiffin', shop: 'other', ProductName: 'Steel Tiffin', SKU: 'TIF-3', PricePaise: 59_900, CommissionAmountPaise: 6_000 },
] as const

beforeAll(async () => {
  shop = await insertVendor('Handloom Haus')
  other = await insertVendor('Steel & Co.')
  for (const { key, shop: owner, ...fields } of FIXTURE) {
    const row = await insertProduct(owner === 'shop' ? shop.id : other.id, fields)
    ids[key] = row.ProductID
  }
})

const publicIds = async (q: string) => (await readAll<ProductDTO>('/api/products', { q, limit: '100' })).rows.map((p) => p.ProductID)
const byKeys = (...keys: string[]) => keys.map((k) => ids[k]).sort((a, b) => b - a)

describe('GET /api/products?q=', () => {
  it.each([
    ['kurta', ['kurta']],
    ['KUR-0', ['kurta']],
    ['ASSAM masala', ['chai']],
    ['1499', ['kurta']],
    ['1499.00', ['kurta']],
    ['999.50', ['diya']],
    ['34.9', ['chai']],
    ['124.94', ['diya']],
    ['99.99', ['stole']],
    ['60', ['tiffin']],
    ['zoë', ['stole']],
    ['ZOË LINEN', ['stole']],
    ['100%', ['saree']],
    ['ch', ['chai']],
    ['_', ['saree']],
    ['%', ['saree']],
    ['.5', ['diya']],
  ])('finds %s in the name, SKU, price or commission amount, newest first', async (q, keys) => {
    expect(await publicIds(q)).toEqual(byKeys(...keys))
  })

  it('never shows an inactive product to the public, even when it matches', async () => {
    expect(await publicIds('Hidden')).toEqual([])
  })

  it("searches a vendor's own list, inactive products included, and nobody else's", async () => {
    const own = await readAll<ProductDTO>(`/api/products/getProductByVendor/${shop.id}`, { q: 'kurta' }, shop.token)
    expect(own.rows.map((p) => p.ProductID)).toEqual(byKeys('kurta', 'hidden'))
    expect(own.total).toBe(2)
    const asVisitor = await readAll<ProductDTO>(`/api/products/getProductByVendor/${shop.id}`, { q: 'kurta' })
    expect(asVisitor.rows.map((p) => p.ProductID)).toEqual(byKeys('kurta'))
    expect((await readAll<ProductDTO>(`/api/products/getProductByVendor/${other.id}`, { q: 'kurta' })).rows).toEqual([])
  })

  it("searches the influencer's affiliate links with their link on each product", async () => {
    const marketer = await insertMarketer()
    const page = await getPage<ProductDTO>('/api/affiliate/product-links', { marketerId: String(marketer.MarketerID), q: 'tiffin' }, marketer.token)
    expect(page.status).toBe(200)
    expect(page.data.map((p) => p.ProductID)).toEqual(byKeys('tiffin'))
    expect(page.data[0].Link).toContain(`marketerId=${marketer.MarketerID}`)
    expect(page.paging.total).toBe(1)
  })

  it('counts the matches in total, whatever the page size', async () => {
    const first = await getPage<ProductDTO>('/api/products', { q: '.00', limit: '1' })
    expect(first.data).toHaveLength(1)
    expect(first.paging.total).toBe((await publicIds('.00')).length)
    expect(first.paging.total).toBe(5) // 1499.00, 349.00, 2500.00, 12500.00, 599.00
  })

  it('treats blank search text as no search', async () => {
    expect(await publicIds('   ')).toEqual(byKeys('kurta', 'chai', 'diya', 'stole', 'saree', 'tiffin'))
  })

  it.each([
    '"',
    '""',
    '*',
    'kurta*',
    'NEAR(',
    'NEAR(kurta chai)',
    'kurta OR chai',
    'OR',
    'AND',
    'NOT kurta',
    'name:kurta',
    '{name}: kurta',
    '^kurta',
    '(',
    ')',
    "'",
    '\\',
    '-kurta',
    'kur"ta',
  ])('reads FTS5 syntax %s as plain text: a correct page, never an error', async (q) => {
    const page = await getPage<ProductDTO>('/api/products', { q, limit: '100' })
    expect(page.status).toBe(200)
    const everything = (await readAll<ProductDTO>('/api/products', { limit: '100' })).rows
    expect(page.data.map((p) => p.ProductID)).toEqual(everything.filter((p) => productMatches(p, q)).map((p) => p.ProductID))
  })

  it('gives the same answer as the products page gave in the browser, for any search text', { timeout: PROPERTY_TIMEOUT }, async () => {
    const everything = (await readAll<ProductDTO>('/api/products', { limit: '100' })).rows
    const pieces = everything.flatMap((p) => [p.ProductName, p.SKU, p.Price, String(p.CommissionAmount)])
    const fragment = fc.tuple(fc.constantFrom(...pieces), fc.nat(), fc.nat(), fc.boolean()).map(([text, a, b, upper]) => {
      const start = a % text.length
      const piece = text.slice(start, start + 1 + (b % 6))
      return upper ? piece.toUpperCase() : piece.toLowerCase()
    })
    const noise = fc.string({ unit: fc.constantFrom(...'ak1.0 -_%"*()e9'), minLength: 1, maxLength: 5 })
    await fc.assert(
      fc.asyncProperty(fc.oneof(fragment, noise), async (q) => {
        const expected = everything.filter((p) => productMatches(p, q)).map((p) => p.ProductID)
        expect(await publicIds(q)).toEqual(expected)
      }),
      { numRuns: 60, seed: 11 },
    )
  })

  it('follows an edit of the name, price or commission, and forgets a deleted product', async () => {
    const d = makeDb(env.DB)
    const row = await insertProduct(other.id, { ProductName: 'Copper Bottle', SKU: 'COP-1', PricePaise: 45_000, CommissionAmountPaise: 4_500 })
    expect(await publicIds('copper')).toEqual([row.ProductID])
    await d.update(products).set({ ProductName: 'Brass Bottle', PricePaise: 47_700, CommissionAmountPaise: 4_770 }).where(eq(products.ProductID, row.ProductID))
    expect(await publicIds('copper')).toEqual([])
    expect(await publicIds('brass bottle')).toEqual([row.ProductID])
    expect(await publicIds('477.00')).toEqual([row.ProductID])
    expect(await publicIds('47.7')).toEqual([row.ProductID])
    await d.delete(products).where(eq(products.ProductID, row.ProductID))
    expect(await publicIds('brass bottle')).toEqual([])
  })

  it('follows an edit and a delete for one- and two-character searches too', async () => {
    const d = makeDb(env.DB)
    const row = await insertProduct(other.id, { ProductName: 'Qwik Jar', SKU: 'QJ-1', PricePaise: 45_000, CommissionAmountPaise: 4_500 })
    expect(await publicIds('qw')).toEqual([row.ProductID])
    expect(await publicIds('QJ')).toEqual([row.ProductID])
    expect(await publicIds('q')).toEqual([row.ProductID])
    await d.update(products).set({ ProductName: 'Vox Jar', SKU: 'VX-1', PricePaise: 47_700 }).where(eq(products.ProductID, row.ProductID))
    expect(await publicIds('qw')).toEqual([])
    expect(await publicIds('q')).toEqual([])
    expect(await publicIds('vO')).toEqual([row.ProductID])
    expect(await publicIds('77')).toContain(row.ProductID)
    await d.delete(products).where(eq(products.ProductID, row.ProductID))
    expect(await publicIds('vo')).toEqual([])
    expect((await env.DB.prepare('SELECT count(*) AS n FROM product_grams WHERE ProductID = ?').bind(row.ProductID).first<{ n: number }>())?.n).toBe(0)
  })

  it("keeps exactly the grams the migration's fill builds from the products", async () => {
    const kept = async () => (await env.DB.prepare('SELECT gram, ProductID FROM product_grams ORDER BY gram, ProductID').all()).results
    const before = await kept()
    expect(before.length).toBeGreaterThan(100)
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes('product_grams'))
    const fill = migration?.queries.map((q) => q.replace(/^--.*$/gm, '').trim()).filter((q) => /^INSERT OR IGNORE INTO `product_grams`/.test(q))
    expect(fill).toHaveLength(1)
    await env.DB.batch([env.DB.prepare('DELETE FROM product_grams'), ...(fill ?? []).map((q) => env.DB.prepare(q))])
    expect(await kept()).toEqual(before)
  })
})
