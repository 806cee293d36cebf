// The back office in the browser at 360 and 1280 px (decision 020). An admin verifies an influencer and
// the directory shows the badge; suspends a vendor and the buy link stops; takes down a product and
// its vendor sees why; exports and erases a test account.

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdmins } from './operators'
import { type AdminLoginData, SUSPENDED_MESSAGE } from '../../worker/contract/admin'
import { api, createMarketer, createVendor, PASSWORD, vendorStorage } from './api'
import { downloadedBytes, fieldMark, horizontalOverflow, launchBrowser, openPage, screenshot, toastTexts, WIDTHS } from './browser'
import { makeLead, makeProduct } from './dashboard-fixtures'
import type { LeadDTO } from '../../worker/contract/lead'

let browser: Browser
let admin: AdminLoginData
let ownAdmins: AdminLoginData[]

beforeAll(async () => {
  browser = await launchBrowser()
  // The file's operator and each width's own, who changes their password.
  ;[admin, ...ownAdmins] = await createAdmins(1 + WIDTHS.length)
})
afterAll(async () => {
  await browser?.close()
})

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']
type Violation = { id: string; help: string; nodes: { target: unknown[] }[] }

/** axe-core's WCAG 2.2 A/AA and best-practice violations on the page, one line per element (as the public pages' check). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations
  }, AXE_TAGS)
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} at ${JSON.stringify(n.target)}`))
}

/** Every toast's text in one line (each starts with its kind for screen readers: 'Success: …'). */
const toastLine = async (page: Page) => (await toastTexts(page)).join(' | ')

const adminStorage = () => ({ 'collabkart.admin': JSON.stringify(admin) })

async function search(page: Page, label: string, text: string) {
  await page.getByLabel(label).fill(text)
}

/** Chooses 'Other' with `note` as the reason, or `code` with the note. */
async function giveReason(page: Page, confirm: string, note: string, code = 'other') {
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Reason', { exact: true }).selectOption(code)
  await dialog.getByLabel(/^Note/).fill(note)
  await dialog.getByRole('button', { name: confirm, exact: true }).click()
}

