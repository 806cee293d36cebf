// Notifications in the browser (decision 150): a lead made on the buy page rings the vendor's bell, the
// panel lists it and clears it, the profile's Notifications section turns new-lead mails off, and
// the mailed unsubscribe link does the same without signing in (only on a press, never on load).

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_MESSAGES, type NotificationPreferences } from '../../worker/contract/notifications'
import type { ProductDTO } from '../../worker/contract/product'
import { type LocalMail, readLocalMails } from '../../scripts/lib/local-mail'
import { api, createMarketer, createVendor, marketerStorage, vendorStorage } from './api'
import { axeViolations } from './axe'
import { horizontalOverflow, launchBrowser, openPage, screenshot, WIDTHS } from './browser'
import { lastToast, makeLead, makeProduct, vendorLeads } from './dashboard-fixtures'
import { openAsPerson } from './public-fixtures'

type Vendor = Awaited<ReturnType<typeof createVendor>>

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const unreadOf = async (vendor: Vendor) => (await api<{ unread: number }>('GET', 'notifications/unread', { token: vendor.token })).body.data?.unread
const preferencesOf = async (vendor: Vendor) => (await api<NotificationPreferences>('GET', 'notifications/preferences', { token: vendor.token })).body.data

/** The bell, whatever its count says. */
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ })

async function leadThroughBuyPage(width: number, product: ProductDTO, marketerId: number) {
  const { page, problems } = await openAsPerson(browser, width, width === 360 ? '198.18.3.60' : '198.18.12.80')
  await page.goto(`/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketerId}`)
  await page.getByLabel('Name').fill('Kiran Rao')
  await page.getByLabel('Phone').pressSequentially(`9${width}${String(Date.now()).slice(-9)}`.slice(0, 10))
  await page.getByRole('button', { name: 'Buy Now' }).click()
  await expect.poll(() => page.getByRole('heading', { name: 'Thank You!' }).isVisible()).toBe(true)
  expect(problems).toEqual([])
  await page.context().close()
}

async function unsubscribeMailTo(address: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const mails: LocalMail[] = (await readLocalMails()).filter((m) => m.to === address)
        link = mails.flatMap((m) => m.links).find((l) => l.includes('/unsubscribe?token='))
        return Boolean(link)
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  if (!link) throw new Error(`no mail with an unsubscribe link to ${address}`)
  return link
}

