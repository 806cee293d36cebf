import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMarketer, createVendor, PASSWORD, uniqueEmail, vendorStorage } from './api'
import { baseURL, launchBrowser, openPage, screenshot, toastTexts, WIDTHS } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

// A token whose exp is already in the past (the signature does not matter to the client watch).
const expiredToken = () => {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url')
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', role: 'vendor', exp: Math.floor(Date.now() / 1000) - 60 })}.sig`
}

describe.each(WIDTHS)('foundation at %i px', (width) => {
  it('registers a vendor, signs them in automatically and lands on /vendor', async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto('/signup/vender')
    await expect.poll(() => page.getByRole('heading', { name: 'Join as a Vendor' }).isVisible()).toBe(true)
    await screenshot(page, 'signup-vendor')
    await page.getByLabel('Name').fill('Handloom Haus')
    await page.getByLabel('Mobile').pressSequentially('98765abc43210')
    expect(await page.getByLabel('Mobile').inputValue()).toBe('9876543210')
    await page.getByLabel('Email').fill(uniqueEmail('vendor'))
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.locator('form').getByRole('button', { name: 'Sign Up' }).click()
    await page.waitForURL('**/vendor')
    const stored = await page.evaluate(() => ({ flag: localStorage.getItem('isLoggedIn'), vendor: localStorage.getItem('vendorData') }))
    expect(stored.flag).toBe('true')
    expect(JSON.parse(stored.vendor ?? '{}')).toMatchObject({ VendorName: 'Handloom Haus' })
    expect(problems).toEqual([])
  })

  it('registers an influencer and lands on the social media setup', async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto('/signup/influencer')
    await expect.poll(() => page.getByRole('heading', { name: 'Join Our Influencer Network' }).isVisible()).toBe(true)
    await screenshot(page, 'signup-influencer')
    await page.getByLabel('Full Name').fill('Riya Sharma')
    await page.getByLabel('Mobile').fill('9123456780')
    await page.getByLabel('Email Address').fill(uniqueEmail('creator'))
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.locator('form').getByRole('button', { name: 'Sign Up' }).click()
    await page.waitForURL('**/marketer/social-media-setup')
    expect(await page.evaluate(() => localStorage.getItem('marketerID'))).toMatch(/^\d+$/)
    expect(problems).toEqual([])
  })

  it('shows the influencer registration messages in order', async () => {
    const { page } = await openPage(browser, width)
    await page.goto('/signup/influencer')
    await page.locator('form').getByRole('button', { name: 'Sign Up' }).click()
    await expect.poll(() => toastTexts(page)).toEqual([expect.stringContaining('Please enter your name')])
    await page.getByLabel('Full Name').fill('Riya')
    await page.getByLabel('Mobile').fill('91234')
    await page.locator('form').getByRole('button', { name: 'Sign Up' }).click()
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Invalid number.'))
  })

  it('signs in an existing vendor from the role chooser', async () => {
    const vendor = await createVendor()
    const { page, problems } = await openPage(browser, width)
    await page.goto('/signin')
    await screenshot(page, 'signin-choose')
    await page.getByRole('button', { name: /Are You Vendor/ }).click()
    await page.getByLabel('Email').fill(vendor.email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Show password' }).click()
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text')
    await screenshot(page, 'signin-form')
    await page.getByRole('button', { name: 'Log In' }).click()
    await page.waitForURL('**/vendor')
    expect(problems).toEqual([])
  })

  it('offers both sign-up forms on the role chooser', async () => {
    const { page } = await openPage(browser, width)
    await page.goto('/signin')
    const main = page.locator('main')
    expect(await main.getByRole('link', { name: 'Sign Up as a Vendor' }).getAttribute('href')).toBe('/signup/vender')
    expect(await main.getByRole('link', { name: 'Sign Up as an Influencer' }).getAttribute('href')).toBe('/signup/influencer')
    await main.getByRole('link', { name: 'Sign Up as a Vendor' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Join as a Vendor' }).isVisible()).toBe(true)
  })

  it('answers a wrong password with the server message', async () => {
    const marketer = await createMarketer()
    const { page } = await openPage(browser, width)
    await page.goto('/signin?role=influencer')
    await page.getByLabel('Email').fill(marketer.email)
    await page.getByLabel('Password', { exact: true }).fill('wrong-password')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Invalid email or password'))
    expect(new URL(page.url()).pathname).toBe('/signin')
  })

  it("takes 'Invalid email or password' away once a later try signs in", async () => {
    const vendor = await createVendor()
    const { page } = await openPage(browser, width)
    await page.goto('/signin?role=vendor')
    await page.getByLabel('Email').fill(vendor.email)
    await page.getByLabel('Password', { exact: true }).fill('wrong-password')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Invalid email or password'))
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Log In' }).click()
    await page.waitForURL('**/vendor')
    const texts = await toastTexts(page)
    expect(texts.join(' | ')).not.toContain('Invalid email or password')
    expect(texts).toContainEqual(expect.stringContaining('Login successful'))
  })

  it("shows 'Please enter your email.' when the sign-in form is submitted empty", async () => {
    const { page } = await openPage(browser, width)
    await page.goto('/signin?role=vendor')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect.poll(() => toastTexts(page)).toEqual([expect.stringContaining('Please enter your email.')])
  })

  it('expires a stored session: toast, storage cleared, /signin', async () => {
    const vendor = await createVendor()
    const { page } = await openPage(browser, width, { ...vendorStorage(vendor), token: expiredToken() })
    await page.goto('/products')
    await page.waitForURL('**/signin')
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Your session has expired. Please log in again'))
    expect(await page.evaluate(() => localStorage.length)).toBe(0)
  })

  it("keeps visitors out of the dashboards and shows 'Page Not Found' for unknown paths", async () => {
    const { page } = await openPage(browser, width)
    const signInShown = () => page.getByRole('heading', { name: 'Welcome back', exact: true }).isVisible()
    await page.goto('/vendor')
    await page.waitForURL('**/signin')
    await expect.poll(signInShown).toBe(true)
    await page.goto('/marketer')
    await page.waitForURL('**/signin')
    await expect.poll(signInShown).toBe(true)
    await page.goto('/no/such/page')
    await expect.poll(() => page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true)
    await screenshot(page, 'not-found')
  })

  it('refuses a vendor on the influencer dashboard: the sign-in page, never the dashboard', async () => {
    const vendor = await createVendor()
    const { page } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/marketer')
    await page.waitForURL('**/signin')
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome back', exact: true }).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: /^Welcome back, / }).count()).toBe(0)
    expect(await page.getByRole('tab', { name: 'My Links' }).count()).toBe(0)
  })

  it('logs out: storage cleared, back to /signin, Home link visible again', async () => {
    const vendor = await createVendor()
    const { page } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor')
    if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click()
    await expect.poll(() => page.getByRole('link', { name: 'Home', exact: true }).count()).toBe(0)
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL('**/signin')
    expect(await page.evaluate(() => localStorage.length)).toBe(0)
  })
})

describe('top bar', () => {
  it('opens the Sign Up dropdown and closes it on an outside click', async () => {
    const { page } = await openPage(browser, 1280)
    await page.goto('/signin')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect.poll(() => page.getByRole('link', { name: 'As an Influencer', exact: true }).isVisible()).toBe(true)
    await page.mouse.click(5, 400)
    await expect.poll(() => page.getByRole('link', { name: 'As an Influencer', exact: true }).count()).toBe(0)
  })

  it('collapses into a menu on phones that uses the lower-case directory path', async () => {
    const { page } = await openPage(browser, 360)
    await page.goto('/signin')
    expect(await page.getByRole('link', { name: 'Influencer', exact: true }).isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Open menu' }).click()
    expect(await page.getByRole('link', { name: 'Influencer', exact: true }).getAttribute('href')).toBe('/influencer')
  })

  it('gains a shadow once the page is scrolled', async () => {
    const { page } = await openPage(browser, 360)
    await page.goto('/signup/vender')
    expect(await page.locator('header').getAttribute('data-scrolled')).toBe('false')
    await page.mouse.wheel(0, 400)
    await expect.poll(() => page.locator('header').getAttribute('data-scrolled')).toBe('true')
  })
})

describe('serving', () => {
  it('serves the SPA for deep links and the Worker for /api and /media', async () => {
    const deep = await fetch(`${baseURL()}/marketer/social-media-setup`, { headers: { accept: 'text/html' } })
    expect(deep.status).toBe(200)
    expect(await deep.text()).toContain('<div id="root">')
    // A profile that does not exist still gets the app (which says so), with a 404 for crawlers.
    const missing = await fetch(`${baseURL()}/influencer/999999`, { headers: { accept: 'text/html' } })
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('<div id="root">')
    const api = await fetch(`${baseURL()}/api/nope`, { headers: { accept: 'text/html' } })
    expect(api.status).toBe(404)
    expect(await api.json()).toEqual({ statusCode: 0, message: 'Route not found', data: null })
    // The Worker answers /media itself: a missing image is a 404, never the SPA's index.html.
    const media = await fetch(`${baseURL()}/media/products/00000000-0000-4000-8000-000000000000.png`, { headers: { accept: 'text/html' } })
    expect(media.status).toBe(404)
    expect(await media.text()).not.toContain('<div id="root">')
  })

  it('sends security headers with the app shell', async () => {
    const res = await fetch(`${baseURL()}/`)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
