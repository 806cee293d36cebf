// A ref per click (decision 291) and the vendor's attribution window and rule (decision 292): what a
// store's engineer sees through the conversion API when buyers share a carrier address, come back
// late, or clicked two creators' links; and the settings route behind the dashboard's section.

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ATTRIBUTION_MESSAGES, type AttributionSettings } from '../../worker/contract/attribution'
import type { LeadDTO } from '../../worker/contract/lead'
import type { SubPerformanceRow } from '../../worker/contract/performance'
import { CONVERSION_MESSAGES, type ConversionDTO } from '../../worker/contract/v1'
import { makeDb } from '../../worker/db/client'
import { marketers, storeRefs } from '../../worker/db/schema'
import { findClick } from '../../worker/db/store-refs'
import worker from '../../worker/index'
import { makeApiKey } from '../helpers/api-keys'
import { call, ORIGIN } from '../helpers/api'
import { makeMarketer, makeVendor, type SignedInVendor } from '../helpers/factories'
import { insertProduct } from '../helpers/rows'
import { BROWSER_UA, runCron } from '../helpers/tracking'
import { REF_KEEP_MS } from '../../worker/domain/store-refs'

const DAY = 24 * 60 * 60_000
const STORE = 'https://shop.example.in/products/kurta'
// One carrier-grade NAT address and one phone browser, as most Indian buyers look.
const CARRIER_IP = '100.64.12.7'
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'

let ipSeq = 1
const anotherIp = () => `203.0.113.${ipSeq++}`

async function click(productId: number, marketerId: number, visitor: { ip: string; ua?: string; query?: string }) {
  const headers = new Headers({ 'cf-connecting-ip': visitor.ip, 'user-agent': visitor.ua ?? BROWSER_UA })
  const ctx = createExecutionContext()
  const res = await worker.fetch(new Request(`${ORIGIN}/go/${productId}/${marketerId}${visitor.query ?? ''}`, { headers, redirect: 'manual' }), env, ctx)
  await waitOnExecutionContext(ctx)
  expect(res.status).toBe(302)
  return new URL(res.headers.get('location') ?? 'x:').searchParams.get('ck_ref') ?? ''
}

async function shop() {
  const vendor = await makeVendor({ VendorName: 'Chai & Co.' })
  const key = await makeApiKey(vendor, ['conversions:write', 'leads:read'])
  const product = await insertProduct(vendor.id, { product_link: STORE })
  return { vendor, key, product }
}

const convert = (key: { Secret: string }, json: unknown) => call<ConversionDTO>('POST', '/api/v1/conversions', { token: key.Secret, json })
const leadOf = (key: { Secret: string }, id: number) => call<LeadDTO>('GET', `/api/v1/leads/${id}`, { token: key.Secret })
const settle = (vendor: SignedInVendor, json: unknown) => call<AttributionSettings>('PUT', '/api/attribution/settings', { token: vendor.token, json })
/** Moves a click back in time, as if it had been made `days` ago. */
const age = (ref: string, days: number) =>
  makeDb(env.DB)
    .update(storeRefs)
    .set({ createdAt: new Date(Date.now() - days * DAY).toISOString() })
    .where(eq(storeRefs.Ref, ref))

let orderSeq = 0
const orderId = () => `SHOP-${Date.now().toString(36)}-${orderSeq++}`

