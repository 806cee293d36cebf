// The back office's dead mail at 360 and 1280 px (decision 135). Mails that never went out are listed
// with a hint of the address, the tries and the last error; the count shows on the tab and the
// overview; the list has a loading state and an empty state of its own. Below it, events no try
// could follow (docs/decisions/232) are listed with a Replay button that sends one back.

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdmins, d1Execute } from './operators'
import type { AdminLoginData } from '../../worker/contract/admin'
import { axeViolations } from './axe'
import { horizontalOverflow, launchBrowser, openPage, overflowingText, screenshot, toastTexts, WIDTHS } from './browser'

let browser: Browser
let admin: AdminLoginData

const LONG_ERROR =
  'Email Service refused the message: destination address is not verified for this account (code 10001); see https://developers.cloudflare.com/email-service/'

beforeAll(async () => {
  browser = await launchBrowser()
  const now = Date.now()
  const rows = [
    ['password-reset', 'r•••@example.in', 'Reset your Collabkart password', 6, LONG_ERROR],
    ['buyer-request-sent', 'a•••@example.in', 'Your request for Handwoven Cotton Kurta – Indigo, Size XL went to Handloom Haus', 6, 'mail service unavailable'],
    ['ops-data-request', 'o•••@collabkart.in', 'Data request #4: Erasure, due 4 Dec 2026', 0, 'The mail queue refused the message'],
  ].map(
    ([kind, hint, subject, attempts, error], i) =>
      `('e2e-dead:${now}:${i}', 'hash-${now}-${i}', '${hint}', '${kind}', '${String(subject).replace(/'/g, "''")}', 'dead', ${attempts}, '${error}', '${new Date(now + i * 60_000).toISOString()}')`,
  )
  ;[admin] = await createAdmins(
    1,
    `INSERT INTO mail_log (eventKey, recipientHash, recipientHint, kind, subject, state, attempts, lastError, createdAt) VALUES ${rows.join(', ')};`,
  )
})
afterAll(async () => {
  await browser?.close()
})

/**
 * Two dead events of this test's own: a new lead and a change of payout details, each naming a
 * made-up record (a replayed event about nothing that exists is followed with nothing to tell).
 * Returns what their About column reads, to find them among other files' rows.
 */
function seedDeadEvents(): { lead: string; influencer: string } {
  const now = Date.now()
  const ref = now % 10_000_000
  const at = new Date(now - 3_600_000).toISOString()
  const rows = [
    { event: { type: 'lead.created', leadId: ref, vendorId: ref, marketerId: ref, productId: ref, at }, VendorID: ref },
    { event: { type: 'payout_details.changed', marketerId: ref, at }, VendorID: 'NULL' },
  ].map(
    ({ event, VendorID }, i) =>
      `('${event.type}', '${JSON.stringify(event)}', 'e2e-dead-event:${now}:${i}', ${VendorID}, ${ref}, 3, '${at}', '${new Date(now + i * 1000).toISOString()}')`,
  )
  d1Execute(`INSERT INTO dead_events (type, payload, eventHash, VendorID, MarketerID, attempts, eventAt, diedAt) VALUES ${rows.join(', ')}`)
  return { lead: `Lead #${ref}`, influencer: `Influencer #${ref}` }
}

const adminStorage = () => ({ 'collabkart.admin': JSON.stringify(admin) })

