import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductDTO } from '../../worker/contract/product'
import { api, type createMarketer, createVendor, marketerStorage, PASSWORD, vendorStorage } from './api'
import { horizontalOverflow, launchBrowser, openPage, overflowingText, screenshot, WIDTHS } from './browser'
import { makeLead, makeProduct } from './dashboard-fixtures'
import { tag } from './public-fixtures'

// Text from users has no spaces to break at. Every screen that shows it must
// wrap or truncate it, at phone and laptop widths.

let browser: Browser
const word = tag('long')
/** `length` characters without a space, starting with a word this file can search for. */
const unbroken = (length: number, stem = word) => (stem + 'Aa0'.repeat(length)).slice(0, length)

let vendor: Awaited<ReturnType<typeof createVendor>>
let marketer: Awaited<ReturnType<typeof createMarketer>>
let product: ProductDTO

beforeAll(async () => {
  browser = await launchBrowser()
  vendor = await createVendor(unbroken(50, 'Vendor'))
  // A long email: its local part and domain have nothing to break at either.
  const email = `${unbroken(40, 'mail').toLowerCase()}${Date.now().toString(36)}@averyveryverylongdomainnamewithoutbreaks.example.in`
  await api('POST', 'marketers/register', { json: { MarketerName: unbroken(50, 'Creator'), MobileNumber: '9123456780', Email: email, Password: PASSWORD } })
  const login = await api<Awaited<ReturnType<typeof createMarketer>>>('POST', 'marketers/login', { json: { Email: email, Password: PASSWORD } })
  marketer = { ...login.body.data, email }
  const social = await api('PUT', `marketers/social-media/${marketer.marketer.MarketerID}`, {
    token: marketer.token,
    json: {
      Bio: `${unbroken(300, 'Bio')} and then some words`,
      Location: unbroken(100, 'Place'),
      Category: 'Fashion',
      InstagramUsername: unbroken(100, 'insta'),
      InstagramFollowers: 182400,
      TwitterHandle: unbroken(100, 'tweet'),
      TwitterFollowers: 1200,
      YouTubeChannelLink: `https://youtube.com/@${unbroken(200, 'channel')}`,
      YouTubeSubscribers: 45000,
    },
  })
  if (social.status !== 200) throw new Error(`social: ${social.body.message}`)
  product = await makeProduct(vendor, {
    ProductName: unbroken(100, word),
    SKU: unbroken(50, 'SKU'),
    Description: `${unbroken(400, 'Desc')} ends here.`,
    product_link: `https://shop.example.in/${unbroken(200, 'path')}`,
    CommissionType: 'Percentage',
    CommissionValue: '12.5',
  })
  await makeLead(product, marketer.marketer.MarketerID, unbroken(50, 'Client'))
})
afterAll(async () => {
  await browser?.close()
})

async function expectNothingSticksOut(page: Page, name: string) {
  await screenshot(page, `long-text-${name}`)
  expect(await overflowingText(page), name).toEqual([])
  expect(await horizontalOverflow(page), name).toBe(0)
  // Tables fit too: a long name or SKU must not make the table scroll sideways inside its box.
  const scrolling = await page
    .getByRole('region')
    .evaluateAll((regions) =>
      regions.filter((r) => r.scrollWidth > r.clientWidth + 1).map((r) => `${r.getAttribute('aria-label')}: ${r.scrollWidth}px in ${r.clientWidth}px`),
    )
  expect(scrolling, name).toEqual([])
}

describe.each(WIDTHS)('long unbroken text at %i px', (width) => {
  it('wraps or truncates it on the products page and the product detail page, for every viewer', async () => {
    for (const [who, storage] of [
      ['visitor', {}],
      ['influencer', marketerStorage(marketer)],
      ['vendor', vendorStorage(vendor)],
    ] as const) {
      const { page, problems } = await openPage(browser, width, storage)
      await page.goto('/products')
      await page.getByPlaceholder('Search Product...').fill(word)
      await expect.poll(() => page.getByTestId('product-card').count()).toBe(1)
      await expectNothingSticksOut(page, `products-${who}`)
      await page.goto(`/product/${product.ProductID}/x/y`)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(product.ProductName)
      await expectNothingSticksOut(page, `detail-${who}`)
      expect(problems).toEqual([])
      await page.context().close()
    }
  })

  it("wraps or truncates it in the vendor's dashboard: greeting, products and leads tables, profile", async () => {
    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=products')
    await expect.poll(() => page.locator('[data-product-row]').count()).toBe(1)
    await expectNothingSticksOut(page, 'vendor-products')
    await page.goto('/vendor?tab=leads')
    await expect.poll(() => page.locator('[data-lead-row]').count()).toBe(1)
    await expectNothingSticksOut(page, 'vendor-leads')
    await page.goto('/vendor?tab=profile')
    await expect.poll(() => page.getByRole('heading', { name: vendor.vendor.VendorName }).isVisible()).toBe(true)
    await expectNothingSticksOut(page, 'vendor-profile')
    expect(problems).toEqual([])
  })

  it("wraps or truncates it in the influencer's dashboard: greeting, leads, profile and social presence", async () => {
    const { page, problems } = await openPage(browser, width, marketerStorage(marketer))
    await page.goto('/marketer?tab=leads')
    await expect.poll(() => page.locator('[data-lead-row]').count()).toBe(1)
    await expectNothingSticksOut(page, 'marketer-leads')
    await page.goto('/marketer?tab=profile')
    await expect.poll(() => page.locator('[data-platform]').count()).toBe(3)
    await expectNothingSticksOut(page, 'marketer-profile')
    expect(problems).toEqual([])
  })

  it('wraps or truncates it in the directory and on the public profile', async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto('/influencer')
    const card = page.getByTestId('influencer-card').filter({ hasText: marketer.marketer.MarketerName })
    await expect.poll(() => card.count()).toBe(1)
    await card.scrollIntoViewIfNeeded()
    await expectNothingSticksOut(page, 'directory')
    await page.goto(`/influencer/${marketer.marketer.MarketerID}`)
    await expect.poll(() => page.getByRole('heading', { name: 'Social Media Platforms' }).isVisible()).toBe(true)
    await expectNothingSticksOut(page, 'public-profile')
    expect(problems).toEqual([])
  })
})
