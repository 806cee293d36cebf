import type { MarketerLoginData, VendorLoginData } from '../../worker/contract/auth'
import { call } from './api'

let seq = 0
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`

export const PASSWORD = 'secret-pass-1'

export type SignedInVendor = VendorLoginData & { id: number; email: string }
export type SignedInMarketer = MarketerLoginData & { id: number; email: string }

export async function makeVendor(overrides: Record<string, unknown> = {}): Promise<SignedInVendor> {
  const email = `vendor-${unique()}@example.in`
  const payload = { VendorName: 'Asha Textiles', MobileNumber: '9876543210', Email: email, Password: PASSWORD, ...overrides }
  const reg = await call('POST', '/api/vendors/register', { json: payload })
  if (reg.status !== 201) throw new Error(`vendor register failed: ${reg.status} ${reg.body.message}`)
  const login = await call<VendorLoginData>('POST', '/api/vendors/login', {
    json: { Email: payload.Email, Password: payload.Password },
  })
  if (login.status !== 200) throw new Error(`vendor login failed: ${login.status} ${login.body.message}`)
  return { ...login.body.data, id: login.body.data.vendor.VendorID, email: String(payload.Email) }
}

export async function makeMarketer(overrides: Record<string, unknown> = {}): Promise<SignedInMarketer> {
  const email = `creator-${unique()}@example.in`
  const payload = { MarketerName: 'Riya Sharma', MobileNumber: '9123456780', Email: email, Password: PASSWORD, ...overrides }
  const reg = await call('POST', '/api/marketers/register', { json: payload })
  if (reg.status !== 201) throw new Error(`marketer register failed: ${reg.status} ${reg.body.message}`)
  const login = await call<MarketerLoginData>('POST', '/api/marketers/login', {
    json: { Email: payload.Email, Password: payload.Password },
  })
  if (login.status !== 200) throw new Error(`marketer login failed: ${login.status} ${login.body.message}`)
  return { ...login.body.data, id: login.body.data.marketer.MarketerID, email: String(payload.Email) }
}