describe.each(WIDTHS)('dead mail at %i px', (width) => {
  it('lists mail that never went out, counts it on the tab and the overview, and reads well', async () => {
    const { page, problems } = await openPage(browser, width, adminStorage())
    await page.goto('/admin')
    const card = page.locator('[data-stat="Dead mail"] [data-stat-value]')
    await expect.poll(() => card.count()).toBe(1)
    expect(Number(await card.innerText())).toBeGreaterThanOrEqual(3)
    const eventsCard = page.locator('[data-stat="Dead events"] [data-stat-value]')
    await expect.poll(() => eventsCard.count()).toBe(1)
    expect(await eventsCard.innerText()).toMatch(/^\d+$/)
    const tab = page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: /^Dead mail/ })
    await expect.poll(() => tab.locator('[data-dead-mail-count]').count()).toBe(1)
    expect(await tab.innerText()).toMatch(/Dead mail\s*\d+/)
    await tab.click()
    await page.waitForURL(/\/admin\/mail$/)
    await expect.poll(() => page.locator('[data-dead-mail]').count()).toBeGreaterThanOrEqual(3)
    const list = await page.locator('main').innerText()
    expect(list).toContain('Password reset link')
    expect(list).toContain('r•••@example.in')
    expect(list).toContain('Buyer: request sent to the vendor')
    expect(list).toContain('The mail queue refused the message')
    expect(list).toMatch(/Showing 1[–-]\d+ of \d+/)
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await overflowingText(page)).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, 'admin-dead-mail')
    expect(problems).toEqual([])
  })

  it('shows skeleton rows while the list loads, and its own empty state when nothing is dead', async () => {
    const { page, problems } = await openPage(browser, width, adminStorage())
    // The shared test database may hold other files' dead mail: the empty answer is staged here,
    // held back a moment so the loading state is on screen first.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/api\/admin\/mail\/dead(\?|$)/, async (route) => {
      if (!route.request().url().includes('limit=1')) await held
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 1, message: 'Dead mails fetched successfully', data: [], paging: { limit: 20, nextCursor: null, total: 0 } }),
      })
    })
    await page.route(/\/api\/admin\/events\/dead(\?|$)/, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 1, message: 'Dead events fetched successfully', data: [], paging: { limit: 20, nextCursor: null, total: 0 } }),
      }),
    )
    await page.goto('/admin/mail')
    await expect.poll(() => page.getByText('Loading dead mails').count()).toBe(1)
    release()
    await expect.poll(() => page.getByText('No dead mail', { exact: true }).count()).toBe(1)
    expect(await page.getByText('Every mail so far went out, or is still being retried.').isVisible()).toBe(true)
    expect(await page.getByText('No dead events', { exact: true }).isVisible()).toBe(true)
    // With nothing dead, the tab carries no count.
    expect(await page.locator('[data-dead-mail-count]').count()).toBe(0)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'admin-dead-mail-empty')
    expect(problems).toEqual([])
  })

  it('lists events no try could follow and replays one: the toast says so and only that row leaves', async () => {
    const seeded = seedDeadEvents()
    const { page, problems } = await openPage(browser, width, adminStorage())
    await page.goto('/admin/mail')
    await expect.poll(() => page.getByRole('heading', { name: 'Events not followed' }).count()).toBe(1)
    const row = (about: string) => page.locator('[data-dead-event]', { hasText: about })
    await expect.poll(() => row(seeded.influencer).count()).toBe(1)
    expect(await row(seeded.lead).innerText()).toContain('New lead')
    expect(await row(seeded.influencer).innerText()).toContain('Payout details changed')
    expect(await row(seeded.influencer).innerText()).toMatch(/\b3\b/)
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await overflowingText(page)).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, 'admin-dead-events')

    const replay = page.getByRole('button', { name: `Replay Payout details changed (${seeded.influencer})`, exact: true })
    await replay.click()
    await expect.poll(async () => (await toastTexts(page)).join(' | ')).toContain('Event sent to be followed again')
    await expect.poll(() => row(seeded.influencer).count()).toBe(0)
    expect(await row(seeded.lead).count()).toBe(1)
    expect(await page.getByRole('button', { name: `Replay New lead (${seeded.lead})`, exact: true }).isEnabled()).toBe(true)
    // The tab counts dead events too: with no dead mail at all (staged), the lead left keeps it on.
    await page.route(/\/api\/admin\/mail\/dead\?(.*&)?limit=1(&|$)/, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 1, message: 'Dead mails fetched successfully', data: [], paging: { limit: 1, nextCursor: null, total: 0 } }),
      }),
    )
    await page.goto('/admin')
    const badge = page.locator('[data-dead-mail-count]')
    await expect.poll(() => badge.count()).toBe(1)
    expect(await badge.innerText()).toMatch(/^\d+\+?\s*waiting for an operator$/)
    expect(problems).toEqual([])
  })
})
