import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMarketer, createVendor, marketerStorage, vendorStorage, verifyFromMail } from './api'
import { downloadedBytes, horizontalOverflow, launchBrowser, openPage, screenshot, WIDTHS } from './browser'
import { lastToast, makeLead, makeProduct } from './dashboard-fixtures'

// The money loop (decision 018) in the browser, at phone and desktop widths: a vendor converts a
// lead, the influencer sees it pending, the vendor sets a holding period of 0 and the influencer
// sees it payable, sets UPI details, the vendor records the payout with a UTR, the influencer sees
// it paid with that reference, and both CSVs download with the right rows.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** axe-core's WCAG 2.2 AA and best-practice findings on what the page shows now. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE)
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: unknown[] }[] }[] }
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<Result> } }).axe
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${JSON.stringify(n.target)}`))
  })
}

const entryStatus = (page: Page) => page.locator('[data-entry-row] [data-entry-status]').first().getAttribute('data-entry-status')

async function downloaded(page: Page, button: string): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()])
  return (await downloadedBytes(download)).toString('utf8').trim().split('\r\n')
}

describe.each(WIDTHS)('the money loop at %i px', (width) => {
  it('takes a converted lead from pending to payable to paid, with both CSVs', async () => {
    const vendor = await createVendor('Jaipur Prints')
    const marketer = await createMarketer('Kavya Menon')
    // Both open the link sign-up mailed them: money waits for verified addresses.
    await verifyFromMail(vendor.email, 'vendor')
    await verifyFromMail(marketer.email, 'influencer')
    const product = await makeProduct(vendor, { ProductName: 'Block-print dohar', Price: '2400', CommissionType: 'Fixed', CommissionValue: '240' })
    await makeLead(product, marketer.marketer.MarketerID, 'Nisha Rao')
    const utr = `UTIB${Date.now()}${width}`.slice(0, 22)

    const v = await openPage(browser, width, vendorStorage(vendor))
    const m = await openPage(browser, width, marketerStorage(marketer))

    // The vendor converts the lead.
    await v.page.goto('/vendor?tab=leads')
    await v.page.getByLabel("Status of Nisha Rao's lead").selectOption('Converted')
    await expect.poll(() => lastToast(v.page)).toContain('Lead status updated')

    // The influencer sees it pending, with the default 14-day holding period.
    await m.page.goto('/marketer?tab=earnings')
    await expect.poll(() => entryStatus(m.page)).toBe('pending')
    expect(await m.page.locator('[data-entry-row]').first().innerText()).toMatch(/Clears/)
    await expect.poll(() => m.page.locator('[data-stat="Pending (clearing)"] [data-stat-value]').innerText()).toBe('₹240.00')

    // The vendor sets a holding period of 0 in the profile; the entry is payable at once.
    await v.page.goto('/vendor?tab=profile')
    await v.page.getByLabel('Holding period (days, 0–90)').fill('0')
    await v.page.getByRole('button', { name: 'Save payout settings' }).click()
    await expect.poll(() => lastToast(v.page)).toContain('Payout settings saved')
    // The dashboard nudges for payout details now that something is payable.
    await m.page.goto('/marketer')
    await expect.poll(() => m.page.locator('[data-payout-nudge]').innerText()).toContain('₹240.00 payable')
    await m.page.getByRole('button', { name: 'Add payout details' }).click()
    await m.page.waitForURL('**/marketer?tab=earnings')
    await expect.poll(() => entryStatus(m.page)).toBe('payable')
    await expect.poll(() => m.page.locator('[data-stat="Payable now"] [data-stat-value]').innerText()).toContain('₹240.00')

    // The influencer sets UPI details; a wrong one is refused with the rule's message.
    await m.page.getByLabel('UPI ID').fill('kavya')
    await m.page.getByRole('button', { name: 'Save payout details' }).click()
    await expect.poll(() => lastToast(m.page)).toContain('UPI ID should look like name@bank')
    await m.page.getByLabel('UPI ID').fill('kavya.menon@okicici')
    await m.page.getByRole('button', { name: 'Save payout details' }).click()
    await expect.poll(() => lastToast(m.page)).toContain('Payout details saved')
    await expect.poll(() => m.page.locator('[data-payout-nudge]').count()).toBe(0)
    await screenshot(m.page, 'money-earnings-payable')
    expect(await axeViolations(m.page)).toEqual([])
    expect(await horizontalOverflow(m.page)).toBe(0)

    // The vendor sees what is owed with the UPI ID, and records the payout.
    await v.page.goto('/vendor?tab=payouts')
    const row = v.page.locator('[data-owed-row]').first()
    await expect.poll(() => row.innerText()).toContain('kavya.menon@okicici')
    expect(await row.innerText()).toContain('₹240.00')
    await screenshot(v.page, 'money-payouts-owed')
    expect(await horizontalOverflow(v.page)).toBe(0)
    await row.getByRole('button', { name: 'Record payout' }).click()
    const dialog = v.page.getByRole('dialog', { name: 'Record payout to Kavya Menon' })
    await expect.poll(() => dialog.locator('[data-preview-net]').innerText()).toBe('₹240.00')
    expect(await dialog.locator('[data-preview-entry]').count()).toBe(1)
    await dialog.getByLabel('Transaction reference (UTR)').fill(utr)
    await screenshot(v.page, 'money-record-payout')
    expect(await axeViolations(v.page)).toEqual([])
    await dialog.getByRole('button', { name: 'Confirm payout' }).click()
    await expect.poll(() => lastToast(v.page)).toContain('Payout recorded')
    await expect.poll(() => v.page.locator('[data-payout-row]').first().innerText()).toContain(utr)
    await expect.poll(() => v.page.locator('[data-owed-row]').first().innerText()).toContain('Shown while payable')

    // The influencer sees it paid with that reference.
    await m.page.reload()
    await expect.poll(() => entryStatus(m.page)).toBe('paid')
    expect(await m.page.locator('[data-entry-row]').first().innerText()).toContain(utr)
    expect(await m.page.locator('[data-payout-row]').first().innerText()).toContain(utr)
    await expect.poll(() => m.page.locator('[data-stat="Paid (gross)"] [data-stat-value]').innerText()).toBe('₹240.00')
    await screenshot(m.page, 'money-earnings-paid')

    // Both CSVs, with the right rows.
    const statement = await downloaded(m.page, 'Download statement')
    expect(statement[0]).toBe('Type,Date,Vendor,Product,Amount,Status,Reference,Gross,TDS,Net,Financial year')
    expect(statement.filter((l) => l.startsWith('Entry,'))).toEqual([expect.stringContaining(`Jaipur Prints,Block-print dohar,240,paid,${utr}`)])
    expect(statement.filter((l) => l.startsWith('Payout,'))).toEqual([expect.stringContaining(`Jaipur Prints,,,UPI,${utr},240,0,240`)])
    const payouts = await downloaded(v.page, 'Export CSV')
    expect(payouts).toHaveLength(2)
    // For the TDS return: financial year, section 194H and the influencer's PAN column (blank here).
    expect(payouts[1]).toMatch(new RegExp(`,194H,Jaipur Prints,Kavya Menon,[^,]*,240,0,240,UPI,${utr},1`))

    expect(v.problems).toEqual([])
    expect(m.problems).toEqual([])
    await v.page.context().close()
    await m.page.context().close()
  })
})
