import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../worker/app'
import { BUY_DATA_ELEMENT_ID, type BuyPageData } from '../../worker/contract/buy-page'
import type { MarketerAnalytics } from '../../worker/contract/marketer'
import type { ProductDTO } from '../../worker/contract/product'
import { makeDb } from '../../worker/db/client'
import { products } from '../../worker/db/schema'
import { call, ORIGIN } from '../helpers/api'
import { freshIp, makeMarketer, makeProduct, makeVendor, nextPhone, type SignedInMarketer, type SignedInVendor } from '../helpers/factories'
import { gifOfSize, imageFile, PNG_3X2 } from '../helpers/images'

// The pages the Worker answers as HTML: the buy page rendered at the edge, and the heads (title,
// description, canonical, Open Graph and Twitter tags) of product pages and influencer profiles.
// The page templates are the source ones (web/index.html, web/affiliate/track.html).

const WHATSAPP_UA = 'WhatsApp/2.24.3.79 A'
const FACEBOOK_UA = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'

async function page(path: string, init: RequestInit = {}) {
  const res = await exports.default.fetch(new Request(`${ORIGIN}${path}`, init))
  return { status: res.status, headers: res.headers, html: await res.text() }
}

/** Every <meta> of the document as name-or-property -> content (first wins), entities decoded. */
function metaTags(html: string): Record<string, string> {
  const decode = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
  const tags: Record<string, string> = {}
  for (const [tag] of html.matchAll(/<meta [^>]*>/g)) {
    const key = /(?:name|property)="([^"]+)"/.exec(tag)?.[1]
    const content = /content="([^"]*)"/.exec(tag)?.[1]
    if (key && content !== undefined && !(key in tags)) tags[key] = decode(content)
  }
  return tags
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&')
const count = (html: string, needle: string) => html.split(needle).length - 1

