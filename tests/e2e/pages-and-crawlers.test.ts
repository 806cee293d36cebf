import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductDTO } from '../../worker/contract/product'
import { api, createVendor } from './api'
import { baseURL, launchBrowser, openPage, watchLayoutShift, WIDTHS } from './browser'
import { IMAGES, jpeg, makeProduct } from './dashboard-fixtures'
import { type Marketer, makeMarketer } from './public-fixtures'

// The documents the Worker writes, served by wrangler dev with the real wrangler.toml
// (run_worker_first) and the built app: link previews, crawler files, headers, and pages that do
// not move while they load.

const WHATSAPP_UA = 'WhatsApp/2.24.3.79 A'
const FACEBOOK_UA = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'
const SECURITY_HEADERS = ['x-content-type-options', 'referrer-policy', 'x-frame-options', 'permissions-policy']

let browser: Browser
let product: ProductDTO
let marketer: Marketer

beforeAll(async () => {
  browser = await launchBrowser()
  const vendor = await createVendor('Handloom Haus')
  product = await makeProduct(vendor, { ProductName: 'Ikat Cotton Dupatta', Description: 'Handwoven in Pochampally.', Price: '899' })
  marketer = await makeMarketer('Ananya Iyer', {
    Category: 'Fashion',
    Location: 'Chennai, India',
    Bio: 'Sarees and everyday ethnic wear.',
    InstagramUsername: 'ananya.drapes',
    InstagramFollowers: 84000,
  })
  const form = new FormData()
  form.append('MarketerID', String(marketer.marketer.MarketerID))
  form.append('MarketerProfilePic', jpeg(IMAGES[0]), 'me.jpg')
  await api('POST', `marketers/upload/marketer-profile/${marketer.marketer.MarketerID}`, { form, token: marketer.token })
})
afterAll(async () => {
  await browser?.close()
})

