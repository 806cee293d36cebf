import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, createMarketer, createVendor, marketerStorage } from './api'
import { baseURL, horizontalOverflow, launchBrowser, openPage, overflowingText, screenshot, watchLayoutShift, WIDTHS } from './browser'
import { lastToast, makeProduct } from './dashboard-fixtures'

// Decision 201. An influencer builds a storefront in their dashboard, opens it, and a product on it
// opens the buy page through their own link.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe.each(WIDTHS)('the creator storefront at %i px', (width) => {
  it('is built in the dashboard, opens as its own page with no script, and leads to the buy page', async () => {
    const tag = `${width}-${Date.now().toString(36)}`
    const vendor = await createVendor()
    const kurta = await makeProduct(vendor, { ProductName: `Storefront kurta ${tag}`, Price: '1499' })
    const saree = await makeProduct(vendor, { ProductName: `Storefront saree ${tag}`, Price: '12500' })
    const marketer = await createMarketer('Ananya Iyer')
    const { page, problems } = await openPage(browser, width, marketerStorage(marketer))
    await page.goto('/marketer?tab=storefront')
    await expect.poll(() => page.getByRole('heading', { name: 'Your storefront' }).isVisible()).toBe(true)

    for (const title of ['Festive picks', 'Everyday']) {
      await page.getByLabel('New collection').fill(title)
      await page.getByRole('button', { name: 'Add collection' }).click()
      await expect.poll(() => lastToast(page)).toContain('Collection created')
      await expect.poll(() => page.getByRole('heading', { name: title }).isVisible()).toBe(true)
    }
    const festive = page.getByTestId('storefront-collection').filter({ has: page.getByRole('heading', { name: 'Festive picks' }) })
    await festive.getByRole('button', { name: 'Pin a product' }).click()
    for (const product of [kurta, saree]) {
      await festive.getByLabel('Find a product to pin to Festive picks').fill(product.ProductName)
      await festive.getByRole('button', { name: `Pin ${product.ProductName}` }).click()
      await expect.poll(() => lastToast(page)).toContain('Product pinned to your storefront')
    }
    await festive.getByRole('button', { name: 'Done' }).click()
    // Reorder with the buttons: the saree first, and 'Everyday' above 'Festive picks'.
    await festive.getByRole('button', { name: `Move ${saree.ProductName} up` }).click()
    await expect.poll(() => festive.getByRole('list', { name: 'Products in Festive picks' }).locator('li').first().innerText()).toContain(saree.ProductName)
    await page.getByRole('button', { name: 'Move Everyday up' }).click()
    await expect.poll(() => page.getByTestId('storefront-collection').first().innerText()).toContain('Everyday')
    await screenshot(page, 'storefront-dashboard')
    expect(await horizontalOverflow(page)).toBe(0)

    const url = await page.getByTestId('storefront-url').innerText()
    expect(url).toMatch(new RegExp(`/i/${marketer.marketer.MarketerID}$`))
    const visitor = await openPage(browser, width)
    const shift = await watchLayoutShift(visitor.page)
    const scripts: string[] = []
    visitor.page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()))
    const res = await visitor.page.goto(new URL(url).pathname)
    expect(res?.status()).toBe(200)
    expect(await visitor.page.getByRole('heading', { level: 1 }).innerText()).toBe('Ananya Iyer')
    const headings = await visitor.page.getByRole('heading', { level: 2 }).allInnerTexts()
    // 'Everyday' has nothing pinned, so the public page leaves it out (services/storefront.ts).
    expect(headings).toEqual(['Festive picks'])
    const links = visitor.page.locator('.item a')
    expect(await links.first().innerText()).toContain(saree.ProductName)
    expect(await links.first().innerText()).toContain('₹12,500')
    expect(scripts).toEqual([])
    await visitor.page.waitForLoadState('load')
    expect(await shift()).toBe(0)
    expect(await horizontalOverflow(visitor.page)).toBe(0)
    await screenshot(visitor.page, 'storefront-page')

    await links.first().click()
    await visitor.page.waitForURL(/\/affiliate\/track\?/)
    const buy = new URL(visitor.page.url())
    expect(buy.searchParams.get('productId')).toBe(String(saree.ProductID))
    expect(buy.searchParams.get('marketerId')).toBe(String(marketer.marketer.MarketerID))
    await expect.poll(() => visitor.page.getByRole('heading', { name: saree.ProductName }).isVisible()).toBe(true)
    expect(problems).toEqual([])
    expect(visitor.problems).toEqual([])
  })
  it('is shared without a script, linked from the profiles, and follows the creator to a new handle', async () => {
    const stamp = `${width}x${Date.now().toString(36)}`
    const [oldHandle, newHandle] = [`sf.old${stamp}`, `sf.new${stamp}`]
    const vendor = await createVendor()
    const lamp = await makeProduct(vendor, { ProductName: `Storefront lamp ${stamp}`, Price: '2499' })
    const marketer = await createMarketer('Kavya Menon')
    const id = marketer.marketer.MarketerID
    const setHandle = async (InstagramUsername: string) =>
      expect((await api('PUT', `marketers/social-media/${id}`, { token: marketer.token, json: { InstagramUsername } })).status).toBe(200)
    await setHandle(oldHandle)
    const made = await api<{ CollectionID: number }>('POST', 'storefront/collections', { token: marketer.token, json: { Title: 'Lighting' } })
    expect(made.status).toBe(201)
    const pinned = await api('POST', `storefront/collections/${made.body.data.CollectionID}/pins`, {
      token: marketer.token,
      json: { ProductID: lamp.ProductID },
    })
    expect(pinned.status).toBe(201)

    // The public page: 'Share' opens each app's share address and the URL to copy, with no script.
    const visitor = await openPage(browser, width)
    const shift = await watchLayoutShift(visitor.page)
    const scripts: string[] = []
    visitor.page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()))
    await visitor.page.goto(`/@${oldHandle}`)
    await visitor.page.waitForLoadState('load')
    expect(await shift()).toBe(0)
    const url = `${baseURL()}/@${oldHandle}`
    await visitor.page.getByText('Share', { exact: true }).click()
    const whatsapp = visitor.page.getByRole('link', { name: 'WhatsApp' })
    expect(await whatsapp.isVisible()).toBe(true)
    expect(await whatsapp.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(`Kavya Menon's storefront on Collabkart: ${url}`)}`)
    for (const name of ['Telegram', 'X', 'Facebook']) expect(await visitor.page.getByRole('link', { name, exact: true }).isVisible()).toBe(true)
    expect(await visitor.page.getByLabel('Storefront link').inputValue()).toBe(url)
    expect(scripts).toEqual([])
    expect(await horizontalOverflow(visitor.page)).toBe(0)
    expect(await overflowingText(visitor.page)).toEqual([])
    await screenshot(visitor.page, 'storefront-share')

    // The public profile links to the storefront.
    await visitor.page.goto(`/influencer/${id}`)
    const fromProfile = visitor.page.getByRole('link', { name: "Shop Kavya Menon's storefront" })
    await expect.poll(() => fromProfile.isVisible()).toBe(true)
    expect(await horizontalOverflow(visitor.page)).toBe(0)
    await screenshot(visitor.page, 'storefront-profile-link')
    await fromProfile.click()
    await visitor.page.waitForURL((u) => u.pathname === `/@${oldHandle}`)
    expect(await visitor.page.getByRole('heading', { level: 1 }).innerText()).toBe('Kavya Menon')

    // So does the creator's own profile in their dashboard.
    const own = await openPage(browser, width, marketerStorage(marketer))
    await own.page.goto('/marketer?tab=profile')
    const fromDashboard = own.page.getByRole('link', { name: 'View my storefront' })
    await expect.poll(() => fromDashboard.isVisible()).toBe(true)
    expect(await fromDashboard.getAttribute('href')).toBe(`/@${oldHandle}`)
    expect(await horizontalOverflow(own.page)).toBe(0)
    await screenshot(own.page, 'storefront-dashboard-profile')

    // A new Instagram username: the old address leads to the new one.
    await setHandle(newHandle)
    const moved = await visitor.page.goto(`/@${oldHandle}`)
    expect(new URL(visitor.page.url()).pathname).toBe(`/@${newHandle}`)
    expect(moved?.status()).toBe(200)
    expect(await visitor.page.getByRole('heading', { level: 1 }).innerText()).toBe('Kavya Menon')
    expect(visitor.problems).toEqual([])
    expect(own.problems).toEqual([])
  })
})
