import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { RESET_MESSAGES } from '../../worker/contract/password-reset'
import { PASSWORD_TOO_COMMON } from '../../worker/contract/fields'
import { sha256Hex } from '../../worker/domain/secrets'
import { call } from '../helpers/api'
import { freshIp, makeAdmin, makeMarketer, makeVendor } from '../helpers/factories'
import { makeApiKey } from '../helpers/api-keys'
import { callWith, linkIn, recordingQueue } from '../helpers/mail'

const PUBLIC = 'https://collabkart.example'

type Kind = { role: 'vendor' | 'marketer' | 'admin'; api: string; web: string; make: () => Promise<{ email: string; token: string }>; login: string }

const KINDS: Kind[] = [
  { role: 'vendor', api: '/api/vendors/password', web: 'vendor', make: makeVendor, login: '/api/vendors/login' },
  { role: 'marketer', api: '/api/marketers/password', web: 'influencer', make: makeMarketer, login: '/api/marketers/login' },
  { role: 'admin', api: '/api/admin/password', web: 'admin', make: makeAdmin, login: '/api/admin/login' },
]

async function forgot(kind: Kind, email: string, ip = freshIp()) {
  const mails = recordingQueue()
  const res = await callWith({ MAIL_QUEUE: mails.queue, PUBLIC_ORIGIN: PUBLIC }, 'POST', `${kind.api}/forgot`, { Email: email }, { 'cf-connecting-ip': ip })
  return { ...res, mails: mails.sent }
}

async function resetRows(role: string) {
  return (await env.DB.prepare('SELECT * FROM password_resets WHERE role = ? ORDER BY ResetID').bind(role).all<Record<string, string | number | null>>())
    .results
}

describe.each(KINDS)('password reset for a $role', (kind) => {
  it('answers the same for a known and an unknown address, and mails a 30-minute link only to the known one', async () => {
    const account = await kind.make()
    const known = await forgot(kind, account.email)
    const unknown = await forgot(kind, `nobody-${Date.now()}@example.com`)
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual(known.body)
    expect(known.body.message).toBe(RESET_MESSAGES.sent)
    expect(unknown.mails).toHaveLength(0)
    expect(known.mails).toHaveLength(1)
    const [mail] = known.mails
    expect(mail.message.to).toBe(account.email)
    const link = linkIn(mail, `${PUBLIC}/reset-password/${kind.web}?token=`)
    const token = new URL(link).searchParams.get('token') ?? ''
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Only the token's SHA-256 is stored, valid for 30 minutes.
    const [row] = (await resetRows(kind.role)).slice(-1)
    expect(row.tokenHash).toBe(await sha256Hex(token))
    expect(JSON.stringify(await resetRows(kind.role))).not.toContain(token)
    const minutes = (Date.parse(String(row.expiresAt)) - Date.parse(String(row.createdAt))) / 60_000
    expect(minutes).toBeCloseTo(30, 0)
  })

  it('sets the new password once, ends every older session and mails a notice', async () => {
    const account = await kind.make()
    const { mails } = await forgot(kind, account.email)
    const token = new URL(linkIn(mails[0], PUBLIC)).searchParams.get('token')
    const notices = recordingQueue()
    const reset = await callWith({ MAIL_QUEUE: notices.queue, PUBLIC_ORIGIN: PUBLIC }, 'POST', `${kind.api}/reset`, { Token: token, Password: 'brand-new-9' })
    expect(reset.status).toBe(200)
    expect(reset.body.message).toBe(RESET_MESSAGES.done)
    expect(notices.sent.map((m) => m.message.subject)).toEqual(['Your Collabkart password was changed'])
    // The old session is over and the new password signs in; the reset did not sign in by itself.
    expect(reset.body.data).toBeNull()
    const me = kind.role === 'admin' ? '/api/admin/overview' : '/api/money/balance'
    expect((await call('GET', me, { token: account.token })).status).toBe(401)
    const login = await call('POST', kind.login, { json: { Email: account.email, Password: 'brand-new-9' }, headers: { 'cf-connecting-ip': freshIp() } })
    expect(login.status).toBe(200)
    // Single use.
    const again = await call('POST', `${kind.api}/reset`, { json: { Token: token, Password: 'another-one-9' } })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(RESET_MESSAGES.linkInvalid)
  })
})

