import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVendor, marketerStorage, vendorStorage } from './api'
import { baseURL, launchBrowser, openPage, screenshot, toastTexts, WIDTHS } from './browser'
import { type Marketer, listMarketers, makeMarketer, tag } from './public-fixtures'

// The directory list is asked for a page at a time (a query string): match its path with or without one.
const DIRECTORY_LIST = /\/api\/marketers\/social-media(\?.*)?$/

let browser: Browser
const word = tag('zq')
let asha: Marketer
let chitra: Marketer

beforeAll(async () => {
  browser = await launchBrowser()
  // Three creators only this file knows, found through the word in their bios.
  asha = await makeMarketer('Asha Menon', {
    Bio: `Handloom sarees and ${word} styling from Kochi.`,
    Location: 'Kochi, India',
    Category: 'Fashion',
    InstagramUsername: 'asha.weaves',
    InstagramFollowers: 182400,
    YouTubeChannelLink: 'https://youtube.com/@ashaweaves',
    YouTubeSubscribers: 45200,
  })
  await makeMarketer('Bilal Qureshi', {
    Bio: `Budget gadgets reviewed ${word} in Hinglish.`,
    Location: 'Toronto, Canada',
    Category: 'Technology',
    TwitterHandle: 'bilaltech',
    TwitterFollowers: 1_250_000,
  })
  chitra = await makeMarketer('Chitra Rao', {
    Bio: `Weekend treks ${word} and chai stops.`,
    Category: 'Travel',
    TikTokUsername: 'chitratrails',
    TikTokFollowers: 900,
  })
})
afterAll(async () => {
  await browser?.close()
})

const cards = (page: Page) => page.getByTestId('influencer-card')
const names = (page: Page) => cards(page).getByRole('heading').allInnerTexts()

async function openFilters(page: Page, width: number) {
  if (width < 1024) await page.getByRole('button', { name: /Filters/ }).click()
}
const filters = (page: Page, width: number) =>
  width < 1024 ? page.getByRole('dialog', { name: 'Filters' }) : page.getByRole('complementary', { name: 'Filters' })