function buyData(html: string): BuyPageData {
  const json = new RegExp(`<script type="application/json" id="${BUY_DATA_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1]
  if (!json) throw new Error('the buy page carries no data')
  return JSON.parse(json) as BuyPageData
}

let vendor: SignedInVendor
let marketer: SignedInMarketer
let product: ProductDTO
const buyPath = (p: Pick<ProductDTO, 'ProductID' | 'VendorID'>, marketerId: number | string) =>
  `/affiliate/track?productId=${p.ProductID}&vendorId=${p.VendorID}&marketerId=${marketerId}`

beforeAll(async () => {
  vendor = await makeVendor({ VendorName: 'Chai & Co.' })
  marketer = await makeMarketer({ MarketerName: 'Meera Nair' })
  product = await makeProduct(
    vendor,
    {
      ProductName: 'Assam Masala Chai – 250 g',
      Description: 'Strong CTC Assam leaf blended with cardamom and ginger.',
      Price: '349',
      product_link: 'https://chaiandco.in/masala-chai',
    },
    [imageFile(gifOfSize(800, 600), 'chai.gif', 'image/gif'), imageFile(PNG_3X2)],
  )
})

describe('the buy page rendered at the edge', () => {
  it('answers HTML that already holds the product, its price, seller, first image and the buy form', async () => {
    const { status, html, headers } = await page(buyPath(product, marketer.id), { headers: { 'user-agent': PHONE_UA } })
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8')
    const root = html.slice(html.indexOf('<div id="root">'))
    expect(root).toContain('<h1')
    expect(root).toContain('Assam Masala Chai – 250 g')
    expect(root).toContain('₹349')
    expect(root).toContain('Chai &amp; Co.')
    expect(root).toContain('Strong CTC Assam leaf blended with cardamom and ginger.')
    expect(root).toContain('Fill the Form to Buy the Product')
    expect(root).toMatch(/<form[^>]*action="\/affiliate\/track\?productId=\d+&amp;vendorId=\d+&amp;marketerId=\d+"[^>]*method="post"/)
    for (const field of ['ClientName', 'ClientEmail', 'ClientPhone']) expect(root).toContain(`name="${field}"`)
    expect(root).toContain('>Buy Now</button>')
    expect(root).toContain('>View Product<')
    const first = product.ImageURL.split(',')[0]
    expect(root).toMatch(new RegExp(`<img src="/media/${first}"[^>]*width="800" height="600"[^>]*fetchPriority="high"`))
    expect(html).toContain(`<link rel="preload" as="image" href="/media/${first}" fetchpriority="high">`)
    // React's own preload inside the body is dropped: the head has the one that matters.
    expect(count(html, 'rel="preload"')).toBe(1)
  })

  it('carries the data the browser hydrates from, so it never fetches the product again', async () => {
    const { html } = await page(buyPath(product, marketer.id))
    const data = buyData(html)
    expect(data.ids).toEqual({ productId: product.ProductID, vendorId: vendor.id, marketerId: marketer.id })
    expect(data.track).toBe(true)
    expect(data.link).toMatchObject({
      valid: true,
      marketerId: marketer.id,
      product: { ProductName: 'Assam Masala Chai – 250 g', Price: '349.00', VendorName: 'Chai & Co.' },
    })
    if (!data.link.valid) throw new Error('expected a valid link')
    expect(data.link.product.images[0]).toEqual({ path: product.ImageURL.split(',')[0], width: 800, height: 600 })
  })

  it('titles the page after the product and previews it in chat apps with price, seller and image', async () => {
    for (const ua of [WHATSAPP_UA, FACEBOOK_UA]) {
      const { html, status } = await page(buyPath(product, marketer.id), { headers: { 'user-agent': ua } })
      expect(status).toBe(200)
      expect(titleOf(html)).toBe('Assam Masala Chai – 250 g · Collabkart')
      const meta = metaTags(html)
      const link = `${ORIGIN}${buyPath(product, marketer.id)}`
      expect(canonicalOf(html)).toBe(link)
      expect(meta).toMatchObject({
        description: '₹349 from Chai & Co. Strong CTC Assam leaf blended with cardamom and ginger.',
        'og:site_name': 'Collabkart',
        'og:type': 'product',
        'og:title': 'Assam Masala Chai – 250 g',
        'og:description': '₹349 from Chai & Co. Strong CTC Assam leaf blended with cardamom and ginger.',
        // The shared link itself: apps that link a post to og:url keep the influencer's id.
        'og:url': link,
        'og:image': `${ORIGIN}/media/${product.ImageURL.split(',')[0]}`,
        'og:image:width': '800',
        'og:image:height': '600',
        'og:image:type': 'image/gif',
        'product:price:amount': '349.00',
        'product:price:currency': 'INR',
        'twitter:card': 'summary_large_image',
        'twitter:title': 'Assam Masala Chai – 250 g',
        'twitter:image': `${ORIGIN}/media/${product.ImageURL.split(',')[0]}`,
      })
      expect(meta.robots).toBeUndefined()
    }
  })

  it('never counts an impression itself: bots that fetch the page (and people) are counted only by the browser call', async () => {
    const other = await makeMarketer()
    for (const ua of [WHATSAPP_UA, FACEBOOK_UA, PHONE_UA, 'Googlebot/2.1']) {
      const ctx = createExecutionContext()
      const res = await app.fetch(
        new Request(`${ORIGIN}${buyPath(product, other.id)}`, { headers: { 'user-agent': ua, 'cf-connecting-ip': freshIp() } }),
        env,
        ctx,
      )
      expect(res.status).toBe(200)
      await waitOnExecutionContext(ctx)
    }
    const analytics = await call<MarketerAnalytics>('GET', `/api/marketers/analytics/${other.id}`, { token: other.token })
    expect(analytics.body.data.totalImpressions).toBe(0)
  })

  it('uses PUBLIC_ORIGIN for the absolute URLs when it is set, whatever the Host header says', async () => {
    const ctx = createExecutionContext()
    const res = await app.fetch(
      new Request(`http://evil.example${buyPath(product, marketer.id)}`, { headers: { 'user-agent': WHATSAPP_UA } }),
      { ...env, PUBLIC_ORIGIN: 'https://collabkart.in/' },
      ctx,
    )
    const meta = metaTags(await res.text())
    expect(meta['og:url']).toBe(`https://collabkart.in${buyPath(product, marketer.id)}`)
    expect(meta['og:image']).toMatch(/^https:\/\/collabkart\.in\/media\/products\//)
  })

  it('escapes what vendors type, in the page, the head and the embedded data', async () => {
    const tricky = await makeProduct(vendor, {
      ProductName: 'Kettle "Royal" <b>brass</b> & co',
      Description: 'Ends the script early? </script><script>alert(1)</script> <!-- no',
    })
    const { html } = await page(buyPath(tricky, marketer.id))
    expect(html).not.toContain('<b>brass</b>')
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(count(html, '</script>')).toBe(count(html, '<script'))
    expect(titleOf(html)).toBe('Kettle "Royal" &lt;b&gt;brass&lt;/b&gt; &amp; co · Collabkart')
    expect(metaTags(html)['og:title']).toBe('Kettle "Royal" <b>brass</b> & co')
    const data = buyData(html)
    expect(data.link.valid && data.link.product.Description).toBe('Ends the script early? </script><script>alert(1)</script> <!-- no')
  })

  it('keeps a hot link in the isolate: a price change shows within a minute, without a query per visit', async () => {
    const hot = await makeProduct(vendor, { Price: '500' })
    expect((await page(buyPath(hot, marketer.id))).html).toContain('₹500')
    await makeDb(env.DB).update(products).set({ PricePaise: 60_000 }).where(eq(products.ProductID, hot.ProductID))
    expect((await page(buyPath(hot, marketer.id))).html).toContain('₹500')
  })

  it('announces the size of an image stored before sizes were kept in its path, read from the image itself', async () => {
    const legacy = await makeProduct(vendor)
    const oldKey = 'products/0f8fad5b-d9cb-469f-a165-70867728950e.gif'
    await env.MEDIA.put(oldKey, gifOfSize(1200, 630), { httpMetadata: { contentType: 'image/gif' } })
    await makeDb(env.DB)
      .update(products)
      .set({ Images: [oldKey] })
      .where(eq(products.ProductID, legacy.ProductID))
    const meta = metaTags((await page(buyPath(legacy, marketer.id), { headers: { 'user-agent': WHATSAPP_UA } })).html)
    expect(meta).toMatchObject({ 'og:image': `${ORIGIN}/media/${oldKey}`, 'og:image:width': '1200', 'og:image:height': '630' })
  })
})

