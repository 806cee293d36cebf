// 'Buy on {vendor}'s store' (decisions 190, 291, 292): the edge redirect that counts the click and
// hands the buyer a ck_ref of its own, and how a store's ref resolves to the vendor's lead under the
// vendor's attribution window and rule.

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { makeDb } from '../../worker/db/client'
import { impressionTotal } from '../../worker/db/impressions'
import { leads, marketers, storeRefs } from '../../worker/db/schema'
import { ATTRIBUTION_MS, isStoreRef, newStoreRef, REF_KEEP_MS, REF_LENGTH, withCkRef } from '../../worker/domain/store-refs'
import { resolveStoreRef } from '../../worker/services/store-refs'
import worker from '../../worker/index'
import { ORIGIN } from '../helpers/api'
import { makeMarketer, makeVendor } from '../helpers/factories'
import { insertProduct } from '../helpers/rows'
import { BROWSER_UA, runCron } from '../helpers/tracking'

const DAY = 24 * 60 * 60_000
const STORE = 'https://shop.example.in/products/kurta?variant=42&utm_source=ig#reviews'

async function setup(product_link: string | null = STORE, IsActive = true) {
  const vendor = await makeVendor()
  const marketer = await makeMarketer()
  const product = await insertProduct(vendor.id, { product_link, IsActive })
  return { vendor, marketer, product }
}

/** Follows the store button as a browser would, waiting for the work left after the answer. */
async function go(productId: number | string, marketerId: number | string, visitor: { ua?: string; ip?: string; query?: string } = {}) {
  const headers = new Headers({ 'cf-connecting-ip': visitor.ip ?? '198.51.100.20' })
  if (visitor.ua !== '') headers.set('user-agent', visitor.ua ?? BROWSER_UA)
  const ctx = createExecutionContext()
  const res = await worker.fetch(new Request(`${ORIGIN}/go/${productId}/${marketerId}${visitor.query ?? ''}`, { headers, redirect: 'manual' }), env, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

const refIn = (location: string | null) => new URL(location ?? 'x:').searchParams.get('ck_ref') ?? ''

describe('GET /go/{productId}/{marketerId}', () => {
  it('sends the buyer to the store with ck_ref added after the store’s own query, the fragment kept last', async () => {
    const { product, marketer } = await setup()
    const res = await go(product.ProductID, marketer.id)
    expect(res.status).toBe(302)
    const location = res.headers.get('location') ?? ''
    const ref = refIn(location)
    expect(isStoreRef(ref)).toBe(true)
    expect(location).toBe(`https://shop.example.in/products/kurta?variant=42&utm_source=ig&ck_ref=${ref}#reviews`)
    expect(res.headers.get('cache-control')).toContain('no-store')
  })

  it('counts the click once for the influencer and the vendor, however often the visitor clicks, and gives every click its own ref', async () => {
    const { product, marketer, vendor } = await setup()
    const first = await go(product.ProductID, marketer.id)
    const second = await go(product.ProductID, marketer.id)
    expect(isStoreRef(refIn(second.headers.get('location')))).toBe(true)
    expect(refIn(second.headers.get('location'))).not.toBe(refIn(first.headers.get('location')))
    expect(await impressionTotal(env, { MarketerID: marketer.id })).toBe(1)
    expect(await impressionTotal(env, { VendorID: vendor.id })).toBe(1)
    const other = await go(product.ProductID, marketer.id, { ip: '198.51.100.99' })
    expect(refIn(other.headers.get('location'))).not.toBe(refIn(first.headers.get('location')))
    expect(await impressionTotal(env, { MarketerID: marketer.id })).toBe(2)
  })

  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['the WhatsApp preview', 'WhatsApp/2.23.20.0 A'],
    ['a request without a User-Agent', ''],
  ])('does not count %s and gives it no ref, only the plain store address', async (_name, ua) => {
    const { product, marketer } = await setup()
    const res = await go(product.ProductID, marketer.id, { ua })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(STORE)
    expect(await impressionTotal(env, { MarketerID: marketer.id })).toBe(0)
    expect(await makeDb(env.DB).select().from(storeRefs).where(eq(storeRefs.ProductID, product.ProductID))).toEqual([])
  })

  it('answers 404 for a product without a store link, a switched-off product, an unknown influencer or a malformed path, counting nothing', async () => {
    const plain = await setup(null)
    const off = await setup(STORE, false)
    const { product } = await setup()
    for (const [p, m] of [
      [plain.product.ProductID, plain.marketer.id],
      [off.product.ProductID, off.marketer.id],
      [product.ProductID, 999_999],
      ['1e3', off.marketer.id],
    ] as const) {
      const res = await go(p, m)
      expect(res.status, `${p}/${m}`).toBe(404)
      expect(res.headers.get('content-type')).toContain('text/html')
      expect(await res.text()).toContain('This link is not valid')
    }
    expect(await impressionTotal(env, { MarketerID: plain.marketer.id })).toBe(0)
    expect(await impressionTotal(env, { MarketerID: off.marketer.id })).toBe(0)
  })
})

