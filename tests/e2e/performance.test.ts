import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LeadDTO } from '../../worker/contract/lead'
import type { ProductDTO } from '../../worker/contract/product'
import { axeViolations } from './axe'
import { api, createMarketer, createVendor, marketerStorage, vendorStorage } from './api'
import { baseURL, downloadedBytes, horizontalOverflow, launchBrowser, openPage, screenshot, WIDTHS } from './browser'
import { makeLead, makeProduct } from './dashboard-fixtures'
import { tag } from './public-fixtures'

// The influencer's 'My Links' and the vendor's 'Performance' tables, sorted and over periods.
// Fixture: one brand, two products; Meera has 2 leads on the tea (one converted) and 1 on the jar,
// Arjun 1 converted lead on the jar; 3 visitors opened Meera's tea link.

let browser: Browser
let vendor: Awaited<ReturnType<typeof createVendor>>
let meera: Awaited<ReturnType<typeof createMarketer>>
let arjun: Awaited<ReturnType<typeof createMarketer>>
let tea: ProductDTO
let jar: ProductDTO
const word = tag('perf')

async function convertLeadsOf(marketerId: number, count: number) {
  const leads = (await api<LeadDTO[]>('GET', `leads/leadsbyvendorid/${vendor.vendor.VendorID}?marketerId=${marketerId}&limit=100`, { token: vendor.token }))
    .body.data
  for (const lead of leads.slice(0, count)) await api('PUT', `leads/status/${lead.LeadID}`, { token: vendor.token, json: { Status: 'Converted' } })
}

beforeAll(async () => {
  browser = await launchBrowser()
  vendor = await createVendor(`Kesar ${word}`)
  meera = await createMarketer('Meera Nair')
  arjun = await createMarketer('Arjun Rao')
  tea = await makeProduct(vendor, { ProductName: `Saffron tea ${word}`, Price: '1000', CommissionType: 'Fixed', CommissionValue: '100' })
  jar = await makeProduct(vendor, { ProductName: `Cardamom jar ${word}`, Price: '500', CommissionType: 'Fixed', CommissionValue: '50' })
  await makeLead(tea, meera.marketer.MarketerID)
  await makeLead(tea, meera.marketer.MarketerID)
  await makeLead(jar, meera.marketer.MarketerID)
  await makeLead(jar, arjun.marketer.MarketerID)
  const teaLeads = (await api<LeadDTO[]>('GET', `leads/leadsbyvendorid/${vendor.vendor.VendorID}?productId=${tea.ProductID}`, { token: vendor.token })).body
    .data
  await api('PUT', `leads/status/${teaLeads[0].LeadID}`, { token: vendor.token, json: { Status: 'Converted' } })
  await convertLeadsOf(arjun.marketer.MarketerID, 1)
  for (const ip of ['192.0.2.41', '192.0.2.42', '192.0.2.43']) {
    await fetch(`${baseURL()}/api/affiliate/track/impression?productId=${tea.ProductID}&vendorId=${tea.VendorID}&marketerId=${meera.marketer.MarketerID}`, {
      method: 'POST',
      headers: { 'cf-connecting-ip': ip, 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36' },
    })
  }
})
afterAll(async () => {
  await browser?.close()
})

/** No table is loading another page (rows dimmed while they do). */
const settled = (page: Page) => expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0)
const rowTexts = (page: Page, attr: string) => page.locator(`[${attr}]`).allInnerTexts()

async function sortBy(width: number, scope: ReturnType<Page['locator']>, label: string, prefix: string) {
  if (width < 640) {
    await scope.locator(`#${prefix}-sort`).selectOption({ label })
  } else {
    await scope.getByRole('columnheader', { name: label }).getByRole('button').click()
  }
}