describe.each(WIDTHS)('notifications at %i px', (width) => {
  it('rings the vendor bell for a lead from the buy page, lists it and clears it with Mark all as read', async () => {
    const vendor = await createVendor('Chai & Co.')
    const product = await makeProduct(vendor, { ProductName: `Assam Masala Chai ${width}` })
    const marketer = await createMarketer('Meera Nair')
    await leadThroughBuyPage(width, product, marketer.marketer.MarketerID)
    await expect.poll(() => unreadOf(vendor), { timeout: 30_000 }).toBe(1)

    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor')
    await expect.poll(() => page.getByRole('button', { name: 'Notifications, 1 unread' }).isVisible()).toBe(true)
    expect(await page.getByTestId('notification-badge').innerText()).toBe('1')

    await bell(page).click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    await expect.poll(() => panel.getByRole('listitem').count()).toBe(1)
    expect(await panel.getByRole('listitem').innerText()).toContain(product.ProductName)
    expect(await panel.locator('[data-unread="true"]').count()).toBe(1)
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, 'notifications-panel')

    await panel.getByRole('button', { name: 'Mark all as read' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Notifications', exact: true }).count()).toBe(1)
    await expect.poll(() => panel.locator('[data-unread="true"]').count()).toBe(0)
    expect(await page.getByTestId('notification-badge').count()).toBe(0)
    expect(await unreadOf(vendor)).toBe(0)

    // Escape closes the panel and gives focus back to the bell.
    await page.keyboard.press('Escape')
    await expect.poll(() => panel.count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Notifications')
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('marks only the pressed row read and opens what it is about: the lead for a vendor, the earnings for an influencer', async () => {
    const vendor = await createVendor('Kesar Sweets')
    const product = await makeProduct(vendor, { ProductName: `Kaju Katli ${width}` })
    const marketer = await createMarketer('Farah Khan')
    await makeLead(product, marketer.marketer.MarketerID, 'Asha Verma')
    await makeLead(product, marketer.marketer.MarketerID, 'Ravi Iyer')
    const newestLead = (await vendorLeads(vendor)).find((l) => l.ClientName === 'Ravi Iyer')
    await expect.poll(() => unreadOf(vendor), { timeout: 30_000 }).toBe(2)

    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor')
    await expect.poll(() => page.getByRole('button', { name: 'Notifications, 2 unread' }).isVisible()).toBe(true)
    await bell(page).click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    await expect.poll(() => panel.locator('[data-unread="true"]').count()).toBe(2)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'notifications-bell-two-unread')

    // The newest row is a link to that lead; pressing it marks that one read and opens the lead alone.
    const newest = panel.getByRole('listitem').first().getByRole('link')
    expect(await newest.innerText()).toContain(product.ProductName)
    await newest.click()
    await expect.poll(() => panel.count()).toBe(0)
    await expect.poll(() => new URL(page.url()).search).toBe(`?tab=leads&lead=${newestLead?.LeadID}`)
    const rows = page.locator('[data-lead-row]')
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.first().innerText()).toContain('Ravi Iyer')
    expect(await page.getByText('Showing the lead from your notification.').isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('button', { name: 'Notifications, 1 unread' }).isVisible()).toBe(true)
    expect(await unreadOf(vendor)).toBe(1)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'notifications-one-lead')

    // 'Show all leads' goes back to the whole list with its filters.
    await page.getByRole('button', { name: 'Show all leads' }).click()
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=leads')
    await expect.poll(() => rows.count()).toBe(2)
    expect(await page.getByRole('form', { name: 'Lead filters' }).isVisible()).toBe(true)

    // Opened again, the pressed row reads as read and the other is still unread.
    await bell(page).click()
    await expect.poll(() => panel.locator('[data-unread="true"]').count()).toBe(1)
    expect(await panel.getByRole('listitem').first().locator('[data-unread]').getAttribute('data-unread')).toBe('false')
    expect(await panel.getByRole('listitem').nth(1).locator('[data-unread]').getAttribute('data-unread')).toBe('true')
    expect(problems).toEqual([])
    await page.context().close()

    // The influencer's conversion opens their earnings.
    const [first] = await vendorLeads(vendor)
    expect((await api('PUT', `leads/status/${first.LeadID}`, { token: vendor.token, json: { Status: 'Converted' } })).status).toBe(200)
    const marketerUnread = async () => (await api<{ unread: number }>('GET', 'notifications/unread', { token: marketer.token })).body.data?.unread
    await expect.poll(marketerUnread, { timeout: 30_000 }).toBe(1)
    const m = await openPage(browser, width, marketerStorage(marketer))
    await m.page.goto('/marketer')
    await expect.poll(() => m.page.getByRole('button', { name: 'Notifications, 1 unread' }).isVisible()).toBe(true)
    await bell(m.page).click()
    const row = m.page.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem').first().getByRole('link')
    expect(await row.innerText()).toContain('converted')
    await row.click()
    await expect.poll(() => new URL(m.page.url()).search).toBe('?tab=earnings')
    await expect.poll(() => m.page.getByRole('button', { name: 'Notifications', exact: true }).isVisible()).toBe(true)
    expect(await marketerUnread()).toBe(0)
    expect(m.problems).toEqual([])
    await m.page.context().close()
  })

  it("turns new-lead mails off from the profile's Notifications section", async () => {
    const vendor = await createVendor('Handloom Haus')
    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=profile')
    const section = page.getByRole('region', { name: 'Notifications' })
    const leads = section.getByRole('switch', { name: NOTIFICATION_KIND_LABELS['lead-new'] })
    await expect.poll(() => leads.isChecked()).toBe(true)
    // Security and money mails cannot be turned off.
    expect(await section.getByRole('switch', { name: /Your password changed/ }).isDisabled()).toBe(true)
    expect(await section.getByText('Security and money emails are always sent').isVisible()).toBe(true)
    expect(await axeViolations(page)).toEqual([])

    await leads.uncheck()
    await section.getByRole('button', { name: 'Save notification settings' }).click()
    await expect.poll(() => lastToast(page)).toContain(NOTIFICATION_MESSAGES.preferencesSaved)
    expect((await preferencesOf(vendor)).mail['lead-new']).toBe(false)
    await screenshot(page, 'notifications-settings')

    await page.reload()
    await expect.poll(() => page.getByRole('switch', { name: NOTIFICATION_KIND_LABELS['lead-new'] }).isChecked()).toBe(false)
    expect(await horizontalOverflow(page)).toBe(0)
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('turns one kind of mail off from the mailed unsubscribe link, and only on a press', async () => {
    const vendor = await createVendor('Spice Route')
    const product = await makeProduct(vendor)
    const marketer = await createMarketer('Ira Menon')
    await makeLead(product, marketer.marketer.MarketerID)
    const link = await unsubscribeMailTo(vendor.email)

    const { page, problems } = await openPage(browser, width)
    await page.goto(link)
    await expect.poll(() => page.getByRole('button', { name: 'Unsubscribe' }).isVisible()).toBe(true)
    expect(await page.getByText(`Emails to turn off: ${NOTIFICATION_KIND_LABELS['lead-new']}`).isVisible()).toBe(true)
    // A mail scanner opening the link turns nothing off.
    expect((await preferencesOf(vendor)).mail['lead-new']).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, 'unsubscribe')

    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect.poll(() => page.getByText(NOTIFICATION_MESSAGES.unsubscribed).isVisible()).toBe(true)
    expect(await page.getByText(`Turned off: ${NOTIFICATION_KIND_LABELS['lead-new']}`).isVisible()).toBe(true)
    expect((await preferencesOf(vendor)).mail['lead-new']).toBe(false)

    // A link that is not one of ours says so and points to the profile.
    await page.goto('/unsubscribe?token=not-a-real-token')
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect.poll(() => page.getByText(NOTIFICATION_MESSAGES.unsubscribeInvalid).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Go to your profile' }).isVisible()).toBe(true)
    expect(await horizontalOverflow(page)).toBe(0)
    expect(problems).toEqual([])
    await page.context().close()
  })
})
