import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { app } from '../../worker/app'
import type { ProductDTO } from '../../worker/contract/product'
import {
  STOREFRONT_COLLECTIONS_MAX,
  STOREFRONT_FORMER_HANDLE_DAYS,
  STOREFRONT_MESSAGES,
  STOREFRONT_PINS_MAX,
  STOREFRONT_VIEW_DAYS,
  type StorefrontCollectionDTO,
  type StorefrontDTO,
} from '../../worker/contract/storefront'
import { indiaDay } from '../../worker/contract/india-date'
import { makeDb } from '../../worker/db/client'
import { marketers, storefrontHandleKey, storefrontOldHandles, storefrontPins, storefrontViewsDaily, storefrontVisits } from '../../worker/db/schema'
import { visitorId } from '../../worker/domain/impressions'
import { indiaDate } from '../../worker/domain/mail-templates'
import { indiaToday } from '../../worker/domain/working-days'
import { loadMarketer, writeMarketerProfile } from '../../worker/services/profile'
import { pruneStorefrontVisits, readOwnStorefront, recordStorefrontView } from '../../worker/services/storefront'
import { type MarketerProfile, profileUpdateSchema } from '../../worker/contract/marketer'
import { safeParse } from 'zod/mini'
import { call, ORIGIN } from '../helpers/api'
import { d1Figures } from '../helpers/server-timing'
import { makeAdmin, makeMarketer, makeProduct, makeVendor, type SignedInMarketer } from '../helpers/factories'

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
const WHATSAPP_UA = 'WhatsApp/2.24.3.79 A'

let seq = 0
/** A handle no other test uses (the test file shares one database). */
const freshHandle = (base: string) => `${base}${++seq}`

async function setSocials(id: number, fields: { InstagramUsername?: string | null; TwitterHandle?: string | null; TikTokUsername?: string | null }) {
  await makeDb(env.DB).update(marketers).set(fields).where(eq(marketers.MarketerID, id))
}

/** The page as a visitor's browser gets it; the view counting after the answer has finished. */
async function open(path: string, ua = PHONE_UA, ip = '203.0.113.7') {
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { headers: { 'user-agent': ua, 'cf-connecting-ip': ip } }), env, ctx)
  const html = await res.text()
  await waitOnExecutionContext(ctx)
  return { status: res.status, html, headers: res.headers }
}

const own = async (m: SignedInMarketer) => (await call<StorefrontDTO>('GET', '/api/storefront', { token: m.token })).body.data

async function collection(m: SignedInMarketer, Title: string) {
  const res = await call<StorefrontCollectionDTO>('POST', '/api/storefront/collections', { token: m.token, json: { Title } })
  expect(res.status).toBe(201)
  return res.body.data
}

const pin = (m: SignedInMarketer, collectionId: number, product: ProductDTO) =>
  call<{ PinID: number }>('POST', `/api/storefront/collections/${collectionId}/pins`, { token: m.token, json: { ProductID: product.ProductID } })

const buyHref = (p: ProductDTO, marketerId: number) => `/affiliate/track?productId=${p.ProductID}&amp;vendorId=${p.VendorID}&amp;marketerId=${marketerId}`

async function views(marketerId: number) {
  const rows = await makeDb(env.DB).select().from(storefrontViewsDaily).where(eq(storefrontViewsDaily.MarketerID, marketerId))
  return rows.reduce((n, r) => n + r.n, 0)
}

