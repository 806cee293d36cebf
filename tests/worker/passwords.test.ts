import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { hashPassword, PBKDF2_ITERATIONS, PBKDF2_MIN_ITERATIONS, passwordIterations, storedIterations, verifyPassword } from '../../worker/domain/passwords'
import { call } from '../helpers/api'
import { makeAdmin, makeMarketer, makeVendor, PASSWORD } from '../helpers/factories'
import { callWith, linkIn, recordingQueue } from '../helpers/mail'

// vitest.config.ts lowers the count for the suites (decision 265); production's is 100,000.
const SUITE_COUNT = Number(env.PASSWORD_ITERATIONS)
const NEW_PASSWORD = 'fresh-pass-29'

async function storedHash(table: 'vendors' | 'marketers' | 'admins', email: string): Promise<string> {
  const row = await env.DB.prepare(`SELECT PasswordHash FROM ${table} WHERE Email = ?`).bind(email).first<{ PasswordHash: string }>()
  return String(row?.PasswordHash)
}

describe('password hashing', () => {
  it('hashes at exactly the 100,000 PBKDF2 iterations production uses, and never more than production Workers allow', async () => {
    // The one derivation of the suites at the production count.
    const deployed = passwordIterations({})
    expect(deployed).toBe(100_000)
    const stored = await hashPassword('pass-1234', deployed)
    expect(storedIterations(stored)).toBe(100_000)
    expect(storedIterations(stored)).toBeLessThanOrEqual(100_000)
    expect(PBKDF2_ITERATIONS).toBe(100_000)
    expect(await verifyPassword('pass-1234', stored)).toBe(true)
  })

  it('salts every hash and verifies only the right password', async () => {
    const a = await hashPassword('pass-1234', SUITE_COUNT)
    const b = await hashPassword('pass-1234', SUITE_COUNT)
    expect(a).not.toBe(b)
    expect(await verifyPassword('pass-1234', a)).toBe(true)
    expect(await verifyPassword('pass-1235', a)).toBe(false)
    expect(await verifyPassword('pass-1234', 'garbage')).toBe(false)
  })

  it('keeps 100,000 in a deployed Worker whatever PASSWORD_ITERATIONS says, and takes a lower count only in a local run', () => {
    expect(passwordIterations({ PASSWORD_ITERATIONS: '1000' })).toBe(100_000)
    expect(passwordIterations({ PASSWORD_ITERATIONS: '1000', ALLOW_HOST_ORIGIN: '0' })).toBe(100_000)
    expect(passwordIterations({ PASSWORD_ITERATIONS: '1000', ALLOW_HOST_ORIGIN: '1' })).toBe(1_000)
    expect(passwordIterations({ PASSWORD_ITERATIONS: '', ALLOW_HOST_ORIGIN: '1' })).toBe(100_000)
    expect(passwordIterations({ ALLOW_HOST_ORIGIN: '1' })).toBe(100_000)
  })

  it('refuses a local count above what production Workers allow, below the floor or not a whole number', () => {
    for (const wrong of ['100001', String(PBKDF2_MIN_ITERATIONS - 1), '0', '-5', '2500.5', 'fast']) {
      expect(() => passwordIterations({ PASSWORD_ITERATIONS: wrong, ALLOW_HOST_ORIGIN: '1' })).toThrow(/PASSWORD_ITERATIONS/)
    }
    expect(passwordIterations({ PASSWORD_ITERATIONS: '100000', ALLOW_HOST_ORIGIN: '1' })).toBe(100_000)
  })

  it('has the suites hash every new password at their low count: sign-ups, profile and admin changes, resets', async () => {
    expect(SUITE_COUNT).toBeLessThan(PBKDF2_ITERATIONS)
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const admin = await makeAdmin()
    expect(storedIterations(await storedHash('vendors', vendor.email))).toBe(SUITE_COUNT)
    expect(storedIterations(await storedHash('marketers', marketer.email))).toBe(SUITE_COUNT)
    expect(storedIterations(await storedHash('admins', admin.email))).toBe(SUITE_COUNT)

    const changed = await call('PUT', `/api/vendors/${vendor.id}`, {
      token: vendor.token,
      json: { VendorName: 'Asha Textiles', Mobile: '9876543210', Email: vendor.email, Password: NEW_PASSWORD, CurrentPassword: PASSWORD },
    })
    expect(changed.status).toBe(200)
    expect(storedIterations(await storedHash('vendors', vendor.email))).toBe(SUITE_COUNT)
    const own = await call('PUT', '/api/admin/password', { token: admin.token, json: { Password: NEW_PASSWORD, CurrentPassword: PASSWORD } })
    expect(own.status).toBe(200)
    expect(storedIterations(await storedHash('admins', admin.email))).toBe(SUITE_COUNT)

    const mails = recordingQueue()
    const origin = 'https://collabkart.example'
    await callWith({ MAIL_QUEUE: mails.queue, PUBLIC_ORIGIN: origin }, 'POST', '/api/marketers/password/forgot', { Email: marketer.email })
    const token = new URL(linkIn(mails.sent[0], origin)).searchParams.get('token')
    const reset = await call('POST', '/api/marketers/password/reset', { json: { Token: token, Password: NEW_PASSWORD } })
    expect(reset.status).toBe(200)
    expect(storedIterations(await storedHash('marketers', marketer.email))).toBe(SUITE_COUNT)
  })

  it('costs an unknown address the same derivation as an account of this Worker, so timing tells nothing', async () => {
    const vendor = await makeVendor()
    const derive = vi.spyOn(crypto.subtle, 'deriveBits')
    try {
      await call('POST', '/api/vendors/login', { json: { Email: vendor.email, Password: 'wrong-pass-1' }, headers: { 'cf-connecting-ip': '198.51.100.7' } })
      await call('POST', '/api/vendors/login', {
        json: { Email: `nobody-${vendor.id}@example.in`, Password: 'wrong-pass-1' },
        headers: { 'cf-connecting-ip': '198.51.100.8' },
      })
      const counts = derive.mock.calls.map(([algorithm]) => (algorithm as { iterations?: number }).iterations)
      expect(counts).toEqual([SUITE_COUNT, SUITE_COUNT])
    } finally {
      derive.mockRestore()
    }
  })
})