describe.each(WIDTHS)('back office at %i px', (width) => {
  it('lets an operator change their own password and keep working; the new password signs in', async () => {
    const own = ownAdmins[WIDTHS.indexOf(width)]
    await createMarketer(`Listed ${width}`)
    const { page, problems } = await openPage(browser, width, { 'collabkart.admin': JSON.stringify(own) })
    await page.goto('/admin')
    await page.getByRole('button', { name: 'Change password' }).click()
    const dialog = page.getByRole('dialog', { name: 'Change password' })
    await dialog.getByLabel('Current Password').fill('not-my-password')
    await dialog.getByLabel('New Password').fill('fresh-secret-9')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => toastLine(page)).toContain('Current password is incorrect.')
    // The server's refusal is about one field: it is marked, described and focused (decision 263).
    await expect
      .poll(() => fieldMark(dialog.getByLabel('Current Password')))
      .toEqual({ invalid: true, message: 'Current password is incorrect.', below: true, focused: true })
    await dialog.getByLabel('Current Password').fill(PASSWORD)
    expect((await fieldMark(dialog.getByLabel('Current Password'))).invalid).toBe(false)
    await screenshot(page, 'admin-password')
    expect(await axeViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => toastLine(page)).toContain('Password changed successfully')
    expect(await dialog.count()).toBe(0)
    // Still signed in on the fresh token: the next screen loads.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Influencers' }).click()
    await expect.poll(() => page.locator('[data-influencer]').count()).toBeGreaterThan(0)
    expect(page.url()).toMatch(/\/admin\/influencers/)
    expect(await toastLine(page)).not.toContain('Your admin session has ended')
    expect(await horizontalOverflow(page)).toBe(0)
    expect((await api('POST', 'admin/login', { json: { Email: own.admin.Email, Password: 'fresh-secret-9' } })).status).toBe(200)
    expect((await api('POST', 'admin/login', { json: { Email: own.admin.Email, Password: PASSWORD } })).status).toBe(401)
    expect(problems).toEqual([])
  })

  it("signs in at /admin/signin and lands on the overview with the chart and the ledger's commission figures", async () => {
    const { page, problems } = await openPage(browser, width)
    await page.goto('/admin')
    await page.waitForURL('**/admin/signin')
    await page.getByLabel('Email').fill(admin.admin.Email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(/\/admin$/)
    await expect.poll(() => page.locator('[data-stat="Vendors"] [data-stat-value]').count()).toBe(1)
    expect(await page.locator('[data-stat="Payable"] [data-stat-value]').innerText()).toMatch(/^₹[\d,]+(\.\d+)?$/)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'admin-overview')
    expect(problems).toEqual([])
  })

  it('verifies an influencer and the directory shows the badge', async () => {
    const marketer = await createMarketer(`Verify Me ${width}`)
    // The most followed creator, so the directory's first page (by followers) shows them.
    await api('PUT', `marketers/social-media/${marketer.marketer.MarketerID}`, {
      token: marketer.token,
      json: { InstagramUsername: `verify${width}`, InstagramFollowers: 990_000_000 + width },
    })
    const { page, problems } = await openPage(browser, width, adminStorage())
    await page.goto('/admin/influencers')
    await search(page, 'Search by name, email, handle or phone', marketer.email)
    const row = page.locator(`[data-influencer="${marketer.marketer.MarketerID}"]`)
    await row.getByRole('button', { name: `Open Verify Me ${width}` }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click()
    await expect.poll(() => toastLine(page)).toContain('Influencer verified')
    await expect.poll(() => dialog.getByRole('button', { name: 'Remove verification' }).count()).toBe(1)
    // The profile as the public sees it, plus the contact details.
    expect(await dialog.getByRole('heading', { name: 'Social Media Platforms' }).isVisible()).toBe(true)
    expect(await dialog.getByRole('heading', { name: 'Detailed Analytics' }).count()).toBe(1)
    expect(await dialog.getByText('Total Reach').first().isVisible()).toBe(true)
    expect(await dialog.getByLabel('Contact details').innerText()).toContain(marketer.email)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'admin-influencer-open')

    const visitor = await openPage(browser, width)
    await visitor.page.goto('/influencer')
    const card = visitor.page.locator('[data-testid="influencer-card"]').filter({ hasText: `Verify Me ${width}` })
    await expect.poll(() => card.count()).toBe(1)
    expect(await card.locator('[title="Verified"]').count()).toBeGreaterThan(0)
    expect(problems).toEqual([])
  })

  it('suspends a vendor and their buy link stops', async () => {
    const vendor = await createVendor(`Suspended Shop ${width}`)
    const marketer = await createMarketer('Link Sharer')
    const product = await makeProduct(vendor)
    const link = `/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.vendor.VendorID}&marketerId=${marketer.marketer.MarketerID}`
    const { page, problems } = await openPage(browser, width, adminStorage())
    await page.goto('/admin/vendors')
    await search(page, 'Search by name, email or phone', vendor.email)
    const row = page.locator(`[data-vendor="${vendor.vendor.VendorID}"]`)
    await expect.poll(() => row.innerText()).toContain('1')
    await row.getByRole('button', { name: `Suspend Suspended Shop ${width}` }).click()
    await giveReason(page, 'Suspend', 'Selling counterfeit goods')
    await expect.poll(() => toastLine(page)).toContain('Account suspended')
    await expect.poll(() => row.innerText()).toContain('Suspended')
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'admin-vendors-suspended')

    const buyer = await openPage(browser, width)
    await buyer.page.goto(link)
    expect(await buyer.page.locator('h1').innerText()).toBe('This link is not valid')
    expect(await buyer.page.getByRole('button', { name: 'Buy Now' }).count()).toBe(0)
    const signIn = await api('POST', 'vendors/login', { json: { Email: vendor.email, Password: PASSWORD } })
    // Told only with the right password, with a way to reach support.
    expect(signIn.body.message).toBe(SUSPENDED_MESSAGE)
    expect(signIn.body.message).toContain('support@collabkart.in')
    expect(problems).toEqual([])
  })

  it('takes down a product; the vendor sees the reason and no switch', async () => {
    const vendor = await createVendor('Takedown Traders')
    const product = await makeProduct(vendor, { ProductName: `Doubtful lamp ${width}` })
    const { page, problems } = await openPage(browser, width, adminStorage())
    await page.goto('/admin/products')
    await search(page, 'Search by product, SKU or vendor', product.SKU)
    const row = page.locator(`[data-product="${product.ProductID}"]`)
    await row.getByRole('button', { name: `Take down Doubtful lamp ${width}` }).click()
    // Moderation's reasons come first; a data request is not what a takedown is usually about.
    const options = await page.getByRole('dialog').getByLabel('Reason', { exact: true }).locator('option:not([disabled])').allInnerTexts()
    expect(options).toEqual(['Fraud', 'Abuse or spam', 'Breaks the policies', 'Data request', 'Other'])
    await giveReason(page, 'Take down', 'Unsafe wiring', 'policy')
    await expect.poll(() => row.innerText()).toContain('Taken down: Breaks the policies: Unsafe wiring')
    await screenshot(page, 'admin-products-taken-down')

    const own = await openPage(browser, width, vendorStorage(vendor))
    await own.page.goto('/vendor?tab=products')
    const taken = own.page.locator('[data-taken-down]')
    await expect.poll(() => taken.count()).toBe(1)
    // In words, not the stored 'Breaks the policies: Unsafe wiring' line.
    expect((await taken.innerText()).split('\n')).toEqual([
      'Taken down by Collabkart (Breaks the policies)',
      '“Unsafe wiring”',
      'Questions: support@collabkart.in',
    ])
    await screenshot(own.page, 'vendor-product-taken-down')
    expect((await api('GET', `products/${product.ProductID}`)).status).toBe(404)
    expect(problems).toEqual([])
  })

  it('exports and erases a test account', async () => {
    const marketer = await createMarketer(`Erase Me ${width}`)
    const { page, problems } = await openPage(browser, width, adminStorage())
    await page.goto('/admin/influencers')
    await search(page, 'Search by name, email, handle or phone', marketer.email)
    await page
      .locator(`[data-influencer="${marketer.marketer.MarketerID}"]`)
      .getByRole('button', { name: `Open Erase Me ${width}` })
      .click()
    const dialog = page.getByRole('dialog')
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export data' }).click()])
    const exported = JSON.parse((await downloadedBytes(download)).toString('utf8')) as { account: { Email: string; MarketerName: string } }
    expect(exported.account).toMatchObject({ Email: marketer.email, MarketerName: `Erase Me ${width}` })

    await dialog.getByRole('button', { name: 'Erase personal data' }).click()
    const confirm = page.getByRole('dialog', { name: 'Erase personal data' })
    await confirm.getByLabel('Account email').fill(marketer.email)
    // The dialog names what goes, and an erasure needs a reason.
    expect(await confirm.innerText()).toContain('This erases')
    await confirm.getByRole('button', { name: 'Erase personal data' }).click()
    await expect.poll(() => toastLine(page)).toContain('Please give a reason.')
    await expect
      .poll(() => fieldMark(confirm.getByLabel('Reason', { exact: true })))
      .toEqual({ invalid: true, message: 'Please give a reason.', below: true, focused: true })
    await confirm.getByLabel('Reason', { exact: true }).selectOption('data-request')
    await expect.poll(async () => (await fieldMark(confirm.getByLabel('Reason', { exact: true }))).invalid).toBe(false)
    await screenshot(page, 'admin-erase-confirm')
    await confirm.getByRole('button', { name: 'Erase personal data' }).click()
    await expect.poll(() => toastLine(page)).toContain('Personal data erased')
    await page.keyboard.press('Escape')
    await search(page, 'Search by name, email, handle or phone', 'Deleted user')
    await expect.poll(() => page.locator(`[data-influencer="${marketer.marketer.MarketerID}"]`).innerText()).toContain('Erased')
    expect((await api('POST', 'marketers/login', { json: { Email: marketer.email, Password: PASSWORD } })).status).toBe(401)
    expect(problems).toEqual([])
  })

  it('erases a buyer by phone from the data requests screen, and the audit log lists the actions', async () => {
    const vendor = await createVendor('Buyer Data Brand')
    const marketer = await createMarketer('Buyer Data Creator')
    const product = await makeProduct(vendor)
    await makeLead(product, marketer.marketer.MarketerID, `Buyer To Erase ${width}`)
    const leads = await api<LeadDTO[]>(`GET`, `leads/leadsbyvendorid/${vendor.vendor.VendorID}`, { token: vendor.token })
    const phone = leads.body.data[0].ClientPhone
    const { page, problems } = await openPage(browser, width, adminStorage())
    await page.goto('/admin/data-requests')
    // The request is logged first (due in 10 working days), then answered from its row.
    await page.getByLabel('Asked for').selectOption('erasure')
    await page.getByLabel('Whose data').selectOption('buyer')
    await page.getByLabel('Buyer’s phone number').fill(phone)
    await page.getByRole('button', { name: 'Log request' }).click()
    const request = page.locator('[data-request]').filter({ hasText: phone })
    await expect.poll(() => request.count()).toBe(1)
    await request.getByRole('button', { name: /^Erase buyer’s details/ }).click()
    const confirm = page.getByRole('dialog', { name: 'Erase buyer’s details' })
    expect(await confirm.innerText()).toContain(phone)
    await confirm.getByLabel('Reason', { exact: true }).selectOption('data-request')
    await confirm.getByRole('button', { name: 'Erase for good' }).click()
    await expect.poll(() => toastLine(page)).toContain('1 lead erased')
    await expect.poll(() => request.count()).toBe(0)
    await screenshot(page, 'admin-data-requests')
    const after = await api<LeadDTO[]>(`GET`, `leads/leadsbyvendorid/${vendor.vendor.VendorID}`, { token: vendor.token })
    expect(after.body.data[0]).toMatchObject({ ClientName: 'Deleted buyer', ClientPhone: '', ClientEmail: null })

    await page.getByRole('link', { name: 'Audit log' }).click()
    await page.getByLabel('Action').selectOption('erase-buyer')
    const rows = page.locator('[data-audit]')
    await expect.poll(() => rows.first().innerText()).toContain(`******${phone.slice(-4)}`)
    expect(await page.locator('main').innerText()).not.toContain(phone)
    await page.getByLabel('Action').selectOption('')
    await expect.poll(() => rows.filter({ hasText: 'Took down' }).count()).toBeGreaterThan(0)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'admin-audit')
    expect(problems).toEqual([])
  })

  it('finds no axe violations on the console screens', async () => {
    const found: string[] = []
    const visitor = await openPage(browser, width)
    await visitor.page.goto('/admin/signin')
    await visitor.page.getByRole('button', { name: 'Sign in' }).waitFor()
    found.push(...(await axeViolations(visitor.page)).map((line) => `signin: ${line}`))
    const { page } = await openPage(browser, width, adminStorage())
    for (const [path, ready] of [
      ['/admin', '[data-stat="Vendors"] [data-stat-value]'],
      ['/admin/influencers', '[data-influencer], main h2'],
      ['/admin/vendors', '[data-vendor], main h2'],
      ['/admin/products', '[data-product], main h2'],
      ['/admin/data-requests', 'form'],
      ['/admin/audit', '[data-audit], main h2'],
    ] as const) {
      await page.goto(path)
      await page.locator(ready).first().waitFor()
      found.push(...(await axeViolations(page)).map((line) => `${path}: ${line}`))
    }
    expect(found).toEqual([])
  })
})
