// Password reset in the browser (decision 130): 'Forgot password?' on the sign-in page, the mail the
// local runtime kept (read the way `npm run mail` reads it), the link's page, a new password typed
// twice, and signing in with it.

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESET_MESSAGES } from '../../worker/contract/password-reset'
import { type LocalMail, readLocalMails } from '../../scripts/lib/local-mail'
import { createMarketer, createVendor } from './api'
import { fieldMark, horizontalOverflow, launchBrowser, openPage, screenshot, WIDTHS } from './browser'
import { lastToast } from './dashboard-fixtures'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function mailTo(address: string): Promise<LocalMail> {
  let found: LocalMail | undefined
  await expect
    .poll(
      async () => {
        found = (await readLocalMails()).find((m) => m.to === address && m.subject === 'Reset your Collabkart password')
        return Boolean(found)
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  if (!found) throw new Error(`no reset mail to ${address}`)
  return found
}

describe.each(WIDTHS)('password reset at %i px', (width) => {
  it.each(['vendor', 'influencer'] as const)('lets a %s who forgot their password choose a new one from the mailed link', async (kind) => {
    const { email } = kind === 'vendor' ? await createVendor('Chai Point') : await createMarketer('Ira Menon')
    const { page, problems } = await openPage(browser, width)
    await page.goto(`/signin?role=${kind}`)
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Forgot your password?' }).isVisible()).toBe(true)
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect.poll(() => lastToast(page)).toContain(RESET_MESSAGES.sent)
    await expect.poll(() => page.getByText('Check your inbox').isVisible()).toBe(true)
    expect(await horizontalOverflow(page)).toBe(0)

    const mail = await mailTo(email)
    const link = mail.links.find((l) => l.includes(`/reset-password/${kind}?token=`))
    expect(link).toBeDefined()
    const response = await page.goto(String(link))
    expect(response?.headers()['referrer-policy']).toBe('no-referrer')
    await expect.poll(() => page.getByRole('heading', { name: 'Choose a new password' }).isVisible()).toBe(true)
    // The token is taken out of the address bar once the page is up.
    await expect.poll(() => page.url()).not.toContain('token=')
    await page.getByLabel('New password', { exact: true }).fill('fresh-pass-77')
    await page.getByLabel('New password again').fill('fresh-pass-78')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect.poll(() => lastToast(page)).toContain(RESET_MESSAGES.passwordsDiffer)
    await expect
      .poll(() => fieldMark(page.getByLabel('New password again')))
      .toEqual({ invalid: true, message: RESET_MESSAGES.passwordsDiffer, below: true, focused: true })
    await page.getByLabel('New password again').fill('fresh-pass-77')
    await screenshot(page, `reset-password-${kind}-${width}`)
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect.poll(() => lastToast(page)).toContain(RESET_MESSAGES.done)
    await expect.poll(() => page.getByRole('heading', { name: kind === 'vendor' ? 'Vendor Log In' : 'Influencer Log In' }).isVisible()).toBe(true)

    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('fresh-pass-77')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect.poll(() => page.url()).toMatch(kind === 'vendor' ? /\/vendor/ : /\/marketer/)

    // The same link again: a clear message and a way to ask for another.
    await page.goto(String(link))
    await page.getByLabel('New password', { exact: true }).fill('other-pass-77')
    await page.getByLabel('New password again').fill('other-pass-77')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect.poll(() => page.getByRole('link', { name: 'Ask for a new link' }).isVisible()).toBe(true)
    expect(problems).toEqual([])
    await page.context().close()
  })
})