describe('when the database cannot be reached', () => {
  const brokenDb = {
    prepare: () => {
      throw new Error('D1 is unavailable')
    },
    batch: () => Promise.reject(new Error('D1 is unavailable')),
  } as unknown as D1Database

  it('the buy page answers a plain page with 503, never the JSON envelope', async () => {
    const ctx = createExecutionContext()
    const res = await app.fetch(new Request(`${ORIGIN}/affiliate/track?productId=77777&vendorId=1&marketerId=1`), { ...env, DB: brokenDb }, ctx)
    expect(res.status).toBe(503)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await res.text()).toContain('Something went wrong')
  })

  it('a product page is still the app, without its own head', async () => {
    const ctx = createExecutionContext()
    const res = await app.fetch(new Request(`${ORIGIN}/product/77777/x/y`), { ...env, DB: brokenDb }, ctx)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<div id="root"></div>')
  })
})

describe('a buy link that cannot take a lead', () => {
  it('says plainly that the link is not valid, with no form, for a wrong vendor, an unknown influencer or a missing id', async () => {
    const otherVendor = await makeVendor()
    const paths = [
      `/affiliate/track?productId=${product.ProductID}&vendorId=${otherVendor.id}&marketerId=${marketer.id}`,
      `/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=99999999`,
      `/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.id}`,
      `/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=${marketer.id}&marketerId=${marketer.id}`,
      `/affiliate/track?productId=1e3&vendorId=${vendor.id}&marketerId=${marketer.id}`,
    ]
    for (const path of paths) {
      const { status, html } = await page(path)
      expect(status, path).toBe(404)
      expect(html).toContain('This link is not valid')
      expect(html).not.toContain('<form')
      expect(html).not.toContain('Fill the Form to Buy the Product')
      // The product itself is fine: the page points to it.
      if (!path.includes('1e3')) expect(html).toContain(`href="/product/${product.ProductID}/assam-masala-chai-250-g/`)
      expect(metaTags(html).robots).toBe('noindex')
      expect(titleOf(html)).toBe('This link is not valid · Collabkart')
      expect(buyData(html).link.valid).toBe(false)
    }
  })

  it('shows the same state for a product that is switched off or gone', async () => {
    const off = await makeProduct(vendor)
    await call('PUT', `/api/products/status/${off.ProductID}`, { token: vendor.token })
    for (const path of [buyPath(off, marketer.id), `/affiliate/track?productId=99999999&vendorId=${vendor.id}&marketerId=${marketer.id}`]) {
      const { status, html } = await page(path)
      expect(status).toBe(404)
      expect(html).toContain('This link is not valid')
      expect(html).not.toContain('<form')
      expect(html).not.toContain('/product/')
      expect(buyData(html).link).toEqual({ valid: false, product: null })
    }
  })

  it('still asks the browser to report the visit when all three ids are there (the spec toasts its failure)', async () => {
    const { html } = await page(`/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=99999999`)
    expect(buyData(html)).toMatchObject({ ids: { productId: product.ProductID, vendorId: vendor.id, marketerId: 99999999 }, track: true })
  })
})

