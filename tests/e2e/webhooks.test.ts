// Webhooks out in the browser (decision 250): a vendor creates an API key for their store, then adds an
// endpoint pointing at a receiver on this
// machine (loopback is accepted in a local run), copies the secret shown once, sends a test event,
// and sees it delivered with status 200 in the log; the receiver checks the signature with the
// `standardwebhooks` verifier, as a store would.

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOK_MESSAGES } from '../../worker/contract/webhooks'
import { api, createVendor, vendorStorage } from './api'
import { horizontalOverflow, launchBrowser, openPage, screenshot, WIDTHS } from './browser'
import { axeViolations } from './axe'
import { lastToast } from './dashboard-fixtures'

type Received = { path: string; headers: IncomingHttpHeaders; body: string }

let browser: Browser
let receiver: Server
let port = 0
const received: Received[] = []

beforeAll(async () => {
  browser = await launchBrowser()
  receiver = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
    })
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body })
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  port = (receiver.address() as AddressInfo).port
})
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => receiver?.close(resolve))
})

describe.each(WIDTHS)('webhooks at %i px', (width) => {
  it('creates a key, adds an endpoint, shows its secret once, and delivers a signed test event the log shows as 200', async () => {
    const vendor = await createVendor('Chai Point')
    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=profile')

    // The store's key first, as a vendor plugging in a store would.
    const keys = page.getByRole('region', { name: 'API keys' })
    await keys.getByRole('button', { name: 'Create API key' }).click()
    const keyForm = page.getByRole('dialog', { name: 'Create API key' })
    await keyForm.getByLabel('Key name').fill('Store')
    await keyForm.getByRole('button', { name: 'Create key' }).click()
    const keyShown = page.getByRole('dialog', { name: 'API key created' })
    await expect.poll(() => keyShown.isVisible()).toBe(true)
    const key = await keyShown.getByLabel('Store').inputValue()
    await keyShown.getByRole('button', { name: 'Done' }).click()
    expect((await api('GET', 'v1/leads', { token: key })).status).toBe(200)

    const section = page.getByRole('region', { name: 'Webhooks' })
    await expect.poll(() => section.getByText('No endpoints yet').isVisible()).toBe(true)
    await section.getByRole('button', { name: 'Add endpoint' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' })
    const url = `http://127.0.0.1:${port}/collabkart-${width}`
    await dialog.getByLabel('Endpoint URL').fill(url)
    await dialog.getByRole('button', { name: 'Add endpoint' }).click()
    await expect.poll(() => lastToast(page)).toContain(WEBHOOK_MESSAGES.eventsRequired)
    await dialog.getByLabel('Description (optional)').fill('Test receiver')
    await dialog.getByRole('checkbox', { name: /lead\.created/ }).check()
    await dialog.getByRole('checkbox', { name: /payout\.recorded/ }).check()
    await screenshot(page, 'webhooks-add')
    await dialog.getByRole('button', { name: 'Add endpoint' }).click()

    const shown = page.getByRole('dialog', { name: 'Endpoint added' })
    await expect.poll(() => shown.isVisible()).toBe(true)
    const secret = (await shown.locator('[data-webhook-secret]').innerText()).trim()
    expect(secret).toMatch(/^whsec_/)
    await shown.getByRole('button', { name: 'Copy secret' }).click()
    await expect.poll(() => lastToast(page)).toContain('Secret copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
    await screenshot(page, 'webhooks-secret')
    await shown.getByRole('button', { name: 'Done' }).click()

    const card = section.locator('[data-webhook-endpoint]')
    await expect.poll(() => card.getByText(url).isVisible()).toBe(true)
    await card.getByRole('button', { name: 'Send test event' }).click()
    await expect.poll(() => lastToast(page)).toContain(WEBHOOK_MESSAGES.testQueued)
    // The queue's consumer posts it within a few seconds; the log looks again while it is pending.
    await expect.poll(() => card.locator('[data-delivery-state="delivered"]').first().innerText(), { timeout: 30_000 }).toContain('200')
    await card.getByText('Show body').first().click()
    await expect.poll(() => card.getByText('"type": "webhook.test"').isVisible()).toBe(true)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'webhooks-log')
    expect(await axeViolations(page)).toEqual([])

    const got = received.filter((r) => r.path === `/collabkart-${width}`)
    expect(got).toHaveLength(1)
    const headers = Object.fromEntries(Object.entries(got[0].headers).map(([k, v]) => [k, String(v)]))
    expect(new Webhook(secret).verify(got[0].body, headers)).toMatchObject({ type: 'webhook.test' })
    expect(problems).toEqual([])
    await page.context().close()
  })
})