describe.each(WIDTHS)('influencer directory and profile at %i px', (width) => {
  it('filters live, sorts, counts and empties, and clears again', async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto('/influencer')
    await expect.poll(() => page.getByTestId('count-line').innerText()).toMatch(/^Showing (\d+) of \1 influencers$/)
    await screenshot(page, 'directory')
    await openFilters(page, width)
    const panel = filters(page, width)
    await panel.getByLabel('Search by Keyword').fill(word)
    await expect.poll(() => names(page)).toEqual(['Bilal Qureshi', 'Asha Menon', 'Chitra Rao'])
    // Polled: the names above may still be the unfiltered list's (the same three here) while the
    // filtered page loads, and the count line says 'Loading influencers…' until it has.
    await expect.poll(() => page.getByTestId('count-line').innerText()).toMatch(/^Showing 3 of \d+ influencers$/)
    // The small-screen panel labels the Verified box differently (spec 001 section 2).
    expect(await panel.getByLabel(width < 1024 ? 'Phone verified' : 'Verified', { exact: true }).count()).toBe(1)

    await panel.getByRole('combobox', { name: 'Category' }).fill('tech')
    await expect.poll(() => panel.getByRole('option').allInnerTexts()).toEqual(['Technology'])
    await panel.getByRole('option', { name: 'Technology' }).click()
    await expect.poll(() => names(page)).toEqual(['Bilal Qureshi'])
    await panel.getByRole('combobox', { name: 'Category' }).fill('')
    await expect.poll(() => names(page)).toHaveLength(3)
    await panel.getByRole('combobox', { name: 'Category' }).fill('qqq')
    await expect.poll(() => panel.getByText('No categories found').isVisible()).toBe(true)
    await panel.getByRole('combobox', { name: 'Category' }).fill('')
    // Typed text filters live, without picking an option.
    await panel.getByRole('combobox', { name: 'Location' }).fill('kochi')
    await expect.poll(() => names(page)).toEqual(['Asha Menon'])
    await panel.getByRole('combobox', { name: 'Location' }).fill('zzzz-nowhere')
    await expect.poll(() => panel.getByText('No locations found').isVisible()).toBe(true)
    await panel.getByRole('combobox', { name: 'Location' }).fill('')
    await panel.getByRole('combobox', { name: 'Location' }).press('Escape')
    expect(await panel.getByRole('listbox').count()).toBe(0)

    await panel.getByLabel('Canada').check()
    await expect.poll(() => names(page)).toEqual(['Bilal Qureshi'])
    await panel.getByLabel('Canada').uncheck()
    await panel.getByLabel('Minimum Followers').fill('200000')
    await expect.poll(() => names(page)).toEqual(['Bilal Qureshi', 'Asha Menon'])
    await panel.getByLabel('Minimum Followers').fill('')
    await panel.getByLabel('Bio Filter').fill('treks')
    await expect.poll(() => names(page)).toEqual(['Chitra Rao'])
    await panel.getByLabel('Bio Filter').fill('')
    if (width < 1024) await panel.getByRole('button', { name: 'Search' }).click()

    await page.getByLabel('Sort by').selectOption({ label: 'Name A-Z' })
    await expect.poll(() => names(page)).toEqual(['Asha Menon', 'Bilal Qureshi', 'Chitra Rao'])
    await page.getByLabel('Sort by').selectOption({ label: 'Highest Followers' })
    await expect.poll(() => names(page)).toEqual(['Bilal Qureshi', 'Asha Menon', 'Chitra Rao'])

    const asha = cards(page).filter({ hasText: 'Asha Menon' })
    const text = await asha.innerText()
    expect(text).toContain('@asha.weaves')
    expect(text).toContain('227.6K')
    expect(text).toContain('Kochi, India')
    expect(await cards(page).filter({ hasText: 'Chitra Rao' }).innerText()).toContain('@chitratrails')

    await openFilters(page, width)
    await filters(page, width).getByLabel('Search by Keyword').fill(`${word}-nobody`)
    if (width < 1024) await filters(page, width).getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'No influencers found' }).isVisible()).toBe(true)
    await screenshot(page, 'directory-empty')
    await page.getByRole('button', { name: 'Clear All Filters' }).click()
    await expect.poll(() => page.getByTestId('count-line').innerText()).toMatch(/^Showing (\d+) of \1 influencers$/)
    expect(problems).toEqual([])
  })

  it('opens a profile from a card with the keyboard and shows its numbers', async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto('/Influencer')
    await openFilters(page, width)
    await filters(page, width).getByLabel('Search by Keyword').fill(`asha.weaves`)
    if (width < 1024) await filters(page, width).getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => names(page)).toEqual(['Asha Menon'])
    await cards(page).first().focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(`**/influencer/${asha.marketer.MarketerID}`)

    // The directory may stay on screen while the profile's code loads: wait for the profile itself.
    await expect.poll(() => page.getByRole('heading', { name: 'Influencer Profile' }).isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('heading', { name: 'Asha Menon', level: 2 }).isVisible()).toBe(true)
    const main = await page.locator('main').innerText()
    expect(main).toContain('227.6K')
    expect(main).toMatch(/TOTAL REACH|Total Reach/)
    expect(main).toContain('Fashion')
    expect(main).toContain('Kochi, India')
    expect(main).toContain('Handloom sarees')
    expect(main).toContain('Instagram followers')
    expect(main).toContain('YouTube subscribers')
    expect(main).not.toContain('Twitter followers')
    expect(main).toContain('Combined followers across all platforms')
    expect(main).toContain('Active social media platforms')
    expect(main).toMatch(/Joined\s*:?\s*[A-Z][a-z]+ \d{1,2}, \d{4}/)
    expect(await page.getByRole('heading', { name: 'Social Media Platforms' }).isVisible()).toBe(true)
    // Bar width = engagement rate x 10 percent.
    const profile = await (await fetch(`${baseURL()}/api/marketers/social-media/${asha.marketer.MarketerID}`)).json()
    const rate = (profile as { data: { engagementRate: number } }).data.engagementRate
    const barWidth = await page.getByTestId('engagement-bar').evaluate((el) => parseFloat((el as HTMLElement).style.width))
    expect(barWidth).toBeCloseTo(Math.min(rate * 10, 100), 5)
    expect(main).toContain(`${rate.toFixed(1)}%`)
    // A visitor sees no contact details.
    expect(main).not.toContain(asha.email)
    await screenshot(page, 'influencer-profile')

    await page.getByRole('button', { name: 'Back to Directory' }).click()
    await page.waitForURL('**/influencer')
    expect(problems).toEqual([])
  })

  it('shows the avatar letter when there is no picture, and a vendor who has not worked with the creator how contacts are shared', async () => {
    const vendor = await createVendor()
    const { page } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto(`/influencer/${chitra.marketer.MarketerID}`)
    await expect.poll(() => page.getByTestId('avatar-letter').innerText()).toBe('C')
    const main = await page.locator('main').innerText()
    expect(main).not.toContain(chitra.email)
    expect(main).toContain('Contact details are shared once you work together.')
    expect(main).toContain('Travel')
    expect(await page.getByRole('heading', { name: 'Content Preview' }).count()).toBe(0)
    await screenshot(page, 'influencer-profile-contact-note')
  })

  it('shows the creator their own email and mobile, without the note', async () => {
    const { page } = await openPage(browser, width, marketerStorage(chitra))
    await page.goto(`/influencer/${chitra.marketer.MarketerID}`)
    await expect.poll(() => page.locator('main').innerText()).toContain(chitra.email)
    expect(await page.getByTestId('contact-note').count()).toBe(0)
  })

  it("says 'Influencer Not Found' for an unknown id, with the spec's toast for an unsuccessful answer", async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto('/influencer/99999999')
    await expect.poll(() => page.getByRole('heading', { name: 'Influencer Not Found' }).isVisible()).toBe(true)
    // The API answers success: false (with a 404): spec 001 section 8 toasts 'Failed to load influencer data'.
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Failed to load influencer data'))
    await screenshot(page, 'influencer-not-found')
    await page.getByRole('button', { name: 'Back to Directory' }).click()
    await page.waitForURL('**/influencer')
    expect(problems).toEqual([])
  })

  it(`shows ${width < 768 ? 4 : 8} skeleton cards while the list loads`, async () => {
    const { page } = await openPage(browser, width)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(DIRECTORY_LIST, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/influencer')
    const region = page.getByRole('status').filter({ hasText: 'Loading influencers' })
    await expect.poll(() => region.locator(':scope > div').count()).toBe(width < 768 ? 4 : 8)
    await screenshot(page, 'directory-loading')
    release()
    await expect.poll(() => cards(page).count()).toBeGreaterThan(2)
  })

  it("toasts 'Failed to load influencer data' and 'Error loading influencer data' for a profile that cannot load", async () => {
    const { page } = await openPage(browser, width)
    await page.route('**/api/marketers/social-media/*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: false, statusCode: 0, message: 'no', data: null }) }),
    )
    await page.goto(`/influencer/${asha.marketer.MarketerID}`)
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Failed to load influencer data'))
    expect(await page.getByRole('heading', { name: 'Influencer Not Found' }).isVisible()).toBe(true)
    // success: false with an error status is still an unsuccessful answer, not a network error.
    await page.unroute('**/api/marketers/social-media/*')
    await page.route('**/api/marketers/social-media/*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, statusCode: 0, message: 'Something went wrong', data: null }),
      }),
    )
    await page.reload()
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Failed to load influencer data'))
    expect(await toastTexts(page)).not.toContainEqual(expect.stringContaining('Error loading influencer data'))
    await page.unroute('**/api/marketers/social-media/*')
    await page.route('**/api/marketers/social-media/*', (route) => route.abort('connectionrefused'))
    await page.reload()
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Error loading influencer data'))
  })

  it('falls back to the cached list with a warning when the API cannot be reached', async () => {
    const { page } = await openPage(browser, width)
    await page.goto('/influencer')
    await expect.poll(() => cards(page).count()).toBeGreaterThan(2)
    const before = await cards(page).count()
    // A forced refresh is what a stale cache does; make the cache stale, then cut the API off.
    await page.evaluate(() => {
      const cache = JSON.parse(localStorage.getItem('appDataCache') ?? '{}')
      cache.influencers.timestamp = Date.now() - 6 * 60_000
      localStorage.setItem('appDataCache', JSON.stringify(cache))
    })
    await page.route(DIRECTORY_LIST, (route) => route.abort('connectionrefused'))
    await page.reload()
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('API server is not running. Showing cached data if available.'))
    expect(await cards(page).count()).toBe(before)
    await page.unroute(DIRECTORY_LIST)
    await page.route(DIRECTORY_LIST, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":0,"message":"boom","data":null}' }),
    )
    await page.evaluate(() => localStorage.removeItem('appDataCache'))
    await page.reload()
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Error fetching influencers. Showing cached data if available.'))
  })
})

