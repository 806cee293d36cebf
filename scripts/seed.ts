// Demo marketplace for `npm start`, created through the public API so the data is exactly what the
// app itself would write. Safe to run again: every step first looks at what is already there, so a
// run cut short is completed by the next one.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Envelope } from '../worker/contract/envelope.ts'
import { INFLUENCERS, LEADS, PRODUCTS, type SeedInfluencer, type SeedProduct, VENDORS } from './seed-data.ts'
import { npxBin, ROOT, run } from './lib/worker.ts'

export const DEMO_PASSWORD = 'Demo@1234'

const ASSETS = path.join(ROOT, 'scripts', 'seed-assets')

type Account = { id: number; token: string }
type ProductRow = { ProductID: number; SKU: string; VendorID: number; IsActive: boolean }
type LeadRow = { LeadID: number; Status: string }

class Api {
  private readonly base: string
  constructor(base: string) {
    this.base = base
  }

  async send<T>(method: string, route: string, init: { json?: unknown; form?: FormData; token?: string; headers?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers)
    if (init.token) headers.set('authorization', `Bearer ${init.token}`)
    let body: BodyInit | undefined
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    } else if (init.form) body = init.form
    const res = await fetch(`${this.base}/api${route}`, { method, headers, body })
    const envelope = (await res.json()) as Envelope<T>
    return { status: res.status, envelope }
  }

  /** Like send, but a failure stops the seed with the server's message. */
  async must<T>(method: string, route: string, init: Parameters<Api['send']>[2] = {}): Promise<T> {
    const { status, envelope } = await this.send<T>(method, route, init)
    if (status >= 400) throw new Error(`${method} ${route} answered ${status}: ${envelope.message}`)
    return envelope.data
  }
}

const asset = (file: string) => new Blob([readFileSync(path.join(ASSETS, file))], { type: 'image/jpeg' })
const dataUrl = (file: string) => `data:image/jpeg;base64,${readFileSync(path.join(ASSETS, file)).toString('base64')}`

async function account(api: Api, role: 'vendors' | 'marketers', registration: Record<string, string>): Promise<Account & { fresh: boolean }> {
  const reg = await api.send('POST', `/${role}/register`, { json: { ...registration, Password: DEMO_PASSWORD } })
  if (reg.status >= 400 && reg.status !== 409) throw new Error(`register ${registration.Email}: ${reg.envelope.message}`)
  const login = await api.must<{ token: string; vendor?: { VendorID: number }; marketer?: { MarketerID: number } }>(
    'POST',
    `/${role}/login`,
    { json: { Email: registration.Email, Password: DEMO_PASSWORD } },
  )
  const id = login.vendor?.VendorID ?? login.marketer?.MarketerID
  if (!id) throw new Error(`login ${registration.Email} returned no id`)
  return { id, token: login.token, fresh: reg.status !== 409 }
}

async function seedProducts(api: Api, vendor: Account, products: SeedProduct[]): Promise<Map<string, ProductRow>> {
  const existing = await api.must<ProductRow[]>('GET', `/products/getProductByVendor/${vendor.id}`, { token: vendor.token })
  const bySku = new Map(existing.map((p) => [p.SKU, p]))
  for (const product of products) {
    if (bySku.has(product.SKU)) continue
    const form = new FormData()
    const fields = { ...product, VendorID: vendor.id }
    for (const key of ['VendorID', 'ProductName', 'Description', 'Price', 'CommissionType', 'CommissionValue', 'Category', 'SKU', 'product_link'] as const) {
      form.append(key, String(fields[key]))
    }
    for (const image of product.images) form.append('images', asset(image), image)
    const created = await api.must<ProductRow>('POST', '/products', { form, token: vendor.token })
    bySku.set(product.SKU, created)
  }
  for (const product of products) {
    const row = bySku.get(product.SKU)
    if (row && row.IsActive !== false && product.active === false) {
      await api.must('PUT', `/products/status/${row.ProductID}`, { token: vendor.token })
      row.IsActive = false
    }
  }
  return bySku
}

async function seedInfluencer(api: Api, influencer: SeedInfluencer): Promise<Account> {
  const { MarketerName, Email, MobileNumber } = influencer
  const marketer = await account(api, 'marketers', { MarketerName, Email, MobileNumber })
  const current = await api.must<{ MarketerProfilePic: string | null; PreviewImage1: string | null }>('GET', `/marketers/${marketer.id}`, {
    token: marketer.token,
  })
  if (!current.MarketerProfilePic) {
    const form = new FormData()
    form.append('MarketerID', String(marketer.id))
    form.append('MarketerProfilePic', asset(influencer.avatar), influencer.avatar)
    await api.must('POST', `/marketers/upload/marketer-profile/${marketer.id}`, { form, token: marketer.token })
  }
  if (!current.PreviewImage1) {
    const previews = Object.fromEntries(influencer.previews.map((file, i) => [`PreviewImage${i + 1}`, dataUrl(file)]))
    await api.must('PUT', `/marketers/social-media/${marketer.id}`, { json: { ...influencer.social, ...previews }, token: marketer.token })
  }
  return marketer
}

