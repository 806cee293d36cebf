import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { LeadDTO } from '../../worker/contract/lead'
import type { ProductDTO } from '../../worker/contract/product'
import { api } from './api'
import type { Browser, Locator, Page } from 'playwright-core'
import { baseURL, openPage, toastTexts } from './browser'

// Arranging dashboard data through the public API, as the app itself would write it.

const ASSETS = path.join(import.meta.dirname, '..', '..', 'scripts', 'seed-assets')
/** Real JPEGs (the server decides the type from the bytes). */
export const IMAGES = [
  'preview-fashion-1.jpg',
  'preview-fashion-2.jpg',
  'preview-food-1.jpg',
  'preview-beauty-1.jpg',
  'preview-fitness-1.jpg',
  'preview-gaming-1.jpg',
  'preview-food-2.jpg',
].map((name) => path.join(ASSETS, name))

export const jpeg = (file: string) => new Blob([readFileSync(file)], { type: 'image/jpeg' })

let skuSeq = 0

export async function makeProduct(vendor: { token: string; vendor: { VendorID: number } }, fields: Record<string, string> = {}) {
  const form = new FormData()
  const values = {
    VendorID: String(vendor.vendor.VendorID),
    ProductName: 'Indigo block-print cotton kurta',
    Description: 'Hand block printed in Jaipur.',
    Price: '1499',
    CommissionType: 'Fixed',
    CommissionValue: '150',
    Category: 'Clothing',
    SKU: `E2E-${Date.now().toString(36)}-${skuSeq++}`,
    product_link: '',
    ...fields,
  }
  for (const [key, value] of Object.entries(values)) form.set(key, value)
  form.append('images', jpeg(IMAGES[skuSeq % IMAGES.length]), 'kurta.jpg')
  const res = await api<ProductDTO>('POST', 'products', { form, token: vendor.token })
  if (res.status !== 201) throw new Error(`product create failed: ${res.status} ${res.body.message}`)
  return res.body.data
}

let leadSeq = 0

/** A buy-form submission through the marketer's link; each from its own client address and phone. */
export async function makeLead(product: ProductDTO, marketerId: number, client = 'Asha Verma') {
  const n = leadSeq++
  const res = await fetch(`${baseURL()}/api/leads/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': `198.51.100.${(n % 250) + 1}` },
    body: JSON.stringify({
      ProductID: product.ProductID,
      VendorID: product.VendorID,
      MarketerID: marketerId,
      ClientName: client,
      ClientEmail: `asha.${n}@gmail.com`,
      ClientPhone: `97${String(Date.now() % 1e6).padStart(6, '0')}${String(n % 100).padStart(2, '0')}`,
    }),
  })
  if (!res.ok) throw new Error(`lead create failed: ${res.status} ${await res.text()}`)
}

export async function vendorLeads(vendor: { token: string; vendor: { VendorID: number } }) {
  return (await api<LeadDTO[]>('GET', `leads/leadsbyvendorid/${vendor.vendor.VendorID}`, { token: vendor.token })).body.data
}

/** The newest toast's text ('' when none is shown). */
export const lastToast = async (page: Page) => (await toastTexts(page)).at(-1) ?? ''

/** Whether the element lies inside the viewport's width as the page first shows it (no sideways scrolling needed). */
export const withinViewportWidth = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect()
    return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth
  })

/** Opens `path` at 360 px with the given stored login and waits for the route guard to send it to /signin. */
export async function expectSignInRedirect(browser: Browser, storage: Record<string, string>, path: string) {
  const { page } = await openPage(browser, 360, storage)
  await page.goto(path)
  await page.waitForURL('**/signin')
  await page.context().close()
}
