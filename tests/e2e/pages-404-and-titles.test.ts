// A typo answers 404 with the app's 'Page Not Found' (decision 261), every screen names its tab,
// a new page starts at its top, and the engagement rate says it is an estimate.

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMarketer, marketerStorage } from './api'
import { baseURL, launchBrowser, openPage, screenshot, WIDTHS } from './browser'
import { makeMarketer } from './public-fixtures'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const get = (path: string) => fetch(`${baseURL()}${path}`, { redirect: 'manual' })

describe('HTTP status of a path', () => {
  it('is 404 with the same app for a path no screen has, 200 for the screens and files', async () => {
    for (const path of ['/nope', '/productz', '/vendor/settings', '/signup', '/i/1/2', '/influencer/1/2']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      const html = await res.text()
      expect(html, path).toContain('<div id="root"')
      expect(html, path).toContain('<title>Page Not Found · Collabkart</title>')
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'")
    }
    for (const path of ['/', '/products', '/signin', '/vendor', '/influencer', '/terms', '/admin/mail']) {
      expect((await get(path)).status, path).toBe(200)
    }
    // The screens keep the headers the assets give them: the reset link's token is never sent on.
    expect((await get('/reset-password/vendor')).headers.get('referrer-policy')).toBe('no-referrer')
    const icon = await get('/favicon.svg')
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/svg+xml'])
    const api = await get('/api/nope')
    expect([api.status, (await api.json()).message]).toEqual([404, 'Route not found'])
  })
})

describe.each(WIDTHS)('tab titles and scroll at %i px', (width) => {
  it('names each screen’s tab, and a typo’s Page Not Found', async () => {
    const { page, problems } = await openPage(browser, width)
    const titles: string[] = []
    for (const path of ['/products', '/signin', '/signup/vender', '/signup/influencer', '/influencer', '/forgot-password/vendor']) {
      await page.goto(path)
      await expect.poll(() => page.title()).not.toBe('Collabkart · Connect. Earn. Grow.')
      titles.push(await page.title())
    }
    expect(titles).toEqual([
      'Products · Collabkart',
      'Sign in · Collabkart',
      'Vendor sign up · Collabkart',
      'Influencer sign up · Collabkart',
      'Influencer Directory · Collabkart',
      'Forgot password · Collabkart',
    ])
    await page.goto('/nope')
    await expect.poll(() => page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true)
    expect(await page.title()).toBe('Page Not Found · Collabkart')
    await screenshot(page, 'not-found')
    expect(problems).toEqual([])
  })

  it('opens the dashboard at its top after Save Profile at the foot of social setup', async () => {
    const marketer = await createMarketer(`Scroll ${width}`)
    const { page, problems } = await openPage(browser, width, marketerStorage(marketer))
    await page.goto('/marketer/social-media-setup')
    const save = page.getByRole('button', { name: 'Save Profile' })
    await expect.poll(() => save.isVisible()).toBe(true)
    await page.getByLabel(/Instagram Username/i).fill(`scroll.${width}`)
    await page.getByLabel(/Instagram Followers/i).fill('12000')
    await save.scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await save.click()
    await page.waitForURL('**/marketer')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await screenshot(page, 'after-social-setup')
    expect(problems).toEqual([])
  })

  it('says the engagement rate is an estimate, on the card and the profile', async () => {
    const marketer = await makeMarketer(`Estimate ${width}`, { InstagramUsername: `est.${width}.${Date.now()}`, InstagramFollowers: 52000 })
    const { page, problems } = await openPage(browser, width)
    await page.goto(`/influencer/${marketer.marketer.MarketerID}`)
    await expect.poll(() => page.getByText('An estimate from the follower counts the creator typed in, not a measured rate').isVisible()).toBe(true)
    await expect.poll(() => page.getByText('Estimated', { exact: true }).isVisible()).toBe(true)
    await screenshot(page, 'profile-engagement-estimate')
    await page.goto('/influencer')
    const label = page.getByTestId('influencer-card').first().getByText('Est. engagement')
    await expect.poll(() => label.isVisible()).toBe(true)
    expect(await label.getAttribute('title')).toContain('estimate')
    expect(problems).toEqual([])
  })
})
