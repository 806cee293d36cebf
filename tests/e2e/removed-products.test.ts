import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, createMarketer, createVendor, marketerStorage, vendorStorage } from './api'
import { launchBrowser, openPage, screenshot, WIDTHS } from './browser'
import { makeLead, makeProduct } from './dashboard-fixtures'

// A lead outlives its product; both dashboards say the product is gone.

let browser: Browser
let vendor: Awaited<ReturnType<typeof createVendor>>
let marketer: Awaited<ReturnType<typeof createMarketer>>

beforeAll(async () => {
  browser = await launchBrowser()
  vendor = await createVendor('Gone Goods')
  marketer = await createMarketer('Lata Iyer')
  const kept = await makeProduct(vendor, { ProductName: 'Kept brass diya' })
  const gone = await makeProduct(vendor, { ProductName: 'Retired copper lota' })
  await makeLead(kept, marketer.marketer.MarketerID, 'Mohan Das')
  await makeLead(gone, marketer.marketer.MarketerID, 'Nandini Rao')
  const removed = await api('DELETE', `products/${gone.ProductID}`, { token: vendor.token })
  if (removed.status !== 200) throw new Error(`delete failed: ${removed.status}`)
})
afterAll(async () => {
  await browser?.close()
})

describe.each(WIDTHS)('leads of a deleted product at %i px', (width) => {
  it("marks the vendor's lead 'Product removed' instead of showing a blank thumbnail", async () => {
    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=leads')
    const row = page.locator('[data-lead-row]').filter({ hasText: 'Nandini Rao' })
    await expect.poll(() => row.innerText()).toContain('Retired copper lota')
    expect(await row.innerText()).toContain('Product removed')
    expect(await row.locator('img').count()).toBe(0)
    const kept = page.locator('[data-lead-row]').filter({ hasText: 'Mohan Das' })
    expect(await kept.innerText()).not.toContain('Product removed')
    expect(await kept.locator('img').count()).toBe(1)
    await screenshot(page, 'vendor-lead-product-removed')
    expect(problems).toEqual([])
  })

  it("marks the influencer's lead 'Product removed' too", async () => {
    const { page, problems } = await openPage(browser, width, marketerStorage(marketer))
    await page.goto('/marketer?tab=leads')
    const rows = page.locator('[data-lead-row]')
    await expect.poll(() => rows.count()).toBe(2)
    const gone = rows.filter({ hasText: 'Retired copper lota' })
    expect(await gone.innerText()).toContain('Product removed')
    expect(await gone.locator('img').count()).toBe(0)
    expect(await rows.filter({ hasText: 'Kept brass diya' }).innerText()).not.toContain('Product removed')
    expect(problems).toEqual([])
  })
})
