// The order screens in the browser (decision 301): a store records a basket with an unlisted line
// through POST /api/v1/orders under a creator code, refunds part of it and reports a delivery; the
// vendor finds it by its id and opens its lines and history, the influencer sees it with its state
// and its expected and confirmed commission, and no buyer, at 360 and 1280 px.

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, createMarketer, createVendor, marketerStorage, vendorStorage } from './api'
import { horizontalOverflow, launchBrowser, openPage, screenshot, WIDTHS } from './browser'
import { makeProduct } from './dashboard-fixtures'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe.each(WIDTHS)('order screens at %i px', (width) => {
  it("shows the vendor's basket with its unlisted line and history, and the influencer's expected commission", async () => {
    const tag = `${width}${Date.now().toString(36)}`.toUpperCase()
    const vendor = await createVendor('Banaras Weaves')
    // 12 % of the ₹2,299 dupatta: ₹275.88; the ₹899 stole is not on Collabkart.
    const dupatta = await makeProduct(vendor, { ProductName: `Banarasi dupatta ${tag}`, Price: '2299', CommissionType: 'Percentage', CommissionValue: '12' })
    const ananya = await createMarketer(`Ananya ${tag}`)
    const code = await api<{ Code: string }>('POST', 'coupons', {
      token: vendor.token,
      json: { MarketerID: ananya.marketer.MarketerID, Code: `ANANYA${tag.slice(-6)}`, BuyerText: '10% off', ProductIDs: [dupatta.ProductID] },
    })
    expect(code.status).toBe(201)
    const key = await api<{ Secret: string }>('POST', 'vendors/api-keys', { token: vendor.token, json: { Name: 'Store', Scopes: ['conversions:write'] } })
    expect(key.status).toBe(201)
    const secret = key.body.data.Secret
    const orderId = `SHOP-${tag}`
    const recorded = await api('POST', 'v1/orders', {
      token: secret,
      json: {
        orderId,
        code: code.body.data.Code,
        paidAt: new Date().toISOString(),
        customer: { email: 'meera.buyer@example.in', phone: '9812345678' },
        lines: [
          { lineId: '1', productId: dupatta.ProductID, quantity: 1, unitPricePaise: 229_900 },
          { lineId: '2', name: 'Silk stole', quantity: 1, unitPricePaise: 89_900 },
        ],
      },
    })
    expect(recorded.status).toBe(201)
    // A partial refund of the stole (earns nothing, so nothing is taken back) and a delivery.
    expect((await api('POST', `v1/orders/${orderId}/refunds`, { token: secret, json: { refundId: 'R1', lines: [{ lineId: '2', quantity: 1 }] } })).status).toBe(
      201,
    )
    expect((await api('POST', `v1/orders/${orderId}/fulfillments`, { token: secret, json: { fulfillmentId: 'F1', status: 'delivered' } })).status).toBe(201)

    const desk = await openPage(browser, width, vendorStorage(vendor))
    await desk.page.goto('/vendor?tab=orders')
    await desk.page.getByLabel('Search by order id').fill(orderId.slice(0, 8))
    const row = desk.page.locator('[data-order-row]').filter({ hasText: orderId })
    await expect.poll(() => row.isVisible()).toBe(true)
    expect(await row.innerText()).toContain('Delivered')
    expect(await row.innerText()).toContain('1 unlisted')
    expect(await row.innerText()).toContain('₹275.88')
    expect(await horizontalOverflow(desk.page)).toBe(0)
    await screenshot(desk.page, 'orders-vendor-list')
    await desk.page.getByLabel('State').selectOption('rto')
    await expect.poll(() => desk.page.getByText('No orders match').isVisible()).toBe(true)
    await desk.page.getByLabel('State').selectOption('delivered')
    await expect.poll(() => row.isVisible()).toBe(true)
    await row.getByRole('button', { name: `View order ${orderId}` }).click()
    const dialog = desk.page.getByRole('dialog', { name: `Order ${orderId}` })
    const lines = dialog.locator('[data-order-line]')
    await expect.poll(() => lines.count()).toBe(2)
    expect(await lines.nth(0).innerText()).toContain(dupatta.ProductName)
    expect(await lines.nth(0).innerText()).toContain('₹275.88')
    expect(await lines.nth(1).innerText()).toContain('Unlisted')
    expect(await lines.nth(1).innerText()).toContain('1 refunded')
    const history = await dialog.locator('[data-order-event]').allInnerTexts()
    expect(history.map((h) => h.split(' ')[0])).toEqual(['Order', 'Paid', 'Refund', 'Delivered'])
    expect(await horizontalOverflow(desk.page)).toBe(0)
    await screenshot(desk.page, 'orders-vendor-detail')

    const marketer = await openPage(browser, width, marketerStorage(ananya))
    await marketer.page.goto('/marketer?tab=orders')
    const mine = marketer.page.locator('[data-order-row]').filter({ hasText: orderId })
    await expect.poll(() => mine.isVisible()).toBe(true)
    const text = await mine.innerText()
    expect(text).toContain('Delivered')
    expect(await mine.locator('[data-expected]').innerText()).toContain('₹275.88')
    expect(await mine.locator('[data-confirmed]').innerText()).toContain('₹0.00')
    const page = await marketer.page.content()
    for (const buyer of ['meera.buyer', '9812345678', 'Silk stole']) expect(page).not.toContain(buyer)
    expect(await horizontalOverflow(marketer.page)).toBe(0)
    await screenshot(marketer.page, 'orders-influencer')
    expect(desk.problems).toEqual([])
    expect(marketer.problems).toEqual([])
    await desk.page.context().close()
    await marketer.page.context().close()
  })
})
