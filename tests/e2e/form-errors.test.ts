// Field errors on the app's forms (decision 263): a refused submit still shows the spec's toast, and
// also marks every field with a problem (aria-invalid, its message under it, named by
// aria-describedby) and moves the focus to the first; fixing a field clears its mark.

import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_TAKEN_MESSAGE } from '../../worker/contract/auth'
import { PRODUCT_MESSAGES } from '../../worker/contract/product'
import { WEBHOOK_MESSAGES } from '../../worker/contract/webhooks'
import { createMarketer, createVendor, vendorStorage } from './api'
import { fieldMark, horizontalOverflow, launchBrowser, openPage, screenshot, WIDTHS } from './browser'
import { lastToast } from './dashboard-fixtures'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const marked = (message: string, focused = false) => ({ invalid: true, message, below: true, focused })
const clear = { invalid: false, message: '', below: false, focused: expect.any(Boolean) }

async function expectMark(field: Locator, want: Record<string, unknown>) {
  await expect.poll(() => fieldMark(field)).toEqual(want)
}

async function expectToast(page: Page, message: string) {
  await expect.poll(() => lastToast(page)).toContain(message)
}

describe.each(WIDTHS)('field errors at %i px', (width) => {
  it('marks every wrong sign-up field, focuses the first, and clears a field once it is fixed', async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto('/signup/vender')
    await page.getByLabel('Mobile').fill('12')
    await page.getByLabel('Email').fill('not-an-email')
    await page.locator('form').getByRole('button', { name: 'Sign Up' }).click()

    await expectToast(page, 'Please enter your name.')
    const name = page.getByLabel('Name')
    await expectMark(name, marked('Please enter your name.', true))
    await expectMark(page.getByLabel('Mobile'), marked('Invalid number.'))
    await expectMark(page.getByLabel('Email'), marked('Invalid email format.'))
    await expectMark(page.getByLabel('Password', { exact: true }), marked('Please enter your password.'))
    if (width === 360) await screenshot(page, 'form-errors-vendor-signup')
    expect(await horizontalOverflow(page)).toBe(0)

    await name.fill('Handloom Haus')
    await expectMark(name, clear)
    await page.getByLabel('Email').fill('priya@handloomhaus.in')
    await expectMark(page.getByLabel('Email'), clear)
    await expectMark(page.getByLabel('Mobile'), marked('Invalid number.'))
    expect(problems).toEqual([])
  })

  it("marks the email the server says is taken, and the sign-in form's malformed email", async () => {
    const taken = await createMarketer('Ira Menon')
    const { page, problems } = await openPage(browser, width)
    await page.goto('/signup/influencer')
    await page.getByLabel('Full Name').fill('Ira Menon')
    await page.getByLabel('Mobile').fill('9123456780')
    await page.getByLabel('Email Address').fill(taken.email)
    await page.getByLabel('Password', { exact: true }).fill('fresh-pass-77')
    await page.locator('form').getByRole('button', { name: 'Sign Up' }).click()
    await expectToast(page, EMAIL_TAKEN_MESSAGE)
    const email = page.getByLabel('Email Address')
    await expectMark(email, marked(EMAIL_TAKEN_MESSAGE, true))
    await expectMark(page.getByLabel('Full Name'), clear)
    await email.fill(`other-${taken.email}`)
    await expectMark(email, clear)

    await page.goto('/signin?role=vendor')
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expectToast(page, 'Invalid email format.')
    await expectMark(page.getByLabel('Email'), marked('Invalid email format.', true))
    await expectMark(page.getByLabel('Password', { exact: true }), marked('Please enter your password.'))
    expect(problems).toEqual([])
  })

  it('marks the product form field its message is about, and the next one once that is fixed', async () => {
    const vendor = await createVendor()
    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=products')
    await page.getByRole('button', { name: 'Add Product' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Create New Product' })
    await page.getByRole('button', { name: 'Create Product' }).click()
    await expectToast(page, PRODUCT_MESSAGES.nameRequired)
    await expectMark(dialog.getByLabel('Product Name'), marked(PRODUCT_MESSAGES.nameRequired, true))

    await dialog.getByLabel('Product Name').fill('Indigo kurta')
    await expectMark(dialog.getByLabel('Product Name'), clear)
    // The spec checks one field at a time: the next one is marked as soon as the first is right.
    await expectMark(dialog.getByLabel('Price (₹)'), marked(PRODUCT_MESSAGES.priceRequired))
    await dialog.getByLabel('Price (₹)').fill('1499')
    await dialog.getByLabel('Commission Type').selectOption('Fixed')
    await dialog.getByLabel('Commission Value (₹)').fill('1500')
    await page.getByRole('button', { name: 'Create Product' }).click()
    await expectToast(page, PRODUCT_MESSAGES.fixedNotBelowPrice)
    await expectMark(dialog.getByLabel('Commission Value (₹)'), marked(PRODUCT_MESSAGES.fixedNotBelowPrice, true))
    if (width === 360) await screenshot(page, 'form-errors-product')
    expect(problems).toEqual([])
  })

  it("marks a webhook's address and its events group, each box described by the group's message", async () => {
    const vendor = await createVendor('Chai Point')
    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=profile')
    await page.getByRole('region', { name: 'Webhooks' }).getByRole('button', { name: 'Add endpoint' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' })
    await dialog.getByLabel('Endpoint URL').fill('not a url')
    await dialog.getByRole('button', { name: 'Add endpoint' }).click()
    await expectToast(page, WEBHOOK_MESSAGES.eventsRequired)
    const first = dialog.getByRole('checkbox').first()
    await expectMark(first, marked(WEBHOOK_MESSAGES.eventsRequired, true))
    // Every box is described by the group's one message, shown after the last box.
    await expectMark(dialog.getByRole('checkbox').last(), marked(WEBHOOK_MESSAGES.eventsRequired))
    if (width === 360) await screenshot(page, 'form-errors-webhook')
    await first.check()
    await expectMark(first, clear)

    // The address's rules are the server's: its 400 marks the URL field until it changes.
    await dialog.getByRole('button', { name: 'Add endpoint' }).click()
    await expectToast(page, WEBHOOK_MESSAGES.urlInvalid)
    const url = dialog.getByLabel('Endpoint URL')
    await expectMark(url, marked(WEBHOOK_MESSAGES.urlInvalid, true))
    await url.fill('https://example.com/hooks')
    await expectMark(url, clear)
    expect(problems).toEqual([])
  })
})