describe('password reset rules', () => {
  const vendorKind = KINDS[0]

  it("revokes the vendor's API keys, says so in the 'password changed' mail and the activity feed", async () => {
    const vendor = await makeVendor()
    const other = await makeVendor()
    const keys = [await makeApiKey(vendor, undefined, 'Shop backend'), await makeApiKey(vendor, undefined, 'Zapier')]
    const untouched = await makeApiKey(other)
    for (const k of [...keys, untouched]) expect((await call('GET', '/api/v1/products', { token: k.Secret })).status).toBe(200)

    const { mails } = await forgot(vendorKind, vendor.email)
    const token = new URL(linkIn(mails[0], PUBLIC)).searchParams.get('token')
    const notices = recordingQueue()
    const reset = await callWith({ MAIL_QUEUE: notices.queue, PUBLIC_ORIGIN: PUBLIC }, 'POST', '/api/vendors/password/reset', {
      Token: token,
      Password: 'brand-new-9',
    })
    expect(reset.status).toBe(200)
    for (const k of keys) expect((await call('GET', '/api/v1/products', { token: k.Secret })).status).toBe(401)
    // Another vendor's key is not touched.
    expect((await call('GET', '/api/v1/products', { token: untouched.Secret })).status).toBe(200)

    const [notice] = notices.sent
    expect(notice.message.subject).toBe('Your Collabkart password was changed')
    expect(notice.message.text).toContain('your 2 API keys were revoked')
    expect(notice.message.text).toContain(`Shop backend (${keys[0].Prefix}…)`)
    expect(notice.message.text).toContain(`Zapier (${keys[1].Prefix}…)`)

    const fresh = await call<{ token: string }>('POST', '/api/vendors/login', {
      json: { Email: vendor.email, Password: 'brand-new-9' },
      headers: { 'cf-connecting-ip': freshIp() },
    })
    const listed = await call<Array<{ KeyID: number; revokedAt: string | null }>>('GET', '/api/vendors/api-keys', { token: fresh.body.data.token })
    expect(listed.body.data.every((k) => k.revokedAt !== null)).toBe(true)
    const activity = await call<Array<{ action: string }>>('GET', '/api/vendors/activity', { token: fresh.body.data.token })
    expect(activity.body.data.filter((e) => e.action === 'revoke-api-key')).toHaveLength(2)
  })

  it('refuses an expired link, an unknown one and a malformed one with the same message', async () => {
    const vendor = await makeVendor()
    const { mails } = await forgot(vendorKind, vendor.email)
    const token = new URL(linkIn(mails[0], PUBLIC)).searchParams.get('token')
    await env.DB.prepare("UPDATE password_resets SET expiresAt = '2000-01-01T00:00:00.000Z' WHERE tokenHash = ?")
      .bind(await sha256Hex(String(token)))
      .run()
    for (const Token of [token, 'A'.repeat(43), 'short', 42]) {
      const res = await call('POST', '/api/vendors/password/reset', { json: { Token, Password: 'brand-new-9' } })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(RESET_MESSAGES.linkInvalid)
    }
    // The password did not change.
    const login = await call('POST', '/api/vendors/login', {
      json: { Email: vendor.email, Password: 'brand-new-9' },
      headers: { 'cf-connecting-ip': freshIp() },
    })
    expect(login.status).toBe(401)
  })

  it('applies the sign-up password rules to the new password', async () => {
    for (const Password of ['123', 'abc-123']) {
      const res = await call('POST', '/api/vendors/password/reset', { json: { Token: 'A'.repeat(43), Password } })
      expect([res.status, res.body.message]).toEqual([400, 'New passwords need at least 8 characters.'])
    }
  })

  it('refuses a common new password and leaves the link working for another one', async () => {
    const vendor = await makeVendor()
    const { mails } = await forgot(vendorKind, vendor.email)
    const token = new URL(linkIn(mails[0], PUBLIC)).searchParams.get('token')
    const common = await call('POST', '/api/vendors/password/reset', { json: { Token: token, Password: 'Password123' } })
    expect([common.status, common.body.message]).toEqual([400, PASSWORD_TOO_COMMON])
    const login = (Password: string) =>
      call('POST', '/api/vendors/login', { json: { Email: vendor.email, Password }, headers: { 'cf-connecting-ip': freshIp() } })
    expect((await login('Password123')).status).toBe(401)
    const done = await call('POST', '/api/vendors/password/reset', { json: { Token: token, Password: 'brand-new-9' } })
    expect(done.status).toBe(200)
    expect((await login('brand-new-9')).status).toBe(200)
  })

  it('refuses a malformed address with the sign-in message', async () => {
    const res = await call('POST', '/api/marketers/password/forgot', { json: { Email: 'not-an-email' } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Invalid email format.')
  })

  it('limits requests per address and per network without locking the account', async () => {
    const vendor = await makeVendor()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await forgot(vendorKind, vendor.email)).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    const ip = freshIp()
    const fromOneNetwork: number[] = []
    for (let i = 0; i < 21; i++) fromOneNetwork.push((await forgot(vendorKind, `someone-${i}-${Date.now()}@example.com`, ip)).status)
    expect(fromOneNetwork.filter((s) => s === 429)).toHaveLength(1)
    // Signing in still works.
    const login = await call('POST', '/api/vendors/login', {
      json: { Email: vendor.email, Password: 'secret-pass-1' },
      headers: { 'cf-connecting-ip': freshIp() },
    })
    expect(login.status).toBe(200)
  })

  it('builds the link on PUBLIC_ORIGIN whatever Host the request names, and mails nothing without it', async () => {
    const vendor = await makeVendor()
    const forged = await forgot(vendorKind, vendor.email)
    expect(linkIn(forged.mails[0], 'http').startsWith(`${PUBLIC}/`)).toBe(true)
    const mails = recordingQueue()
    await callWith(
      { MAIL_QUEUE: mails.queue, PUBLIC_ORIGIN: '' },
      'POST',
      '/api/vendors/password/forgot',
      { Email: vendor.email },
      { host: 'evil.example', 'cf-connecting-ip': freshIp() },
    )
    expect(mails.sent).toHaveLength(0)
  })

  it('uses only the newest link: a reset closes the account’s other open links', async () => {
    const vendor = await makeVendor()
    const first = new URL(linkIn((await forgot(vendorKind, vendor.email)).mails[0], PUBLIC)).searchParams.get('token')
    const second = new URL(linkIn((await forgot(vendorKind, vendor.email)).mails[0], PUBLIC)).searchParams.get('token')
    expect((await call('POST', '/api/vendors/password/reset', { json: { Token: second, Password: 'brand-new-9' } })).status).toBe(200)
    expect((await call('POST', '/api/vendors/password/reset', { json: { Token: first, Password: 'brand-new-8' } })).status).toBe(400)
  })
})

describe('password reset limits', () => {
  it('keeps neither the address nor the network in the rate-limit rows', async () => {
    const vendor = await makeVendor()
    const ip = freshIp()
    await forgot(KINDS[0], vendor.email, ip)
    const rows = (await env.DB.prepare("SELECT subject FROM rate_events WHERE scope LIKE 'reset-%'").all<{ subject: string }>()).results
    expect(rows.length).toBeGreaterThanOrEqual(2)
    expect(JSON.stringify(rows)).not.toContain(vendor.email)
    expect(JSON.stringify(rows)).not.toContain(ip)
  })
})
