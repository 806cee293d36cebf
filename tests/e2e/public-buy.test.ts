import { createHash } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MarketerAnalytics } from '../../worker/contract/marketer'
import type { ProductDTO } from '../../worker/contract/product'
import { api, createMarketer, createVendor } from './api'
import { baseURL, horizontalOverflow, launchBrowser, screenshot, toastTexts, watchLayoutShift, WIDTHS } from './browser'
import { makeProduct, vendorLeads } from './dashboard-fixtures'
import { openAsPerson } from './public-fixtures'

let browser: Browser
let vendor: Awaited<ReturnType<typeof createVendor>>
let product: ProductDTO

beforeAll(async () => {
  browser = await launchBrowser()
  vendor = await createVendor('Chai & Co.')
  product = await makeProduct(vendor, {
    ProductName: 'Assam Masala Chai – 250 g',
    Description: 'Strong CTC Assam leaf blended with cardamom and ginger.',
    Price: '349',
    CommissionType: 'Percentage',
    CommissionValue: '10',
    product_link: 'https://chaiandco.in/masala-chai',
  })
})
afterAll(async () => {
  await browser?.close()
})

const impressions = async (marketer: Awaited<ReturnType<typeof createMarketer>>) =>
  (await api<MarketerAnalytics>('GET', `marketers/analytics/${marketer.marketer.MarketerID}`, { token: marketer.token })).body.data.totalImpressions

async function submit(page: Page) {
  await page.getByRole('button', { name: 'Buy Now' }).click()
}

