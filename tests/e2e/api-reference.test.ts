// The readable API reference at /docs/api (decision 171): Scalar's reference app, served from our own
// origin under the page's own policy, renders the OpenAPI document: a known route with its messages.

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LEAD_MESSAGES } from '../../worker/contract/lead'
import { baseURL, horizontalOverflow, launchBrowser, openPage, screenshot, WIDTHS } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe.each(WIDTHS)('the API reference at %i px', (width) => {
  it("shows POST /api/leads/create with who may call it and the spec's refusals, loading nothing from elsewhere", async () => {
    const { page, problems } = await openPage(browser, width)
    const elsewhere: string[] = []
    page.on('request', (request) => {
      if (!request.url().startsWith(baseURL())) elsewhere.push(request.url())
    })
    // Scalar's own address for the operation.
    const res = await page.goto('/docs/api#tag/leads/POST/api/leads/create')
    const policy = res?.headers()['content-security-policy'] ?? ''
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+';/)
    expect(policy).not.toContain('unsafe-eval')

    await expect.poll(() => page.getByRole('heading', { name: "A buyer's enquiry from the buy page" }).isVisible()).toBe(true)
    const operation = page.locator('section', { has: page.getByRole('heading', { name: "A buyer's enquiry from the buy page" }) }).first()
    await expect.poll(() => operation.innerText()).toContain('/api/leads/create')
    const text = await operation.innerText()
    expect(text).toContain('POST')
    expect(text).toContain('Who: anyone')
    for (const message of [LEAD_MESSAGES.ownLink, LEAD_MESSAGES.unavailable, LEAD_MESSAGES.tooMany, LEAD_MESSAGES.nameRequired]) expect(text).toContain(message)

    await screenshot(page, 'api-reference-lead-create')
    expect(await horizontalOverflow(page)).toBe(0)
    expect(elsewhere).toEqual([])
    expect(problems).toEqual([])
  })

  it('shows a dashboard route with the role its bearer token needs', async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto('/docs/api#tag/money/PUT/api/money/settings')
    const heading = page.getByRole('heading', { name: "Save the vendor's payout terms" })
    await expect.poll(() => heading.isVisible()).toBe(true)
    const text = await page.locator('section', { has: heading }).first().innerText()
    expect(text).toContain('Who: a vendor, with a bearer token.')
    expect(text).toContain('Holding period should be a whole number of days from 0 to 90')
    expect(text).toContain('Please log in to continue')
    expect(problems).toEqual([])
  })
})