describe('store refs', () => {
  it('are 16 base62 characters from the CSPRNG, never the same twice in 10,000', () => {
    const refs = new Set(Array.from({ length: 10_000 }, newStoreRef))
    expect(refs.size).toBe(10_000)
    for (const ref of [...refs].slice(0, 100)) expect(ref).toMatch(new RegExp(`^[0-9A-Za-z]{${REF_LENGTH}}$`))
  })

  it.each([
    ['https://shop.in/p', 'https://shop.in/p?ck_ref=R'],
    ['https://shop.in/p?', 'https://shop.in/p?ck_ref=R'],
    ['https://shop.in/p?a=1&', 'https://shop.in/p?a=1&ck_ref=R'],
    ['https://shop.in/p?q=a%20b&x=%E2%82%B9#top', 'https://shop.in/p?q=a%20b&x=%E2%82%B9&ck_ref=R#top'],
    ['https://shop.in/#/cart', 'https://shop.in/?ck_ref=R#/cart'],
  ])('adds ck_ref to %s keeping its query and fragment', (url, expected) => {
    expect(withCkRef(url, 'R')).toBe(expected)
  })

  it('refuses to build a link to anything but http(s)', () => {
    expect(withCkRef('javascript:alert(1)', 'R')).toBeNull()
    expect(withCkRef('not a url', 'R')).toBeNull()
  })
})

describe('resolveStoreRef', () => {
  async function clicked() {
    const s = await setup()
    const res = await go(s.product.ProductID, s.marketer.id, { ip: `198.51.100.${Math.floor(Math.random() * 200) + 1}` })
    return { ...s, ref: refIn(res.headers.get('location')) }
  }

  it("makes the vendor's lead from the click, marked as from the store, once however often it is resolved", async () => {
    const { vendor, marketer, product, ref } = await clicked()
    const d = makeDb(env.DB)
    const lead = await resolveStoreRef(d, vendor.id, ref)
    expect(lead).toMatchObject({
      ProductID: product.ProductID,
      VendorID: vendor.id,
      MarketerID: marketer.id,
      StoreRef: ref,
      Status: 'Pending',
      CommissionAmountPaise: 15_000,
    })
    const again = await resolveStoreRef(d, vendor.id, ref)
    expect(again?.LeadID).toBe(lead?.LeadID)
    expect(await d.select().from(leads).where(eq(leads.StoreRef, ref))).toHaveLength(1)
  })

  it("finds nothing for an unknown ref, another vendor's ref or a ref past the 30-day window, and makes no lead", async () => {
    const { vendor, ref } = await clicked()
    const other = await makeVendor()
    const d = makeDb(env.DB)
    expect(await resolveStoreRef(d, vendor.id, newStoreRef())).toBeNull()
    expect(await resolveStoreRef(d, vendor.id, 'short')).toBeNull()
    expect(await resolveStoreRef(d, other.id, ref)).toBeNull()
    expect(await resolveStoreRef(d, vendor.id, ref, Date.now() + ATTRIBUTION_MS + 60 * 60_000)).toBeNull()
    expect(await d.select().from(leads).where(eq(leads.StoreRef, ref))).toEqual([])
    // Inside the window it still resolves.
    expect(await resolveStoreRef(d, vendor.id, ref, Date.now() + ATTRIBUTION_MS - 60 * 60_000)).not.toBeNull()
  })

  it("makes no lead from a suspended or erased influencer's earlier click, and still finds a lead made before", async () => {
    const d = makeDb(env.DB)
    const before = await clicked()
    const made = await resolveStoreRef(d, before.vendor.id, before.ref)
    const late = await clicked()
    const erased = await clicked()
    const at = new Date().toISOString()
    await d
      .update(marketers)
      .set({ suspendedAt: at })
      .where(inArray(marketers.MarketerID, [before.marketer.id, late.marketer.id]))
    await d.update(marketers).set({ erasedAt: at }).where(eq(marketers.MarketerID, erased.marketer.id))
    expect(await resolveStoreRef(d, late.vendor.id, late.ref)).toBeNull()
    expect(await resolveStoreRef(d, erased.vendor.id, erased.ref)).toBeNull()
    expect(
      await d
        .select()
        .from(leads)
        .where(inArray(leads.StoreRef, [late.ref, erased.ref])),
    ).toEqual([])
    // A lead that already existed stays the vendor's to work, as on the dashboard.
    expect((await resolveStoreRef(d, before.vendor.id, before.ref))?.LeadID).toBe(made?.LeadID)
  })

  it('is kept by the cron while the longest window a vendor may choose could still use it, and forgotten a day after', async () => {
    const { vendor, ref } = await clicked()
    const refRows = () => makeDb(env.DB).select().from(storeRefs).where(eq(storeRefs.Ref, ref))
    await runCron(Date.now() + ATTRIBUTION_MS + 2 * DAY)
    expect(await refRows()).toHaveLength(1)
    await runCron(Date.now() + REF_KEEP_MS + DAY)
    expect(await refRows()).toEqual([])
    expect(await resolveStoreRef(makeDb(env.DB), vendor.id, ref)).toBeNull()
  })
})