describe('the buy form without JavaScript', () => {
  const post = (path: string, fields: Record<string, string>, ip = freshIp()) =>
    page(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': ip }, body: new URLSearchParams(fields) })

  it("stores the lead through the API and answers 'Thank You!' in place of the form", async () => {
    const phone = nextPhone()
    const { status, html } = await post(buyPath(product, marketer.id), { ClientName: 'Kiran Rao', ClientEmail: 'kiran@example.in', ClientPhone: phone })
    expect(status).toBe(200)
    expect(html).toContain('Thank You!')
    expect(html).toContain('We will contact you shortly.')
    expect(html).not.toContain('<form')
    expect(buyData(html)).toMatchObject({ submission: { done: true }, track: false })
    const leads = await call<{ ClientPhone: string; MarketerID: number; ProductID: number }[]>('GET', `/api/leads/leadsbyvendorid/${vendor.id}`, {
      token: vendor.token,
    })
    expect(leads.body.data).toContainEqual(expect.objectContaining({ ClientPhone: phone, MarketerID: marketer.id, ProductID: product.ProductID }))
  })

  it('shows the first rule the form breaks as a toast and keeps what was typed', async () => {
    const { status, html } = await post(buyPath(product, marketer.id), { ClientName: 'Kiran "K" Rao', ClientEmail: 'kiran@example.in', ClientPhone: '98765' })
    expect(status).toBe(400)
    expect(html).toMatch(/data-toast-type="error"[^>]*>.*Mobile number should be exactly 10 digits/s)
    expect(html).toContain('value="Kiran &quot;K&quot; Rao"')
    expect(html).toContain('value="98765"')
    expect(html).toContain('Fill the Form to Buy the Product')
    expect(buyData(html).submission).toEqual({
      done: false,
      message: 'Mobile number should be exactly 10 digits',
      values: { ClientName: 'Kiran "K" Rao', ClientEmail: 'kiran@example.in', ClientPhone: '98765', CreatorCode: '' },
      field: 'ClientPhone',
    })
    // The field is marked too (decision 249), its message below it.
    expect(html).toMatch(/aria-invalid="true" aria-describedby="[^"]*-error[^"]*"[^>]*name="ClientPhone"/)
  })

  it('answers the same limit as the API once a network has sent 20 enquiries in an hour', async () => {
    const ip = freshIp()
    for (let i = 0; i < 20; i++) {
      const res = await post(buyPath(product, marketer.id), { ClientName: 'Kiran Rao', ClientEmail: '', ClientPhone: nextPhone() }, ip)
      expect(res.status).toBe(200)
    }
    const { status, html } = await post(buyPath(product, marketer.id), { ClientName: 'Kiran Rao', ClientEmail: '', ClientPhone: nextPhone() }, ip)
    expect(status).toBe(429)
    expect(html).toContain('Too many requests from your network. Please try again in an hour.')
  })

  it('refuses a body far larger than the three fields', async () => {
    const { status } = await post(buyPath(product, marketer.id), { ClientName: 'x'.repeat(40_000), ClientEmail: '', ClientPhone: nextPhone() })
    expect(status).toBe(413)
  })
})

describe('product pages and influencer profiles: the app with the right head', () => {
  it('gives a product page its title, description, canonical URL and preview tags, for WhatsApp and Facebook alike', async () => {
    for (const ua of [WHATSAPP_UA, FACEBOOK_UA]) {
      const { status, html } = await page(`/product/${product.ProductID}/any-old-slug/SKU`, { headers: { 'user-agent': ua } })
      expect(status).toBe(200)
      expect(html).toContain('<div id="root"></div>')
      expect(titleOf(html)).toBe('Assam Masala Chai – 250 g · Collabkart')
      const canonical = `${ORIGIN}/product/${product.ProductID}/assam-masala-chai-250-g/${encodeURIComponent(product.SKU)}`
      expect(canonicalOf(html)).toBe(canonical)
      expect(metaTags(html)).toMatchObject({
        description: '₹349 from Chai & Co. Strong CTC Assam leaf blended with cardamom and ginger.',
        'og:type': 'product',
        'og:url': canonical,
        'og:title': 'Assam Masala Chai – 250 g',
        'og:image': `${ORIGIN}/media/${product.ImageURL.split(',')[0]}`,
        'og:image:width': '800',
        'og:image:height': '600',
        'og:site_name': 'Collabkart',
        'product:price:amount': '349.00',
        'product:price:currency': 'INR',
        'twitter:card': 'summary_large_image',
      })
      // The template's own tags are replaced, not repeated.
      expect(count(html, '<title>')).toBe(1)
      expect(count(html, 'name="description"')).toBe(1)
      expect(count(html, 'property="og:title"')).toBe(1)
    }
  })

  it('answers 404 with a plain head, kept out of search, for a product that is missing, switched off or malformed', async () => {
    const off = await makeProduct(vendor)
    await call('PUT', `/api/products/status/${off.ProductID}`, { token: vendor.token })
    for (const path of [`/product/${off.ProductID}/x/y`, '/product/99999999/x/y', '/product/abc/x/y']) {
      const { status, html } = await page(path, { headers: { 'user-agent': WHATSAPP_UA } })
      expect(status, path).toBe(404)
      expect(html).toContain('<div id="root"></div>')
      expect(titleOf(html)).toBe('Product not found · Collabkart')
      expect(metaTags(html).robots).toBe('noindex')
      expect(metaTags(html)['og:image']).toBeUndefined()
    }
  })

  it("previews an influencer's profile with their name, picture and what they do", async () => {
    // A creator no page has shown yet: pages keep what they read in the isolate for a minute.
    const marketer = await makeMarketer({ MarketerName: 'Meera Nair' })
    const social = {
      Bio: 'Home cook sharing quick Kerala recipes.',
      Category: 'Food',
      Location: 'Kochi, India',
      InstagramUsername: 'meera.cooks',
      InstagramFollowers: 125_000,
    }
    const update = await call('PUT', `/api/marketers/social-media/${marketer.id}`, { json: social, token: marketer.token })
    expect(update.status).toBe(200)
    const form = new FormData()
    form.append('MarketerID', String(marketer.id))
    form.append('MarketerProfilePic', imageFile(gifOfSize(400, 400), 'me.gif', 'image/gif'))
    const pic = await call<{ profilePicUrl: string }>('POST', `/api/marketers/upload/marketer-profile/${marketer.id}`, { form, token: marketer.token })
    for (const [path, ua] of [
      [`/influencer/${marketer.id}`, WHATSAPP_UA],
      [`/Influencer/${marketer.id}`, FACEBOOK_UA],
    ]) {
      const { status, html } = await page(path, { headers: { 'user-agent': ua } })
      expect(status).toBe(200)
      expect(titleOf(html)).toBe('Meera Nair · Collabkart')
      expect(canonicalOf(html)).toBe(`${ORIGIN}/influencer/${marketer.id}`)
      expect(metaTags(html)).toMatchObject({
        description: 'Food creator in Kochi, India with 125.0K followers on Collabkart. Home cook sharing quick Kerala recipes.',
        'og:type': 'profile',
        'og:title': 'Meera Nair',
        'og:image': `${ORIGIN}/media/${pic.body.data.profilePicUrl}`,
        'og:image:width': '400',
        'og:image:height': '400',
        'og:site_name': 'Collabkart',
      })
    }
  })

  it('answers 404 for an unknown influencer and leaves other paths to the app', async () => {
    const missing = await page('/influencer/99999999', { headers: { 'user-agent': WHATSAPP_UA } })
    expect(missing.status).toBe(404)
    expect(metaTags(missing.html).robots).toBe('noindex')
    const deeper = await page('/product/1/a/b/c')
    expect(deeper.status).toBe(200)
    expect(deeper.html).toContain('<div id="root"></div>')
    expect(metaTags(deeper.html)['og:type']).not.toBe('product')
  })

  it('sends the headers the static pages get, not the API headers', async () => {
    for (const path of [`/product/${product.ProductID}/x/y`, buyPath(product, marketer.id), `/influencer/${marketer.id}`]) {
      const { headers } = await page(path)
      expect(headers.get('content-security-policy')).toContain("default-src 'self'")
      expect(headers.get('content-security-policy')).toContain("form-action 'self'")
      expect(headers.get('x-content-type-options')).toBe('nosniff')
      expect(headers.get('x-frame-options')).toBe('DENY')
      expect(headers.get('cross-origin-resource-policy')).toBeNull()
    }
    // The API keeps its own, stricter policy.
    const api = await exports.default.fetch(new Request(`${ORIGIN}/api/health`))
    expect(api.headers.get('content-security-policy')).toContain("default-src 'none'")
  })
})