describe('a ref per click', () => {
  it('gives two buyers behind one carrier address and one phone browser their own refs, and both store orders convert', async () => {
    const { key, product } = await shop()
    const marketer = await makeMarketer()
    const first = await click(product.ProductID, marketer.id, { ip: CARRIER_IP, ua: PHONE_UA })
    const second = await click(product.ProductID, marketer.id, { ip: CARRIER_IP, ua: PHONE_UA })
    expect(first).not.toBe(second)
    const a = await convert(key, { ref: first, orderId: orderId(), amount: 149_900 })
    const b = await convert(key, { ref: second, orderId: orderId(), amount: 149_900 })
    expect([a.status, b.status]).toEqual([201, 201])
    expect(a.body.data.LeadID).not.toBe(b.body.data.LeadID)
    for (const c of [a, b]) expect((await leadOf(key, c.body.data.LeadID)).body.data).toMatchObject({ Status: 'Converted', MarketerID: marketer.id })
  })

  it('keeps the click’s time, product, creator, visitor key and sub-ID on the ref, never the address', async () => {
    const { product, vendor } = await shop()
    const marketer = await makeMarketer()
    const ref = await click(product.ProductID, marketer.id, { ip: CARRIER_IP, ua: PHONE_UA, query: '?sub=ig-reel-12' })
    const [row] = await makeDb(env.DB).select().from(storeRefs).where(eq(storeRefs.Ref, ref))
    expect(row).toMatchObject({ ProductID: product.ProductID, VendorID: vendor.id, MarketerID: marketer.id, sub: 'ig-reel-12' })
    expect(Date.now() - Date.parse(row.createdAt)).toBeLessThan(DAY)
    expect(row.visitor).not.toContain(CARRIER_IP)
    expect(await findClick(makeDb(env.DB), vendor.id, ref, Date.now())).toMatchObject({ Ref: ref, MarketerID: marketer.id, sub: 'ig-reel-12' })
  })

  it.each([
    ['spaces and symbols', '?sub=reel%2012!'],
    ['65 characters', `?sub=${'a'.repeat(65)}`],
    ['an empty value', '?sub='],
  ])('drops a sub-ID with %s and still sends the buyer on', async (_name, query) => {
    const { product } = await shop()
    const marketer = await makeMarketer()
    const ref = await click(product.ProductID, marketer.id, { ip: anotherIp(), query })
    const [row] = await makeDb(env.DB).select().from(storeRefs).where(eq(storeRefs.Ref, ref))
    expect(row.sub).toBeNull()
  })
})

describe('the attribution window', () => {
  it('credits nothing for a click 31 days old under the default 30 days, and credits it once the vendor chooses 60', async () => {
    const { key, product, vendor } = await shop()
    const marketer = await makeMarketer()
    const ref = await click(product.ProductID, marketer.id, { ip: anotherIp() })
    await age(ref, 31)
    const late = await convert(key, { ref, orderId: orderId() })
    expect([late.status, late.body.message]).toEqual([404, CONVERSION_MESSAGES.refNotFound])
    expect((await settle(vendor, { AttributionDays: 60, AttributionRule: 'last' })).status).toBe(200)
    const inWindow = await convert(key, { ref, orderId: orderId() })
    expect(inWindow.status).toBe(201)
    expect((await leadOf(key, inWindow.body.data.LeadID)).body.data.MarketerID).toBe(marketer.id)
  })

  it("counts the window back from the order's time, not from when the store reports it", async () => {
    const { key, product } = await shop()
    const marketer = await makeMarketer()
    const ref = await click(product.ProductID, marketer.id, { ip: anotherIp() })
    await age(ref, 35)
    // Placed 10 days after the click, reported 25 days later.
    const occurredAt = new Date(Date.now() - 25 * DAY).toISOString()
    expect((await convert(key, { ref, orderId: orderId(), occurredAt })).status).toBe(201)
  })
})