/** There is no admin API: verification is a back-office decision, made here straight in local D1. */
function markVerified(emails: string[], persistTo?: string): void {
  if (!emails.length) return
  const list = emails.map((e) => `'${e.replaceAll("'", "''")}'`).join(', ')
  const state = persistTo ? ['--persist-to', persistTo] : []
  run(npxBin('wrangler'), ['d1', 'execute', 'DB', '--local', ...state, '--command', `UPDATE marketers SET Verified = 1 WHERE lower(Email) IN (${list})`], {
    CI: '1',
  })
}

/** `persistTo`: the local state of the server being seeded, when it is not the default .wrangler/state. */
export async function seedDemoData(baseUrl: string, options: { persistTo?: string } = {}): Promise<void> {
  const api = new Api(baseUrl)
  console.log('Seeding demo data (skips what is already there)...')

  const vendors = new Map<string, Account>()
  const products = new Map<string, ProductRow>()
  for (const v of VENDORS) {
    const vendor = await account(api, 'vendors', { VendorName: v.VendorName, Email: v.Email, MobileNumber: v.MobileNumber })
    vendors.set(v.key, vendor)
    const profile = await api.must<{ VendorProfilePic: string | null }>('GET', `/vendors/${vendor.id}`, { token: vendor.token })
    if (!profile.VendorProfilePic) {
      const form = new FormData()
      form.append('VendorID', String(vendor.id))
      form.append('VendorProfilePic', asset(v.logo), v.logo)
      await api.must('POST', `/vendors/upload/vendor-profile/${vendor.id}`, { form, token: vendor.token })
    }
    const own = PRODUCTS.filter((p) => p.vendor === v.key)
    for (const [sku, row] of await seedProducts(api, vendor, own)) products.set(sku, row)
  }

  const influencers = new Map<string, Account>()
  for (const influencer of INFLUENCERS) influencers.set(influencer.key, await seedInfluencer(api, influencer))
  markVerified(INFLUENCERS.filter((i) => i.verified).map((i) => i.Email), options.persistTo)

  const vendorLeads = async (vendor: Account) =>
    api.must<(LeadRow & { ClientPhone: string })[]>('GET', `/leads/leadsbyvendorid/${vendor.id}`, { token: vendor.token })
  const knownPhones = new Set<string>()
  for (const vendor of vendors.values()) for (const row of await vendorLeads(vendor)) knownPhones.add(row.ClientPhone)

  for (const lead of LEADS) {
    // Leads are only created once: the public form is rate limited per IP, and re-runs must not add visits.
    if (knownPhones.has(lead.ClientPhone)) continue
    const product = products.get(lead.sku)
    const marketer = influencers.get(lead.influencer)
    if (!product || !marketer) throw new Error(`seed lead refers to unknown ${lead.sku} / ${lead.influencer}`)
    const query = `productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.id}`
    // A few visits per lead, from different browsers, so the dashboards show believable impressions.
    for (let visit = 0; visit < 4 + (product.ProductID % 5); visit++) {
      await api.send('POST', `/affiliate/track/impression?${query}`, {
        headers: { 'user-agent': `Mozilla/5.0 (Linux; Android 14; Demo ${lead.influencer} ${visit}) Chrome/130.0 Mobile Safari/537.36` },
      })
    }
    await api.must('POST', '/leads/create', {
      json: { ProductID: product.ProductID, VendorID: product.VendorID, MarketerID: marketer.id, ClientName: lead.ClientName, ClientEmail: lead.ClientEmail, ClientPhone: lead.ClientPhone },
    })
    const vendor = [...vendors.values()].find((v) => v.id === product.VendorID)
    if (!vendor) throw new Error(`no vendor for ${lead.sku}`)
    const created = (await vendorLeads(vendor)).find((row) => row.ClientPhone === lead.ClientPhone)
    if (created && lead.Status !== created.Status) {
      await api.must('PUT', `/leads/status/${created.LeadID}`, { json: { Status: lead.Status }, token: vendor.token })
    }
  }

  console.log(`Demo data ready: ${VENDORS.length} brands, ${PRODUCTS.length} products, ${INFLUENCERS.length} influencers, ${LEADS.length} leads.`)
}

// `node scripts/seed.ts http://127.0.0.1:8787` seeds a running server.
if (import.meta.url === `file://${process.argv[1]}`) {
  await seedDemoData(process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 8787}`)
}