describe.each(WIDTHS)('link performance at %i px', (width) => {
  it("shows the influencer's links with their figures, sorted by any column, over any period", async () => {
    const { page, problems } = await openPage(browser, width, marketerStorage(meera))
    await page.goto('/marketer?tab=links')
    await expect.poll(() => page.locator('[data-link-row]').count()).toBeGreaterThanOrEqual(2)
    const links = page.getByRole('region', { name: 'Your links and figures' })

    await sortBy(width, page.locator('main'), 'Leads', 'links')
    await expect.poll(async () => (await rowTexts(page, 'data-link-row'))[0]).toContain(tea.ProductName)
    expect((await rowTexts(page, 'data-link-row'))[1]).toContain(jar.ProductName)
    const teaRow = page.locator(`[data-link-row="${tea.ProductID}"] td`)
    const cells = await teaRow.allInnerTexts()
    expect(cells.slice(1, 6).map((c) => c.replace(/^[A-Z ]+\n/, '').trim())).toEqual(['3', '2', '1', '50%', '₹100.00'])
    // The short link sits under the product name.
    expect(cells[0]).toMatch(/\/s\/[0-9A-Za-z]{8}/)
    expect(await links.getByRole('button', { name: 'Copy short link' }).count()).toBeGreaterThanOrEqual(2)
    await settled(page)
    await screenshot(page, 'my-links')
    expect(await axeViolations(page)).toEqual([])

    // Lowest first: the tea, with the most leads, is no longer on top.
    if (width < 640) await page.locator('#links-order').selectOption('asc')
    else await sortBy(width, page.locator('main'), 'Leads', 'links')
    await expect.poll(async () => (await rowTexts(page, 'data-link-row'))[0]).not.toContain(tea.ProductName)

    const periodRequest = page.waitForRequest((r) => r.url().includes('/api/affiliate/my-links') && r.url().includes('period=7'))
    await page.getByLabel('Period').selectOption({ label: '7 days' })
    await periodRequest
    await sortBy(width, page.locator('main'), 'Commission earned', 'links')
    if (width < 640) await page.locator('#links-order').selectOption('desc')
    await expect.poll(async () => (await rowTexts(page, 'data-link-row'))[0]).toContain(tea.ProductName)
    expect(await horizontalOverflow(page)).toBe(0)
    expect(problems).toEqual([])
  })

  it("shows the vendor's performance by influencer and by product, sorted, and exports both as CSV", async () => {
    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=performance')
    const byMarketer = page.locator('section[aria-labelledby="performance-influencers"]')
    const byProduct = page.locator('section[aria-labelledby="performance-products"]')
    await expect.poll(() => byMarketer.locator('[data-performance-row]').count()).toBe(2)
    await expect.poll(() => byProduct.locator('[data-performance-row]').count()).toBe(2)
    // Impressions first (the default): Meera's 3 opened links.
    expect(await byMarketer.locator('[data-performance-row]').first().getAttribute('data-performance-row')).toBe(String(meera.marketer.MarketerID))
    await expect.poll(() => byMarketer.getByRole('link', { name: 'Meera Nair' }).getAttribute('href')).toBe(`/influencer/${meera.marketer.MarketerID}`)

    await sortBy(width, byProduct, 'Revenue', 'performance-products')
    await expect.poll(async () => await byProduct.locator('[data-performance-row]').first().getAttribute('data-performance-row')).toBe(String(tea.ProductID))
    const jarCells = (await byProduct.locator(`[data-performance-row="${jar.ProductID}"] td`).allInnerTexts()).map((c) => c.replace(/^[A-Z ]+\n/, '').trim())
    expect(jarCells.slice(1)).toEqual(['0', '2', '1', '50%', '₹500.00', '₹50.00'])
    await settled(page)
    await screenshot(page, 'vendor-performance')
    expect(await axeViolations(page)).toEqual([])

    await page.getByLabel('Period').selectOption({ label: 'All time' })
    await expect.poll(() => byProduct.locator('[data-performance-row]').count()).toBe(2)

    const [download] = await Promise.all([page.waitForEvent('download'), byMarketer.getByRole('button', { name: /Export CSV/ }).click()])
    expect(download.suggestedFilename()).toBe('collabkart-performance-influencers-all-time.csv')
    const csv = (await downloadedBytes(download)).toString('utf8').split('\r\n')
    expect(csv[0]).toBe('Influencer,ID,Impressions,Leads,Conversions,Conversion rate (%),Revenue (INR),Commission (INR)')
    expect(csv).toContain(`Meera Nair,${meera.marketer.MarketerID},3,3,1,33.3,1000.00,100.00`)
    expect(csv).toContain(`Arjun Rao,${arjun.marketer.MarketerID},0,1,1,100,500.00,50.00`)
    const [products] = await Promise.all([page.waitForEvent('download'), byProduct.getByRole('button', { name: /Export CSV/ }).click()])
    expect(products.suggestedFilename()).toBe('collabkart-performance-products-all-time.csv')
    expect(await horizontalOverflow(page)).toBe(0)
    expect(problems).toEqual([])
  })
})