describe('last click and first click', () => {
  /** One buyer clicks marketer A's link, then creator B's, on the same vendor's products; the order carries B's ref. */
  async function twoClicks() {
    const s = await shop()
    const other = await insertProduct(s.vendor.id, { product_link: STORE })
    const [a, b] = [await makeMarketer(), await makeMarketer()]
    const ip = anotherIp()
    const refA = await click(s.product.ProductID, a.id, { ip })
    await age(refA, 3)
    const refB = await click(other.ProductID, b.id, { ip })
    return { ...s, a, b, refA, refB, other }
  }

  it('credits the click the order carries under the default last-click rule', async () => {
    const { key, b, refB, other } = await twoClicks()
    const res = await convert(key, { ref: refB, orderId: orderId() })
    expect((await leadOf(key, res.body.data.LeadID)).body.data).toMatchObject({ MarketerID: b.id, ProductID: other.ProductID })
  })

  it("credits the buyer's first click on the vendor's links in the window under the first-click rule", async () => {
    const { key, vendor, a, refB, product } = await twoClicks()
    expect((await settle(vendor, { AttributionDays: 30, AttributionRule: 'first' })).status).toBe(200)
    const res = await convert(key, { ref: refB, orderId: orderId() })
    expect(res.status).toBe(201)
    expect((await leadOf(key, res.body.data.LeadID)).body.data).toMatchObject({ MarketerID: a.id, ProductID: product.ProductID })
  })

  it('passes over a first click outside the window, and one of a suspended creator', async () => {
    const outside = await twoClicks()
    await settle(outside.vendor, { AttributionDays: 2, AttributionRule: 'first' })
    const d = makeDb(env.DB)
    expect((await findClick(d, outside.vendor.id, outside.refB, Date.now()))?.MarketerID).toBe(outside.b.id)
    const suspended = await twoClicks()
    await settle(suspended.vendor, { AttributionDays: 30, AttributionRule: 'first' })
    await d.update(marketers).set({ suspendedAt: new Date().toISOString() }).where(eq(marketers.MarketerID, suspended.a.id))
    expect((await findClick(d, suspended.vendor.id, suspended.refB, Date.now()))?.MarketerID).toBe(suspended.b.id)
  })

  it("never credits another vendor's click, whatever the rule", async () => {
    const { vendor, refB } = await twoClicks()
    const other = await makeVendor()
    await settle(other, { AttributionDays: 90, AttributionRule: 'first' })
    expect(await findClick(makeDb(env.DB), other.id, refB, Date.now())).toBeNull()
    expect(await findClick(makeDb(env.DB), vendor.id, refB, Date.now())).not.toBeNull()
  })
})

describe('GET and PUT /api/attribution/settings', () => {
  it('answers 30 days and last click for a new vendor, and keeps what the vendor saves', async () => {
    const vendor = await makeVendor()
    const before = await call<AttributionSettings>('GET', '/api/attribution/settings', { token: vendor.token })
    expect([before.status, before.body.message, before.body.data]).toEqual([
      200,
      ATTRIBUTION_MESSAGES.fetched,
      { AttributionDays: 30, AttributionRule: 'last' },
    ])
    const saved = await settle(vendor, { AttributionDays: '45', AttributionRule: 'first' })
    expect([saved.status, saved.body.message, saved.body.data]).toEqual([200, ATTRIBUTION_MESSAGES.saved, { AttributionDays: 45, AttributionRule: 'first' }])
    expect((await call<AttributionSettings>('GET', '/api/attribution/settings', { token: vendor.token })).body.data).toEqual({
      AttributionDays: 45,
      AttributionRule: 'first',
    })
  })

  it.each([
    [{ AttributionDays: 0, AttributionRule: 'last' }, ATTRIBUTION_MESSAGES.daysInvalid],
    [{ AttributionDays: 91, AttributionRule: 'last' }, ATTRIBUTION_MESSAGES.daysInvalid],
    [{ AttributionDays: 7.5, AttributionRule: 'last' }, ATTRIBUTION_MESSAGES.daysInvalid],
    [{ AttributionDays: 30, AttributionRule: 'middle' }, ATTRIBUTION_MESSAGES.ruleInvalid],
    [{ AttributionRule: 'last' }, ATTRIBUTION_MESSAGES.daysInvalid],
  ])('refuses %j with 400 and changes nothing', async (json, message) => {
    const vendor = await makeVendor()
    const res = await settle(vendor, json)
    expect([res.status, res.body.message]).toEqual([400, message])
    expect((await call<AttributionSettings>('GET', '/api/attribution/settings', { token: vendor.token })).body.data.AttributionDays).toBe(30)
  })

  it('is the vendor’s only: an influencer gets 403, nobody signed in 401', async () => {
    const marketer = await makeMarketer()
    expect((await call('PUT', '/api/attribution/settings', { token: marketer.token, json: { AttributionDays: 5, AttributionRule: 'last' } })).status).toBe(403)
    expect((await call('GET', '/api/attribution/settings')).status).toBe(401)
  })
})

