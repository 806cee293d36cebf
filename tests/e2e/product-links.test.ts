import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductDTO } from '../../worker/contract/product'
import { createVendor } from './api'
import { launchBrowser, openPage, WIDTHS } from './browser'
import { makeProduct } from './dashboard-fixtures'
import { tag } from './public-fixtures'

// A SKU is free text, and its link must lead to the product whatever it holds.

let browser: Browser
const word = tag('sku')
const SKUS = ['AB/12', '50%', 'a?b#c', 'with space', 'हिंदी-१२', '..']
let products: ProductDTO[]

beforeAll(async () => {
  browser = await launchBrowser()
  const vendor = await createVendor('Odd SKU Traders')
  products = []
  for (const [i, SKU] of SKUS.entries()) products.push(await makeProduct(vendor, { ProductName: `Odd ${word} item ${i}`, SKU }))
})
afterAll(async () => {
  await browser?.close()
})

describe.each(WIDTHS)('product links at %i px', (width) => {
  it('opens the detail page from the card for a SKU with a slash, a percent sign, a question mark, spaces, Hindi or dots', async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto('/products')
    await page.getByPlaceholder('Search Product...').fill(word)
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(SKUS.length)
    for (const [i, product] of products.entries()) {
      const card = page.getByTestId('product-card').filter({ hasText: product.ProductName })
      await card.getByRole('link', { name: 'View Details' }).click()
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), { message: `SKU ${SKUS[i]}` }).toBe(product.ProductName)
      expect(await page.locator('main').innerText()).toContain(`SKU: ${SKUS[i]}`)
      await page.goBack()
      await page.getByPlaceholder('Search Product...').fill(word)
    }
    expect(problems).toEqual([])
  })

  it('opens the detail page when the link with an encoded slash is loaded afresh (a shared link)', async () => {
    const { page } = await openPage(browser, width)
    await page.goto(`/product/${products[0].ProductID}/odd-item/AB%2F12`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(products[0].ProductName)
  })
})
