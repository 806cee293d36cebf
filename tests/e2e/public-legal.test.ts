import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage, screenshot, WIDTHS } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const PAGES = [
  { path: '/terms', title: 'Terms & Conditions', says: ['Lucknow', 'UPI or bank transfer', 'not guaranteed', 'guardian', 'custom links', 'terminate'] },
  { path: '/privacy', title: 'Privacy Policy', says: ['tracking pixels', '10 working days', 'guardian'] },
  { path: '/disclaimer', title: 'Disclaimer', says: ['Earnings are not guaranteed', 'UPI or bank transfer'] },
  { path: '/data-consent', title: 'Data Consent', says: ['10 working days', 'guardian', 'Lucknow'] },
]

describe.each(WIDTHS)('legal pages at %i px', (width) => {
  it.each(PAGES)('$path states its terms, its effective date and links to the others', async ({ path, title, says }) => {
    const { page, problems } = await openPage(browser, width)
    await page.goto(path)
    await expect.poll(() => page.getByRole('heading', { name: title, level: 1 }).isVisible()).toBe(true)
    const text = await page.locator('main').innerText()
    expect(text).toContain('Effective date: January 1, 2024')
    for (const phrase of says) expect(text).toContain(phrase)
    const footer = page.getByTestId('legal-footer')
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs).toEqual(['/terms', '/privacy', '/disclaimer', '/data-consent'])
    await screenshot(page, `legal${path.replace('/', '-')}`)
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    expect(problems).toEqual([])
  })
})
