import { env } from 'cloudflare:workers'
import type { MarketerLoginData, VendorLoginData } from '../../worker/contract/auth'
import type { ProductDTO } from '../../worker/contract/product'
import { call } from './api'
import { imageFile, PNG } from './images'

let seq = 0
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`

export const PASSWORD = 'secret-pass-1'

export type SignedInVendor = VendorLoginData & { id: number; email: string }
export type SignedInMarketer = MarketerLoginData & { id: number; email: string }

/** Registers through the API and signs in with the same details, as the sign-up pages do. */
async function signUp<T>(kind: 'vendors' | 'marketers', payload: Record<string, unknown>): Promise<T> {
  const reg = await call('POST', `/api/${kind}/register`, { json: payload })
  if (reg.status !== 201) throw new Error(`${kind} register failed: ${reg.status} ${reg.body.message}`)
  const login = await call<T>('POST', `/api/${kind}/login`, { json: { Email: payload.Email, Password: payload.Password } })
  if (login.status !== 200) throw new Error(`${kind} login failed: ${login.status} ${login.body.message}`)
  return login.body.data
}

export async function makeVendor(overrides: Record<string, unknown> = {}): Promise<SignedInVendor> {
  const email = `vendor-${unique()}@example.in`
  const payload = { VendorName: 'Asha Textiles', MobileNumber: '9876543210', Email: email, Password: PASSWORD, ...overrides }
  const data = await signUp<VendorLoginData>('vendors', payload)
  return { ...data, id: data.vendor.VendorID, email: String(payload.Email) }
}

export async function makeMarketer(overrides: Record<string, unknown> = {}): Promise<SignedInMarketer> {
  const email = `creator-${unique()}@example.in`
  const payload = { MarketerName: 'Riya Sharma', MobileNumber: '9123456780', Email: email, Password: PASSWORD, ...overrides }
  const data = await signUp<MarketerLoginData>('marketers', payload)
  return { ...data, id: data.marketer.MarketerID, email: String(payload.Email) }
}

// ---------------------------------------------------------------------------------------------
// Catalogue and leads: products with real image bytes, leads through the public buy form.
// ---------------------------------------------------------------------------------------------

export const PRODUCT_FIELDS = {
  ProductName: 'Handwoven Cotton Kurta',
  Description: 'Indigo-dyed handloom cotton, relaxed fit.',
  Price: '1499',
  CommissionType: 'Fixed',
  CommissionValue: '150',
  Category: 'Clothing',
  SKU: 'KUR-01',
  product_link: 'https://example.in/kurta',
}

/** A multipart product form: text fields plus `images` files (tiny real PNGs unless given). */
export function productForm(fields: Record<string, string | undefined> = {}, images: File[] = [imageFile(PNG)]): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries({ ...PRODUCT_FIELDS, ...fields })) {
    if (value !== undefined) form.append(key, value)
  }
  for (const image of images) form.append('images', image)
  return form
}

export async function makeProduct(
  vendor: SignedInVendor,
  fields: Record<string, string | undefined> = {},
  images: File[] = [imageFile(PNG)],
): Promise<ProductDTO> {
  const form = productForm({ VendorID: String(vendor.id), SKU: `SKU-${unique()}`, ...fields }, images)
  const res = await call<ProductDTO>('POST', '/api/products', { form, token: vendor.token })
  if (res.status !== 201) throw new Error(`product create failed: ${res.status} ${res.body.message}`)
  return res.body.data
}

let ipSeq = 0
/** A fresh client address per call, so the 20-leads-an-hour limit never trips by accident. */
export const freshIp = () => `203.0.113.${(ipSeq++ % 250) + 1}`

let phoneSeq = 0
/** Distinct 10-digit phones, so factory leads are never taken for duplicates of each other. */
export const nextPhone = () => `98${String(phoneSeq++).padStart(8, '0')}`

/** The buy form as the shared link fills it; `overrides` may also break the ids on purpose. */
export function leadForm(product: ProductDTO, marketer: SignedInMarketer, overrides: Record<string, unknown> = {}) {
  return {
    ProductID: product.ProductID,
    VendorID: product.VendorID,
    MarketerID: marketer.id,
    ClientName: 'Kiran Rao',
    ClientEmail: 'kiran@example.in',
    ClientPhone: nextPhone(),
    ...overrides,
  }
}

export async function makeLead(
  product: ProductDTO,
  marketer: SignedInMarketer,
  overrides: Partial<Record<'ClientName' | 'ClientEmail' | 'ClientPhone', string>> = {},
): Promise<{ LeadID: number }> {
  const json = leadForm(product, marketer, overrides)
  const res = await call<{ LeadID: number }>('POST', '/api/leads/create', { json, headers: { 'cf-connecting-ip': freshIp() } })
  if (res.status !== 201 || !res.body.data) throw new Error(`lead create failed: ${res.status} ${res.body.message}`)
  return res.body.data
}

// ---------------------------------------------------------------------------------------------
// Back office: admins are never signed up; tests insert one as admin:create does.
// ---------------------------------------------------------------------------------------------

export type SignedInAdmin = { id: number; email: string; token: string }

export async function makeAdmin(): Promise<SignedInAdmin> {
  const { env } = await import('cloudflare:workers')
  const { hashPassword, passwordIterations } = await import('../../worker/domain/passwords')
  const email = `admin-${unique()}@collabkart.in`
  await env.DB.prepare('INSERT INTO admins (Name, Email, PasswordHash, createdAt) VALUES (?, ?, ?, ?)')
    .bind('Operator', email, await hashPassword(PASSWORD, passwordIterations(env)), new Date().toISOString())
    .run()
  const login = await call<{ token: string; admin: { AdminID: number } }>('POST', '/api/admin/login', { json: { Email: email, Password: PASSWORD } })
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.body.message}`)
  return { id: login.body.data.admin.AdminID, email, token: login.body.data.token }
}

/**
 * Stamps an account's address verified, as its mailed link would (tests/worker/email-verification
 * covers the link itself): for tests where verification is beside the point of a money action.
 */
export async function markEmailVerified(role: 'vendor' | 'marketer', id: number): Promise<void> {
  const sql = role === 'vendor' ? 'UPDATE vendors SET emailVerifiedAt = ? WHERE VendorID = ?' : 'UPDATE marketers SET emailVerifiedAt = ? WHERE MarketerID = ?'
  await env.DB.prepare(sql).bind(new Date().toISOString(), id).run()
}

/** A signed-in vendor whose address is verified: the money routes' tests start here. */
export async function makeVerifiedVendor(overrides: Record<string, unknown> = {}): Promise<SignedInVendor> {
  const vendor = await makeVendor(overrides)
  await markEmailVerified('vendor', vendor.id)
  return vendor
}

/** A signed-in influencer whose address is verified: the money routes' tests start here. */
export async function makeVerifiedMarketer(overrides: Record<string, unknown> = {}): Promise<SignedInMarketer> {
  const marketer = await makeMarketer(overrides)
  await markEmailVerified('marketer', marketer.id)
  return marketer
}