describe('the storefront handle', () => {
  it('is the Instagram username without @, else Twitter, else TikTok, found whatever the case', async () => {
    const ig = await makeMarketer({ MarketerName: 'Ananya' })
    const handle = freshHandle('Ananya.Weaves')
    await setSocials(ig.id, { InstagramUsername: `@${handle}`, TwitterHandle: 'ananya_tw_x' })
    expect((await own(ig)).path).toBe(`/@${handle}`)
    for (const typed of [handle, handle.toLowerCase(), handle.toUpperCase()]) {
      const page = await open(`/@${typed}`)
      expect(page.status).toBe(200)
      expect(page.html).toContain('<h1>Ananya</h1>')
    }

    const tw = await makeMarketer()
    const twHandle = freshHandle('only_tw')
    await setSocials(tw.id, { InstagramUsername: '', TwitterHandle: twHandle, TikTokUsername: 'tt_not_used' })
    expect((await own(tw)).handle).toBe(twHandle)

    const tt = await makeMarketer()
    const ttHandle = freshHandle('tt.only')
    await setSocials(tt.id, { TikTokUsername: `@${ttHandle}` })
    expect((await own(tt)).path).toBe(`/@${ttHandle}`)
  })

  it('comes from what the influencer saves in their social media setup', async () => {
    const m = await makeMarketer({ MarketerName: 'Setup Saver' })
    const handle = freshHandle('saved.via.setup')
    const save = (json: Record<string, unknown>) => call('PUT', `/api/marketers/social-media/${m.id}`, { token: m.token, json })
    expect((await save({ InstagramUsername: '', TwitterHandle: `@${handle}` })).status).toBe(200)
    expect((await own(m)).path).toBe(`/@${handle}`)
    expect((await open(`/@${handle.toUpperCase()}`)).html).toContain('<h1>Setup Saver</h1>')
    expect((await save({ InstagramUsername: '', TwitterHandle: '' })).status).toBe(200)
    expect((await own(m)).path).toBe(`/i/${m.id}`)
    // The handle given up still leads to the creator, now at /i/{id} (decision 203).
    const old = await open(`/@${handle}`)
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe(`/i/${m.id}`)
  })

  it('follows a change of the profile’s social media at once', async () => {
    const m = await makeMarketer({ MarketerName: 'Kabir' })
    const before = freshHandle('kabir_old')
    const after = freshHandle('kabir_new')
    await setSocials(m.id, { InstagramUsername: before })
    expect((await open(`/@${before}`)).status).toBe(200)
    await setSocials(m.id, { InstagramUsername: after })
    expect((await open(`/@${before}`)).status).toBe(404)
    expect((await open(`/@${after}`)).status).toBe(200)
  })

  it('stays with the earlier creator when two share one; the later one gets /i/{id}', async () => {
    const first = await makeMarketer({ MarketerName: 'First Holder' })
    const second = await makeMarketer({ MarketerName: 'Second Holder' })
    const handle = freshHandle('shared.name')
    await setSocials(first.id, { InstagramUsername: handle })
    await setSocials(second.id, { TwitterHandle: handle.toUpperCase() })
    expect((await own(first)).path).toBe(`/@${handle}`)
    expect(await own(second)).toMatchObject({ handle: null, path: `/i/${second.id}` })
    expect((await open(`/@${handle.toUpperCase()}`)).html).toContain('<h1>First Holder</h1>')
    const fallback = await open(`/i/${second.id}`)
    expect(fallback.status).toBe(200)
    expect(fallback.html).toContain('<h1>Second Holder</h1>')
    expect(fallback.html).toContain(`<link rel="canonical" href="${ORIGIN}/i/${second.id}">`)
  })

  it('is looked up through marketers_handle_idx, not by reading every account', async () => {
    const query = makeDb(env.DB)
      .select({ MarketerID: marketers.MarketerID })
      .from(marketers)
      .where(eq(storefrontHandleKey(marketers), 'someone'))
      .orderBy(asc(marketers.MarketerID))
      .limit(1)
      .toSQL()
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>()
    expect(plan.results.map((r) => r.detail).join('\n')).toMatch(/SEARCH marketers USING (COVERING )?INDEX marketers_handle_idx/)
  })

  it('is /i/{id} for a creator with no handle, and 404 for an unknown handle or id', async () => {
    const m = await makeMarketer({ MarketerName: 'No Socials' })
    expect(await own(m)).toMatchObject({ handle: null, path: `/i/${m.id}` })
    expect((await open(`/i/${m.id}`)).status).toBe(200)
    const unknown = await open('/@nobody_has_this_handle')
    expect(unknown.status).toBe(404)
    expect(unknown.html).toContain('Influencer Not Found')
    expect(unknown.html).toContain('<meta name="robots" content="noindex">')
    expect((await open('/i/999999')).status).toBe(404)
    expect((await open('/@not a handle!')).status).toBe(404)
  })
})

