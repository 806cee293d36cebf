// Verified addresses in the browser (decision 131): sign up, the dashboard's banner and Resend (up to
// its limit), the gated payout details form, the link from the mail the local runtime kept (read
// the way `npm run mail` reads it), and the banner gone once the address is verified.

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VERIFY_MESSAGES, VERIFY_RESENDS_PER_HOUR } from '../../worker/contract/email-verification'
import { api, createMarketer, createVendor, PASSWORD, uniqueEmail, vendorStorage, verificationLink, verifyFromMail } from './api'
import { axeViolations } from './axe'
import { horizontalOverflow, launchBrowser, openPage, screenshot, WIDTHS } from './browser'
import { lastToast, makeLead, makeProduct, vendorLeads } from './dashboard-fixtures'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const banner = (page: Page) => page.locator('[data-verify-banner]')

async function signUpVendor(page: Page, email: string) {
  await page.goto('/signup/vender')
  await page.getByLabel('Name').fill('Handloom Haus')
  await page.getByLabel('Mobile').fill('9876543210')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.locator('form').getByRole('button', { name: 'Sign Up' }).click()
  await page.waitForURL('**/vendor')
}

async function signUpMarketer(page: Page, email: string) {
  await page.goto('/signup/influencer')
  await page.getByLabel('Full Name').fill('Riya Sharma')
  await page.getByLabel('Mobile').fill('9123456780')
  await page.getByLabel('Email Address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.locator('form').getByRole('button', { name: 'Sign Up' }).click()
  await page.waitForURL('**/marketer/social-media-setup')
}

describe.each(WIDTHS)('verified addresses at %i px', (width) => {
  it('shows a new vendor the banner with Resend, and takes it away once the mailed link is opened', async () => {
    const email = uniqueEmail('verify-vendor')
    const { page, problems } = await openPage(browser, width)
    await signUpVendor(page, email)
    // A fresh load, without the sign-up toast (its live region sits outside the page's landmarks).
    await page.goto('/vendor')
    await expect.poll(() => banner(page).isVisible()).toBe(true)
    // The loading bar (outside the landmarks while it shows) has gone: the page is settled.
    await expect.poll(() => page.locator('[role="progressbar"]').getAttribute('data-busy')).toBe('false')
    expect(await banner(page).innerText()).toContain(VERIFY_MESSAGES.banner)
    expect(await banner(page).innerText()).toContain(VERIFY_MESSAGES.bannerMoneyVendor)
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, 'verify-banner-vendor')

    await banner(page).getByRole('button', { name: 'Resend' }).click()
    await expect.poll(() => lastToast(page)).toContain(VERIFY_MESSAGES.sent)

    // The newest link (Resend's) opens the verify page, which takes the token out of the address.
    const link = await verificationLink(email, 'vendor')
    await page.goto(link)
    await expect.poll(() => page.getByRole('heading', { name: 'Email address verified' }).isVisible()).toBe(true)
    await expect.poll(() => page.url()).not.toContain('token=')
    expect(await page.getByText(VERIFY_MESSAGES.verified).isVisible()).toBe(true)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'verify-page-done-vendor')
    await page.getByRole('link', { name: 'Go to your dashboard' }).click()
    await page.waitForURL('**/vendor')
    await expect.poll(() => page.getByRole('heading', { name: 'Vendor Dashboard' }).isVisible()).toBe(true)
    await expect.poll(() => banner(page).count()).toBe(0)

    // The same link again: the reason, and a way to ask for another.
    await page.goto(link)
    await expect.poll(() => page.getByRole('heading', { name: 'This link no longer works' }).isVisible()).toBe(true)
    expect(await page.getByText(VERIFY_MESSAGES.linkInvalid).isVisible()).toBe(true)
    await screenshot(page, 'verify-page-used-vendor')
    await page.getByRole('button', { name: 'Send me a new link' }).click()
    await expect.poll(() => lastToast(page)).toContain(VERIFY_MESSAGES.alreadyVerified)
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('holds an unverified influencer’s payout details back, limits Resend, and lets them save once verified', async () => {
    const email = uniqueEmail('verify-creator')
    const { page, problems } = await openPage(browser, width)
    await signUpMarketer(page, email)
    await page.goto('/marketer?tab=earnings')
    await expect.poll(() => banner(page).isVisible()).toBe(true)
    expect(await banner(page).innerText()).toContain(VERIFY_MESSAGES.bannerMoneyMarketer)
    const save = page.getByRole('button', { name: 'Save payout details' })
    await expect.poll(() => save.isDisabled()).toBe(true)
    expect(await page.locator('[data-verify-first]').innerText()).toContain(VERIFY_MESSAGES.detailsNeedVerified)
    expect(await page.locator('[data-verify-first]').getByRole('button', { name: 'Resend' }).isVisible()).toBe(true)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'verify-banner-influencer')

    // Resend shows its progress, then the server's words: sent while tries are left, then the limit.
    const resend = banner(page).getByRole('button', { name: 'Resend' })
    for (let i = 0; i < VERIFY_RESENDS_PER_HOUR; i++) {
      await resend.click()
      await expect.poll(() => lastToast(page)).toContain(VERIFY_MESSAGES.sent)
      await expect.poll(() => resend.isEnabled()).toBe(true)
    }
    await resend.click()
    await expect.poll(() => lastToast(page)).toContain(VERIFY_MESSAGES.tooMany)

    // The link opened where nobody is signed in: verified all the same, with the way to sign in.
    const link = await verificationLink(email, 'influencer')
    const other = await openPage(browser, width)
    await other.page.goto(link)
    await expect.poll(() => other.page.getByRole('heading', { name: 'Email address verified' }).isVisible()).toBe(true)
    await expect.poll(() => other.page.locator('[role="progressbar"]').getAttribute('data-busy')).toBe('false')
    expect(await other.page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin?role=influencer')
    expect(await axeViolations(other.page)).toEqual([])
    await screenshot(other.page, 'verify-page-done-influencer')
    await other.page.context().close()

    await page.reload()
    await expect.poll(() => page.getByRole('button', { name: 'Save payout details' }).isEnabled()).toBe(true)
    expect(await banner(page).count()).toBe(0)
    await page.getByLabel('UPI ID').fill('riya.sharma@okicici')
    await page.getByRole('button', { name: 'Save payout details' }).click()
    await expect.poll(() => lastToast(page)).toContain('Payout details saved')
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('holds an unverified vendor’s Record payout back with the reason and Resend in the dialog, and records once verified', async () => {
    const vendor = await createVendor('Jaipur Prints')
    const marketer = await createMarketer('Kavya Menon')
    const product = await makeProduct(vendor, { ProductName: 'Block-print dohar', Price: '2400', CommissionType: 'Fixed', CommissionValue: '240' })
    await makeLead(product, marketer.marketer.MarketerID, 'Nisha Rao')
    const [lead] = await vendorLeads(vendor)
    expect((await api('PUT', 'money/settings', { token: vendor.token, json: { HoldingDays: 0, PaymentTermsDays: 30 } })).status).toBe(200)
    expect((await api('PUT', `leads/status/${lead.LeadID}`, { token: vendor.token, json: { Status: 'Converted' } })).status).toBe(200)

    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=payouts')
    await page.getByRole('button', { name: 'Record payout' }).click()
    const dialog = page.getByRole('dialog', { name: 'Record payout to Kavya Menon' })
    const note = dialog.locator('[data-verify-first]')
    await expect.poll(() => note.isVisible()).toBe(true)
    expect(await note.innerText()).toContain(VERIFY_MESSAGES.payoutNeedsVerified)
    const confirm = dialog.getByRole('button', { name: 'Confirm payout' })
    await expect.poll(() => dialog.getByText('Block-print dohar').first().isVisible()).toBe(true)
    expect(await confirm.isDisabled()).toBe(true)
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, 'record-payout-unverified')

    // Resend is in the dialog itself: the banner's is behind it.
    await note.getByRole('button', { name: 'Resend' }).click()
    await expect.poll(() => lastToast(page)).toContain(VERIFY_MESSAGES.sent)
    expect(await dialog.isVisible()).toBe(true)

    // The link opened elsewhere; Resend then finds the address verified and the dialog lets the payout through.
    await verifyFromMail(vendor.email, 'vendor')
    await note.getByRole('button', { name: 'Resend' }).click()
    await expect.poll(() => lastToast(page)).toContain(VERIFY_MESSAGES.alreadyVerified)
    await expect.poll(() => note.count()).toBe(0)
    await expect.poll(() => confirm.isEnabled()).toBe(true)
    await dialog.getByLabel('Transaction reference (UTR)').fill(`UTIB${Date.now()}${width}`.slice(0, 22))
    await confirm.click()
    await expect.poll(() => lastToast(page)).toContain('Payout recorded')
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await banner(page).count()).toBe(0)
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('tells someone who opens a broken link what happened and how to ask again', async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto('/verify-email/vendor?token=not-a-token')
    await expect.poll(() => page.getByRole('heading', { name: 'This link no longer works' }).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Sign in to ask for a new link' }).getAttribute('href')).toBe('/signin?role=vendor')
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'verify-page-broken')
    expect(problems).toEqual([])
    await page.context().close()
  })
})
