import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductDTO } from '../../worker/contract/product'
import { createMarketer, createVendor, marketerStorage, PASSWORD, vendorStorage } from './api'
import { horizontalOverflow, launchBrowser, openPage, screenshot, toastTexts, WIDTHS } from './browser'
import { makeProduct } from './dashboard-fixtures'
import { tag } from './public-fixtures'

// The product list is asked for a page at a time (a query string): match its path with or without one.
const PRODUCT_LIST = /\/api\/products(\?.*)?$/

let browser: Browser
let vendor: Awaited<ReturnType<typeof createVendor>>
let product: ProductDTO
let second: ProductDTO
const word = tag('kurta')

beforeAll(async () => {
  browser = await launchBrowser()
  vendor = await createVendor('Handloom Haus')
  product = await makeProduct(vendor, {
    ProductName: `Handwoven ${word} Indigo`,
    Price: '1499',
    CommissionType: 'Fixed',
    CommissionValue: '150',
    product_link: 'https://handloomhaus.in/kurta',
  })
  second = await makeProduct(vendor, { ProductName: `Banarasi ${word} Dupatta`, Price: '2299', CommissionType: 'Percentage', CommissionValue: '12' })
})
afterAll(async () => {
  await browser?.close()
})

const card = (page: import('playwright-core').Page, name: string) => page.getByTestId('product-card').filter({ hasText: name })
const clipboard = (page: import('playwright-core').Page) => page.evaluate(() => navigator.clipboard.readText())

