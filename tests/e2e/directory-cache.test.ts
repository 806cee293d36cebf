import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage, WIDTHS } from './browser'
import { IMAGES } from './dashboard-fixtures'
import { makeMarketer, tag } from './public-fixtures'

// The directory after a reload, and while the API keeps failing (decision 024).

let browser: Browser
const word = tag('cachy')
const preview = `data:image/jpeg;base64,${readFileSync(IMAGES[2]).toString('base64')}`

beforeAll(async () => {
  browser = await launchBrowser()
  await makeMarketer('Naina Joshi', {
    Bio: `Block printing ${word} from Sanganer.`,
    Category: 'Fashion',
    InstagramUsername: 'naina.prints',
    InstagramFollowers: 5400,
    PreviewImage1: preview,
  })
  await makeMarketer('Omar Siddiqui', { Bio: `Old Delhi food walks ${word}.`, Category: 'Food', TwitterHandle: 'omar.eats', TwitterFollowers: 12000 })
})
afterAll(async () => {
  await browser?.close()
})

const cards = (page: Page) => page.getByTestId('influencer-card')
const card = (page: Page, name: string) => cards(page).filter({ hasText: name })
const countLine = (page: Page) => page.getByTestId('count-line').innerText()

async function filterByBio(page: Page, width: number, text: string) {
  if (width < 1024) await page.getByRole('button', { name: /Filters/ }).click()
  const panel = width < 1024 ? page.getByRole('dialog', { name: 'Filters' }) : page.getByRole('complementary', { name: 'Filters' })
  await panel.getByLabel('Bio Filter').fill(text)
  if (width < 1024) await panel.getByRole('button', { name: 'Search' }).click()
}

describe.each(WIDTHS)('directory cache at %i px', (width) => {
  it('shows bios and content images after a reload within five minutes, and the Bio filter finds them', async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto('/influencer')
    await expect.poll(() => card(page, 'Naina Joshi').innerText()).toContain(`Block printing ${word}`)
    await page.reload()
    await expect.poll(() => card(page, 'Naina Joshi').innerText()).toContain(`Block printing ${word}`)
    expect(await card(page, 'Naina Joshi').getByRole('img', { name: "Naina Joshi's content 1" }).count()).toBe(1)
    await filterByBio(page, width, word)
    await expect.poll(() => countLine(page)).toMatch(/^Showing 2 of \d+ influencers$/)
    expect(problems).toEqual([])
  })

  it("keeps showing the cached list through repeated failures, never 'Showing 0 of 0'", async () => {
    const { page } = await openPage(browser, width)
    await page.goto('/influencer')
    await expect.poll(() => countLine(page)).toMatch(/^Showing (\d+) of \1 influencers$/)
    const total = Number(/of ([\d,]+)/.exec(await countLine(page))?.[1]?.replaceAll(',', ''))
    expect(total).toBeGreaterThanOrEqual(2)
    // The cache keeps the first page the server gave (24 cards), and shows it while the API is down.
    const cachedPage = Math.min(total, 24)
    await page.route(
      (url) => url.pathname === '/api/marketers/social-media',
      (route) => route.abort('connectionrefused'),
    )
    for (let attempt = 1; attempt <= 3; attempt++) {
      // A stale cache makes the page fetch again; every fetch fails.
      await page.evaluate(() => {
        const cache = JSON.parse(localStorage.getItem('appDataCache') ?? '{}')
        if (cache.influencers) cache.influencers.timestamp = Date.now() - 6 * 60_000
        localStorage.setItem('appDataCache', JSON.stringify(cache))
      })
      await page.reload()
      await expect
        .poll(() => page.locator('[data-toast-type]').allInnerTexts(), { message: `failure ${attempt}` })
        .toContainEqual(expect.stringContaining('API server is not running. Showing cached data if available.'))
      expect(await countLine(page), `failure ${attempt}`).toBe(`Showing ${cachedPage} of ${cachedPage} influencers`)
      expect(await cards(page).count()).toBe(cachedPage)
    }
  })
})
