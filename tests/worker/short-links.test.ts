import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LEAD_MESSAGES } from '../../worker/contract/lead'
import type { MarketerAnalytics } from '../../worker/contract/marketer'
import type { ProductDTO } from '../../worker/contract/product'
import { makeDb } from '../../worker/db/client'
import { products, shortLinks } from '../../worker/db/schema'
import { shortCodesFor } from '../../worker/db/short-links'
import worker from '../../worker/index'
import { shortLinkKvKey } from '../../worker/services/short-links'
import { call, ORIGIN } from '../helpers/api'
import { freshIp, leadForm, makeMarketer, makeProduct, makeVendor, type SignedInMarketer, type SignedInVendor } from '../helpers/factories'
import { BROWSER_UA } from '../helpers/tracking'

// Short links: one random code per influencer + product pair, created on first use,
// resolved through KV to a 302 to the pair's buy page; and an influencer's own visits and enquiries
// on their own links.

const WHATSAPP_UA = 'WhatsApp/2.24.3.79 A'
const FACEBOOK_UA = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'

let vendor: SignedInVendor
let marketer: SignedInMarketer
let other: SignedInMarketer
let product: ProductDTO

async function open(path: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext()
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { headers: { 'user-agent': BROWSER_UA, ...headers } }), env, ctx)
  await waitOnExecutionContext(ctx)
  return { status: res.status, location: res.headers.get('location'), html: await res.text() }
}

const codeOf = (shortLink: string | null) => {
  const m = /^http:\/\/collabkart\.test\/s\/([0-9A-Za-z]+)$/.exec(shortLink ?? '')
  if (!m?.[1]) throw new Error(`not a short link: ${shortLink}`)
  return m[1]
}

async function productAs(token: string, id = product.ProductID) {
  const res = await call<ProductDTO>('GET', `/api/products/${id}`, { token })
  expect(res.status).toBe(200)
  return res.body.data
}

function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {}
  for (const [tag] of html.matchAll(/<meta [^>]*>/g)) {
    const key = /(?:name|property)="([^"]+)"/.exec(tag)?.[1]
    const content = /content="([^"]*)"/.exec(tag)?.[1]
    if (key && content !== undefined && !(key in tags)) tags[key] = content.replace(/&amp;/g, '&')
  }
  return tags
}

beforeAll(async () => {
  vendor = await makeVendor({ VendorName: 'Kesar Kitchen' })
  marketer = await makeMarketer({ MarketerName: 'Meera Nair' })
  other = await makeMarketer({ MarketerName: 'Arjun Rao' })
  product = await makeProduct(vendor, { ProductName: 'Saffron Tea Tin', Price: '1499', Description: 'Kashmiri saffron green tea, 100 g.' })
})

