// Paging of every list (decision 009): `data` stays the spec's array, `paging` ({ limit, nextCursor,
// total }) goes beside it; limit 1 to 100 (20 by default); keyset cursors, so rows written between
// two pages are neither repeated nor skipped.

import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { MarketerListItem } from '../../worker/contract/marketer'
import { PAGE_LIMIT_DEFAULT, PAGING_MESSAGES } from '../../worker/contract/paging'
import type { ProductDTO } from '../../worker/contract/product'
import { makeDb } from '../../worker/db/client'
import { products } from '../../worker/db/schema'
import { type Account, getPage, insertMarketer, insertVendor, readAll } from '../helpers/lists'
import { insertLead, insertProduct } from '../helpers/rows'

const productIds = (rows: ProductDTO[]) => rows.map((p) => p.ProductID)

describe('page boundaries', () => {
  let vendor: Account
  let made: number[] = []

  beforeAll(async () => {
    vendor = await insertVendor()
    made = []
    for (let i = 0; i < 5; i++) made.push((await insertProduct(vendor.id)).ProductID)
    made.reverse() // newest first
  })

  const list = () => `/api/products/getProductByVendor/${vendor.id}`

  it('gives the first page with the total and a cursor, and the last page without one', async () => {
    const first = await getPage<ProductDTO>(list(), { limit: '2' })
    expect(first.status).toBe(200)
    expect(productIds(first.data)).toEqual(made.slice(0, 2))
    expect(first.paging).toEqual({ limit: 2, total: 5, totalCapped: false, nextCursor: expect.any(String) })
    const second = await getPage<ProductDTO>(list(), { limit: '2', cursor: first.paging.nextCursor ?? '' })
    expect(productIds(second.data)).toEqual(made.slice(2, 4))
    const last = await getPage<ProductDTO>(list(), { limit: '2', cursor: second.paging.nextCursor ?? '' })
    expect(productIds(last.data)).toEqual(made.slice(4))
    expect(last.paging).toEqual({ limit: 2, total: 5, totalCapped: false, nextCursor: null })
  })

  it('walks the list one row at a time with limit 1', async () => {
    const all = await readAll<ProductDTO>(list(), { limit: '1' })
    expect(productIds(all.rows)).toEqual(made)
  })

  it('gives everything on one page with limit 100, and no cursor', async () => {
    const page = await getPage<ProductDTO>(list(), { limit: '100' })
    expect(productIds(page.data)).toEqual(made)
    expect(page.paging).toEqual({ limit: 100, total: 5, totalCapped: false, nextCursor: null })
  })

  it('ends exactly on a full last page without an empty page after it', async () => {
    const page = await getPage<ProductDTO>(list(), { limit: '5' })
    expect(page.data).toHaveLength(5)
    expect(page.paging.nextCursor).toBeNull()
  })

  it.each(['101', '0', '-1', '1.5', '1e2', 'ten'])('refuses limit %s with the limit message', async (limit) => {
    const page = await getPage(list(), { limit })
    expect(page.status).toBe(400)
    expect(page).toMatchObject({ statusCode: 0, message: PAGING_MESSAGES.limitInvalid, data: null })
  })

  it(`pages ${PAGE_LIMIT_DEFAULT} at a time when no limit is given`, async () => {
    const big = await insertVendor()
    for (let i = 0; i < PAGE_LIMIT_DEFAULT + 1; i++) await insertProduct(big.id)
    const page = await getPage<ProductDTO>(`/api/products/getProductByVendor/${big.id}`)
    expect(page.data).toHaveLength(PAGE_LIMIT_DEFAULT)
    expect(page.paging).toMatchObject({ limit: PAGE_LIMIT_DEFAULT, total: PAGE_LIMIT_DEFAULT + 1 })
    const rest = await getPage<ProductDTO>(`/api/products/getProductByVendor/${big.id}`, { cursor: page.paging.nextCursor ?? '' })
    expect(rest.data).toHaveLength(1)
  })
})

describe('every list pages', () => {
  it.each<[string, (a: { vendor: Account; marketer: Account }) => [string, string | undefined]]>([
    ['GET /api/products', () => ['/api/products', undefined]],
    ['GET /api/products/getProductByVendor/{id}', ({ vendor }) => [`/api/products/getProductByVendor/${vendor.id}`, undefined]],
    ['GET /api/affiliate/product-links', ({ marketer }) => [`/api/affiliate/product-links?marketerId=${marketer.id}`, marketer.token]],
    ['GET /api/marketers/social-media', () => ['/api/marketers/social-media', undefined]],
    ['GET /api/marketers', ({ vendor }) => ['/api/marketers', vendor.token]],
    ['GET /api/leads/leadsbyvendorid/{id}', ({ vendor }) => [`/api/leads/leadsbyvendorid/${vendor.id}`, vendor.token]],
    ['GET /api/leads/leadsbymarketerid/{id}', ({ marketer }) => [`/api/leads/leadsbymarketerid/${marketer.id}`, marketer.token]],
    ['GET /api/leads/leadsdata', ({ vendor }) => ['/api/leads/leadsdata', vendor.token]],
  ])('%s answers a page: the spec array in data, paging beside it', async (_, route) => {
    const vendor = await insertVendor()
    const creator = await insertMarketer()
    const marketer = { id: creator.MarketerID, token: creator.token }
    const product = await insertProduct(vendor.id)
    await insertProduct(vendor.id)
    await insertLead(product, marketer.id)
    await insertLead(product, marketer.id)
    const [path, token] = route({ vendor, marketer })
    const page = await getPage<unknown>(path, { limit: '1' }, token)
    expect(page.status).toBe(200)
    expect(page.data).toHaveLength(1)
    expect(page.paging).toEqual({ limit: 1, total: expect.any(Number), totalCapped: false, nextCursor: expect.any(String) })
    expect(page.paging.total).toBeGreaterThanOrEqual(2)
    const all = await readAll<unknown>(path, {}, token)
    expect(all.rows).toHaveLength(page.paging.total)
  })
})

