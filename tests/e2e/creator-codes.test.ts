import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, createMarketer, createVendor, marketerStorage, vendorStorage, verifyFromMail } from './api'
import { horizontalOverflow, launchBrowser, openPage, screenshot, toastTexts, WIDTHS } from './browser'
import { COUPON_MESSAGES } from '../../worker/contract/coupons'
import { lastToast, makeProduct, vendorLeads } from './dashboard-fixtures'
import { openAsPerson } from './public-fixtures'

/** The message shown below a buy form field (decision 249), or null. */
const fieldError = async (page: Page, name: string) => {
  const id = await page.locator(`[name="${name}"]`).getAttribute('id')
  const error = page.locator(`[id="${id}-error"]`)
  return (await error.count()) > 0 ? error.innerText() : null
}
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? null)

// A vendor gives a creator a code in the Performance tab; a buyer who opened another
// creator's link types it on the buy page; the lead is the code's creator's, who sees the use in
// My Links. A code that cannot be used keeps the form open, its message under the field, with a
// choice to send without it (decision 248).

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

let phone = 0
const nextPhone = () => `97${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phone++ % 100).padStart(2, '0')}`

describe.each(WIDTHS)('creator codes at %i px', (width) => {
  it("are created by the vendor, typed by a buyer on another creator's link, and counted for the code's creator", async () => {
    const tag = `${width}${Date.now().toString(36)}`.toUpperCase()
    const vendor = await createVendor('Kurta House')
    const kurta = await makeProduct(vendor, { ProductName: `Indigo kurta ${tag}`, Price: '1499' })
    const ananya = await createMarketer(`Ananya ${tag}`)
    const riya = await createMarketer(`Riya ${tag}`)
    const code = `ANANYA${tag.slice(-6)}`

    // The vendor gives Ananya a code for the kurta.
    const desk = await openPage(browser, width, vendorStorage(vendor))
    // Creator codes have their own tab beside Campaigns, not a section at the foot of Performance.
    await desk.page.goto('/vendor?tab=campaigns')
    const tabs = desk.page.getByRole('tab')
    await expect.poll(() => tabs.allInnerTexts()).toContain('Creator codes')
    const names = await tabs.allInnerTexts()
    expect(names.indexOf('Creator codes')).toBe(names.indexOf('Campaigns') + 1)
    await desk.page.getByRole('tab', { name: 'Creator codes' }).click()
    await expect.poll(() => desk.page.getByRole('heading', { name: 'Creator codes' }).isVisible()).toBe(true)
    expect(new URL(desk.page.url()).searchParams.get('tab')).toBe('codes')
    await desk.page.getByLabel('Find a creator').fill(`Ananya ${tag}`)
    await expect.poll(() => desk.page.getByLabel('Creator', { exact: true }).locator('option').allInnerTexts()).toContain(`Ananya ${tag}`)
    await desk.page.getByLabel('Creator', { exact: true }).selectOption({ label: `Ananya ${tag}` })
    await desk.page.getByLabel('Code', { exact: true }).fill(code.toLowerCase())
    await desk.page.getByLabel('What it gives the buyer').fill('10% off at checkout')
    await desk.page.getByLabel('Use limit (optional)').fill('5')
    await desk.page.getByLabel(kurta.ProductName).check()
    await desk.page.getByRole('button', { name: 'Create code' }).click()
    await expect.poll(() => lastToast(desk.page)).toContain('Creator code created')
    const row = desk.page.locator('[data-code-row]').filter({ hasText: code.toLowerCase() })
    await expect.poll(() => row.innerText()).toContain('0 of 5 uses')
    expect(await horizontalOverflow(desk.page)).toBe(0)
    await desk.page.getByRole('heading', { name: 'Creator codes' }).scrollIntoViewIfNeeded()
    await screenshot(desk.page, 'creator-codes-performance')

    // A buyer opens Riya's link and types Ananya's code (any case).
    const buyer = await openPage(browser, width)
    await buyer.page.goto(`/affiliate/track?productId=${kurta.ProductID}&vendorId=${vendor.vendor.VendorID}&marketerId=${riya.marketer.MarketerID}`)
    await buyer.page.getByText('Have a creator code?').click()
    await buyer.page.getByLabel('Creator code').fill(code)
    await buyer.page.getByLabel('Name').fill('Kiran Rao')
    await buyer.page.getByLabel('Phone').fill(nextPhone())
    await screenshot(buyer.page, 'creator-codes-buy-typed')
    await buyer.page.getByRole('button', { name: 'Buy Now' }).click()
    await expect.poll(() => buyer.page.getByRole('heading', { name: 'Thank You!' }).isVisible()).toBe(true)
    expect(await toastTexts(buyer.page)).toEqual([])
    const leads = await vendorLeads(vendor)
    expect(leads.find((l) => l.Product.ProductName === kurta.ProductName)?.Marketer.MarketerID).toBe(ananya.marketer.MarketerID)

    // Ananya's link shows her code, filled in, with what it gives.
    const own = await openPage(browser, width)
    await own.page.goto(`/affiliate/track?productId=${kurta.ProductID}&vendorId=${vendor.vendor.VendorID}&marketerId=${ananya.marketer.MarketerID}`)
    expect(await own.page.getByLabel('Creator code').inputValue()).toBe(code.toLowerCase())
    expect(await own.page.getByText('10% off at checkout').isVisible()).toBe(true)
    expect(await horizontalOverflow(own.page)).toBe(0)
    await screenshot(own.page, 'creator-codes-buy-link-code')

    // A mistyped code: checked as it is typed, the form stays open with the message under the field,
    // and the buyer chooses to send without it; the lead stays with Riya.
    const second = await openAsPerson(browser, width, width === 360 ? '198.18.20.36' : '198.18.20.128')
    await second.page.goto(`/affiliate/track?productId=${kurta.ProductID}&vendorId=${vendor.vendor.VendorID}&marketerId=${riya.marketer.MarketerID}`)
    await second.page.getByText('Have a creator code?').click()
    const codeField = second.page.getByLabel('Creator code')
    await codeField.fill('NOSUCH99')
    await expect.poll(() => fieldError(second.page, 'CreatorCode')).toBe(COUPON_MESSAGES.unknown)
    expect(await codeField.getAttribute('aria-invalid')).toBe('true')
    await second.page.getByLabel('Name').fill('Meera Das')
    await second.page.getByLabel('Phone').fill(nextPhone())
    await second.page.getByRole('button', { name: 'Buy Now' }).click()
    // Still the form: nothing sent, the code's field focused, no 'Thank You!'.
    await expect.poll(() => focusedName(second.page)).toBe('CreatorCode')
    expect(await second.page.getByRole('heading', { name: 'Thank You!' }).count()).toBe(0)
    expect((await vendorLeads(vendor)).filter((l) => l.Marketer.MarketerID === riya.marketer.MarketerID)).toHaveLength(0)
    expect(await horizontalOverflow(second.page)).toBe(0)
    await screenshot(second.page, 'creator-codes-buy-unknown')
    // Another wrong one is checked again.
    await codeField.fill('NOSUCH98')
    await expect.poll(() => fieldError(second.page, 'CreatorCode')).toBe(COUPON_MESSAGES.unknown)
    await second.page.getByRole('button', { name: 'Send without the code' }).click()
    await expect.poll(() => second.page.getByRole('heading', { name: 'Thank You!' }).isVisible()).toBe(true)
    expect(await toastTexts(second.page)).toEqual([])
    const after = await vendorLeads(vendor)
    expect(after.filter((l) => l.Marketer.MarketerID === riya.marketer.MarketerID)).toHaveLength(1)

    // Ananya sees the use in My Links.
    const marketer = await openPage(browser, width, marketerStorage(ananya))
    await marketer.page.goto('/marketer?tab=links')
    const mine = marketer.page.locator('[data-code-row]').filter({ hasText: code.toLowerCase() })
    await expect.poll(() => mine.innerText()).toContain('1 of 5 uses')
    expect(await mine.innerText()).toContain('10% off at checkout')
    expect(await horizontalOverflow(marketer.page)).toBe(0)
    await marketer.page.getByRole('heading', { name: 'My creator codes' }).scrollIntoViewIfNeeded()
    await screenshot(marketer.page, 'creator-codes-my-links')

    // The vendor's list shows the use too.
    await desk.page.reload()
    await expect.poll(() => desk.page.locator('[data-code-row]').filter({ hasText: code.toLowerCase() }).innerText()).toContain('1 of 5 uses')
    // The vendor changes what the code gives; the buy page shows the new text.
    await desk.page.getByRole('button', { name: `Edit ${code.toLowerCase()}` }).click()
    const dialog = desk.page.getByRole('dialog', { name: `Edit ${code.toLowerCase()}` })
    await dialog.getByLabel('What it gives the buyer').fill('15% off at checkout')
    await desk.page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => lastToast(desk.page)).toContain('Creator code updated')
    await expect.poll(() => desk.page.locator('[data-code-row]').filter({ hasText: code.toLowerCase() }).innerText()).toContain('15% off at checkout')
    await own.page.reload()
    expect(await own.page.getByText('15% off at checkout').isVisible()).toBe(true)
    const check = await api<unknown[]>('GET', 'coupons/mine', { token: ananya.token })
    expect(check.status).toBe(200)
    for (const p of [desk, buyer, own, second, marketer]) expect(p.problems).toEqual([])
  })

  it("keeps the lead with the server's notice when a code that checked out stops working before the buyer sends", async () => {
    const tag = `${width}${Date.now().toString(36)}`.toUpperCase()
    const vendor = await createVendor('Saree Studio')
    const saree = await makeProduct(vendor, { ProductName: `Silk saree ${tag}`, Price: '2999' })
    const kavya = await createMarketer(`Kavya ${tag}`)
    const riya = await createMarketer(`Riya ${tag}`)
    const made = await api<{ CodeID: number; Code: string }>('POST', 'coupons', {
      token: vendor.token,
      json: { MarketerID: kavya.marketer.MarketerID, Code: `KAVYA${tag.slice(-6)}`, BuyerText: '5% off at checkout', ProductIDs: [saree.ProductID] },
    })
    expect(made.status).toBe(201)
    const buyer = await openAsPerson(browser, width, width === 360 ? '198.18.21.36' : '198.18.21.128')
    await buyer.page.goto(`/affiliate/track?productId=${saree.ProductID}&vendorId=${vendor.vendor.VendorID}&marketerId=${riya.marketer.MarketerID}`)
    await buyer.page.getByText('Have a creator code?').click()
    await buyer.page.getByLabel('Creator code').fill(made.body.data.Code)
    // Checked as typed: the buyer sees what it gives.
    await expect.poll(() => buyer.page.getByText(`${made.body.data.Code}: 5% off at checkout`).isVisible()).toBe(true)
    await buyer.page.getByLabel('Name').fill('Asha Menon')
    await buyer.page.getByLabel('Phone').fill(nextPhone())
    // Meanwhile the vendor switches the code off.
    expect((await api('PUT', `coupons/${made.body.data.CodeID}/status`, { token: vendor.token, json: { Active: false } })).status).toBe(200)
    await buyer.page.getByRole('button', { name: 'Buy Now' }).click()
    await expect.poll(() => buyer.page.getByRole('heading', { name: 'Thank You!' }).isVisible()).toBe(true)
    await expect.poll(() => toastTexts(buyer.page)).toContainEqual(expect.stringContaining(COUPON_MESSAGES.notApplied(COUPON_MESSAGES.switchedOffForBuyer)))
    const leads = await vendorLeads(vendor)
    expect(leads.map((l) => l.Marketer.MarketerID)).toEqual([riya.marketer.MarketerID])
    expect(buyer.problems).toEqual([])
  })
  it("gives a campaign's accepted creator a code covering the campaign's products", async () => {
    const tag = `${width}${Date.now().toString(36)}`.toUpperCase()
    const vendor = await createVendor('Jaipur Prints')
    await verifyFromMail(vendor.email, 'vendor')
    const kurta = await makeProduct(vendor, { ProductName: `Festive kurta ${tag}`, CommissionType: 'Fixed', CommissionValue: '150' })
    await makeProduct(vendor, { ProductName: `Plain dupatta ${tag}` })
    const meera = await createMarketer(`Meera ${tag}`)
    const title = `Diwali edit ${tag}`
    // IST days: the campaign runs from today for two weeks.
    const day = (offset: number) => new Date(Date.now() + 330 * 60_000 + offset * 86_400_000).toISOString().slice(0, 10)
    const campaign = await api<{ CampaignID: number }>('POST', 'campaigns', {
      token: vendor.token,
      json: {
        Title: title,
        Brief: 'Style our festive kurta for Diwali evenings: one Reel.',
        ProductIDs: [kurta.ProductID],
        RewardType: 'Commission',
        CommissionType: 'Fixed',
        CommissionValue: '250',
        Deliverables: ['Reel'],
        StartsOn: day(0),
        EndsOn: day(14),
        CreatorsWanted: 2,
        Access: 'Open',
      },
    })
    expect(campaign.status).toBe(201)
    const id = campaign.body.data.CampaignID
    expect((await api('POST', `campaigns/${id}/apply`, { token: meera.token, json: { Pitch: 'I style festive wear for 40k followers.' } })).status).toBe(201)
    expect((await api('POST', `campaigns/${id}/members/${meera.marketer.MarketerID}/accept`, { token: vendor.token })).status).toBe(200)
    const code = `MEERA${tag.slice(-6)}`

    const desk = await openPage(browser, width, vendorStorage(vendor))
    await desk.page.goto('/vendor?tab=codes')
    await expect.poll(() => desk.page.getByLabel('Campaign (optional)').locator('option').allInnerTexts()).toContain(title)
    await desk.page.getByLabel('Find a creator').fill(`Meera ${tag}`)
    await expect.poll(() => desk.page.getByLabel('Creator', { exact: true }).locator('option').allInnerTexts()).toContain(`Meera ${tag}`)
    await desk.page.getByLabel('Creator', { exact: true }).selectOption({ label: `Meera ${tag}` })
    await desk.page.getByLabel('Code', { exact: true }).fill(code)
    await desk.page.getByLabel('What it gives the buyer').fill('10% off at checkout')
    expect(await desk.page.getByLabel(`Plain dupatta ${tag}`).count()).toBe(1)
    await desk.page.getByLabel('Campaign (optional)').selectOption({ label: title })
    // The product picker gives way to the campaign's products.
    expect(await desk.page.getByLabel(`Plain dupatta ${tag}`).count()).toBe(0)
    expect(await desk.page.locator('[data-code-campaign-products]').innerText()).toBe(`The code covers the campaign's products: Festive kurta ${tag}.`)
    expect(await horizontalOverflow(desk.page)).toBe(0)
    await desk.page.getByLabel('Campaign (optional)').scrollIntoViewIfNeeded()
    await screenshot(desk.page, 'creator-codes-campaign-form')
    await desk.page.getByRole('button', { name: 'Create code' }).click()
    await expect.poll(() => lastToast(desk.page)).toContain('Creator code created')
    const row = desk.page.locator('[data-code-row]').filter({ hasText: code })
    await expect.poll(() => row.innerText()).toContain(`Campaign ${title}: Festive kurta ${tag}`)
    expect(await horizontalOverflow(desk.page)).toBe(0)
    expect(desk.problems).toEqual([])
  })
})
