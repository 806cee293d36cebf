import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductDTO } from '../../worker/contract/product'
import { api, createVendor } from './api'
import { launchBrowser, openPage, WIDTHS } from './browser'
import { jpeg, IMAGES, makeProduct } from './dashboard-fixtures'
import { type Marketer, makeMarketer } from './public-fixtures'

// axe-core, injected into every public page at both widths once its content has loaded: no
// violation of WCAG 2.2 A/AA or of axe's best practices (the rules Lighthouse's accessibility
// score is made of, colour contrast included).

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

type Violation = { id: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations
  }, AXE_TAGS)
  // One line per rule and element, readable in a failed assertion.
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} at ${JSON.stringify(n.target)} (${n.failureSummary?.replace(/\s+/g, ' ') ?? ''})`))
}

let browser: Browser
let product: ProductDTO
let marketer: Marketer

beforeAll(async () => {
  browser = await launchBrowser()
  const vendor = await createVendor('Chai & Co.')
  product = await makeProduct(vendor, {
    ProductName: 'Assam Masala Chai – 250 g',
    Description: 'Strong CTC Assam leaf.',
    Price: '349',
    product_link: 'https://chaiandco.in/chai',
  })
  marketer = await makeMarketer('Meera Nair', {
    Bio: 'Home cook sharing quick Kerala recipes.',
    Location: 'Kochi, India',
    Category: 'Food',
    InstagramUsername: 'meera.cooks',
    InstagramFollowers: 125000,
    YouTubeChannelLink: 'https://youtube.com/@meeracooks',
    YouTubeSubscribers: 40000,
  })
  const form = new FormData()
  form.append('MarketerID', String(marketer.marketer.MarketerID))
  form.append('MarketerProfilePic', jpeg(IMAGES[2]), 'me.jpg')
  await api('POST', `marketers/upload/marketer-profile/${marketer.marketer.MarketerID}`, { form, token: marketer.token })
  const collection = await api<{ CollectionID: number }>('POST', 'storefront/collections', { json: { Title: 'Kitchen staples' }, token: marketer.token })
  await api('POST', `storefront/collections/${collection.body.data.CollectionID}/pins`, { json: { ProductID: product.ProductID }, token: marketer.token })
})
afterAll(async () => {
  await browser?.close()
})

/** Each public page with what shows that its content (not a loading state) is on screen. */
const pages = (): { name: string; path: string; ready: (page: Page) => Promise<boolean> }[] => {
  const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().isVisible()
  return [
    { name: 'home', path: '/', ready: (page) => page.getByRole('heading', { level: 1 }).first().isVisible() },
    { name: 'products', path: '/products', ready: heading(product.ProductName) },
    {
      name: 'product detail',
      path: `/product/${product.ProductID}/assam-masala-chai-250-g/${encodeURIComponent(product.SKU)}`,
      ready: heading(product.ProductName),
    },
    {
      name: 'buy page',
      path: `/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}`,
      ready: heading(product.ProductName),
    },
    {
      name: 'buy page, broken link',
      path: `/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}`,
      ready: heading('This link is not valid'),
    },
    { name: 'directory', path: '/influencer', ready: heading('Meera Nair') },
    { name: 'profile', path: `/influencer/${marketer.marketer.MarketerID}`, ready: heading('Meera Nair') },
    { name: 'storefront', path: `/i/${marketer.marketer.MarketerID}`, ready: heading('Kitchen staples') },
    { name: 'storefront, unknown', path: '/@no.such.creator', ready: heading('Influencer Not Found') },
    { name: 'terms', path: '/terms', ready: (page) => page.getByRole('heading', { level: 1 }).isVisible() },
    { name: 'privacy', path: '/privacy', ready: (page) => page.getByRole('heading', { level: 1 }).isVisible() },
    { name: 'disclaimer', path: '/disclaimer', ready: (page) => page.getByRole('heading', { level: 1 }).isVisible() },
    { name: 'data consent', path: '/data-consent', ready: (page) => page.getByRole('heading', { level: 1 }).isVisible() },
    { name: 'sign-in', path: '/signin', ready: (page) => page.getByRole('heading', { level: 1 }).isVisible() },
    { name: 'sign-in form', path: '/signin?role=vendor', ready: (page) => page.getByLabel('Email').isVisible() },
    { name: 'vendor sign-up', path: '/signup/vender', ready: heading('Join as a Vendor') },
    { name: 'influencer sign-up', path: '/signup/influencer', ready: heading('Join Our Influencer Network') },
    { name: 'not found', path: '/no/such/page', ready: heading('Page Not Found') },
  ]
}

describe.each(WIDTHS)('accessibility at %i px', (width) => {
  it('finds no axe violations on any public page', async () => {
    const { page } = await openPage(browser, width)
    const found: string[] = []
    for (const { name, path, ready } of pages()) {
      await page.goto(path)
      await expect.poll(() => ready(page), { message: `${name} did not finish loading` }).toBe(true)
      await page.waitForLoadState('networkidle')
      found.push(...(await axeViolations(page)).map((line) => `${name}: ${line}`))
    }
    expect(found).toEqual([])
  })
})