const get = (path: string, ua = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0') => fetch(`${baseURL()}${path}`, { headers: { 'user-agent': ua } })
const meta = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&')

describe('link previews from the built app', () => {
  const buyLink = () => `/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}`
  const productPath = () => `/product/${product.ProductID}/ikat-cotton-dupatta/${encodeURIComponent(product.SKU)}`

  it('answers WhatsApp and Facebook with the title, description, image and price of a buy link, a product page and a profile', async () => {
    for (const ua of [WHATSAPP_UA, FACEBOOK_UA]) {
      for (const [path, title] of [
        [buyLink(), 'Ikat Cotton Dupatta'],
        [productPath(), 'Ikat Cotton Dupatta'],
        [`/influencer/${marketer.marketer.MarketerID}`, 'Ananya Iyer'],
      ]) {
        const res = await get(path, ua)
        expect(res.status, path).toBe(200)
        const html = await res.text()
        expect(meta(html, 'og:title')).toBe(title)
        expect(meta(html, 'og:site_name')).toBe('Collabkart')
        expect(meta(html, 'og:url')).toBe(`${baseURL()}${path}`)
        expect(meta(html, 'og:image')).toMatch(new RegExp(`^${baseURL()}/media/(products|marketers)/`))
        expect(Number(meta(html, 'og:image:width'))).toBeGreaterThan(0)
        expect(Number(meta(html, 'og:image:height'))).toBeGreaterThan(0)
        expect(meta(html, 'twitter:card')).toBe('summary_large_image')
        if (title === 'Ikat Cotton Dupatta') {
          expect(meta(html, 'og:description')).toBe('₹899 from Handloom Haus. Handwoven in Pochampally.')
          expect(meta(html, 'product:price:amount')).toBe('899.00')
        }
        // Each kind of tag once: the built template's own defaults were replaced.
        expect(html.split('property="og:title"').length).toBe(2)
      }
    }
  })

  it("gives the home page the app's own preview", async () => {
    const html = await (await get('/', WHATSAPP_UA)).text()
    expect(meta(html, 'og:title')).toBe('Collabkart · Connect. Earn. Grow.')
    expect(meta(html, 'og:site_name')).toBe('Collabkart')
  })

  it("sends the static pages' security headers with every page the Worker writes", async () => {
    const reference = await get('/')
    for (const path of [productPath(), `/influencer/${marketer.marketer.MarketerID}`, buyLink()]) {
      const res = await get(path)
      for (const header of SECURITY_HEADERS) expect(res.headers.get(header), `${path} ${header}`).toBe(reference.headers.get(header))
      // The buy page adds only the hash of its own inline stylesheet.
      const csp = (res.headers.get('content-security-policy') ?? '').replace(/ 'sha256-[^']+'/, '')
      expect(csp, path).toBe(reference.headers.get('content-security-policy'))
    }
  })

  it('names the tab after the page, and not after the page it was opened on once the visitor moves on', async () => {
    const { page } = await openPage(browser, 1280)
    await page.goto(productPath())
    await expect.poll(() => page.title()).toBe('Ikat Cotton Dupatta · Collabkart')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click()
    await page.waitForURL('**/products')
    // The catalogue's own name (decision 261), never the product's it was opened on.
    await expect.poll(() => page.title()).toBe('Products · Collabkart')
  })

  it("gives the tab the next page's name when the visitor moves on before the page's code has arrived", async () => {
    const { page } = await openPage(browser, 1280)
    // The product page's code never arrives (a slow phone): the page never renders at all.
    await page.route('**/assets/ProductDetailPage-*.js', () => undefined)
    await page.goto(productPath())
    expect(await page.title()).toBe('Ikat Cotton Dupatta · Collabkart')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click()
    await page.waitForURL('**/products')
    // The catalogue's own name (decision 261), never the product's it was opened on.
    await expect.poll(() => page.title()).toBe('Products · Collabkart')
  })

  it("gives the tab the next page's name when the visitor moves on before the product has loaded", async () => {
    const { page } = await openPage(browser, 1280)
    // The product's data never arrives: the page is still loading when the visitor leaves.
    await page.route(
      (url) => url.pathname === `/api/products/${product.ProductID}`,
      () => undefined,
    )
    await page.goto(productPath())
    expect(await page.title()).toBe('Ikat Cotton Dupatta · Collabkart')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click()
    await page.waitForURL('**/products')
    // The catalogue's own name (decision 261), never the product's it was opened on.
    await expect.poll(() => page.title()).toBe('Products · Collabkart')
  })
})

describe('crawlers', () => {
  it('get a robots.txt that opens the public pages and closes the dashboards and the API', async () => {
    const res = await get('/robots.txt', 'Googlebot/2.1')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const text = await res.text()
    for (const line of [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /vendor',
      'Disallow: /marketer',
      'Disallow: /admin',
      `Sitemap: ${baseURL()}/sitemap.xml`,
    ]) {
      expect(text.split('\n')).toContain(line)
    }
  })

  it('get a sitemap with the product pages and profiles', async () => {
    const res = await get('/sitemap.xml', 'Googlebot/2.1')
    expect(res.status).toBe(200)
    const xml = await res.text()
    expect(xml).toContain(`<loc>${baseURL()}/product/${product.ProductID}/ikat-cotton-dupatta/`)
    expect(xml).toContain(`<loc>${baseURL()}/influencer/${marketer.marketer.MarketerID}</loc>`)
  })

  it('are told not to index the dashboards, sign-in and sign-up, and nothing public', async () => {
    for (const path of ['/vendor', '/marketer', '/marketer/social-media-setup', '/signin', '/signup/vender', '/signup/influencer']) {
      expect((await get(path)).headers.get('x-robots-tag'), path).toMatch(/^noindex/)
    }
    for (const path of ['/', '/products', '/influencer', `/influencer/${marketer.marketer.MarketerID}`, `/product/${product.ProductID}/a/b`, '/terms']) {
      expect((await get(path)).headers.get('x-robots-tag'), path).toBeNull()
    }
  })
})

describe.each(WIDTHS)('public pages at %i px', (width) => {
  it('hardly move while their content loads (layout shift under 0.05)', async () => {
    const paths: [string, (page: Page) => Promise<boolean>][] = [
      ['/', (page) => page.getByRole('heading', { level: 1 }).first().isVisible()],
      ['/products', (page) => page.getByRole('heading', { name: 'Ikat Cotton Dupatta' }).first().isVisible()],
      [
        `/product/${product.ProductID}/ikat-cotton-dupatta/${encodeURIComponent(product.SKU)}`,
        (page) => page.getByRole('heading', { name: 'Ikat Cotton Dupatta' }).isVisible(),
      ],
      ['/influencer', (page) => page.getByRole('heading', { name: 'Ananya Iyer' }).first().isVisible()],
      [`/influencer/${marketer.marketer.MarketerID}`, (page) => page.getByRole('heading', { name: 'Ananya Iyer' }).isVisible()],
    ]
    for (const [path, ready] of paths) {
      const { page } = await openPage(browser, width)
      const shift = await watchLayoutShift(page)
      await page.goto(path)
      await expect.poll(() => ready(page)).toBe(true)
      await page.waitForLoadState('networkidle')
      expect(await shift(), path).toBeLessThan(0.05)
      await page.context().close()
    }
  })
})
