// API keys in the browser (decision 160): a vendor creates an API key in their profile, sees its secret once
// (with a copy button and the warning), then only its prefix in the list, and revokes it after
// confirming; the key works on /api/v1 until then, and not after.

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, createVendor, vendorStorage } from './api'
import { horizontalOverflow, launchBrowser, openPage, screenshot, WIDTHS } from './browser'
import { lastToast } from './dashboard-fixtures'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe.each(WIDTHS)('API keys at %i px', (width) => {
  it('creates a key shown once, lists it by its prefix, and revokes it after confirming', async () => {
    const vendor = await createVendor('Indigo Loom')
    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=profile')
    const section = page.getByRole('region', { name: 'API keys' })
    await expect.poll(() => section.getByText('No API keys yet.').isVisible()).toBe(true)

    await section.getByRole('button', { name: 'Create API key' }).click()
    const form = page.getByRole('dialog', { name: 'Create API key' })
    await form.getByRole('button', { name: 'Create key' }).click()
    await expect.poll(() => lastToast(page)).toContain('Please give the key a name')
    await form.getByLabel('Key name').fill('Shopify store')
    await form.getByRole('checkbox', { name: /products:read/ }).check()
    await screenshot(page, 'api-key-create')
    await form.getByRole('button', { name: 'Create key' }).click()

    const shown = page.getByRole('dialog', { name: 'API key created' })
    await expect.poll(() => shown.isVisible()).toBe(true)
    expect(await shown.getByRole('alert').innerText()).toContain('It will not be shown again')
    const secret = await shown.getByLabel('Shopify store').inputValue()
    expect(secret).toMatch(/^ck_live_/)
    expect(await shown.getByRole('button', { name: 'Copy key' }).isVisible()).toBe(true)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'api-key-shown-once')
    await shown.getByRole('button', { name: 'Done' }).click()

    // Listed by its prefix only: the secret is nowhere on the page any more.
    const row = section.getByRole('list', { name: 'Your API keys' }).getByRole('listitem').filter({ hasText: 'Shopify store' })
    await expect.poll(() => row.isVisible()).toBe(true)
    expect(await row.innerText()).toContain(`${secret.slice(0, 14)}…`)
    expect(await row.innerText()).toContain('conversions:write')
    expect(await page.content()).not.toContain(secret)
    expect((await api('GET', 'v1/products', { token: secret })).status).toBe(200)
    await expect.poll(() => section.getByText('Created API key “Shopify store”').isVisible()).toBe(true)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'api-keys-listed')

    await row.getByRole('button', { name: 'Revoke Shopify store' }).click()
    const confirm = page.getByRole('dialog', { name: 'Revoke API key?' })
    await confirm.getByRole('button', { name: 'Revoke key' }).click()
    await expect.poll(() => lastToast(page)).toContain('API key revoked')
    await expect.poll(() => row.getByText('Revoked', { exact: true }).isVisible()).toBe(true)
    expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0)
    expect((await api('GET', 'v1/products', { token: secret })).status).toBe(401)
    await screenshot(page, 'api-key-revoked')
    expect(problems).toEqual([])
    await page.context().close()
  })
})
