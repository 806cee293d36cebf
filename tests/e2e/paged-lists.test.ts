import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVendor } from './api'
import { launchBrowser, openPage, screenshot, WIDTHS } from './browser'
import { makeProduct } from './dashboard-fixtures'
import { makeMarketer, tag } from './public-fixtures'

// The catalogue and the directory show one server page at a time (decision 009), and their search,
// filters and sort live in the URL, so a link can be shared and Back returns to the same list.

let browser: Browser
const word = tag('pg')

beforeAll(async () => {
  browser = await launchBrowser()
  const vendor = await createVendor('Paging Looms')
  // One more than a page of 24, named so the newest comes first as 'number 26'.
  for (let i = 1; i <= 26; i++) await makeProduct(vendor, { ProductName: `${word} stole number ${i}` })
  await makeMarketer('Zoya Ahmed', {
    Bio: `Block prints ${word} daily.`,
    Location: 'Jaipur, India',
    InstagramUsername: 'zoya.prints',
    InstagramFollowers: 5000,
  })
  await makeMarketer('Arjun Nair', {
    Bio: `Filter coffee ${word} reviews.`,
    Location: 'Kochi, India',
    InstagramUsername: 'arjun.brews',
    InstagramFollowers: 90000,
  })
})
afterAll(async () => {
  await browser?.close()
})

const productNames = (page: Page) => page.getByTestId('product-card').getByRole('heading').allInnerTexts()
const marketerNames = (page: Page) => page.getByTestId('influencer-card').getByRole('heading').allInnerTexts()

describe.each(WIDTHS)('paged lists at %i px', (width) => {
  it('pages the products found by a shared search link, and Back from a product returns to that search', async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto(`/products?q=${word}`)
    expect(await page.getByPlaceholder('Search Product...').inputValue()).toBe(word)
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(24)
    expect((await productNames(page))[0]).toBe(`${word} stole number 26`)
    await expect.poll(() => page.getByTestId('product-count').innerText()).toMatch(/^26 of [\d,]+ products$/)
    expect(await page.getByText('Showing 1-24 of 26').isVisible()).toBe(true)

    await page.getByRole('button', { name: 'Next' }).click()
    await expect.poll(() => productNames(page)).toEqual([`${word} stole number 2`, `${word} stole number 1`])
    // One page in the DOM, never the pages before it.
    expect(await page.getByTestId('product-card').count()).toBe(2)
    await screenshot(page, 'products-page-2')

    // Typing narrows on the server once typing pauses; the URL follows.
    await page.getByPlaceholder('Search Product...').fill(`${word} stole number 1`)
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(11)
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(`${word} stole number 1`)

    await page.getByTestId('product-card').first().getByRole('link', { name: 'View Details' }).click()
    await page.waitForURL('**/product/**')
    await page.goBack()
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(11)
    expect(await page.getByPlaceholder('Search Product...').inputValue()).toBe(`${word} stole number 1`)
    expect(problems).toEqual([])
  })

  it('comes Back from a product to the page of results the visitor left, and a reload keeps it', async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto(`/products?q=${word}`)
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(24)
    await page.getByRole('button', { name: 'Next' }).click()
    const secondPage = [`${word} stole number 2`, `${word} stole number 1`]
    await expect.poll(() => productNames(page)).toEqual(secondPage)

    await page.getByTestId('product-card').first().getByRole('link', { name: 'View Details' }).click()
    await page.waitForURL('**/product/**')
    await page.goBack()
    await expect.poll(() => productNames(page)).toEqual(secondPage)
    expect(await page.getByText('Showing 25-26 of 26').isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current')).toBe('page')

    await page.reload()
    await expect.poll(() => productNames(page)).toEqual(secondPage)
    // Page 1 is still one step away.
    await page.getByRole('button', { name: 'Previous' }).click()
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(24)
    expect((await productNames(page))[0]).toBe(`${word} stole number 26`)
    expect(problems).toEqual([])
  })

  it('keeps the directory filters and sort in the URL: a shared link opens them, Back undoes a choice', async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto(`/influencer?q=${word}&sort=name`)
    await expect.poll(() => marketerNames(page)).toEqual(['Arjun Nair', 'Zoya Ahmed'])
    expect(await page.getByLabel('Sort by').inputValue()).toBe('name')
    await expect.poll(() => page.getByTestId('count-line').innerText()).toMatch(/^Showing 2 of [\d,]+ influencers$/)

    // A sort is a new history entry.
    await page.getByLabel('Sort by').selectOption('followers')
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBeNull()
    await expect.poll(() => marketerNames(page)).toEqual(['Arjun Nair', 'Zoya Ahmed'])
    await page.getByLabel('Sort by').selectOption('name')
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('name')
    await page.goBack()
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBeNull()
    await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('followers')

    // Open a profile and come back: the keyword is still there, in the box and the list.
    await page.getByTestId('influencer-card').filter({ hasText: 'Zoya Ahmed' }).first().click()
    await page.waitForURL(/\/influencer\/\d+$/)
    await page.goBack()
    await expect.poll(() => marketerNames(page)).toEqual(['Arjun Nair', 'Zoya Ahmed'])
    if (width < 1024) await page.getByRole('button', { name: /Filters/ }).click()
    const panel = width < 1024 ? page.getByRole('dialog', { name: 'Filters' }) : page.getByRole('complementary', { name: 'Filters' })
    expect(await panel.getByLabel('Search by Keyword').inputValue()).toBe(word)
    await panel.getByLabel('Minimum Followers').fill('50000')
    await expect.poll(() => marketerNames(page)).toEqual(['Arjun Nair'])
    await expect.poll(() => new URL(page.url()).searchParams.get('minFollowers')).toBe('50000')
    await screenshot(page, 'directory-url-filters')
    expect(problems).toEqual([])
  })
})
