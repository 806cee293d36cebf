// Every /api answer says what it cost in D1 in its Server-Timing header (middleware/server-timing.ts):
// the statements sent and the rows they read and wrote, as D1 reports and bills them.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call } from '../helpers/api'
import { insertVendor } from '../helpers/lists'
import { insertProduct } from '../helpers/rows'
import { type D1Figures, d1Figures } from '../helpers/server-timing'

async function figuresOf(method: string, path: string, options: Parameters<typeof call>[2] = {}): Promise<D1Figures & { status: number }> {
  const res = await call(method, path, options)
  return { ...d1Figures(res.headers), status: res.status }
}

describe('the Server-Timing header of API answers', () => {
  it('names the D1 time, statements, rows read and rows written of a list page', async () => {
    const vendor = await insertVendor()
    for (let i = 0; i < 30; i++) await insertProduct(vendor.id, { ProductName: `Kurta ${i}` })
    const res = await call('GET', '/api/products?limit=5')
    expect(res.status).toBe(200)
    expect(res.headers.get('server-timing')).toMatch(/^d1;dur=\d+(\.\d+)?, d1-queries;desc="\d+", d1-rows-read;desc="\d+", d1-rows-written;desc="\d+"$/)
    const figures = d1Figures(res.headers)
    expect(figures.queries).toBeGreaterThan(0)
    // Rows Drizzle reads through raw() are counted too: a five-row page reads at least its five.
    expect(figures.rowsRead).toBeGreaterThanOrEqual(5)
    expect(figures.rowsWritten).toBe(0)
  })

  it('counts one row for a product read by its id, and nothing for health', async () => {
    const vendor = await insertVendor()
    const product = await insertProduct(vendor.id)
    const one = await figuresOf('GET', `/api/products/${product.ProductID}`)
    expect(one.status).toBe(200)
    expect(one.rowsRead).toBeGreaterThanOrEqual(1)
    expect(one.rowsRead).toBeLessThanOrEqual(5)
    expect(await figuresOf('GET', '/api/health')).toMatchObject({ status: 200, queries: 0, rowsRead: 0, rowsWritten: 0 })
  })

  it('counts the rows a write changes, and the session check of a signed-in read', async () => {
    const vendor = await insertVendor()
    const product = await insertProduct(vendor.id)
    const toggled = await figuresOf('PUT', `/api/products/status/${product.ProductID}`, { token: vendor.token })
    expect(toggled.status).toBe(200)
    expect(toggled.rowsWritten).toBeGreaterThan(0)
    const after = (await env.DB.prepare('SELECT IsActive FROM products WHERE ProductID = ?').bind(product.ProductID).first()) ?? {}
    expect(after).toEqual({ IsActive: 0 })

    const anonymous = await figuresOf('GET', `/api/products/getProductByVendor/${vendor.id}`)
    const signedIn = await figuresOf('GET', `/api/products/getProductByVendor/${vendor.id}`, { token: vendor.token })
    // The same list read again as its owner: the session check rides along and is counted with it.
    expect(signedIn.queries).toBeGreaterThan(anonymous.queries)
  })

  it('is on refusals and unknown addresses too', async () => {
    const refused = await call('GET', '/api/leads/leadsdata')
    expect(refused.status).toBe(401)
    expect(d1Figures(refused.headers).queries).toBe(0)
    const missing = await call('GET', '/api/no-such-thing')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('server-timing')).toContain('d1-rows-read')
  })
})
