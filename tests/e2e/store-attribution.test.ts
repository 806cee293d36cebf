// 'Buy on {vendor}'s store' (decision 190): the buy page offers the vendor's own store, the button goes
// through the edge redirect and lands on the store with ck_ref; the vendor connects a store in the
// profile and sees its receiving address.

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductDTO } from '../../worker/contract/product'
import { ATTRIBUTION_MESSAGES } from '../../worker/contract/attribution'
import { createMarketer, createVendor, marketerStorage, vendorStorage } from './api'
import { fieldMark, horizontalOverflow, launchBrowser, openPage, screenshot, WIDTHS } from './browser'
import { makeProduct } from './dashboard-fixtures'
import { openAsPerson } from './public-fixtures'

let browser: Browser
let store: Server
let storeOrigin: string
let vendor: Awaited<ReturnType<typeof createVendor>>
let product: ProductDTO
/** The addresses the local "store" was asked for. */
const visits: string[] = []

beforeAll(async () => {
  browser = await launchBrowser()
  // A stand-in for the vendor's store on loopback: it records what it was asked for.
  store = createServer((req, res) => {
    visits.push(req.url ?? '')
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end('<!doctype html><title>Chai &amp; Co. store</title><h1>Chai &amp; Co. store</h1>')
  })
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve))
  storeOrigin = `http://127.0.0.1:${(store.address() as AddressInfo).port}`
  vendor = await createVendor('Chai & Co.')
  product = await makeProduct(vendor, { ProductName: 'Nilgiri Frost Tea – 100 g', product_link: `${storeOrigin}/products/nilgiri?variant=7#reviews` })
})
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => store?.close(resolve))
})

describe.each(WIDTHS)('store attribution at %i px', (width) => {
  it("shows 'Buy on Chai & Co.'s store' and lands on the store with ck_ref, the store's query and fragment kept", async () => {
    const marketer = await createMarketer('Kavya Iyer')
    const { page, problems } = await openAsPerson(browser, width, width === 360 ? '198.18.2.36' : '198.18.3.28')
    await page.goto(`/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}`)
    const button = page.getByRole('link', { name: "Buy on Chai & Co.'s store" })
    await expect.poll(() => button.isVisible()).toBe(true)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'buy-store-link')
    await button.click()
    await page.waitForURL((url) => url.origin === storeOrigin)
    const landed = new URL(page.url())
    expect(landed.pathname).toBe('/products/nilgiri')
    expect(landed.searchParams.get('variant')).toBe('7')
    expect(landed.searchParams.get('ck_ref')).toMatch(/^[0-9A-Za-z]{16}$/)
    expect(landed.hash).toBe('#reviews')
    expect(landed.search.indexOf('variant=7')).toBeLessThan(landed.search.indexOf('ck_ref='))
    expect(visits.some((v) => v.includes(`ck_ref=${landed.searchParams.get('ck_ref')}`))).toBe(true)
    expect(problems).toEqual([])
  })

  it('lets the vendor connect a store and shows its webhook address, the secret only as a hint', async () => {
    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=profile')
    const section = page.locator('section[aria-labelledby="stores-title"]')
    await expect.poll(() => section.isVisible()).toBe(true)
    await section.getByLabel('Store', { exact: true }).selectOption('woocommerce')
    await section.getByLabel('Store address').fill(`shop-${width}.chaiandco.in`)
    await section.getByLabel('Webhook secret').fill('wc-secret-e2e-1234')
    await section.getByRole('button', { name: 'Connect store' }).click()
    const card = section.locator('li', { hasText: `shop-${width}.chaiandco.in` })
    await expect.poll(() => card.isVisible()).toBe(true)
    expect(await card.innerText()).toContain('••••1234')
    expect(await section.innerText()).not.toContain('wc-secret-e2e-1234')
    const address = await card.getByLabel(/Webhook address/).inputValue()
    expect(address).toMatch(/\/api\/v1\/stores\/woocommerce\/\d+$/)
    await card.getByRole('button', { name: 'Show events' }).click()
    await expect.poll(() => card.getByText('No events yet').isVisible()).toBe(true)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'vendor-stores')
    expect(problems).toEqual([])
  })

  it('lets the vendor choose the attribution window and rule, each field with its own message', async () => {
    const own = await createVendor(`Attribution ${width}`)
    const { page, problems } = await openPage(browser, width, vendorStorage(own))
    await page.goto('/vendor?tab=profile')
    const section = page.locator('section[aria-labelledby="attribution-settings-title"]')
    const days = section.getByLabel('Attribution window (days, 1–90)')
    await expect.poll(() => days.inputValue()).toBe('30')
    expect(await section.getByLabel('Attribution rule').inputValue()).toBe('last')
    await days.fill('120')
    await section.getByRole('button', { name: 'Save attribution settings' }).click()
    await expect.poll(async () => (await fieldMark(days)).message).toBe(ATTRIBUTION_MESSAGES.daysInvalid)
    expect((await fieldMark(days)).invalid).toBe(true)
    expect(await horizontalOverflow(page)).toBe(0)
    await days.fill('60')
    await section.getByLabel('Attribution rule').selectOption('first')
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/attribution/settings') && r.request().method() === 'PUT')
    await section.getByRole('button', { name: 'Save attribution settings' }).click()
    const saved = await answer
    expect([saved.status(), await saved.text()]).toEqual([200, expect.stringContaining(ATTRIBUTION_MESSAGES.saved)])
    await screenshot(page, 'vendor-attribution-settings')
    await page.reload()
    await expect.poll(() => section.getByLabel('Attribution window (days, 1–90)').inputValue()).toBe('60')
    expect(await section.getByLabel('Attribution rule').inputValue()).toBe('first')
    expect(problems).toEqual([])
  })

  it("carries a link's sub-ID to the store click and shows it in the creator's Sub-ID breakdown", async () => {
    const marketer = await createMarketer('Meera Nair')
    const buyer = await openAsPerson(browser, width, width === 360 ? '198.18.4.36' : '198.18.5.28')
    await buyer.page.goto(
      `/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}&sub=ig-reel-12`,
    )
    await buyer.page.getByRole('link', { name: "Buy on Chai & Co.'s store" }).click()
    await buyer.page.waitForURL((url) => url.origin === storeOrigin)
    const { page, problems } = await openPage(browser, width, marketerStorage(marketer))
    await page.goto('/marketer?tab=links')
    const subs = page.locator('section[aria-labelledby="subs-title"]')
    const row = subs.locator('[data-sub-row]', { hasText: 'ig-reel-12' })
    await expect.poll(() => row.isVisible()).toBe(true)
    expect(await row.innerText()).toContain('Nilgiri Frost Tea')
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'creator-sub-ids')
    expect(buyer.problems).toEqual([])
    expect(problems).toEqual([])
  })
})
