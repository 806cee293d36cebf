// Password change in the browser: both roles change their password from their profile with the
// current one; the page keeps working on the fresh token the API sends back, the old password no
// longer signs in, and a token saved before the change ends its session (toast saying the
// password was changed, /signin).

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_PASSWORD_CHANGED_MESSAGE } from '../../worker/contract/admin'
import { api, createMarketer, createVendor, marketerStorage, PASSWORD, vendorStorage } from './api'
import { horizontalOverflow, launchBrowser, openPage, screenshot, WIDTHS } from './browser'
import { lastToast } from './dashboard-fixtures'

const NEW_PASSWORD = 'changed-pass-42'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'))

/** Opens a saved session from before the change and expects it to end on the way to the page. */
async function expectOldSessionEnds(storage: Record<string, string>, path: string, width: number) {
  const { page } = await openPage(browser, width, storage)
  await page.goto(path)
  await page.waitForURL('**/signin')
  // Told why (decision 260), not that the session expired.
  await expect.poll(() => lastToast(page)).toContain(SESSION_PASSWORD_CHANGED_MESSAGE)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  await page.context().close()
}

describe.each(WIDTHS)('password change at %i px', (width) => {
  it('lets a vendor change their password in Update Profile and ends older sessions', async () => {
    const vendor = await createVendor('Kettle & Co.')
    const oldStorage = vendorStorage(vendor)
    const { page, problems } = await openPage(browser, width, oldStorage)
    await page.goto('/vendor?tab=profile')
    await expect.poll(() => page.getByRole('heading', { name: 'Kettle & Co.' }).isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Update' }).click()
    const dialog = page.getByRole('dialog', { name: 'Update Profile' })
    const save = async (message: string) => {
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect.poll(() => lastToast(page)).toContain(message)
    }

    await dialog.getByLabel('New Password').fill('12345')
    await save('Password should be at least 6 characters.')
    await dialog.getByLabel('New Password').fill('abc-123')
    await save('New passwords need at least 8 characters.')
    await dialog.getByLabel('New Password').fill('Password123')
    await dialog.getByLabel('Current Password').fill(PASSWORD)
    await save('This password is one of the most common in leaked password lists. Please choose another.')
    await dialog.getByLabel('Current Password').fill('')
    await dialog.getByLabel('New Password').fill(NEW_PASSWORD)
    await save('Please enter your current password.')
    await dialog.getByLabel('Current Password').fill('not-my-password')
    await save('Current password is incorrect.')
    expect(await dialog.isVisible()).toBe(true)
    await screenshot(page, 'vendor-password-change')
    expect(await horizontalOverflow(page)).toBe(0)

    await dialog.getByLabel('Current Password').fill(PASSWORD)
    await save('Profile updated successfully')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    const fresh = await storedToken(page)
    expect(fresh).not.toBe(vendor.token)

    // The page goes on with the fresh token: a reload still shows the dashboard.
    await page.reload()
    await expect.poll(() => page.getByRole('heading', { name: 'Kettle & Co.' }).isVisible()).toBe(true)
    expect(page.url()).toContain('/vendor')
    expect((await api('GET', `vendors/analytics/${vendor.vendor.VendorID}`, { token: fresh ?? '' })).status).toBe(200)

    expect((await api('POST', 'vendors/login', { json: { Email: vendor.email, Password: PASSWORD } })).status).toBe(401)
    expect((await api('POST', 'vendors/login', { json: { Email: vendor.email, Password: NEW_PASSWORD } })).status).toBe(200)
    await expectOldSessionEnds(oldStorage, '/vendor', width)
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('lets an influencer change their password in Edit Profile > Security and ends older sessions', async () => {
    const marketer = await createMarketer('Kavya Rao')
    const oldStorage = marketerStorage(marketer)
    const { page, problems } = await openPage(browser, width, oldStorage)
    await page.goto('/marketer?tab=profile')
    await expect.poll(() => page.getByRole('heading', { name: 'Kavya Rao', exact: true }).isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Edit Profile' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' })
    const save = async (message: string) => {
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect.poll(() => lastToast(page)).toContain(message)
    }

    await dialog.getByRole('tab', { name: 'Security' }).click()
    await dialog.getByLabel('New Password').fill(NEW_PASSWORD)
    await dialog.getByRole('tab', { name: 'Basic Info' }).click()
    await save('Please enter your current password.')
    // The modal moves to the tab with the problem.
    expect(await dialog.getByRole('tab', { name: 'Security', selected: true }).isVisible()).toBe(true)
    await dialog.getByLabel('Current Password').fill('not-my-password')
    await dialog.getByRole('tab', { name: 'Basic Info' }).click()
    await save('Current password is incorrect.')
    expect(await dialog.getByRole('tab', { name: 'Security', selected: true }).isVisible()).toBe(true)
    await screenshot(page, 'marketer-password-change')
    expect(await horizontalOverflow(page)).toBe(0)

    await dialog.getByLabel('Current Password').fill(PASSWORD)
    await save('Profile updated successfully!')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    const fresh = await storedToken(page)
    expect(fresh).not.toBe(marketer.token)

    await page.reload()
    await expect.poll(() => page.getByRole('heading', { name: 'Kavya Rao', exact: true }).isVisible()).toBe(true)
    expect(page.url()).toContain('/marketer')

    expect((await api('POST', 'marketers/login', { json: { Email: marketer.email, Password: PASSWORD } })).status).toBe(401)
    expect((await api('POST', 'marketers/login', { json: { Email: marketer.email, Password: NEW_PASSWORD } })).status).toBe(200)
    await expectOldSessionEnds(oldStorage, '/marketer', width)
    expect(problems).toEqual([])
    await page.context().close()
  })
})