describe('sub-IDs on the links', () => {
  it("carries a buy link's sub-ID onto the store button, and drops one that is not a sub-ID", async () => {
    const { product, vendor } = await shop()
    const marketer = await makeMarketer()
    const page = await worker.fetch(
      new Request(`${ORIGIN}/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=${marketer.id}&sub=ig-reel-12`),
      env,
      createExecutionContext(),
    )
    expect(await page.text()).toContain(`href="/go/${product.ProductID}/${marketer.id}?sub=ig-reel-12"`)
    const plain = await worker.fetch(
      new Request(`${ORIGIN}/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=${marketer.id}&sub=no%20good`),
      env,
      createExecutionContext(),
    )
    expect(await plain.text()).toContain(`href="/go/${product.ProductID}/${marketer.id}"`)
  })
})

describe("the creator's Sub-ID breakdown", () => {
  it('reports clicks, leads, conversions and commission per link and sub-ID, most clicks first, and only the creator’s own', async () => {
    const { key, product } = await shop()
    const marketer = await makeMarketer()
    const other = await makeMarketer()
    const reel = await click(product.ProductID, marketer.id, { ip: anotherIp(), query: '?sub=ig-reel-12' })
    await click(product.ProductID, marketer.id, { ip: anotherIp(), query: '?sub=ig-reel-12' })
    await click(product.ProductID, marketer.id, { ip: anotherIp(), query: '?sub=yt.short_3' })
    await click(product.ProductID, marketer.id, { ip: anotherIp() })
    await click(product.ProductID, other.id, { ip: anotherIp(), query: '?sub=ig-reel-12' })
    const order = await convert(key, { ref: reel, orderId: orderId() })
    expect(order.status).toBe(201)
    expect((await leadOf(key, order.body.data.LeadID)).body.data.Status).toBe('Converted')
    const res = await call<SubPerformanceRow[]>('GET', '/api/affiliate/my-links/subs', { token: marketer.token })
    expect([res.status, res.body.message]).toEqual([200, 'Sub-ID performance fetched successfully'])
    expect(res.body.data).toEqual([
      { ProductID: product.ProductID, ProductName: product.ProductName, sub: 'ig-reel-12', clicks: 2, leads: 1, conversions: 1, commission: 150 },
      { ProductID: product.ProductID, ProductName: product.ProductName, sub: 'yt.short_3', clicks: 1, leads: 0, conversions: 0, commission: 0 },
    ])
    const theirs = await call<SubPerformanceRow[]>('GET', '/api/affiliate/my-links/subs', { token: other.token })
    expect(theirs.body.data.map((r) => [r.sub, r.clicks, r.leads])).toEqual([['ig-reel-12', 1, 0]])
  })

  it('keeps the figures after the cron forgets the clicks behind them', async () => {
    const { product } = await shop()
    const marketer = await makeMarketer()
    await click(product.ProductID, marketer.id, { ip: anotherIp(), query: '?sub=wa-status' })
    await runCron(Date.now() + REF_KEEP_MS + DAY)
    const res = await call<SubPerformanceRow[]>('GET', '/api/affiliate/my-links/subs', { token: marketer.token })
    expect(res.body.data.map((r) => [r.sub, r.clicks])).toEqual([['wa-status', 1]])
  })

  it('is the creator’s only: a vendor gets 403', async () => {
    const vendor = await makeVendor()
    expect((await call('GET', '/api/affiliate/my-links/subs', { token: vendor.token })).status).toBe(403)
  })
})