describe.each(WIDTHS)('buy page at %i px', (width) => {
  it('counts one impression, checks the form in order and stores the lead', async () => {
    const marketer = await createMarketer('Meera Nair')
    const { page, problems } = await openAsPerson(browser, width, width === 360 ? '198.18.0.36' : '198.18.1.28')
    const impressionCalls: string[] = []
    page.on('request', (req) => {
      if (req.url().includes('/api/affiliate/track/impression')) impressionCalls.push(req.url())
    })
    await page.goto(`/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}`)
    await expect.poll(() => page.getByRole('heading', { name: product.ProductName }).isVisible()).toBe(true)
    expect(await page.locator('main').innerText()).toContain('₹349')
    expect(await page.getByText('Fill the Form to Buy the Product').isVisible()).toBe(true)
    const view = page.getByRole('link', { name: /View Product/ })
    expect(await view.getAttribute('href')).toBe('https://chaiandco.in/masala-chai')
    expect(await view.getAttribute('target')).toBe('_blank')
    await screenshot(page, 'buy')

    await expect.poll(() => impressions(marketer)).toBe(1)
    expect(impressionCalls).toHaveLength(1)
    expect(impressionCalls[0]).toContain(`productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}`)

    await submit(page)
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Please Enter Your Name'))
    await page.getByLabel('Name').fill('x'.repeat(51))
    await submit(page)
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Name should be less than 50 characters.'))
    await page.getByLabel('Name').fill('Kiran Rao')
    await submit(page)
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Please Enter Your Mobile Number'))
    await page.getByLabel('Phone').pressSequentially('98ab765')
    expect(await page.getByLabel('Phone').inputValue()).toBe('98765')
    await submit(page)
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Mobile number should be exactly 10 digits'))
    await page.getByLabel('Phone').fill('')
    await page.getByLabel('Phone').pressSequentially(`9${width}1234567890`)
    expect(await page.getByLabel('Phone').inputValue()).toHaveLength(10)
    const phone = await page.getByLabel('Phone').inputValue()
    await submit(page)

    await expect.poll(() => page.getByRole('heading', { name: 'Thank You!' }).isVisible()).toBe(true)
    expect(await page.getByText('We will contact you shortly.').isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Buy Now' }).count()).toBe(0)
    await screenshot(page, 'buy-thank-you')
    const leads = await vendorLeads(vendor)
    expect(leads).toContainEqual(
      expect.objectContaining({
        ClientName: 'Kiran Rao',
        ClientPhone: phone,
        MarketerID: marketer.marketer.MarketerID,
        ProductID: product.ProductID,
        Status: 'Pending',
      }),
    )

    // A reload is a new page view but the same visitor within the dedupe window: still one impression.
    await page.reload()
    await expect.poll(() => page.getByRole('heading', { name: product.ProductName }).isVisible()).toBe(true)
    await expect.poll(() => impressionCalls.length).toBe(2)
    await new Promise((r) => setTimeout(r, 500))
    expect(await impressions(marketer)).toBe(1)
    expect(problems).toEqual([])
  })

  it("says 'Failed to track impression.' when the tracker cannot be reached, and the form still works", async () => {
    const marketer = await createMarketer('Vikram Singh')
    const { page } = await openAsPerson(browser, width, '198.18.2.1')
    await page.route('**/api/affiliate/track/impression**', (route) => route.abort('connectionrefused'))
    await page.goto(`/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}`)
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Failed to track impression.'))
    // The form came with the page: a failed tracker does not take it away.
    expect(await page.getByText('Fill the Form to Buy the Product').isVisible()).toBe(true)
  })

  it('says plainly that a link without all three ids is not valid: no form, no tracking', async () => {
    const { page, problems } = await openAsPerson(browser, width, '198.18.3.1')
    let tracked = 0
    page.on('request', (req) => {
      if (req.url().includes('/api/affiliate/track/impression')) tracked++
    })
    await page.goto(`/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}`)
    await expect.poll(() => page.getByRole('heading', { name: 'This link is not valid' }).isVisible()).toBe(true)
    expect(await page.locator('form').count()).toBe(0)
    expect(await page.getByRole('link', { name: `See ${product.ProductName}` }).getAttribute('href')).toMatch(new RegExp(`^/product/${product.ProductID}/`))
    await screenshot(page, 'buy-invalid')
    expect(tracked).toBe(0)
    expect(problems).toEqual([])
  })

  it("shows no form for a wrong vendor or an unknown influencer, and still says 'Failed to track impression.'", async () => {
    const other = await createVendor('Someone Else')
    const marketer = await createMarketer('Kavya Menon')
    for (const path of [
      `/affiliate/track?productId=${product.ProductID}&vendorId=${other.vendor.VendorID}&marketerId=${marketer.marketer.MarketerID}`,
      `/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=99999999`,
    ]) {
      const { page } = await openAsPerson(browser, width, '198.18.5.1')
      await page.goto(path)
      await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Failed to track impression.'))
      expect(await page.getByRole('heading', { name: 'This link is not valid' }).isVisible()).toBe(true)
      expect(await page.getByText('Fill the Form to Buy the Product').count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Buy Now' }).count()).toBe(0)
    }
  })

  it('takes a phone pasted or autofilled as +91 98765 43210 as its ten digits, and refuses one that is not an Indian mobile', async () => {
    const marketer = await createMarketer('Isha Menon')
    const { page, problems } = await openAsPerson(browser, width, width === 360 ? '198.18.7.36' : '198.18.7.128')
    await page.goto(`/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}`)
    await page.getByLabel('Name').fill('Kiran Rao')
    const phone = page.getByLabel('Phone')
    // Autofill sets the whole value at once.
    await phone.fill('+91 12345 67890')
    expect(await phone.inputValue()).toBe('1234567890')
    await submit(page)
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Mobile number should start with 6, 7, 8 or 9'))
    // A paste from the clipboard, into an emptied field.
    const number = `9${width === 360 ? '36' : '12'}${String(Date.now()).slice(-7)}`
    await phone.fill('')
    await page.evaluate((text) => navigator.clipboard.writeText(text), `+91 ${number.slice(0, 5)} ${number.slice(5)}`)
    await phone.focus()
    await page.keyboard.press('Control+V')
    expect(await phone.inputValue()).toBe(number)
    await submit(page)
    await expect.poll(() => page.getByRole('heading', { name: 'Thank You!' }).isVisible()).toBe(true)
    expect(await vendorLeads(vendor)).toContainEqual(
      expect.objectContaining({ ClientName: 'Kiran Rao', ClientPhone: number, MarketerID: marketer.marketer.MarketerID }),
    )
    expect(problems).toEqual([])
  })

  it('marks every field in error below it, moves focus to the first, and refuses a one-letter name and an email that is not an address', async () => {
    const marketer = await createMarketer('Isha Rao')
    const { page, problems } = await openAsPerson(browser, width, width === 360 ? '198.18.9.36' : '198.18.9.128')
    await page.goto(`/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}`)
    await page.getByLabel('Name').fill('K')
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Phone').fill('98765')
    await submit(page)
    // The spec's toast names the first; each field carries its own message.
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Name should be at least 2 characters.'))
    const expected: Array<[string, string]> = [
      ['Name', 'Name should be at least 2 characters.'],
      ['Email', 'Invalid email format'],
      ['Phone', 'Mobile number should be exactly 10 digits'],
    ]
    for (const [label, message] of expected) {
      const input = page.getByLabel(label)
      expect(await input.getAttribute('aria-invalid'), label).toBe('true')
      const ids = (await input.getAttribute('aria-describedby')) ?? ''
      const said = await Promise.all(ids.split(' ').map((id) => page.locator(`[id="${id}"]`).innerText()))
      expect(said, label).toContain(message)
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('ClientName')
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'buy-field-errors')
    // Correcting a field takes its mark away; the rest stay until they are corrected too.
    await page.getByLabel('Name').fill('Kiran Rao')
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBeNull()
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true')
    await submit(page)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('ClientPhone')
    expect(await vendorLeads(vendor)).not.toContainEqual(expect.objectContaining({ MarketerID: marketer.marketer.MarketerID }))
    await page.getByLabel('Email').fill('kiran@example.in')
    const phone = `95${width}${String(Date.now()).slice(-5)}`.slice(0, 10)
    await page.getByLabel('Phone').fill(phone)
    await submit(page)
    await expect.poll(() => page.getByRole('heading', { name: 'Thank You!' }).isVisible()).toBe(true)
    expect(await vendorLeads(vendor)).toContainEqual(
      expect.objectContaining({ ClientName: 'Kiran Rao', ClientPhone: phone, MarketerID: marketer.marketer.MarketerID }),
    )
    expect(problems).toEqual([])
  })

  it("keeps error toasts off the form's fields and takes them away once the buyer corrects the form", async () => {
    const marketer = await createMarketer('Tara Iyer')
    const { page } = await openAsPerson(browser, width, width === 360 ? '198.18.8.36' : '198.18.8.128')
    await page.goto(`/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}`)
    await page.getByLabel('Name').scrollIntoViewIfNeeded()
    await submit(page)
    const toast = page.locator('[data-toast-type="error"]')
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Please Enter Your Name'))
    const box = await toast.boundingBox()
    for (const label of ['Name', 'Email', 'Phone']) {
      const field = await page.getByLabel(label).boundingBox()
      if (!box || !field) throw new Error(`no box for ${label}`)
      const covers = box.x < field.x + field.width && field.x < box.x + box.width && box.y < field.y + field.height && field.y < box.y + box.height
      expect(covers, label).toBe(false)
    }
    await page.getByLabel('Name').fill('Kiran Rao')
    // At once, not when its five seconds run out.
    await expect.poll(() => toastTexts(page), { timeout: 1_500 }).toEqual([])
  })

  it('says the link is not valid for a product that does not exist', async () => {
    const { page } = await openAsPerson(browser, width, '198.18.4.1')
    const res = await page.goto('/affiliate/track?productId=99999999&vendorId=1&marketerId=1')
    expect(res?.status()).toBe(404)
    await expect.poll(() => page.getByRole('heading', { name: 'This link is not valid' }).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Browse products' }).getAttribute('href')).toBe('/products')
  })

  it('works before and without any script: the page is readable and the form posts to the Worker', async () => {
    const marketer = await createMarketer('Sana Qureshi')
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 }, baseURL: baseURL() })
    await context.setExtraHTTPHeaders({ 'cf-connecting-ip': width === 360 ? '198.18.6.36' : '198.18.6.128' })
    const page = await context.newPage()
    await page.goto(`/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}`)
    expect(await page.getByRole('heading', { name: product.ProductName }).isVisible()).toBe(true)
    expect(await page.locator('main').innerText()).toContain('₹349')
    await screenshot(page, 'buy-no-script')
    await page.getByLabel('Name').fill('Kiran Rao')
    await page.getByLabel('Phone').fill('98765')
    await page.getByRole('button', { name: 'Buy Now' }).click()
    await page.waitForLoadState()
    expect(await toastTexts(page)).toContainEqual(expect.stringContaining('Mobile number should be exactly 10 digits'))
    expect(await page.getByLabel('Name').inputValue()).toBe('Kiran Rao')
    const phone = `97${width}${String(Date.now()).slice(-5)}`.slice(0, 10)
    await page.getByLabel('Phone').fill(phone)
    await page.getByRole('button', { name: 'Buy Now' }).click()
    await page.waitForLoadState()
    expect(await page.getByRole('heading', { name: 'Thank You!' }).isVisible()).toBe(true)
    const leads = await vendorLeads(vendor)
    expect(leads).toContainEqual(expect.objectContaining({ ClientName: 'Kiran Rao', ClientPhone: phone, MarketerID: marketer.marketer.MarketerID }))
    await context.close()
  })

  it('keeps what a buyer typed before the script arrived, and sends it', async () => {
    const marketer = await createMarketer('Dev Patel')
    const { page, problems } = await openAsPerson(browser, width, width === 360 ? '198.18.7.36' : '198.18.7.128')
    let release = () => {}
    const scriptHeld = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/buy-*.js', async (route) => {
      await scriptHeld
      await route.continue()
    })
    await page.goto(`/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}`, {
      waitUntil: 'commit',
    })
    await page.getByLabel('Name').fill('Meera Pillai')
    const phone = `96${width}${String(Date.now()).slice(-5)}`.slice(0, 10)
    await page.getByLabel('Phone').fill(phone)
    release()
    await page.waitForLoadState('load')
    expect(await page.getByLabel('Name').inputValue()).toBe('Meera Pillai')
    await submit(page)
    await expect.poll(() => page.getByRole('heading', { name: 'Thank You!' }).isVisible()).toBe(true)
    const leads = await vendorLeads(vendor)
    expect(leads).toContainEqual(expect.objectContaining({ ClientName: 'Meera Pillai', ClientPhone: phone }))
    expect(problems).toEqual([])
  })

  it('moves nothing on the page while it loads and hydrates (no layout shift)', async () => {
    const marketer = await createMarketer('Arjun Das')
    const { page } = await openAsPerson(browser, width, '198.18.8.1')
    const shift = await watchLayoutShift(page)
    await page.goto(`/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}`)
    await page.waitForLoadState('networkidle')
    await expect.poll(() => page.evaluate(() => (document.querySelector('main img') as HTMLImageElement | null)?.complete)).toBe(true)
    expect(await shift()).toBe(0)
  })
})

