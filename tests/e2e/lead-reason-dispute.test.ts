import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdmins } from './operators'
import type { AdminLoginData } from '../../worker/contract/admin'
import { api, createMarketer, createVendor, marketerStorage, vendorStorage, verifyFromMail } from './api'
import { axeViolations } from './axe'
import { horizontalOverflow, launchBrowser, openPage, screenshot, WIDTHS } from './browser'
import { lastToast, makeLead, makeProduct, vendorLeads } from './dashboard-fixtures'

// Reasons and disputes (decision 070) in the browser: a vendor takes back a paid commission by
// setting the lead to Lost, and is told what that does and asked why; the influencer reads the reason on Earnings,
// with net received beside gross paid and TDS, and disputes it; the vendor sees the dispute, and
// the back office resolves it with a note the influencer reads.

let browser: Browser
let admins: AdminLoginData[]
beforeAll(async () => {
  browser = await launchBrowser()
  admins = await createAdmins(WIDTHS.length)
})
afterAll(async () => {
  await browser?.close()
})

const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)

describe.each(WIDTHS)('a money-moving status change at %i px', (width) => {
  it('asks the vendor for a reason, which the influencer reads and disputes', async () => {
    const vendor = await createVendor('Jaipur Prints')
    const marketer = await createMarketer('Kavya Iyer')
    await verifyFromMail(vendor.email, 'vendor')
    const product = await makeProduct(vendor, { ProductName: 'Block-print dohar', Price: '1500', CommissionType: 'Fixed', CommissionValue: '150' })
    await makeLead(product, marketer.marketer.MarketerID, 'Nisha Rao')
    const [lead] = await vendorLeads(vendor)
    // Converted and paid through the API: the browser part starts from a paid commission.
    await api('PUT', 'money/settings', { token: vendor.token, json: { HoldingDays: 0, PaymentTermsDays: 30 } })
    expect((await api('PUT', `leads/status/${lead.LeadID}`, { token: vendor.token, json: { Status: 'Converted' } })).status).toBe(200)
    const utr = `UTIB${Date.now()}${width}`.slice(0, 22)
    const paid = await api('POST', 'money/payouts', {
      token: vendor.token,
      json: { MarketerID: marketer.marketer.MarketerID, Method: 'UPI', UTR: utr, PaidOn: indiaToday() },
    })
    expect(paid.status).toBe(201)

    const v = await openPage(browser, width, vendorStorage(vendor))
    await v.page.goto('/vendor?tab=leads')
    const status = v.page.getByLabel("Status of Nisha Rao's lead")
    await status.selectOption('Lost')
    const dialog = v.page.getByRole('dialog', { name: 'Mark this lead Lost?' })
    await expect.poll(() => dialog.isVisible()).toBe(true)
    expect(await dialog.innerText()).toContain("Kavya Iyer was already paid for this lead: this deducts ₹150.00 from Kavya Iyer's next payout.")
    // Focus is inside the dialog; Escape closes it and the lead stays Converted.
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await v.page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await status.inputValue()).toBe('Converted')

    await status.selectOption('Lost')
    await dialog.getByRole('button', { name: 'Mark Lost' }).click()
    await expect.poll(() => lastToast(v.page)).toContain('Reason should be 3 to 300 characters')
    await dialog.getByLabel('Reason').fill('Buyer returned the dohar, refund issued')
    await screenshot(v.page, 'lead-reason-dialog')
    expect(await axeViolations(v.page)).toEqual([])
    await dialog.getByRole('button', { name: 'Mark Lost' }).click()
    await expect.poll(() => lastToast(v.page)).toContain('Lead status updated successfully')
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await status.inputValue()).toBe('Lost')

    const m = await openPage(browser, width, marketerStorage(marketer))
    await m.page.goto('/marketer?tab=earnings')
    const row = m.page.locator('[data-entry-row]').first()
    await expect.poll(() => row.innerText()).toContain('Buyer returned the dohar, refund issued')
    expect(await row.innerText()).toContain('-₹150.00')
    await expect.poll(() => m.page.locator('[data-stat="Net received"] [data-stat-value]').innerText()).toBe('₹150.00')
    expect(await m.page.locator('[data-stat="Paid (gross)"] [data-stat-value]').innerText()).toBe('₹150.00')
    expect(await m.page.locator('[data-adjustments-note]').innerText()).toContain('-₹150.00 will be deducted from your next payouts')

    await row.getByRole('button', { name: /^Dispute/ }).click()
    const disputeDialog = m.page.getByRole('dialog', { name: 'Dispute this entry' })
    await disputeDialog.getByLabel('Your note').fill('The buyer kept the dohar; I have the chat with her.')
    await disputeDialog.getByRole('button', { name: 'Send dispute' }).click()
    await expect.poll(() => lastToast(m.page)).toContain('Dispute sent to the vendor and Collabkart')
    await expect.poll(() => row.locator('[data-dispute-state]').getAttribute('data-dispute-state')).toBe('open')
    expect(await row.innerText()).toContain('You wrote: The buyer kept the dohar')
    await screenshot(m.page, 'lead-reason-earnings')
    expect(await horizontalOverflow(m.page)).toBe(0)
    expect(await axeViolations(m.page)).toEqual([])

    // The vendor sees it beside the reason they gave.
    await v.page.goto('/vendor?tab=payouts')
    const dispute = v.page.locator('[data-dispute-row]').first()
    await expect.poll(() => dispute.innerText()).toContain('The buyer kept the dohar')
    expect(await dispute.innerText()).toContain('Buyer returned the dohar, refund issued')
    await screenshot(v.page, 'lead-reason-vendor-disputes')
    expect(await horizontalOverflow(v.page)).toBe(0)

    // The back office sees it with the vendor, and resolves it; the influencer reads the note.
    const a = await openPage(browser, width, { 'collabkart.admin': JSON.stringify(admins[WIDTHS.indexOf(width)]) })
    await a.page.goto('/admin/disputes')
    const queued = a.page.locator('[data-dispute-row]').filter({ hasText: 'The buyer kept the dohar' })
    await expect.poll(() => queued.count()).toBe(1)
    expect(await queued.innerText()).toContain('Jaipur Prints')
    await queued.getByRole('button', { name: /^Resolve/ }).click()
    const resolveDialog = a.page.getByRole('dialog', { name: 'Resolve this dispute' })
    await resolveDialog.getByLabel('Resolution note').fill('The courier shows the dohar back at the vendor.')
    await screenshot(a.page, 'lead-reason-admin-resolve')
    await resolveDialog.getByRole('button', { name: 'Resolve' }).click()
    await expect.poll(() => lastToast(a.page)).toContain('Dispute resolved')
    expect(await horizontalOverflow(a.page)).toBe(0)
    await m.page.reload()
    await expect.poll(() => row.locator('[data-dispute-state]').getAttribute('data-dispute-state')).toBe('resolved')
    expect(await row.innerText()).toContain('Resolved by Collabkart')
    expect(await row.innerText()).toContain('The courier shows the dohar back at the vendor.')

    expect(m.problems).toEqual([])
    expect(v.problems).toEqual([])
    expect(a.problems).toEqual([])
  })
})