describe('short links in the APIs', () => {
  it('gives an influencer a short link beside the long one, the same on every call and in every product route', async () => {
    const first = await productAs(marketer.token)
    expect(first.Link).toBe(`${ORIGIN}/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=${marketer.id}`)
    const code = codeOf(first.ShortLink)
    expect(code).toMatch(/^[0-9A-Za-z]{8}$/)
    expect(code).not.toContain(String(product.ProductID).padStart(3, '0'))
    expect((await productAs(marketer.token)).ShortLink).toBe(first.ShortLink)

    const list = await call<ProductDTO[]>('GET', `/api/affiliate/product-links?marketerId=${marketer.id}`, { token: marketer.token })
    expect(list.body.data.find((p) => p.ProductID === product.ProductID)?.ShortLink).toBe(first.ShortLink)
    const catalogue = await call<ProductDTO[]>('GET', '/api/products', { token: marketer.token })
    expect(catalogue.body.data.find((p) => p.ProductID === product.ProductID)?.ShortLink).toBe(first.ShortLink)
    const byVendor = await call<ProductDTO[]>('GET', `/api/products/getProductByVendor/${vendor.id}`, { token: marketer.token })
    expect(byVendor.body.data.find((p) => p.ProductID === product.ProductID)?.ShortLink).toBe(first.ShortLink)
  })

  it('gives each influencer their own code and nobody else a short link', async () => {
    const mine = (await productAs(marketer.token)).ShortLink
    const theirs = (await productAs(other.token)).ShortLink
    expect(theirs).not.toBe(mine)
    expect((await productAs(vendor.token)).ShortLink).toBeNull()
    expect((await call<ProductDTO>('GET', `/api/products/${product.ProductID}`)).body.data.ShortLink).toBeNull()
  })

  it('stores one code per pair when many first uses arrive at once', async () => {
    const fresh = await makeProduct(vendor, { ProductName: 'Cardamom Jar' })
    const marketers = await Promise.all([makeMarketer(), makeMarketer()])
    const answers = await Promise.all(
      marketers.flatMap((m) => Array.from({ length: 8 }, () => call<ProductDTO>('GET', `/api/products/${fresh.ProductID}`, { token: m.token }))),
    )
    expect(answers.every((a) => a.status === 200)).toBe(true)
    for (const [i, m] of marketers.entries()) {
      const seen = new Set(answers.slice(i * 8, i * 8 + 8).map((a) => a.body.data.ShortLink))
      expect(seen.size).toBe(1)
      const rows = await makeDb(env.DB).select().from(shortLinks).where(eq(shortLinks.MarketerID, m.id))
      expect(rows.map((r) => r.Code)).toEqual([codeOf([...seen][0] ?? null)])
    }
  })

  it('creates a whole page of codes in one go, past the statement parameter limit', async () => {
    const made = await Promise.all(Array.from({ length: 24 }, (_, i) => makeProduct(vendor, { ProductName: `Spice ${i}`, SKU: `SP-${i}` })))
    const m = await makeMarketer()
    const codes = await shortCodesFor(makeDb(env.DB), m.id, [...made, product, product])
    expect(codes.size).toBe(25)
    expect(new Set(codes.values()).size).toBe(25)
  })
})