describe.each(WIDTHS)('home page at %i px', (width) => {
  it('features the three newest influencers with View Profile links', async () => {
    const before = (await listMarketers()).map((i) => i.MarketerID).sort((a, b) => b - a)
    const { page, problems } = await openPage(browser, width)
    await page.goto('/')
    await expect.poll(() => page.getByRole('heading', { name: 'Connect. Earn. Grow.' }).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Join as Influencer' }).first().getAttribute('href')).toBe('/signup/influencer')
    expect(await page.getByRole('link', { name: 'Join as Vendor' }).first().getAttribute('href')).toBe('/signup/vender')
    expect(await page.getByRole('heading', { name: 'Choose Your Path' }).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Join As a Vendor' }).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Join As an Influencer' }).isVisible()).toBe(true)
    // Accounts go live at sign-up; the page promises only what the Verified badge means.
    const text = await page.locator('main').innerText()
    expect(text).not.toMatch(/approved before they go live|verified Indian brands/i)
    expect(text).toContain('The Verified badge marks creators our team has checked.')
    for (const network of ['Facebook', 'Instagram', 'LinkedIn', 'Pinterest', 'TikTok', 'Twitter', 'YouTube']) {
      expect(await page.getByRole('link', { name: network, exact: true }).count()).toBe(1)
    }
    await expect.poll(() => page.getByTestId('featured-card').count()).toBe(3)
    const hrefs = await page
      .getByTestId('featured-card')
      .getByRole('link', { name: 'View Profile' })
      .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''))
    const ids = hrefs.map((h) => Number(h.replace('/influencer/', '')))
    // Newest first; other suites may add influencers meanwhile, so each is at least as new as the
    // third newest that existed before the page loaded.
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    for (const id of ids) expect(id).toBeGreaterThanOrEqual(before[2])
    // Sections fade in on scroll, except for people who asked for less motion: then all show at once.
    const opacity = () =>
      page.getByRole('heading', { name: 'Built for trust on both sides' }).evaluate((el) => getComputedStyle(el.closest('.reveal') ?? el).opacity)
    expect(await opacity()).toBe('0')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    expect(await opacity()).toBe('1')
    await screenshot(page, 'home')
    expect(problems).toEqual([])
  })

  it("shows 'No Featured Influencers' with a way to the directory when there are none", async () => {
    const { page } = await openPage(browser, width)
    // An empty marketplace, as the API would answer it on day one.
    await page.route(DIRECTORY_LIST, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, statusCode: 1, message: 'ok', data: [] }) }),
    )
    await page.goto('/')
    await expect.poll(() => page.getByRole('heading', { name: 'No Featured Influencers' }).isVisible()).toBe(true)
    expect(await page.getByText('No influencers are currently available. Check back later!').isVisible()).toBe(true)
    await page.getByRole('link', { name: 'Browse All Influencers' }).click()
    await page.waitForURL('**/influencer')
  })
})

describe('the small-screen Filters panel', () => {
  it('keeps Tab inside the open panel, closes on Escape and gives focus back to the Filters button', async () => {
    const { page, problems } = await openPage(browser, 360)
    await page.goto('/influencer')
    await expect.poll(() => page.getByTestId('count-line').innerText()).toMatch(/^Showing \d+ of \d+ influencers$/)
    const opener = page.getByRole('button', { name: /Filters/ })
    await opener.click()
    const panel = page.getByRole('dialog', { name: 'Filters' })
    await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab')
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Shift+Tab')
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await panel.getByLabel('Minimum Followers').focus()
    await page.keyboard.press('Escape')
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await page.getByRole('dialog', { name: 'Filters' }).count()).toBe(0)
    expect(problems).toEqual([])
  })
})