describe('cursors that survive writes between pages', () => {
  it('neither repeats nor skips a product when a new one arrives after page 1', async () => {
    const vendor = await insertVendor()
    const before: number[] = []
    for (let i = 0; i < 4; i++) before.push((await insertProduct(vendor.id)).ProductID)
    const path = `/api/products/getProductByVendor/${vendor.id}`
    const first = await getPage<ProductDTO>(path, { limit: '2' })
    const added = await insertProduct(vendor.id)
    const second = await getPage<ProductDTO>(path, { limit: '2', cursor: first.paging.nextCursor ?? '' })
    expect([...productIds(first.data), ...productIds(second.data)]).toEqual([...before].reverse())
    expect(productIds(second.data)).not.toContain(added.ProductID)
    // A later page counts nothing: it answers the total page 1 counted (decision 295).
    expect(second.paging.total).toBe(4)
  })

  it('does not shift the next page when a row of page 1 is deleted', async () => {
    const vendor = await insertVendor()
    const ids: number[] = []
    for (let i = 0; i < 4; i++) ids.push((await insertProduct(vendor.id)).ProductID)
    const path = `/api/products/getProductByVendor/${vendor.id}`
    const first = await getPage<ProductDTO>(path, { limit: '2' })
    await makeDb(env.DB).delete(products).where(eq(products.ProductID, first.data[0].ProductID))
    const second = await getPage<ProductDTO>(path, { limit: '2', cursor: first.paging.nextCursor ?? '' })
    expect(productIds(second.data)).toEqual([ids[1], ids[0]])
  })

  it('shows an influencer who joins further down the followers order on a later page, and none twice', async () => {
    const tag = 'Cursorcheck'
    const reach = [1_000, 900, 800, 700, 600]
    for (const n of reach) await insertMarketer({ MarketerName: `${tag} ${n}`, InstagramFollowers: n })
    const query = { q: tag, sort: 'followers', limit: '2' }
    const first = await getPage<MarketerListItem>('/api/marketers/social-media', query)
    expect(first.data.map((i) => i.totalReachRaw)).toEqual([1_000, 900])
    await insertMarketer({ MarketerName: `${tag} 850`, InstagramFollowers: 850 })
    await insertMarketer({ MarketerName: `${tag} 950`, InstagramFollowers: 950 })
    const rest = await readAll<MarketerListItem>('/api/marketers/social-media', { ...query, cursor: first.paging.nextCursor ?? '' })
    expect(rest.rows.map((i) => i.totalReachRaw)).toEqual([850, 800, 700, 600])
    expect(rest.total).toBe(5)
  })

  it("keeps a vendor's lead pages in step when a lead arrives between them", async () => {
    const vendor = await insertVendor()
    const marketer = await insertMarketer()
    const product = await insertProduct(vendor.id)
    const leads: number[] = []
    for (let i = 0; i < 3; i++) leads.push((await insertLead(product, marketer.MarketerID)).LeadID)
    const path = `/api/leads/leadsbyvendorid/${vendor.id}`
    const first = await getPage<{ LeadID: number }>(path, { limit: '2' }, vendor.token)
    await insertLead(product, marketer.MarketerID)
    const second = await getPage<{ LeadID: number }>(path, { limit: '2', cursor: first.paging.nextCursor ?? '' }, vendor.token)
    expect([...first.data, ...second.data].map((l) => l.LeadID)).toEqual([...leads].reverse())
    expect(second.paging).toMatchObject({ total: 3, nextCursor: null })
  })
})

describe('cursors the list did not make', () => {
  it('refuses a cursor made for another order of the same list', async () => {
    for (let i = 0; i < 3; i++) await insertMarketer()
    const byFollowers = await getPage<MarketerListItem>('/api/marketers/social-media', { sort: 'followers', limit: '1' })
    const reused = await getPage('/api/marketers/social-media', { sort: 'name', limit: '1', cursor: byFollowers.paging.nextCursor ?? '' })
    expect(reused.status).toBe(400)
    expect(reused).toMatchObject({ success: false, message: PAGING_MESSAGES.cursorInvalid })
  })

  it('starts from the first page when the cursor is blank', async () => {
    const vendor = await insertVendor()
    await insertProduct(vendor.id)
    const page = await getPage<ProductDTO>(`/api/products/getProductByVendor/${vendor.id}`, { cursor: '' })
    expect(page.status).toBe(200)
    expect(page.data).toHaveLength(1)
  })
})
