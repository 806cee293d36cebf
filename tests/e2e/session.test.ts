import { SignJWT } from 'jose'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMarketer, createVendor, marketerStorage, vendorStorage } from './api'
import { launchBrowser, openPage, screenshot, toastTexts, WIDTHS } from './browser'

// How a session ends (decision 022), whoever notices first (the client's clock or the server).

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const EXPIRED = 'Your session has expired. Please log in again'

/** A token the client cannot tell from a real one (right shape, future expiry) but the server refuses: signed with another secret. */
const forgedToken = (sub: number, role: 'vendor' | 'marketer') =>
  new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(sub))
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode('not-the-server-secret'))

const expiredToken = () => {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url')
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', role: 'vendor', exp: Math.floor(Date.now() / 1000) - 60 })}.sig`
}

describe.each(WIDTHS)('ending a session at %i px', (width) => {
  it('ends the session when the server turns down the token on the vendor dashboard: toast, storage cleared, /signin', async () => {
    const vendor = await createVendor()
    const token = await forgedToken(vendor.vendor.VendorID, 'vendor')
    const { page, problems } = await openPage(browser, width, { ...vendorStorage(vendor), token })
    await page.goto('/vendor')
    await page.waitForURL('**/signin')
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining(EXPIRED))
    expect(await page.evaluate(() => localStorage.length)).toBe(0)
    // Nothing else: no 'could not be loaded' left behind, no second toast.
    expect((await toastTexts(page)).length).toBe(1)
    await screenshot(page, 'session-rejected')
    expect(problems).toEqual([])
  })

  it('ends the session when the server turns down the token on the influencer dashboard', async () => {
    const marketer = await createMarketer()
    const token = await forgedToken(marketer.marketer.MarketerID, 'marketer')
    const { page } = await openPage(browser, width, { ...marketerStorage(marketer), token })
    await page.goto('/marketer?tab=leads')
    await page.waitForURL('**/signin')
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining(EXPIRED))
    expect(await page.evaluate(() => localStorage.length)).toBe(0)
  })

  it('keeps the session-expired toast on screen until the sign-in page has appeared, however slowly its code loads', async () => {
    const vendor = await createVendor()
    const { page } = await openPage(browser, width, { ...vendorStorage(vendor), token: expiredToken() })
    // A slow phone: the sign-in screen's code takes longer than a toast's five seconds to arrive.
    await page.route('**/assets/SignInPage-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 6_500))
      await route.continue()
    })
    await page.goto('/vendor')
    await expect.poll(() => page.getByRole('button', { name: /Are You Vendor/ }).isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await toastTexts(page)).toContainEqual(expect.stringContaining(EXPIRED))
    expect(await page.evaluate(() => localStorage.length)).toBe(0)
  })

  for (const path of ['/', '/products']) {
    for (const [state, token] of [
      ['an expired', expiredToken()],
      ['no', null],
    ] as const) {
      it(`sends a fresh load of ${path} with the login flag and ${state} token to /signin, with the toast`, async () => {
        const vendor = await createVendor()
        const storage: Record<string, string> = { ...vendorStorage(vendor) }
        if (token) storage.token = token
        else delete storage.token
        const { page } = await openPage(browser, width, storage)
        await page.goto(path)
        await page.waitForURL('**/signin')
        await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining(EXPIRED))
        // A public list the page asked for before the session ended may land in the catalogue cache
        // afterwards; it holds no one's data. Nothing of the session may remain.
        expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key !== 'appDataCache'))).toEqual([])
      })
    }
  }
})

// The toast must survive every order of events, in every fresh browser, not in one (decision 080).
describe('the session-expired toast over many fresh browsers', () => {
  it('shows on /signin in each of ten fresh contexts that open /vendor with an expired token', async () => {
    const vendor = await createVendor()
    const missed: number[] = []
    for (let round = 0; round < 10; round++) {
      const { page } = await openPage(browser, WIDTHS[round % 2], { ...vendorStorage(vendor), token: expiredToken() })
      await page.goto('/vendor')
      await page.waitForURL('**/signin')
      const shown = await expect
        .poll(() => toastTexts(page))
        .toContainEqual(expect.stringContaining(EXPIRED))
        .then(
          () => true,
          () => false,
        )
      if (!shown) missed.push(round)
      await page.context().close()
    }
    expect(missed).toEqual([])
  }, 180_000)

  it('still shows it when the session ended on the page already open and the visitor then loads /vendor', async () => {
    // The session is stored while the site is open (as a sign-in in another tab would), the open
    // page's 100 ms watch ends it (toast, storage cleared), then /vendor is loaded in the same tab:
    // that new document has no session left to explain /signin, and must still say why.
    const vendor = await createVendor()
    const missed: number[] = []
    for (let round = 0; round < 10; round++) {
      const { page } = await openPage(browser, WIDTHS[round % 2])
      await page.goto('/')
      await page.evaluate(
        (entries) => {
          for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
        },
        { ...vendorStorage(vendor), token: expiredToken() },
      )
      // From before to well after the watch's next tick.
      await page.waitForTimeout(round * 40)
      await page.goto('/vendor')
      await page.waitForURL('**/signin')
      const shown = await expect
        .poll(() => toastTexts(page))
        .toContainEqual(expect.stringContaining(EXPIRED))
        .then(
          () => true,
          () => false,
        )
      if (!shown) missed.push(round)
      expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key !== 'appDataCache'))).toEqual([])
      await page.context().close()
    }
    expect(missed).toEqual([])
  }, 180_000)

  it('shows the carried toast once: dismissed, it does not come back on the next load', async () => {
    const vendor = await createVendor()
    const { page } = await openPage(browser, 1280, { ...vendorStorage(vendor), token: expiredToken() })
    await page.goto('/vendor')
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining(EXPIRED))
    await page.getByRole('button', { name: 'Dismiss notification' }).click()
    await page.reload()
    await page.getByRole('button', { name: /Are You Vendor/ }).waitFor()
    await page.waitForTimeout(500)
    expect(await toastTexts(page)).toEqual([])
  })
})
