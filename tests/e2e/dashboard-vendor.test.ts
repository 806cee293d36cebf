import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductDTO } from '../../worker/contract/product'
import { api, createMarketer, createVendor, marketerStorage, vendorStorage } from './api'
import { launchBrowser, openPage, screenshot, toastTexts, WIDTHS } from './browser'
import { tag } from './public-fixtures'
import { expectSignInRedirect, IMAGES, lastToast, makeLead, makeProduct, vendorLeads, withinViewportWidth } from './dashboard-fixtures'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const ownProducts = async (vendor: Awaited<ReturnType<typeof createVendor>>) =>
  (await api<ProductDTO[]>('GET', `products/getProductByVendor/${vendor.vendor.VendorID}`, { token: vendor.token })).body.data
const statValue = (page: Page, label: string) => page.locator(`[data-stat="${label}"] [data-stat-value]`).innerText()

describe.each(WIDTHS)('vendor dashboard at %i px', (width) => {
  it('shows every create-form message in order, then creates a product from two image batches with one preview removed', async () => {
    const vendor = await createVendor()
    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=products')
    await expect.poll(() => page.getByText('No products yet').isVisible()).toBe(true)
    await screenshot(page, 'vendor-products-empty')
    await page.getByRole('button', { name: 'Add Product' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Create New Product' })
    const submit = () => dialog.page().getByRole('button', { name: 'Create Product' }).click()
    const expectToast = async (message: string) => {
      await submit()
      await expect.poll(() => lastToast(page)).toContain(message)
    }

    await expectToast('Please Enter Product Name')
    await dialog.getByLabel('Product Name').fill('Indigo block-print cotton kurta with mirror work detail')
    await expectToast('Please enter Price')
    await dialog.getByLabel('Price (₹)').fill('1499')
    await expectToast('Please enter Commission Type')
    await dialog.getByLabel('Commission Type').selectOption('Fixed')
    await expectToast('Please enter Commission Value')
    await dialog.getByLabel('Commission Value (₹)').fill('1500')
    await expectToast('Commission should not be greater than the price!')
    await dialog.getByLabel('Commission Type').selectOption('Percentage')
    await dialog.getByLabel('Commission Value (%)').fill('100')
    await expectToast('Percentage should not be greater than the price!')
    await dialog.getByLabel('Commission Value (%)').fill('10')
    await expectToast('Please enter SKU')
    await dialog.getByLabel('SKU').fill(`KURTA-${width}`)
    await expectToast('Please enter Description')
    await dialog.getByLabel('Description').fill('Hand block printed in Jaipur on soft cotton.')
    await expectToast('Please select a Category')
    await dialog.getByLabel('Category').selectOption('Clothing')
    await expectToast('Please select at least one image')

    // Two batches: 2 + 4 = 6 images, one too many; removing one preview makes it valid.
    await dialog.getByLabel('Add images').setInputFiles(IMAGES.slice(0, 2))
    await dialog.getByLabel('Add images').setInputFiles(IMAGES.slice(2, 6))
    await expect.poll(() => dialog.getByRole('img', { name: /^Preview of / }).count()).toBe(6)
    await expectToast('You can upload up to 5 images only')
    await screenshot(page, 'vendor-create-product')
    await dialog
      .getByRole('button', { name: /^Remove / })
      .nth(1)
      .click()
    await expect.poll(() => dialog.getByRole('img', { name: /^Preview of / }).count()).toBe(5)
    await submit()

    await expect.poll(() => lastToast(page)).toContain('Product created successfully')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    const row = page.locator('[data-product-row]').first()
    await expect.poll(() => row.innerText()).toContain('Indigo block-print cotton kurta with mirror...')
    const text = await row.innerText()
    expect(text).toContain('₹1,499')
    expect(text).toContain('10%')
    expect(text).toContain('₹149.90')
    expect(text).toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4}/)
    const [saved] = await ownProducts(vendor)
    expect(saved.ImageURL.split(',')).toHaveLength(5)
    // The form starts empty the next time.
    await page.getByRole('button', { name: 'Add Product' }).first().click()
    expect(await dialog.getByLabel('Product Name').inputValue()).toBe('')
    expect(problems).toEqual([])
  })

  it("says 'Error: ' once before a refused product's message (the spec's prefix, not the reader's label again)", async () => {
    const vendor = await createVendor()
    await makeProduct(vendor, { SKU: `DUP-${width}` })
    const { page } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=products')
    await page.getByRole('button', { name: 'Add Product' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Create New Product' })
    await dialog.getByLabel('Product Name').fill('Second kurta')
    await dialog.getByLabel('Price (₹)').fill('999')
    await dialog.getByLabel('Commission Type').selectOption('Fixed')
    await dialog.getByLabel('Commission Value (₹)').fill('50')
    await dialog.getByLabel('SKU').fill(`DUP-${width}`)
    await dialog.getByLabel('Description').fill('Same SKU as the first.')
    await dialog.getByLabel('Category').selectOption('Clothing')
    await dialog.getByLabel('Add images').setInputFiles(IMAGES.slice(0, 1))
    await page.getByRole('button', { name: 'Create Product' }).click()
    // The toast's text as a screen reader reads it, the visually hidden label included.
    await expect.poll(() => toastTexts(page)).toEqual(['Error: You already have a product with this SKU'])
    expect(await page.locator('[data-toast-type="error"]').textContent()).toBe('Error: You already have a product with this SKU')
  })

  it('edits a product and its images, switches it off and deletes it after confirming', async () => {
    const vendor = await createVendor()
    await makeProduct(vendor, { ProductName: 'Masala chai gift box', SKU: `CHAI-${width}` })
    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=products')
    // Every row action is on screen at this width, without scrolling the table sideways.
    for (const name of [/^Active: switch Masala/, 'Edit Masala chai gift box', 'Delete Masala chai gift box']) {
      await expect.poll(() => withinViewportWidth(page.getByRole('button', { name }))).toBe(true)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.getByRole('button', { name: 'Edit Masala chai gift box' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Product' })
    expect(await dialog.getByLabel('Product Name').inputValue()).toBe('Masala chai gift box')
    expect(await dialog.getByLabel('Price (₹)').inputValue()).toBe('1499')
    await dialog.getByLabel('Product Name').fill('Assam masala chai gift box')
    await dialog.getByLabel('Price (₹)').fill('')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect.poll(() => lastToast(page)).toContain('Please enter Price')
    await dialog.getByLabel('Price (₹)').fill('999')
    // Replace the only image: add a new one, remove the old one.
    await dialog.getByLabel('Add images').setInputFiles(IMAGES.slice(3, 5))
    await dialog.getByRole('button', { name: 'Remove current image 1' }).click()
    await screenshot(page, 'vendor-edit-product')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect.poll(() => lastToast(page)).toContain('Product updated successfully')
    await expect.poll(() => page.locator('[data-product-row]').first().innerText()).toContain('Assam masala chai gift box')
    const [edited] = await ownProducts(vendor)
    expect(edited.Price).toBe('999.00')
    expect(edited.ImageURL.split(',')).toHaveLength(2)

    await page.getByRole('button', { name: /^Active: switch Assam/ }).click()
    await expect.poll(() => page.getByRole('button', { name: /^Inactive: switch Assam/ }).isVisible()).toBe(true)
    expect((await ownProducts(vendor))[0].IsActive).toBe(false)

    await page.getByRole('button', { name: 'Delete Assam masala chai gift box' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete product?' })
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    expect(await ownProducts(vendor)).toHaveLength(1)
    await page.getByRole('button', { name: 'Delete Assam masala chai gift box' }).click()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => lastToast(page)).toContain('Product deleted successfully')
    await expect.poll(() => page.getByText('No products yet').isVisible()).toBe(true)
    expect(await ownProducts(vendor)).toHaveLength(0)
    expect(problems).toEqual([])
  })

  it('pages through eleven products ten at a time, newest first', async () => {
    const vendor = await createVendor()
    for (let i = 1; i <= 11; i++) await makeProduct(vendor, { ProductName: `Handloom saree number ${i}` })
    const { page } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=products')
    await expect.poll(() => page.getByText('Showing 1-10 of 11').isVisible()).toBe(true)
    expect(await page.locator('[data-product-row]').count()).toBe(10)
    expect(await page.locator('[data-product-row]').first().innerText()).toContain('Handloom saree number 11')
    await screenshot(page, 'vendor-products')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect.poll(() => page.getByText('Showing 11-11 of 11').isVisible()).toBe(true)
    expect(await page.locator('[data-product-row]').innerText()).toContain('Handloom saree number 1')
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Page 1' }).click()
    await expect.poll(() => page.getByText('Showing 1-10 of 11').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Page 2' }).click()
    await page.getByRole('button', { name: 'Previous' }).click()
    await expect.poll(() => page.getByText('Showing 1-10 of 11').isVisible()).toBe(true)
  })

  it('converts a lead from its status dropdown and the dashboard cards follow', async () => {
    const vendor = await createVendor()
    const marketer = await createMarketer('Ananya Iyer')
    const product = await makeProduct(vendor, { ProductName: 'Kanjeevaram silk saree', Price: '12499', CommissionType: 'Percentage', CommissionValue: '8' })
    await makeLead(product, marketer.marketer.MarketerID, 'Asha Verma')
    await makeLead(product, marketer.marketer.MarketerID, 'Karan Mehta')
    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor')
    await expect.poll(() => page.getByRole('heading', { name: 'Vendor Dashboard' }).isVisible()).toBe(true)
    expect(await page.getByText('Welcome back').innerText()).toContain(vendor.vendor.VendorName)
    await expect.poll(() => statValue(page, 'Total Leads Generated')).toBe('2')
    expect(await statValue(page, 'Total Leads Converted')).toBe('0')
    expect(await statValue(page, 'Total Revenue Value')).toBe('₹0')
    expect(await statValue(page, 'Total Products')).toBe('1')
    await expect.poll(() => page.locator('canvas').count()).toBeGreaterThan(0)
    // Leads and conversions have their own axis, not the impressions' one.
    expect(await page.locator('.u-axis').count()).toBe(3)
    await screenshot(page, 'vendor-dashboard')

    await page.getByRole('tab', { name: 'Leads' }).click()
    await page.waitForURL('**/vendor?tab=leads')
    const select = page.getByLabel("Status of Karan Mehta's lead")
    expect(await select.inputValue()).toBe('Pending')
    expect(await withinViewportWidth(select)).toBe(true)
    expect(await page.locator('[data-lead-row]').first().innerText()).toContain('Ananya Iyer')
    await screenshot(page, 'vendor-leads')
    const listCalls: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/leads/leadsbyvendorid/')) listCalls.push(r.url())
    })
    await select.selectOption('Converted')
    await expect.poll(() => lastToast(page)).toContain('Lead status updated')
    await expect.poll(() => select.getAttribute('class')).toContain('emerald')
    // The row changed where it stands: the list was not asked for again.
    expect(listCalls).toEqual([])

    // The server filters: by status, then by the buyer's name (typed, then asked once typing pauses).
    await page.getByLabel('Status', { exact: true }).selectOption('Pending')
    await expect.poll(() => page.locator('[data-lead-row]').allInnerTexts()).toEqual([expect.stringContaining('Asha Verma')])
    expect(listCalls.at(-1)).toContain('status=Pending')
    await page.getByLabel('Status', { exact: true }).selectOption('')
    await page.getByLabel('Search buyers').fill('karan')
    await expect.poll(() => page.locator('[data-lead-row]').allInnerTexts()).toEqual([expect.stringContaining('Karan Mehta')])
    expect(listCalls.at(-1)).toContain('q=karan')
    await page.getByLabel('Search buyers').fill('nobody-like-this')
    await expect.poll(() => page.getByText('No leads match these filters').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect.poll(() => page.locator('[data-lead-row]').count()).toBe(2)
    expect((await vendorLeads(vendor)).map((l) => l.Status).sort()).toEqual(['Converted', 'Pending'])

    // The tab survives a reload.
    await page.reload()
    await expect.poll(() => page.getByRole('tab', { name: 'Leads', selected: true }).isVisible()).toBe(true)
    await page.getByRole('tab', { name: 'Dashboard' }).click()
    await expect.poll(() => statValue(page, 'Total Leads Converted')).toBe('1')
    expect(await statValue(page, 'Total Revenue Value')).toBe('₹12,499')
    expect(await statValue(page, 'Total Pending Leads')).toBe('₹1')
    expect(problems).toEqual([])
  })

  it('filters the leads by one product and by one influencer, picked from what the server finds as the vendor types', async () => {
    const vendor = await createVendor()
    const word = tag('pick')
    const first = await createMarketer(`Tanvi ${word}`)
    const second = await createMarketer(`Rohit ${word}`)
    const saree = await makeProduct(vendor, { ProductName: `Ikat saree ${word}` })
    const dupatta = await makeProduct(vendor, { ProductName: `Bandhani dupatta ${word}` })
    await makeLead(saree, first.marketer.MarketerID, 'Asha Verma')
    await makeLead(dupatta, first.marketer.MarketerID, 'Bala Krishnan')
    await makeLead(saree, second.marketer.MarketerID, 'Chitra Rao')
    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=leads')
    const rows = () => page.locator('[data-lead-row]').allInnerTexts()
    await expect.poll(async () => (await rows()).length).toBe(3)
    const listCalls: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/leads/leadsbyvendorid/')) listCalls.push(r.url())
    })

    await page.getByRole('combobox', { name: 'Product' }).fill('Bandhani')
    await page.getByRole('option', { name: new RegExp(`Bandhani dupatta ${word}`) }).click()
    await expect.poll(rows).toEqual([expect.stringContaining('Bala Krishnan')])
    expect(listCalls.at(-1)).toContain(`productId=${dupatta.ProductID}`)
    await screenshot(page, 'vendor-leads-picked')
    await page.getByRole('button', { name: 'Remove the product filter' }).click()
    await expect.poll(async () => (await rows()).length).toBe(3)

    await page.getByRole('combobox', { name: 'Influencer' }).fill(`Rohit ${word}`)
    await page.getByRole('option', { name: `Rohit ${word}` }).click()
    await expect.poll(rows).toEqual([expect.stringContaining('Chitra Rao')])
    expect(listCalls.at(-1)).toContain(`marketerId=${second.marketer.MarketerID}`)
    // Both at once: that influencer's leads for that product.
    await page.getByRole('combobox', { name: 'Product' }).fill('Bandhani')
    await page.getByRole('option', { name: new RegExp(`Bandhani dupatta ${word}`) }).click()
    await expect.poll(() => page.getByText('No leads match these filters').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect.poll(async () => (await rows()).length).toBe(3)
    expect(await page.getByRole('combobox', { name: 'Influencer' }).inputValue()).toBe('')
    expect(await withinViewportWidth(page.getByRole('combobox', { name: 'Product' }))).toBe(true)
    expect(problems).toEqual([])
  })

  it('updates the profile with the spec messages and changes the picture', async () => {
    const vendor = await createVendor('Chai & Co.')
    const { page, problems } = await openPage(browser, width, vendorStorage(vendor))
    await page.goto('/vendor?tab=profile')
    await expect.poll(() => page.getByRole('heading', { name: 'Chai & Co.' }).isVisible()).toBe(true)
    await expect.poll(() => page.locator('[data-count="Total Product"] dd').innerText()).toBe('0')
    await screenshot(page, 'vendor-profile')
    await page.getByRole('button', { name: 'Update' }).click()
    const dialog = page.getByRole('dialog', { name: 'Update Profile' })
    const save = async (message: string) => {
      await dialog.page().getByRole('button', { name: 'Save', exact: true }).click()
      await expect.poll(() => lastToast(page)).toContain(message)
    }
    await dialog.getByLabel('Name').fill('x'.repeat(51))
    await save('Name should be less than 50 characters.')
    await dialog.getByLabel('Name').fill('Chai and Company')
    await dialog.getByLabel('Mobile').fill('98765')
    await save('Mobile number should be exactly 10 digits.')
    await dialog.getByLabel('Mobile').fill('9811122233')
    await dialog.getByLabel('Email').fill('owner@chai')
    await save('Invalid email format.')
    await dialog.getByLabel('Email').fill(vendor.email)
    await screenshot(page, 'vendor-update-profile')
    await save('Profile updated successfully')
    await expect.poll(() => page.getByRole('heading', { name: 'Chai and Company' }).isVisible()).toBe(true)
    expect(await page.getByText('Welcome back').innerText()).toContain('Chai and Company')
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('vendorData'))) ?? '{}')).toMatchObject({
      VendorName: 'Chai and Company',
      MobileNumber: '9811122233',
    })

    await page.getByLabel('Profile picture').setInputFiles(IMAGES[0])
    await expect.poll(() => lastToast(page)).toMatch(/success/i)
    await expect.poll(() => page.getByRole('img', { name: "Chai and Company's profile picture" }).getAttribute('src')).toMatch(/^\/media\/vendors\//)
    expect(problems).toEqual([])
  })
})

describe('vendor dashboard access', () => {
  it('sends an influencer, and a visitor, who open /vendor to /signin', async () => {
    await expectSignInRedirect(browser, marketerStorage(await createMarketer()), '/vendor')
    await expectSignInRedirect(browser, {}, '/vendor?tab=products')
  })
})
