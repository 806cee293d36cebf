import type { MarketerLoginData, VendorLoginData } from '../../worker/contract/auth'
import type { Envelope } from '../../worker/contract/envelope'
import { readLocalMails } from '../../scripts/lib/local-mail'
import { baseURL } from './browser'

// Node-side calls to the running Worker, for arranging test data the way a real client would.

let seq = 0
// The process id too: two files run at once (decision 270), and both read the one folder of kept mails.
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${process.pid.toString(36)}-${(seq++).toString(36)}@example.in`
export const PASSWORD = 'e2e-pass-123'

export async function api<T>(method: string, path: string, options: { json?: unknown; token?: string; form?: FormData } = {}) {
  const headers: Record<string, string> = {}
  if (options.token) headers.authorization = `Bearer ${options.token}`
  let body: BodyInit | undefined
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.json)
  } else if (options.form) body = options.form
  const res = await fetch(`${baseURL()}/api/${path}`, { method, headers, body })
  return { status: res.status, body: (await res.json()) as Envelope<T> }
}

export async function createVendor(name = 'Handloom Haus') {
  const email = uniqueEmail('vendor')
  await api('POST', 'vendors/register', { json: { VendorName: name, MobileNumber: '9876543210', Email: email, Password: PASSWORD } })
  const login = await api<VendorLoginData>('POST', 'vendors/login', { json: { Email: email, Password: PASSWORD } })
  if (login.status !== 200) throw new Error(`vendor login failed: ${login.body.message}`)
  return { ...login.body.data, email }
}

export async function createMarketer(name = 'Riya Sharma') {
  const email = uniqueEmail('creator')
  await api('POST', 'marketers/register', { json: { MarketerName: name, MobileNumber: '9123456780', Email: email, Password: PASSWORD } })
  const login = await api<MarketerLoginData>('POST', 'marketers/login', { json: { Email: email, Password: PASSWORD } })
  if (login.status !== 200) throw new Error(`marketer login failed: ${login.body.message}`)
  return { ...login.body.data, email }
}

/** localStorage entries of a signed-in vendor, as the sign-in page stores them. */
export const vendorStorage = (data: VendorLoginData) => ({
  token: data.token,
  isLoggedIn: 'true',
  vendorData: JSON.stringify(data.vendor),
})

export const marketerStorage = (data: MarketerLoginData) => ({
  token: data.token,
  isLoggedIn: 'true',
  marketerData: JSON.stringify(data.marketer),
  marketerID: String(data.marketer.MarketerID),
})

/** The verification link sign-up mailed to `email`, as the local runtime kept it (`npm run mail`). */
export async function verificationLink(email: string, kind: 'vendor' | 'influencer'): Promise<string> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const mail = (await readLocalMails()).find((m) => m.to === email && m.subject === 'Verify your Collabkart email address')
    const link = mail?.links.find((l) => l.includes(`/verify-email/${kind}?token=`))
    if (link) return link
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Verifies the account's address with the mailed link, as its owner would (for journeys that move money). */
export async function verifyFromMail(email: string, kind: 'vendor' | 'influencer'): Promise<void> {
  const token = new URL(await verificationLink(email, kind)).searchParams.get('token')
  const res = await api('POST', `${kind === 'vendor' ? 'vendors' : 'marketers'}/email/verify`, { json: { Token: token } })
  if (res.status !== 200) throw new Error(`verify ${email} failed: ${res.status} ${res.body.message}`)
}