describe.each(WIDTHS)('products and product detail at %i px', (width) => {
  it('shows a visitor the join cards, View Details and searchable cards, newest first', async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto('/products')
    await expect.poll(() => card(page, product.ProductName).isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('heading', { name: 'Join as a Vendor' }).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'Join as a Influencer' }).isVisible()).toBe(true)
    expect(await page.getByText('Boost Your Income!').count()).toBe(0)
    expect(await page.getByText('Browse and discover amazing products').isVisible()).toBe(true)

    const kurta = card(page, product.ProductName)
    expect(await kurta.innerText()).toContain('₹1,499')
    expect(await kurta.innerText()).toContain('₹150.0')
    expect(await card(page, second.ProductName).innerText()).toContain('₹275.9 (12%)')
    expect(await kurta.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(
      `/product/${product.ProductID}/handwoven-${word}-indigo/${product.SKU}`,
    )

    await page.getByPlaceholder('Search Product...').fill(word.toUpperCase())
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(2)
    const names = await page.getByTestId('product-card').getByRole('heading').allInnerTexts()
    expect(names).toEqual([second.ProductName, product.ProductName])
    await page.getByPlaceholder('Search Product...').fill(product.SKU.toLowerCase())
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(1)
    await page.getByPlaceholder('Search Product...').fill('2299')
    await expect.poll(() => page.getByTestId('product-card').allInnerTexts()).toEqual([expect.stringContaining(second.ProductName)])
    await page.getByPlaceholder('Search Product...').fill(word)
    await screenshot(page, 'products-visitor')

    await page.getByRole('button', { name: 'Refresh products' }).click()
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Products data refreshed!'))
    expect(problems).toEqual([])
  })

  it("sends a visitor's copy attempt to sign-in, then copies the link with the influencer's id once", async () => {
    const marketer = await createMarketer('Riya Sharma')
    const { page, problems } = await openPage(browser, width)
    await page.goto('/products')
    await page.getByPlaceholder('Search Product...').fill(product.SKU)
    await card(page, product.ProductName).getByRole('button', { name: 'Copy Link' }).click()
    await page.waitForURL('**/signin')
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('First you need to login'))
    const pending = JSON.parse((await page.evaluate(() => localStorage.getItem('pendingShareLink'))) ?? '{}') as { linkurl?: string }
    expect(pending.linkurl).toMatch(new RegExp(`/affiliate/track\\?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=$`))

    await page.getByRole('button', { name: /Are You Influencer/ }).click()
    await page.getByLabel('Email').fill(marketer.email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Log In' }).click()
    await page.waitForURL('**/products')
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Link Copied Successfully'))
    expect(await clipboard(page)).toMatch(
      new RegExp(`/affiliate/track\\?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}$`),
    )
    expect(await page.evaluate(() => localStorage.getItem('pendingShareLink'))).toBeNull()

    // Copied once: coming back to the page copies nothing more.
    await page.evaluate(() => navigator.clipboard.writeText('something else'))
    await page.reload()
    await expect.poll(() => card(page, product.ProductName).isVisible()).toBe(true)
    expect(await clipboard(page)).toBe('something else')
    expect(problems).toEqual([])
  })

  it('shows an influencer the income banner and copies their affiliate link from a card', async () => {
    const marketer = await createMarketer('Kabir Rao')
    const { page, problems } = await openPage(browser, width, marketerStorage(marketer))
    await page.goto('/products')
    await expect.poll(() => page.getByText('Boost Your Income!').isVisible()).toBe(true)
    expect(await page.getByText('New Feature').isVisible()).toBe(true)
    expect(await page.getByText('Real-time Analytics').isVisible()).toBe(true)
    expect(await page.getByText('Higher Commission Rates').isVisible()).toBe(true)
    await page.getByPlaceholder('Search Product...').fill(product.SKU)
    const kurta = card(page, product.ProductName)
    await expect.poll(() => kurta.isVisible()).toBe(true)
    const shown = await kurta.getByTestId('card-link').innerText()
    expect(shown).toHaveLength(23)
    expect(shown.endsWith('...')).toBe(true)
    expect(await kurta.getByRole('link', { name: product.ProductName }).isVisible()).toBe(true)
    await kurta.getByRole('button', { name: 'Copy Link' }).click()
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Link Copied Successfully'))
    expect(await clipboard(page)).toMatch(new RegExp(`productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}$`))
    await screenshot(page, 'products-influencer')
    expect(problems).toEqual([])
  })

  it('says when a copy cannot happen: page not focused, or the clipboard refuses', async () => {
    const marketer = await createMarketer('Tara Singh')
    const { page } = await openPage(browser, width, marketerStorage(marketer))
    await page.goto('/products')
    await page.getByPlaceholder('Search Product...').fill(product.SKU)
    const copy = card(page, product.ProductName).getByRole('button', { name: 'Copy Link' })
    await expect.poll(() => copy.isVisible()).toBe(true)
    await page.evaluate(() => {
      document.hasFocus = () => false
    })
    await copy.click()
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Page is not focused. Please focus on the page to copy the link.'))
    await page.evaluate(() => {
      document.hasFocus = () => true
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'))
      document.execCommand = () => false
    })
    await copy.click()
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Failed to copy the link. Please try again.'))
  })

  it('shows a vendor their own products with plain titles, the vendor banner and the vendor block', async () => {
    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/products')
    await expect.poll(() => page.getByText("Maximize Your Product's Potential").isVisible()).toBe(true)
    expect(await page.getByText('High-Quality Images').isVisible()).toBe(true)
    expect(await page.getByText('Detailed Descriptions').isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'Manage your catalogue' }).isVisible()).toBe(true)
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(2)
    const kurta = card(page, product.ProductName)
    expect(await kurta.getByRole('link').count()).toBe(0)
    expect(await kurta.getByRole('button').count()).toBe(0)
    await screenshot(page, 'products-vendor')
    expect(problems).toEqual([])
  })

  it("shows a product's detail page to a visitor without a link box", async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto(`/product/${product.ProductID}/handwoven/${product.SKU}`)
    await expect.poll(() => page.getByRole('heading', { name: product.ProductName }).isVisible()).toBe(true)
    const text = await page.locator('main').innerText()
    expect(text).toContain('₹1,499.00')
    expect(text).toContain(product.SKU)
    expect(text).toContain('Clothing')
    expect(text).toContain('Handloom Haus')
    expect(text).toContain('₹150.00')
    expect(await page.getByTestId('detail-link').count()).toBe(0)
    expect(await page.getByText('Want to become an affiliate?').isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Sign up now' }).getAttribute('href')).toBe('/signup/influencer')
    await screenshot(page, 'product-detail-visitor')
    expect(problems).toEqual([])
  })

  it('gives an influencer their affiliate link on the detail page and a vendor the product link', async () => {
    const marketer = await createMarketer('Meera Nair')
    const { page } = await openPage(browser, width, marketerStorage(marketer))
    await page.goto(`/product/${product.ProductID}/handwoven/${product.SKU}`)
    await expect.poll(() => page.getByText('Your Affiliate Link').isVisible()).toBe(true)
    const shown = await page.getByTestId('detail-link').innerText()
    expect(shown).toHaveLength(33)
    await page.getByRole('button', { name: 'Copy', exact: true }).click()
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Affiliate link copied'))
    expect(await clipboard(page)).toContain(`marketerId=${marketer.marketer.MarketerID}`)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'product-detail-influencer')

    const asVendor = await openPage(browser, width, vendorStorage(vendor))
    await asVendor.page.goto(`/product/${product.ProductID}/handwoven/${product.SKU}`)
    await expect.poll(() => asVendor.page.getByText('Product Link', { exact: true }).isVisible()).toBe(true)
    await asVendor.page.getByRole('button', { name: 'Copy', exact: true }).click()
    await expect.poll(() => toastTexts(asVendor.page)).toContainEqual(expect.stringContaining('Product link copied'))
    expect(await clipboard(asVendor.page)).toBe('https://handloomhaus.in/kurta')
    expect(await horizontalOverflow(asVendor.page)).toBe(0)
  })

  it("says 'Failed to load products' when the list cannot be loaded", async () => {
    const { page } = await openPage(browser, width)
    await page.route(PRODUCT_LIST, (route) => route.abort('connectionrefused'))
    await page.goto('/products')
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Failed to load products'))
    expect(await page.getByRole('heading', { name: 'Products could not be loaded' }).isVisible()).toBe(true)
    // Only the failure state: no count line claiming the catalogue is empty.
    expect(await page.getByText(/\d+ of \d+ products?/).count()).toBe(0)
    await page.unroute(PRODUCT_LIST)
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => page.getByTestId('product-card').count()).toBeGreaterThan(1)
  })

  it("says 'Product not found' for a missing product and goes back", async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto('/products')
    await page.goto('/product/99999999/nothing/none')
    await expect.poll(() => page.getByRole('heading', { name: 'Product not found' }).isVisible()).toBe(true)
    await screenshot(page, 'product-detail-missing')
    await page.getByRole('button', { name: 'Go Back' }).click()
    await page.waitForURL('**/products')
    expect(problems).toEqual([])
  })

  it("'Go Back' on a missing product opened straight from a shared link leads to the catalogue", async () => {
    const { page } = await openPage(browser, width)
    await page.goto('/product/99999999/nothing/none')
    await expect.poll(() => page.getByRole('heading', { name: 'Product not found' }).isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Go Back' }).click()
    await page.waitForURL('**/products')
    await expect.poll(() => page.getByRole('heading', { name: 'Products', exact: true }).isVisible()).toBe(true)
  })
})