describe('buy page HTML', () => {
  it("answers the product's name, price and form in its first response, before any script runs", async () => {
    const marketer = await createMarketer('Rohan Kapoor')
    const res = await fetch(
      `${baseURL()}/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}`,
    )
    expect(res.status).toBe(200)
    const html = await res.text()
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
    expect(main).toContain('Assam Masala Chai – 250 g')
    expect(main).toContain('₹349')
    expect(main).toMatch(/<form[^>]*method="post"/)
    expect(main).toContain('Buy Now')
    // The built entry: its own script and stylesheet, no app shell.
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/buy-[\w-]+\.js">/)
    expect(html).not.toContain('/assets/app-')
  })

  it('comes with its own small stylesheet inline, with a style for every class its markup uses', async () => {
    const marketer = await createMarketer('Kavya Rao')
    const links = [
      `/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.marketer.MarketerID}`,
      `/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}`,
    ]
    for (const link of links) {
      const res = await fetch(`${baseURL()}${link}`)
      const html = await res.text()
      // The stylesheet comes inline, allowed by its hash and by nothing else.
      const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
      expect(css.length).toBeGreaterThan(1000)
      expect(html).not.toContain('<link rel="stylesheet"')
      const digest = createHash('sha256').update(css).digest('base64')
      expect(res.headers.get('content-security-policy')).toContain(`style-src 'self' 'sha256-${digest}';`)
      const classes = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/).filter(Boolean)))
      // Tailwind writes `sm:px-6` as `.sm\:px-6`: every character but letters, digits, - and _ escaped.
      const missing = [...classes].filter((name) => !css.includes(`.${name.replace(/[^a-zA-Z0-9_-]/g, '\\$&')}`))
      expect(missing).toEqual([])
    }
  })
})
