// /sitemap.xml went out without the security headers the other documents had,
// and HSTS was on API answers only. Every response the Worker writes, whatever its kind, now has
// nosniff, a Content-Security-Policy and HSTS from one middleware.

import { exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ProductDTO } from '../../worker/contract/product'
import { call, ORIGIN } from '../helpers/api'
import { makeMarketer, makeProduct, makeVendor, type SignedInMarketer } from '../helpers/factories'
import { imageFile, PNG } from '../helpers/images'

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'

let product: ProductDTO
let marketer: SignedInMarketer

const fetchPath = (path: string, init: RequestInit = {}) => exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: 'manual', ...init }))

beforeAll(async () => {
  const vendor = await makeVendor()
  marketer = await makeMarketer()
  product = await makeProduct(vendor, {}, [imageFile(PNG)])
})

/** [what, path, init]: one of each kind of answer the Worker writes. */
function answers(): Array<[string, string, RequestInit?]> {
  const buy = `/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.id}`
  return [
    ['the sitemap', '/sitemap.xml'],
    ['robots.txt', '/robots.txt'],
    ['the buy page', buy],
    ['the buy page for a broken link', '/affiliate/track?productId=0'],
    ['the buy form posted without JavaScript', buy, { method: 'POST', body: new URLSearchParams({ ClientName: '' }) }],
    ['a product page head', `/product/${product.ProductID}/x/y`],
    ['an influencer profile head', `/influencer/${marketer.id}`],
    ['an unknown short link', '/s/zzzzzzzz'],
    ['a product image', `/media/${product.ImageURL.split(',')[0]}`],
    ['a missing image', '/media/products/00000000-0000-4000-8000-000000000000.png'],
    ['an API answer', '/api/health'],
    ['an API refusal', '/api/money/balance'],
    ['an API 404', '/api/no-such-route'],
    ['a static asset passed through', '/product/1'],
  ]
}

describe('every response the Worker writes', () => {
  it('has nosniff, a Content-Security-Policy and HSTS', async () => {
    for (const [what, path, init] of answers()) {
      const res = await fetchPath(path, init)
      await res.body?.cancel()
      expect(res.headers.get('x-content-type-options'), what).toBe('nosniff')
      expect(res.headers.get('content-security-policy'), what).toMatch(/default-src '(none|self)'/)
      expect(res.headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'")
      expect(res.headers.get('strict-transport-security'), what).toBe('max-age=63072000; includeSubDomains')
    }
  })

  it('gives the sitemap, robots.txt and media the strict policy of things that are not pages', async () => {
    for (const path of ['/sitemap.xml', '/robots.txt', `/media/${product.ImageURL.split(',')[0]}`]) {
      const res = await fetchPath(path)
      await res.body?.cancel()
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(res.headers.get('x-frame-options'), path).toBe('DENY')
    }
  })

  it('keeps a page’s own policy (the buy page’s inline style hash) and the short link’s redirect', async () => {
    const links = await call<Array<{ ShortLink: string }>>('GET', `/api/affiliate/product-links?marketerId=${marketer.id}`, { token: marketer.token })
    const short = new URL(links.body.data[0].ShortLink).pathname
    // A person's browser, not a link-preview bot (which gets the page itself at the short address).
    const redirect = await fetchPath(short, { headers: { 'user-agent': PHONE_UA } })
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains')
    expect(redirect.headers.get('x-content-type-options')).toBe('nosniff')
    const buy = await fetchPath(redirect.headers.get('location') ?? '')
    await buy.body?.cancel()
    expect(buy.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(buy.headers.get('content-security-policy')).toContain("form-action 'self'")
  })
})
