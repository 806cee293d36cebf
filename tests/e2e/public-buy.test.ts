import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MarketerAnalytics } from '../../worker/contract/marketer'
import type { ProductDTO } from '../../worker/contract/product'
import { api, createMarketer, createVendor } from './api'
import { launchBrowser, screenshot, toastTexts, WIDTHS } from './browser'
import { makeProduct, vendorLeads } from './dashboard-fixtures'
import { openAsPerson } from './public-fixtures'

let browser: Browser
let vendor: Awaited<ReturnType<typeof createVendor>>
let product: ProductDTO

beforeAll(async () => {
  browser = await launchBrowser()
  vendor = await createVendor('Chai & Co.')
  product = await makeProduct(vendor, {
    ProductName: 'Assam Masala Chai – 250 g',
    Description: 'Strong CTC Assam leaf blended with cardamom and ginger.',
    Price: '349',
    CommissionType: 'Percentage',
    CommissionValue: '10',
    product_link: 'https://chaiandco.in/masala-chai',
  })
})
afterAll(async () => {
  await browser?.close()
})

const impressions = async (creator: Awaited<ReturnType<typeof createMarketer>>) =>
  (await api<MarketerAnalytics>('GET', `marketers/analytics/${creator.marketer.MarketerID}`, { token: creator.token })).body.data.totalImpressions

async function submit(page: Page) {
  await page.getByRole('button', { name: 'Buy Now' }).click()
}

describe.each(WIDTHS)('buy page at %i px', (width) => {
  it('counts one impression, checks the form in order and stores the lead', async () => {
    const creator = await createMarketer('Meera Nair')
    const { page, problems } = await openAsPerson(browser, width, width === 360 ? '198.18.0.36' : '198.18.1.28')
    const impressionCalls: string[] = []
    page.on('request', (req) => {
      if (req.url().includes('/api/affiliate/track/impression')) impressionCalls.push(req.url())
    })
    await page.goto(`/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${creator.marketer.MarketerID}`)
    await expect.poll(() => page.getByRole('heading', { name: product.ProductName }).isVisible()).toBe(true)
    expect(await page.locator('main').innerText()).toContain('₹349')
    expect(await page.getByText('Fill the Form to Buy the Product').isVisible()).toBe(true)
    const view = page.getByRole('link', { name: /View Product/ })
    expect(await view.getAttribute('href')).toBe('https://chaiandco.in/masala-chai')
    expect(await view.getAttribute('target')).toBe('_blank')
    await screenshot(page, 'buy')

    await expect.poll(() => impressions(creator)).toBe(1)
    expect(impressionCalls).toHaveLength(1)
    expect(impressionCalls[0]).toContain(`productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${creator.marketer.MarketerID}`)

    await submit(page)
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Please Enter Your Name'))
    await page.getByLabel('Name').fill('x'.repeat(51))
    await submit(page)
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Name should be less than 50 characters.'))
    await page.getByLabel('Name').fill('Kiran Rao')
    await submit(page)
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Please Enter Your Mobile Number'))
    await page.getByLabel('Phone').pressSequentially('98ab765')
    expect(await page.getByLabel('Phone').inputValue()).toBe('98765')
    await submit(page)
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Mobile number should be exactly 10 digits'))
    await page.getByLabel('Phone').fill('')
    await page.getByLabel('Phone').pressSequentially(`9${width}1234567890`)
    expect(await page.getByLabel('Phone').inputValue()).toHaveLength(10)
    const phone = await page.getByLabel('Phone').inputValue()
    await submit(page)

    await expect.poll(() => page.getByRole('heading', { name: 'Thank You!' }).isVisible()).toBe(true)
    expect(await page.getByText('We will contact you shortly.').isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Buy Now' }).count()).toBe(0)
    await screenshot(page, 'buy-thank-you')
    const leads = await vendorLeads(vendor)
    expect(leads).toContainEqual(
      expect.objectContaining({ ClientName: 'Kiran Rao', ClientPhone: phone, MarketerID: creator.marketer.MarketerID, ProductID: product.ProductID, Status: 'Pending' }),
    )

    // A reload is a new page view but the same visitor within the dedupe window: still one impression.
    await page.reload()
    await expect.poll(() => page.getByRole('heading', { name: product.ProductName }).isVisible()).toBe(true)
    await expect.poll(() => impressionCalls.length).toBe(2)
    await new Promise((r) => setTimeout(r, 500))
    expect(await impressions(creator)).toBe(1)
    expect(problems).toEqual([])
  })

  it("says 'Failed to track impression.' when the tracker cannot be reached, and the form still works", async () => {
    const creator = await createMarketer('Vikram Singh')
    const { page } = await openAsPerson(browser, width, '198.18.2.1')
    await page.route('**/api/affiliate/track/impression**', (route) => route.abort('connectionrefused'))
    await page.goto(`/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${creator.marketer.MarketerID}`)
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Failed to track impression.'))
    // The failed call can answer before the product has loaded: wait for the form.
    await expect.poll(() => page.getByText('Fill the Form to Buy the Product').isVisible()).toBe(true)
  })

  it('does not track a link without all three ids and refuses to send its form', async () => {
    const { page } = await openAsPerson(browser, width, '198.18.3.1')
    let tracked = 0
    page.on('request', (req) => {
      if (req.url().includes('/api/affiliate/track/impression')) tracked++
    })
    await page.goto(`/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}`)
    await expect.poll(() => page.getByRole('heading', { name: product.ProductName }).isVisible()).toBe(true)
    await page.getByLabel('Name').fill('Kiran Rao')
    await page.getByLabel('Phone').fill('9876543210')
    await submit(page)
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('This product link is not valid'))
    expect(tracked).toBe(0)
  })

  it("shows 'Product not found' for a link to a product that does not exist", async () => {
    const { page } = await openAsPerson(browser, width, '198.18.4.1')
    await page.goto('/affiliate/track?productId=99999999&vendorId=1&marketerId=1')
    await expect.poll(() => page.getByRole('heading', { name: 'Product not found' }).isVisible()).toBe(true)
  })
})
