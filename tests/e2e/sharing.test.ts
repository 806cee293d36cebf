import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductDTO } from '../../worker/contract/product'
import { axeViolations } from './axe'
import { api, createMarketer, createVendor, marketerStorage } from './api'
import { downloadedBytes, launchBrowser, openPage, screenshot, toastTexts, WIDTHS } from './browser'
import { makeProduct } from './dashboard-fixtures'
import { openAsPerson, tag } from './public-fixtures'

// An influencer's share actions on the product detail page and the product card: copy the
// short link, share with the disclosure label upfront (fallback buttons where the browser has no
// share sheet), and the QR code downloaded as SVG and PNG.

let browser: Browser
let marketer: Awaited<ReturnType<typeof createMarketer>>
let product: ProductDTO
let shortLink: string
const name = `Saffron tea ${tag('sh')}`

beforeAll(async () => {
  browser = await launchBrowser()
  const vendor = await createVendor('Kesar Kitchen')
  marketer = await createMarketer('Meera Nair')
  product = await makeProduct(vendor, { ProductName: name, Price: '1499' })
  shortLink = (await api<ProductDTO>('GET', `products/${product.ProductID}`, { token: marketer.token })).body.data.ShortLink ?? ''
})
afterAll(async () => {
  await browser?.close()
})

/** The influencer's page, in a browser without a share sheet (as most desktop browsers are). */
async function openAsMarketer(width: number, path: string) {
  const opened = await openPage(browser, width, marketerStorage(marketer))
  await opened.page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })
  })
  await opened.page.goto(path)
  return opened
}

const detailPath = () => `/product/${product.ProductID}/x/${encodeURIComponent(product.SKU)}`
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())

describe.each(WIDTHS)('sharing a product at %i px', (width) => {
  it('copies the short link beside the long one, and the short link opens the buy page', async () => {
    expect(shortLink).toMatch(/\/s\/[0-9A-Za-z]{8}$/)
    const { page, problems } = await openAsMarketer(width, detailPath())
    await page.getByRole('button', { name: 'Copy short link' }).click()
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Short link copied'))
    expect(await clipboard(page)).toBe(shortLink)
    await page.getByRole('button', { name: 'Copy', exact: true }).click()
    await expect.poll(() => clipboard(page)).toContain('/affiliate/track?productId=')
    await screenshot(page, 'share-detail')

    // Headless Chromium says so in its User-Agent: like a preview bot, it is answered the buy page at
    // the short address itself. A person's browser is redirected to the long link.
    await page.goto(shortLink)
    expect(new URL(page.url()).pathname).toBe(new URL(shortLink).pathname)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(name)
    const person = await openAsPerson(browser, width, width === 360 ? '198.18.9.36' : '198.18.9.128')
    await person.page.goto(shortLink)
    expect(new URL(person.page.url()).pathname).toBe('/affiliate/track')
    await expect.poll(() => person.page.getByRole('heading', { level: 1 }).innerText()).toBe(name)
    expect(problems).toEqual([])
    expect(person.problems).toEqual([])
  })

  it('shares with the chosen disclosure label upfront through the fallback buttons', async () => {
    const { page, problems } = await openAsMarketer(width, detailPath())
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Share this product' })
    await expect.poll(() => dialog.isVisible()).toBe(true)
    expect(await dialog.getByRole('button', { name: 'Share…' }).count()).toBe(0)
    expect(await dialog.getByTestId('share-text').innerText()).toBe(`#Ad | ${name} at ₹1,499: ${shortLink}`)
    await dialog.getByLabel('Disclosure label').selectOption('#Collab')
    const text = `#Collab | ${name} at ₹1,499: ${shortLink}`
    expect(await dialog.getByTestId('share-text').innerText()).toBe(text)
    // The label can be changed, never left out.
    expect(await dialog.getByLabel('Disclosure label').locator('option').allInnerTexts()).toEqual(['#Ad', '#Sponsored', '#Collab', '#Affiliate'])

    const href = async (app: string) => new URL((await dialog.getByRole('link', { name: app, exact: true }).getAttribute('href')) ?? '')
    expect((await href('WhatsApp')).searchParams.get('text')).toBe(text)
    expect((await href('X')).searchParams.get('text')).toBe(text)
    expect((await href('Telegram')).searchParams.get('url')).toBe(shortLink)
    expect((await href('Facebook')).searchParams.get('u')).toBe(shortLink)
    expect(await dialog.getByRole('link', { name: 'WhatsApp' }).getAttribute('target')).toBe('_blank')
    await screenshot(page, 'share-dialog')
    expect(await axeViolations(page)).toEqual([])

    await dialog.getByRole('button', { name: 'Copy text' }).click()
    await expect.poll(() => clipboard(page)).toBe(text)
    await page.keyboard.press('Escape')
    // The choice is remembered on this device.
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    expect(await page.getByTestId('share-text').innerText()).toBe(text)
    expect(problems).toEqual([])
  })

  it('downloads the QR code of the short link (or the full link) as SVG and as PNG', async () => {
    const { page, problems } = await openAsMarketer(width, detailPath())
    await page.getByRole('button', { name: 'QR code' }).click()
    const dialog = page.getByRole('dialog', { name: 'QR code' })
    await expect.poll(() => dialog.getByRole('img', { name: `QR code for ${shortLink}` }).isVisible()).toBe(true)
    await screenshot(page, 'share-qr')
    expect(await axeViolations(page)).toEqual([])

    const [svg] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download SVG' }).click()])
    expect(svg.suggestedFilename()).toMatch(/^saffron-tea-.*-qr\.svg$/)
    const svgText = (await downloadedBytes(svg)).toString('utf8')
    expect(svgText).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(svgText).toContain('<path')

    const [png] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PNG' }).click()])
    expect(png.suggestedFilename()).toMatch(/-qr\.png$/)
    const bytes = await downloadedBytes(png)
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect(bytes.readUInt32BE(16)).toBe(1024) // width from the IHDR chunk: print size

    // The full affiliate link can go in the code instead.
    await dialog.getByLabel('Link in the code').selectOption('full')
    const longLink = new RegExp(`/affiliate/track\\?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}$`)
    await expect.poll(() => dialog.getByTestId('qr-link').innerText()).toMatch(longLink)
    expect(await dialog.getByRole('img', { name: longLink }).isVisible()).toBe(true)
    const [fullSvg] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download SVG' }).click()])
    const fullText = (await downloadedBytes(fullSvg)).toString('utf8')
    expect(fullText).toContain('<path')
    expect(fullText).not.toBe(svgText)
    expect(problems).toEqual([])
  })

  it('offers the same share actions on the product card', async () => {
    const { page, problems } = await openAsMarketer(width, '/products')
    await page.getByPlaceholder('Search Product...').fill(name)
    // The newest product may already be on the first page: wait for the search itself, or the list
    // swaps its cards for the search's answer under the open dialog.
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(name)
    const card = page.getByTestId('product-card').filter({ hasText: name })
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(1)
    await card.getByRole('button', { name: 'Copy short link' }).click()
    await expect.poll(() => clipboard(page)).toBe(shortLink)
    await card.getByRole('button', { name: 'Share', exact: true }).click()
    await expect.poll(() => page.getByRole('dialog', { name: 'Share this product' }).isVisible()).toBe(true)
    await screenshot(page, 'share-card')
    expect(problems).toEqual([])
  })
})