describe('the storefront page', () => {
  it('shows the creator’s card and each collection’s products in order, each linking to the buy page through their link', async () => {
    const vendor = await makeVendor()
    const scarf = await makeProduct(vendor, { ProductName: 'Kanjeevaram Silk Scarf', Price: '149999' })
    const kettle = await makeProduct(vendor, { ProductName: 'Brass Chai Kettle', Price: '1499.50' })
    const m = await makeMarketer({ MarketerName: 'Meera Nair' })
    const handle = freshHandle('meera.cooks')
    await setSocials(m.id, { InstagramUsername: handle })
    await makeDb(env.DB).update(marketers).set({ Category: 'Food, Home', Bio: 'Slow cooking from Kochi.' }).where(eq(marketers.MarketerID, m.id))
    const kitchen = await collection(m, 'Kitchen')
    const gifts = await collection(m, 'Gifts')
    expect((await pin(m, kitchen.CollectionID, kettle)).status).toBe(201)
    expect((await pin(m, gifts.CollectionID, scarf)).status).toBe(201)

    const { status, html, headers } = await open(`/@${handle}`)
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(html).toContain('<h1>Meera Nair</h1>')
    expect(html).toContain(`@${handle}`)
    expect(html).toContain('<li>Food</li><li>Home</li>')
    expect(html.indexOf('>Kitchen</h2>')).toBeLessThan(html.indexOf('>Gifts</h2>'))
    expect(html).toContain(`href="${buyHref(kettle, m.id)}"`)
    expect(html).toContain(`href="${buyHref(scarf, m.id)}"`)
    expect(html).toContain('₹1,49,999')
    expect(html).toContain('₹1,499.50')
    // No script at all, and every image has its box.
    expect(html).not.toContain('<script')
    for (const [img] of html.matchAll(/<img [^>]*>/g)) expect(img).toMatch(/width="\d+" height="\d+"/)
    // The inline stylesheet is allowed by its hash, nothing else.
    expect(headers.get('content-security-policy')).toMatch(/style-src 'self' 'sha256-[^']+'/)
  })

  it('has Open Graph and Twitter tags and a canonical URL on the public origin', async () => {
    const m = await makeMarketer({ MarketerName: 'Riya Sen' })
    const handle = freshHandle('riya')
    await setSocials(m.id, { InstagramUsername: handle })
    const { html } = await open(`/@${handle.toUpperCase()}`)
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/@${handle}">`)
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/@${handle}">`)
    expect(html).toContain('<meta property="og:type" content="profile">')
    expect(html).toContain('<meta property="og:title" content="Riya Sen&#39;s storefront">'.replace('&#39;', "'"))
    expect(html).toContain('<meta name="twitter:card"')
    expect(html).toContain('<title>Riya Sen&#39;s storefront · Collabkart</title>'.replace('&#39;', "'"))
  })

  it('hides a switched-off product while it is off and shows it again when it is back on', async () => {
    const vendor = await makeVendor()
    const lamp = await makeProduct(vendor, { ProductName: 'Terracotta Lamp' })
    const m = await makeMarketer()
    const c = await collection(m, 'Home')
    await call('PUT', `/api/products/status/${lamp.ProductID}`, { token: vendor.token })
    // Pinning a switched-off product is allowed; the dashboard marks it.
    expect((await pin(m, c.CollectionID, lamp)).status).toBe(201)
    expect((await own(m)).collections[0]?.pins[0]).toMatchObject({ ProductID: lamp.ProductID, IsActive: false })
    expect((await open(`/i/${m.id}`)).html).not.toContain('Terracotta Lamp')
    await call('PUT', `/api/products/status/${lamp.ProductID}`, { token: vendor.token })
    expect((await open(`/i/${m.id}`)).html).toContain('Terracotta Lamp')
  })

  it('hides an empty collection from the public: one with no product pinned, or only switched-off ones', async () => {
    const vendor = await makeVendor()
    const lamp = await makeProduct(vendor, { ProductName: 'Brass Diya' })
    const m = await makeMarketer()
    const full = await collection(m, 'Festive picks')
    await collection(m, 'Coming soon')
    const off = await collection(m, 'Switched off')
    const kettle = await makeProduct(vendor, { ProductName: 'Copper Kettle' })
    expect((await pin(m, full.CollectionID, lamp)).status).toBe(201)
    expect((await pin(m, off.CollectionID, kettle)).status).toBe(201)
    await call('PUT', `/api/products/status/${kettle.ProductID}`, { token: vendor.token })
    const page = await open(`/i/${m.id}`)
    expect(page.html).toContain('Festive picks')
    expect(page.html).not.toContain('Coming soon')
    expect(page.html).not.toContain('Switched off')
    expect(page.html).not.toContain('Nothing here just now')
    // The creator still sees and edits all three in the dashboard.
    expect((await own(m)).collections.map((c) => c.Title)).toEqual(['Festive picks', 'Coming soon', 'Switched off'])
  })

  it('shows the creator’s usable coupon codes with what each gives, and not one switched off', async () => {
    const vendor = await makeVendor({ VendorName: 'Handloom Haus' })
    const kurta = await makeProduct(vendor, { ProductName: 'Block Print Kurta' })
    const m = await makeMarketer()
    const give = (Code: string, over: Record<string, unknown>) =>
      call<{ CodeID: number }>('POST', '/api/coupons', { token: vendor.token, json: { MarketerID: m.id, Code, BuyerText: '10% off at checkout', ...over } })
    const all = await give(`SF${++seq}ALL`, { AllProducts: true, endsAt: '2099-03-31T18:29:59.000Z' })
    const one = await give(`SF${++seq}ONE`, { ProductIDs: [kurta.ProductID], BuyerText: 'Free dupatta' })
    expect([all.status, one.status]).toEqual([201, 201])
    const before = (await open(`/i/${m.id}`)).html
    expect(before).toContain('>Creator codes</h2>')
    expect(before).toContain(`<strong>SF${seq - 1}ALL</strong>`)
    expect(before).toContain('10% off at checkout: on every Handloom Haus product, until 31 Mar 2099')
    expect(before).toContain('Free dupatta: on 1 product from Handloom Haus')
    await call('PUT', `/api/coupons/${one.body.data.CodeID}/status`, { token: vendor.token, json: { Active: false } })
    const after = (await open(`/i/${m.id}`)).html
    expect(after).not.toContain(`SF${seq}ONE`)
    expect(after).toContain(`SF${seq - 1}ALL`)
  })

  it('is a 404 like the profile’s for a suspended creator', async () => {
    const m = await makeMarketer({ MarketerName: 'Suspended Sam' })
    const handle = freshHandle('sam')
    await setSocials(m.id, { InstagramUsername: handle })
    expect((await open(`/@${handle}`)).status).toBe(200)
    await makeDb(env.DB).update(marketers).set({ suspendedAt: new Date().toISOString(), suspendedReason: 'test' }).where(eq(marketers.MarketerID, m.id))
    for (const path of [`/@${handle}`, `/i/${m.id}`]) {
      const page = await open(path)
      expect(page.status).toBe(404)
      expect(page.html).toContain('Influencer Not Found')
      expect(page.html).not.toContain('Suspended Sam')
    }
  })

  it('shows the first 24 products of a long collection with a link to all of them', async () => {
    const vendor = await makeVendor()
    const m = await makeMarketer()
    const c = await collection(m, 'Everything')
    for (let i = 1; i <= 26; i++) {
      const p = await makeProduct(vendor, { ProductName: `Item number ${i}`, SKU: `ITEM-${i}` })
      expect((await pin(m, c.CollectionID, p)).status).toBe(201)
    }
    const first = await open(`/i/${m.id}`)
    expect(first.html.match(/class="item"/g)).toHaveLength(24)
    expect(first.html).toContain(`href="/i/${m.id}?more=${c.CollectionID}#c${c.CollectionID}">Show all 26 products</a>`)
    const all = await open(`/i/${m.id}?more=${c.CollectionID}`)
    expect(all.html.match(/class="item"/g)).toHaveLength(26)
  })

  it('counts each visitor once a day, apart from impressions, and no bot’s', async () => {
    const m = await makeMarketer()
    await open(`/i/${m.id}`)
    expect(await views(m.id)).toBe(1)
    // The same visitor again, even several at once: still one.
    await open(`/i/${m.id}`)
    await Promise.all([1, 2, 3, 4].map(() => open(`/i/${m.id}`)))
    expect(await views(m.id)).toBe(1)
    // Link previews, crawlers and requests without a browser never count.
    for (const ua of [WHATSAPP_UA, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '']) await open(`/i/${m.id}`, ua, '198.51.100.9')
    expect(await views(m.id)).toBe(1)
    // Following 'Show all' is the same visit, whoever follows it.
    await open(`/i/${m.id}?more=1`, PHONE_UA, '198.51.100.10')
    expect(await views(m.id)).toBe(1)
    // Another network, or another browser on the same one, is another visitor.
    await open(`/i/${m.id}`, PHONE_UA, '198.51.100.11')
    await open(
      `/i/${m.id}`,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    )
    expect(await views(m.id)).toBe(3)
    // The creator sees them in their dashboard.
    expect((await own(m)).views).toBe(3)
  })

  it('counts the same visitor again on the next day, and forgets who visited once a day is past', async () => {
    const m = await makeMarketer()
    const d = makeDb(env.DB)
    const visitor = await visitorId('203.0.113.50', PHONE_UA, env.JWT_SECRET)
    const today = new Date()
    const tomorrow = new Date(today.getTime() + 86_400_000)
    const dayAfter = new Date(today.getTime() + 2 * 86_400_000)
    await recordStorefrontView(d, m.id, visitor, today)
    await recordStorefrontView(d, m.id, visitor, today)
    await recordStorefrontView(d, m.id, visitor, tomorrow)
    expect(await views(m.id)).toBe(2)
    const visitsOf = async () => (await d.select().from(storefrontVisits).where(eq(storefrontVisits.MarketerID, m.id))).map((v) => v.day)
    expect(await visitsOf()).toHaveLength(2)
    // Two days on, today's visitors are dropped (a cron run) and the counts stay.
    await pruneStorefrontVisits(d, dayAfter.getTime())
    expect(await visitsOf()).toEqual([indiaDay(tomorrow)])
    expect(await views(m.id)).toBe(2)
  })

  it('counts a visitor once per India day: a new day at 00:00 IST, none at 05:30 IST (UTC midnight)', async () => {
    const m = await makeMarketer()
    const d = makeDb(env.DB)
    const visitor = await visitorId('203.0.113.51', PHONE_UA, env.JWT_SECRET)
    const daysOf = async () => (await d.select().from(storefrontViewsDaily).where(eq(storefrontViewsDaily.MarketerID, m.id))).map((r) => [r.day, r.n]).sort()
    // 23:50 and 00:10 in India on 1-2 December (18:20 and 18:40 UTC, one UTC day): two India days.
    await recordStorefrontView(d, m.id, visitor, new Date('2026-12-01T18:20:00Z'))
    await recordStorefrontView(d, m.id, visitor, new Date('2026-12-01T18:40:00Z'))
    expect(await daysOf()).toEqual([
      ['2026-12-01', 1],
      ['2026-12-02', 1],
    ])
    // 05:20 and 05:40 in India on 2 December (either side of UTC midnight): still the same India day.
    await recordStorefrontView(d, m.id, visitor, new Date('2026-12-01T23:50:00Z'))
    await recordStorefrontView(d, m.id, visitor, new Date('2026-12-02T00:10:00Z'))
    expect(await daysOf()).toEqual([
      ['2026-12-01', 1],
      ['2026-12-02', 1],
    ])
    // The dashboard's 30-day count turns over at India's midnight: at 23:50 IST on 30 December both
    // days are in it; ten minutes later (31 December in India, still the 30th in UTC) 1 December is out.
    expect((await readOwnStorefront(d, m.id, new Date('2026-12-30T18:20:00Z'))).views).toBe(2)
    expect((await readOwnStorefront(d, m.id, new Date('2026-12-30T18:40:00Z'))).views).toBe(1)
    // The cron forgets visitors of days before India's yesterday: at 00:10 IST on 3 December, 1 December's.
    await pruneStorefrontVisits(d, Date.parse('2026-12-02T18:40:00Z'))
    expect((await d.select().from(storefrontVisits).where(eq(storefrontVisits.MarketerID, m.id))).map((v) => v.day)).toEqual(['2026-12-02'])
  })

  it('is listed in the sitemap once it has a collection, under its handle', async () => {
    const m = await makeMarketer()
    const handle = freshHandle('sitemapped')
    await setSocials(m.id, { InstagramUsername: handle })
    const bare = await makeMarketer()
    const before = await (await app.fetch(new Request(`${ORIGIN}/sitemap.xml`), env, createExecutionContext())).text()
    expect(before).not.toContain(`/@${handle}<`)
    await collection(m, 'Picks')
    await collection(bare, 'Picks')
    const xml = await (await app.fetch(new Request(`${ORIGIN}/sitemap.xml`), env, createExecutionContext())).text()
    expect(xml).toContain(`<loc>${ORIGIN}/@${handle}</loc>`)
    expect(xml).toContain(`<loc>${ORIGIN}/i/${bare.id}</loc>`)
  })
})