describe('GET /s/{code}', () => {
  it('redirects with a 302 to the pair’s buy page', async () => {
    const code = codeOf((await productAs(marketer.token)).ShortLink)
    const res = await open(`/s/${code}`)
    expect(res.status).toBe(302)
    expect(res.location).toBe(`/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=${marketer.id}`)
  })

  it('reads the code from KV and writes a cold code back to KV for the next isolate', async () => {
    const fresh = await makeProduct(vendor, { ProductName: 'Kahwa Blend' })
    const code = codeOf((await productAs(marketer.token, fresh.ProductID)).ShortLink)
    expect(await env.IMPRESSIONS.get(shortLinkKvKey(code))).toBeNull()
    await open(`/s/${code}`)
    expect(await env.IMPRESSIONS.get(shortLinkKvKey(code))).toBe(`${fresh.ProductID}.${vendor.id}.${marketer.id}`)

    // A code only KV knows (D1 is not asked once KV answers).
    await env.IMPRESSIONS.put(shortLinkKvKey('KvOnly123'), `${fresh.ProductID}.${vendor.id}.${other.id}`)
    const res = await open('/s/KvOnly123')
    expect(res.status).toBe(302)
    expect(res.location).toBe(`/affiliate/track?productId=${fresh.ProductID}&vendorId=${vendor.id}&marketerId=${other.id}`)
  })

  it.each([
    ['an unknown code', 'Zz9Zz9Zz'],
    ['a code of the wrong shape', 'ab'],
    ['a code with other characters', 'abc-defg'],
    ['a deeper path', 'Zz9Zz9Zz/more'],
  ])('answers %s with the friendly "This link is not valid" page and 404', async (_, code) => {
    const res = await open(`/s/${code}`)
    expect(res.status).toBe(404)
    expect(res.html).toContain('This link is not valid')
    expect(res.html).toContain('<meta name="robots" content="noindex">')
    expect(res.html).not.toContain('name="ClientPhone"')
  })

  it('leads a switched-off product’s short link to the same "not valid" page as its long link', async () => {
    const fresh = await makeProduct(vendor, { ProductName: 'Rose Petal Jam' })
    const code = codeOf((await productAs(marketer.token, fresh.ProductID)).ShortLink)
    await makeDb(env.DB).update(products).set({ IsActive: false }).where(eq(products.ProductID, fresh.ProductID))
    const res = await open(`/s/${code}`)
    expect(res.status).toBe(302)
    const target = await open(res.location ?? '')
    const long = await open(`/affiliate/track?productId=${fresh.ProductID}&vendorId=${vendor.id}&marketerId=${marketer.id}`)
    expect(target.status).toBe(404)
    expect(long.status).toBe(404)
    expect(target.html).toContain('This link is not valid')
    // A preview bot reads the same page at the short address.
    const preview = await open(`/s/${code}`, { 'user-agent': WHATSAPP_UA })
    expect(preview.status).toBe(404)
    expect(preview.html).toContain('This link is not valid')
  })

  it.each([
    ['WhatsApp', WHATSAPP_UA],
    ['Facebook', FACEBOOK_UA],
  ])('gives %s the product preview at the short link itself, with no redirect to follow', async (_, ua) => {
    const code = codeOf((await productAs(marketer.token)).ShortLink)
    const page = await open(`/s/${code}`, { 'user-agent': ua })
    expect(page.location).toBeNull()
    const tags = metaTags(page.html)
    expect(page.status).toBe(200)
    expect(tags['og:title']).toBe('Saffron Tea Tin')
    expect(tags['og:description']).toMatch(/^₹1,499 from Kesar Kitchen\. Kashmiri saffron green tea/)
    expect(tags['og:image']).toMatch(/^http:\/\/collabkart\.test\/media\/products\//)
    expect(tags['og:image:width']).toBeDefined()
    expect(tags['og:site_name']).toBe('Collabkart')
    expect(tags['product:price:amount']).toBe('1499.00')
    expect(tags['twitter:card']).toBe('summary_large_image')
    expect(tags['og:url']).toBe(`${ORIGIN}/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=${marketer.id}`)
  })
})

describe('an influencer on their own link', () => {
  async function impressionAs(token: string | null, marketerId: number, ip: string) {
    const ctx = createExecutionContext()
    const headers: Record<string, string> = { 'user-agent': BROWSER_UA, 'cf-connecting-ip': ip }
    if (token) headers.authorization = `Bearer ${token}`
    const query = `productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=${marketerId}`
    const res = await worker.fetch(new Request(`${ORIGIN}/api/affiliate/track/impression?${query}`, { method: 'POST', headers }), env, ctx)
    await waitOnExecutionContext(ctx)
    return res.status
  }
  const impressionsOf = async (m: SignedInMarketer) =>
    (await call<MarketerAnalytics>('GET', `/api/marketers/analytics/${m.id}`, { token: m.token })).body.data.totalImpressions

  it('does not count their own visits, but counts other signed-in people and anonymous visitors', async () => {
    const m = await makeMarketer()
    const before = await impressionsOf(m)
    expect(await impressionAs(m.token, m.id, freshIp())).toBe(202)
    expect(await impressionsOf(m)).toBe(before)
    expect(await impressionAs(other.token, m.id, freshIp())).toBe(202)
    expect(await impressionAs(vendor.token, m.id, freshIp())).toBe(202)
    expect(await impressionAs(null, m.id, freshIp())).toBe(202)
    expect(await impressionsOf(m)).toBe(before + 3)
  })

  it('refuses their own enquiry with a clear message and stores nothing', async () => {
    const res = await call('POST', '/api/leads/create', {
      token: marketer.token,
      json: leadForm(product, marketer),
      headers: { 'cf-connecting-ip': freshIp() },
    })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ statusCode: 0, message: LEAD_MESSAGES.ownLink, data: null })
    const analytics = await call<MarketerAnalytics>('GET', `/api/marketers/analytics/${marketer.id}`, { token: marketer.token })
    expect(analytics.body.data.totalLeads).toBe(0)
  })

  it('still takes an enquiry another influencer sends through someone else’s link', async () => {
    const res = await call('POST', '/api/leads/create', { token: other.token, json: leadForm(product, marketer), headers: { 'cf-connecting-ip': freshIp() } })
    expect(res.status).toBe(201)
  })
})