/** Whether any two of the boxes overlap (each at least a pixel wide). */
const overlapping = (boxes: { x: number; y: number; width: number; height: number }[]) =>
  boxes.some((a, i) =>
    boxes.some((b, j) => j > i && a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1),
  )

// The Share and QR dialogs opened inside the hovered product card (its transform
// made the card the fixed overlay's frame), and My Links hid the share actions past its box.
describe.each(WIDTHS)('share layout at %i px', (width) => {
  it('opens Share from a product card over the whole page, its buttons side by side without overlap', async () => {
    const { page } = await openAsMarketer(width, '/products')
    const share = page.getByTestId('share-actions').first().getByRole('button', { name: 'Share' })
    await share.hover()
    await share.click()
    const dialog = page.getByRole('dialog', { name: 'Share this product' })
    await dialog.waitFor()
    const box = await dialog.boundingBox()
    expect(box?.width).toBeGreaterThanOrEqual(Math.min(width, 512) - 2)
    const buttons = dialog.getByRole('group', { name: 'Share to' }).locator('a, button')
    const boxes = await buttons.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))
    expect(boxes.length).toBe(5)
    expect(overlapping(boxes)).toBe(false)
    // Every label fits its button.
    expect(await buttons.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent))).toEqual([])
    await screenshot(page, 'share-dialog-from-card')
    await page.keyboard.press('Escape')
    const qr = page.getByTestId('share-actions').first().getByRole('button', { name: 'QR code' })
    await qr.hover()
    await qr.click()
    const qrDialog = page.getByRole('dialog', { name: 'QR code' })
    await qrDialog.waitFor()
    expect((await qrDialog.boundingBox())?.width).toBeGreaterThanOrEqual(Math.min(width, 512) - 2)
    expect((await qrDialog.getByRole('img').first().boundingBox())?.width).toBeGreaterThan(180)
  })

  it('shows Share and QR code on every row of My Links without scrolling the table sideways', async () => {
    const { page } = await openAsMarketer(width, '/marketer?tab=links')
    await expect.poll(() => page.getByRole('button', { name: 'QR code' }).count()).toBeGreaterThan(0)
    const region = page.getByRole('region', { name: /links/i }).first()
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
    for (const name of ['Share', 'QR code']) expect(await page.getByRole('button', { name }).first().isVisible()).toBe(true)
    const viewport = width
    const right = await page
      .getByRole('button', { name: 'QR code' })
      .first()
      .evaluate((el) => el.getBoundingClientRect().right)
    expect(right).toBeLessThanOrEqual(viewport)
    // The product name is shown whole, not cut at 9 letters.
    expect(
      await page
        .getByText(name, { exact: true })
        .first()
        .evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1),
    ).toBe(true)
    await screenshot(page, 'my-links')
  })
})