describe('sharing the storefront page', () => {
  it('offers a Share control that works without a script: each app’s share address with the storefront’s URL, and the URL to copy', async () => {
    const m = await makeMarketer({ MarketerName: 'Tara & Co' })
    const handle = freshHandle('tara.shares')
    await setSocials(m.id, { InstagramUsername: handle })
    const { html } = await open(`/@${handle.toUpperCase()}`)
    const url = `${ORIGIN}/@${handle}`
    const text = `Tara & Co's storefront on Collabkart: ${url}`
    const q = encodeURIComponent
    expect(html).toContain('<details class="share"><summary>Share</summary>')
    for (const href of [
      `https://wa.me/?text=${q(text)}`,
      `https://t.me/share/url?url=${q(url)}&amp;text=${q(text.slice(0, -url.length - 2))}`,
      `https://x.com/intent/post?text=${q(text)}`,
      `https://www.facebook.com/sharer/sharer.php?u=${q(url)}`,
    ]) {
      expect(html).toContain(`<a href="${href}" target="_blank" rel="noopener noreferrer">`)
    }
    expect(html).toContain(`<label for="storefront-url">Storefront link</label><input id="storefront-url" type="url" readonly value="${url}">`)
    expect(html).not.toContain('<script')
  })
})

describe('a handle its creator gave up', () => {
  const saveSocial = (m: SignedInMarketer, json: Record<string, unknown>) => call('PUT', `/api/marketers/social-media/${m.id}`, { token: m.token, json })

  it('answers a 301 to the creator’s storefront now, with what followed the path', async () => {
    const m = await makeMarketer({ MarketerName: 'Renamed Rohan' })
    const before = freshHandle('rohan.before')
    const after = freshHandle('rohan.after')
    expect((await saveSocial(m, { InstagramUsername: before })).status).toBe(200)
    expect((await saveSocial(m, { InstagramUsername: after })).status).toBe(200)
    const moved = await open(`/@${before.toUpperCase()}?more=3`)
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe(`/@${after}?more=3`)
    expect(moved.headers.get('cache-control')).toBe('public, max-age=3600')
    expect((await open(`/@${after}`)).html).toContain('<h1>Renamed Rohan</h1>')
  })

  it('follows a change made in the profile form too, and leads on after a second change', async () => {
    const m = await makeMarketer()
    const [first, second, third] = [freshHandle('hop.one'), freshHandle('hop.two'), freshHandle('hop.three')]
    const profile = (InstagramUsername: string) =>
      call('PUT', `/api/marketers/${m.id}`, { token: m.token, json: { MarketerName: 'Hopper', MobileNumber: '9123456780', Email: m.email, InstagramUsername } })
    expect((await profile(first)).status).toBe(200)
    expect((await profile(second)).status).toBe(200)
    expect((await profile(third)).status).toBe(200)
    for (const old of [first, second]) expect((await open(`/@${old}`)).headers.get('location')).toBe(`/@${third}`)
  })

  it('passes to the creator who holds it now, and is never remembered for one who did not hold it', async () => {
    const first = await makeMarketer({ MarketerName: 'Earlier Ela' })
    const second = await makeMarketer({ MarketerName: 'Later Lila' })
    const handle = freshHandle('shared.old')
    expect((await saveSocial(first, { InstagramUsername: handle })).status).toBe(200)
    expect((await saveSocial(second, { InstagramUsername: handle })).status).toBe(200)
    // The later creator never held it: their change leaves /@handle with the earlier one.
    expect((await saveSocial(second, { InstagramUsername: freshHandle('lila.new') })).status).toBe(200)
    expect(await makeDb(env.DB).select().from(storefrontOldHandles).where(eq(storefrontOldHandles.HandleKey, handle))).toEqual([])
    expect((await open(`/@${handle}`)).html).toContain('<h1>Earlier Ela</h1>')
    expect((await saveSocial(second, { InstagramUsername: handle })).status).toBe(200)
    // Now the earlier one gives it up: it stays hers for 90 days (decision 247), though the later
    // one typed it first; her links lead to her new storefront, never to Lila's shop.
    const elaNew = freshHandle('ela.new')
    expect((await saveSocial(first, { InstagramUsername: elaNew })).status).toBe(200)
    expect((await open(`/@${handle}`)).headers.get('location')).toBe(`/@${elaNew}`)
    expect((await own(second)).path).toBe(`/i/${second.id}`)
    // Once released, the later one holds it.
    await makeDb(env.DB)
      .update(storefrontOldHandles)
      .set({ releasesAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(storefrontOldHandles.HandleKey, handle))
    const page = await open(`/@${handle}`)
    expect(page.status).toBe(200)
    expect(page.html).toContain('<h1>Later Lila</h1>')
    // Suspended, the holder still keeps it: their links answer 404, never another creator's shop.
    await makeDb(env.DB).update(marketers).set({ suspendedAt: new Date().toISOString(), suspendedReason: 'test' }).where(eq(marketers.MarketerID, second.id))
    expect((await open(`/@${handle}`)).status).toBe(404)
  })

  it(`stops leading anywhere after ${STOREFRONT_FORMER_HANDLE_DAYS} days, or while the creator is suspended`, async () => {
    const m = await makeMarketer()
    const [old, now] = [freshHandle('aging.old'), freshHandle('aging.new')]
    expect((await saveSocial(m, { InstagramUsername: old })).status).toBe(200)
    expect((await saveSocial(m, { InstagramUsername: now })).status).toBe(200)
    const d = makeDb(env.DB)
    const setChanged = (daysAgo: number) =>
      d
        .update(storefrontOldHandles)
        .set({
          changedAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
          releasesAt: new Date(Date.now() + (STOREFRONT_FORMER_HANDLE_DAYS - daysAgo) * 86_400_000).toISOString(),
        })
        .where(eq(storefrontOldHandles.HandleKey, old))
    await setChanged(STOREFRONT_FORMER_HANDLE_DAYS - 1)
    expect((await open(`/@${old}`)).status).toBe(301)
    await setChanged(STOREFRONT_FORMER_HANDLE_DAYS + 1)
    expect((await open(`/@${old}`)).status).toBe(404)
    await setChanged(0)
    await d.update(marketers).set({ suspendedAt: new Date().toISOString(), suspendedReason: 'test' }).where(eq(marketers.MarketerID, m.id))
    const suspended = await open(`/@${old}`)
    expect(suspended.status).toBe(404)
    expect(suspended.html).toContain('Influencer Not Found')
  })

  it('stays reserved for its former owner for 90 days: another creator is refused it, in capitals or with a trailing dot too', async () => {
    const ananya = await makeMarketer({ MarketerName: 'Ananya Weaves' })
    const other = await makeMarketer({ MarketerName: 'Other Creator' })
    const [given, next] = [freshHandle('ananya.weaves'), freshHandle('ananya.handloom')]
    expect((await saveSocial(ananya, { InstagramUsername: given })).status).toBe(200)
    expect((await saveSocial(ananya, { InstagramUsername: next })).status).toBe(200)
    const [row] = await makeDb(env.DB).select().from(storefrontOldHandles).where(eq(storefrontOldHandles.HandleKey, given))
    expect(row.MarketerID).toBe(ananya.id)
    const days = (Date.parse(row.releasesAt) - Date.parse(row.changedAt)) / 86_400_000
    expect(days).toBe(STOREFRONT_FORMER_HANDLE_DAYS)
    const refusal = STOREFRONT_MESSAGES.handleReserved(indiaDate(indiaToday(Date.parse(row.releasesAt))))
    for (const variant of [given, `${given.toUpperCase()}.`, `@${given}..`]) {
      const setup = await saveSocial(other, { InstagramUsername: variant })
      expect([setup.status, setup.body.message]).toEqual([409, refusal])
      const profile = await call('PUT', `/api/marketers/${other.id}`, {
        token: other.token,
        json: { MarketerName: 'Other Creator', MobileNumber: '9123456781', Email: other.email, InstagramUsername: variant },
      })
      expect([profile.status, profile.body.message]).toEqual([409, refusal])
    }
    // Nothing of the refused saves was written; the handle still leads to Ananya's new storefront.
    const [stored] = await makeDb(env.DB).select().from(marketers).where(eq(marketers.MarketerID, other.id))
    expect(stored.InstagramUsername).toBeNull()
    for (const path of [`/@${given}`, `/@${given.toUpperCase()}.`]) expect((await open(path)).headers.get('location')).toBe(`/@${next}`)
  })

  it('lets its former owner take it back at once, in any case or with a trailing dot', async () => {
    const ananya = await makeMarketer({ MarketerName: 'Back Again' })
    const [given, next] = [freshHandle('comeback.weaves'), freshHandle('comeback.new')]
    expect((await saveSocial(ananya, { InstagramUsername: given })).status).toBe(200)
    expect((await saveSocial(ananya, { InstagramUsername: next })).status).toBe(200)
    expect((await saveSocial(ananya, { InstagramUsername: `${given.toUpperCase()}.` })).status).toBe(200)
    const page = await open(`/@${given}`)
    expect(page.status).toBe(200)
    expect(page.html).toContain('<h1>Back Again</h1>')
    expect((await open(`/@${next}`)).headers.get('location')).toBe(`/@${given.toUpperCase()}.`)
  })

  it('may be taken by another creator once its 90 days are over', async () => {
    const ananya = await makeMarketer({ MarketerName: 'Gave It Up' })
    const other = await makeMarketer({ MarketerName: 'Took It Later' })
    const [given, next] = [freshHandle('released.weaves'), freshHandle('released.new')]
    expect((await saveSocial(ananya, { InstagramUsername: given })).status).toBe(200)
    expect((await saveSocial(ananya, { InstagramUsername: next })).status).toBe(200)
    await makeDb(env.DB)
      .update(storefrontOldHandles)
      .set({ releasesAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(storefrontOldHandles.HandleKey, given))
    expect((await saveSocial(other, { InstagramUsername: given })).status).toBe(200)
    expect((await open(`/@${given}`)).html).toContain('<h1>Took It Later</h1>')
  })

  it('is forgotten when the creator’s personal data is erased', async () => {
    const m = await makeMarketer()
    const admin = await makeAdmin()
    const [old, now] = [freshHandle('erased.old'), freshHandle('erased.new')]
    expect((await saveSocial(m, { InstagramUsername: old })).status).toBe(200)
    expect((await saveSocial(m, { InstagramUsername: now })).status).toBe(200)
    expect((await open(`/@${old}`)).status).toBe(301)
    const erased = await call('POST', `/api/admin/influencers/${m.id}/erase`, { token: admin.token, json: { email: m.email, reasonCode: 'data-request' } })
    expect(erased.status).toBe(200)
    expect(await makeDb(env.DB).select().from(storefrontOldHandles).where(eq(storefrontOldHandles.MarketerID, m.id))).toEqual([])
    expect((await open(`/@${old}`)).status).toBe(404)
  })

  it('is remembered only with the save that gives it up: a save refused by its guard remembers nothing', async () => {
    const m = await makeMarketer()
    const handle = freshHandle('guarded')
    await setSocials(m.id, { InstagramUsername: handle })
    const d = makeDb(env.DB)
    const input = safeParse(profileUpdateSchema, {
      MarketerName: 'Changed',
      MobileNumber: '9123456780',
      Email: m.email,
      InstagramUsername: 'somebody_else_now',
    }).data
    if (!input) throw new Error('profile did not parse')
    const stale = { hash: 'pbkdf2-sha256$1$AA==$AA==', replaces: 'not-the-hash-any-more' }
    await expect(writeMarketerProfile(d, await loadMarketer(d, m.id), input, stale)).rejects.toMatchObject({ code: 'conflict' })
    expect(await d.select().from(storefrontOldHandles).where(eq(storefrontOldHandles.HandleKey, handle))).toEqual([])
    expect((await open(`/@${handle}`)).status).toBe(200)
  })
})

describe('the links to a storefront', () => {
  it('are on the public profile once the creator has a collection', async () => {
    const m = await makeMarketer()
    const handle = freshHandle('profiled')
    await setSocials(m.id, { InstagramUsername: handle })
    const profile = async () => (await call<MarketerProfile>('GET', `/api/marketers/social-media/${m.id}`)).body.data
    expect((await profile()).storefrontPath).toBeNull()
    await collection(m, 'Picks')
    expect((await profile()).storefrontPath).toBe(`/@${handle}`)
    await setSocials(m.id, { InstagramUsername: null })
    expect((await profile()).storefrontPath).toBe(`/i/${m.id}`)
  })
})

describe('/api/storefront', () => {
  it('creates, renames, reorders and deletes collections, and pins, reorders and unpins products', async () => {
    const vendor = await makeVendor()
    const [a, b] = [await makeProduct(vendor, { ProductName: 'A product' }), await makeProduct(vendor, { ProductName: 'B product' })]
    const m = await makeMarketer()
    const one = await collection(m, '  Festive picks ')
    expect(one.Title).toBe('Festive picks')
    const two = await collection(m, 'Daily')
    const renamed = await call('PUT', `/api/storefront/collections/${one.CollectionID}`, { token: m.token, json: { Title: 'Diwali' } })
    expect(renamed.body).toMatchObject({ statusCode: 1, message: STOREFRONT_MESSAGES.collectionRenamed })

    const order = await call<StorefrontDTO>('PUT', '/api/storefront/collections/order', {
      token: m.token,
      json: { CollectionIDs: [two.CollectionID, one.CollectionID] },
    })
    expect(order.body.data.collections.map((c) => c.Title)).toEqual(['Daily', 'Diwali'])

    const pa = (await pin(m, one.CollectionID, a)).body.data.PinID
    const pb = (await pin(m, one.CollectionID, b)).body.data.PinID
    const again = await pin(m, one.CollectionID, a)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(STOREFRONT_MESSAGES.alreadyPinned)
    const pins = await call<StorefrontDTO>('PUT', `/api/storefront/collections/${one.CollectionID}/pins/order`, { token: m.token, json: { PinIDs: [pb, pa] } })
    expect(pins.body.data.collections[1]?.pins.map((p) => p.ProductName)).toEqual(['B product', 'A product'])
    const html = (await open(`/i/${m.id}`)).html
    expect(html.indexOf('>Daily</h2>')).toBeLessThan(html.indexOf('>Diwali</h2>'))
    expect(html.indexOf('B product')).toBeLessThan(html.indexOf('A product'))

    const stale = await call('PUT', `/api/storefront/collections/${one.CollectionID}/pins/order`, { token: m.token, json: { PinIDs: [pa] } })
    expect(stale.status).toBe(400)
    expect(stale.body.message).toBe(STOREFRONT_MESSAGES.orderInvalid)

    expect((await call('DELETE', `/api/storefront/pins/${pa}`, { token: m.token })).status).toBe(200)
    expect((await call('DELETE', `/api/storefront/collections/${two.CollectionID}`, { token: m.token })).status).toBe(200)
    const left = await own(m)
    expect(left.collections.map((c) => [c.Title, c.pins.map((p) => p.PinID)])).toEqual([['Diwali', [pb]]])
  })

  it('pins only a product that exists, and refuses a blank or long title with the contract’s messages', async () => {
    const m = await makeMarketer()
    const c = await collection(m, 'Picks')
    const missing = await call('POST', `/api/storefront/collections/${c.CollectionID}/pins`, { token: m.token, json: { ProductID: 987654 } })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe(STOREFRONT_MESSAGES.productNotFound)
    const blank = await call('POST', '/api/storefront/collections', { token: m.token, json: { Title: '   ' } })
    expect(blank.body.message).toBe(STOREFRONT_MESSAGES.titleRequired)
    const long = await call('POST', '/api/storefront/collections', { token: m.token, json: { Title: 'x'.repeat(61) } })
    expect(long.body.message).toBe(STOREFRONT_MESSAGES.titleTooLong)
  })

  it(`refuses a collection beyond ${STOREFRONT_COLLECTIONS_MAX} with a clear message`, async () => {
    const m = await makeMarketer()
    for (let i = 0; i < STOREFRONT_COLLECTIONS_MAX; i++) await collection(m, `C${i}`)
    const over = await call('POST', '/api/storefront/collections', { token: m.token, json: { Title: 'One more' } })
    expect(over.status).toBe(409)
    expect(over.body.message).toBe(STOREFRONT_MESSAGES.tooManyCollections)
    expect((await own(m)).collections).toHaveLength(STOREFRONT_COLLECTIONS_MAX)
  })

  it('lets concurrent creations pass the limit never: the rest are refused with 409, none with 500', async () => {
    const m = await makeMarketer()
    const answers = await Promise.all(
      Array.from({ length: STOREFRONT_COLLECTIONS_MAX + 5 }, (_, i) =>
        call('POST', '/api/storefront/collections', { token: m.token, json: { Title: `Race ${i}` } }),
      ),
    )
    expect(answers.filter((a) => a.status === 201)).toHaveLength(STOREFRONT_COLLECTIONS_MAX)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5)
    const collections = (await own(m)).collections
    expect(collections).toHaveLength(STOREFRONT_COLLECTIONS_MAX)
    expect(new Set(collections.map((c) => c.Position)).size).toBe(STOREFRONT_COLLECTIONS_MAX)

    const vendor = await makeVendor()
    const p = await makeProduct(vendor)
    const first = collections[0] as StorefrontCollectionDTO
    const pins = await Promise.all([1, 2, 3].map(() => pin(m, first.CollectionID, p)))
    expect(pins.map((r) => r.status).sort()).toEqual([201, 409, 409])
  })

  it('refuses another influencer’s collection or pin as not found and changes nothing', async () => {
    const vendor = await makeVendor()
    const p = await makeProduct(vendor)
    const owner = await makeMarketer()
    const other = await makeMarketer()
    const c = await collection(owner, 'Mine')
    const pinId = (await pin(owner, c.CollectionID, p)).body.data.PinID
    const before = await own(owner)
    const attempts = [
      call('PUT', `/api/storefront/collections/${c.CollectionID}`, { token: other.token, json: { Title: 'Taken' } }),
      call('DELETE', `/api/storefront/collections/${c.CollectionID}`, { token: other.token }),
      call('POST', `/api/storefront/collections/${c.CollectionID}/pins`, { token: other.token, json: { ProductID: p.ProductID } }),
      call('PUT', `/api/storefront/collections/${c.CollectionID}/pins/order`, { token: other.token, json: { PinIDs: [pinId] } }),
      call('DELETE', `/api/storefront/pins/${pinId}`, { token: other.token }),
    ]
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404)
    const order = await call('PUT', '/api/storefront/collections/order', { token: other.token, json: { CollectionIDs: [c.CollectionID] } })
    expect(order.status).toBe(400)
    expect(await own(owner)).toEqual(before)
  })

  it('is for influencers only: vendors and admins are refused with 403, nobody signed in with 401', async () => {
    const vendor = await makeVendor()
    const admin = await makeAdmin()
    for (const token of [vendor.token, admin.token]) {
      expect((await call('GET', '/api/storefront', { token })).status).toBe(403)
      expect((await call('POST', '/api/storefront/collections', { token, json: { Title: 'X' } })).status).toBe(403)
    }
    expect((await call('GET', '/api/storefront')).status).toBe(401)
  })

  it(`refuses a pin beyond ${STOREFRONT_PINS_MAX}, and reads about what it shows when full`, async () => {
    const vendor = await makeVendor()
    const items: ProductDTO[] = []
    for (let i = 0; i < 20; i++) items.push(await makeProduct(vendor, { ProductName: `Full ${i}`, SKU: `FULL-${i}` }))
    const m = await makeMarketer()
    const groups: number[] = []
    for (let i = 0; i < STOREFRONT_PINS_MAX / items.length; i++) groups.push((await collection(m, `Group ${i}`)).CollectionID)
    // Straight into the table: 100 pins through the API would only make the test slow.
    const rows = groups.flatMap((CollectionID) => items.map((p, Position) => ({ CollectionID, MarketerID: m.id, ProductID: p.ProductID, Position })))
    const db = makeDb(env.DB)
    for (let i = 0; i < rows.length; i += 10) await db.insert(storefrontPins).values(rows.slice(i, i + 10))
    const extra = await collection(m, 'Extra')
    const over = await pin(m, extra.CollectionID, items[0] as ProductDTO)
    expect(over.status).toBe(409)
    expect(over.body.message).toBe(STOREFRONT_MESSAGES.tooManyPins)

    const full = await call<StorefrontDTO>('GET', '/api/storefront', { token: m.token })
    expect(full.body.data.collections.flatMap((c) => c.pins)).toHaveLength(STOREFRONT_PINS_MAX)
    // Each pin and its product, each collection, the account and its handle: no more.
    expect(d1Figures(full.headers).rowsRead).toBeLessThanOrEqual(2 * STOREFRONT_PINS_MAX + STOREFRONT_COLLECTIONS_MAX + STOREFRONT_VIEW_DAYS + 20)
  })
})
