// Changing a password needed nothing and revoked nothing. Now the profile PUTs of
// both roles take a new Password only with the right CurrentPassword (wrong ones count as failed
// logins), and every token issued before the change answers 401; the response carries a fresh one.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { safeParse } from 'zod/mini'
import { SESSION_PASSWORD_CHANGED_MESSAGE } from '../../worker/contract/admin'
import type { EnvelopeWithToken } from '../../worker/contract/envelope'
import { type MarketerSelf, profileUpdateSchema } from '../../worker/contract/marketer'
import { PASSWORD_CHANGE_RACE } from '../../worker/contract/password'
import { PASSWORD_TOO_COMMON } from '../../worker/contract/fields'
import type { VendorSelf } from '../../worker/contract/vendor'
import { makeDb } from '../../worker/db/client'
import { loadMarketer, writeMarketerProfile, writeVendorProfile } from '../../worker/services/profile'
import { call } from '../helpers/api'
import { makeMarketer, makeVendor, PASSWORD, type SignedInMarketer, type SignedInVendor } from '../helpers/factories'

const NEW_PASSWORD = 'fresh-pass-2'

type Account = { kind: 'vendors' | 'marketers'; id: number; email: string; token: string }

const roles = [
  {
    role: 'vendor',
    make: async (): Promise<Account> => {
      const v: SignedInVendor = await makeVendor()
      return { kind: 'vendors', id: v.id, email: v.email, token: v.token }
    },
    body: (a: Account, extra: Record<string, unknown>) => ({ VendorName: 'Asha Textiles', Mobile: '9876543210', Email: a.email, ...extra }),
    /** A call only the signed-in account may make. */
    own: (a: Account) => `/api/vendors/analytics/${a.id}`,
  },
  {
    role: 'influencer',
    make: async (): Promise<Account> => {
      const m: SignedInMarketer = await makeMarketer()
      return { kind: 'marketers', id: m.id, email: m.email, token: m.token }
    },
    body: (a: Account, extra: Record<string, unknown>) => ({ MarketerName: 'Riya Sharma', MobileNumber: '9123456780', Email: a.email, ...extra }),
    own: (a: Account) => `/api/marketers/${a.id}`,
  },
] as const

const save = (a: Account, body: unknown, token = a.token) => call<VendorSelf | MarketerSelf>('PUT', `/api/${a.kind}/${a.id}`, { token, json: body })

const login = (a: Account, Password: string) => call('POST', `/api/${a.kind}/login`, { json: { Email: a.email, Password } })

describe.each(roles)('password change ($role)', ({ make, body, own }) => {
  it('needs the current password with a new one, and changes nothing without it', async () => {
    const a = await make()
    for (const CurrentPassword of [undefined, '', null]) {
      const res = await save(a, body(a, { Password: NEW_PASSWORD, CurrentPassword }))
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ statusCode: 0, message: 'Please enter your current password.', data: null })
    }
    expect((await login(a, PASSWORD)).status).toBe(200)
    expect((await call('GET', own(a), { token: a.token })).status).toBe(200)
  })

  it('refuses a wrong current password with 400 and keeps the password and the session', async () => {
    const a = await make()
    const res = await save(a, body(a, { Password: NEW_PASSWORD, CurrentPassword: 'not-my-password' }))
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ statusCode: 0, message: 'Current password is incorrect.', data: null })
    expect((await login(a, NEW_PASSWORD)).status).toBe(401)
    expect((await login(a, PASSWORD)).status).toBe(200)
    expect((await call('GET', own(a), { token: a.token })).status).toBe(200)
  })

  it('applies the sign-up rule to the new password, under 6 with the spec message', async () => {
    const a = await make()
    for (const [Password, message] of [
      ['12345', 'Password should be at least 6 characters.'],
      ['abc123', 'New passwords need at least 8 characters.'],
      ['abc-123', 'New passwords need at least 8 characters.'],
      ['x'.repeat(31), 'Password should be at most 30 characters.'],
      ['Password1', PASSWORD_TOO_COMMON],
      ['qwerty123', PASSWORD_TOO_COMMON],
    ]) {
      const res = await save(a, body(a, { Password, CurrentPassword: PASSWORD }))
      expect(res.body, Password).toEqual({ statusCode: 0, message, data: null })
    }
    expect((await login(a, PASSWORD)).status).toBe(200)
    expect((await login(a, 'Password1')).status).toBe(401)
  })

  it('changes the password, revokes every older token and hands back a fresh one', async () => {
    const a = await make()
    const second = (await login(a, PASSWORD)).body.data as { token: string }
    const res = await save(a, body(a, { Password: NEW_PASSWORD, CurrentPassword: PASSWORD }))
    expect(res.status).toBe(200)
    const envelope = res.body as EnvelopeWithToken<VendorSelf | MarketerSelf>
    expect(envelope).toMatchObject({ statusCode: 1, data: { Email: a.email } })
    expect(JSON.stringify(envelope.data)).not.toMatch(/Password|pbkdf2|tokenVersion/i)
    expect(typeof envelope.token).toBe('string')

    // Both sessions from before the change are over, on every guarded route; the fresh one works.
    for (const old of [a.token, second.token]) {
      const refused = await call('GET', own(a), { token: old })
      expect(refused.status).toBe(401)
      // Told why (decision 260), not the generic 'Please log in to continue'.
      expect(refused.body).toEqual({ statusCode: 0, message: SESSION_PASSWORD_CHANGED_MESSAGE, data: null })
      expect((await save(a, body(a, {}), old)).status).toBe(401)
    }
    expect((await call('GET', own(a), { token: envelope.token })).status).toBe(200)
    expect((await login(a, PASSWORD)).status).toBe(401)
    const fresh = await login(a, NEW_PASSWORD)
    expect(fresh.status).toBe(200)
    expect((await call('GET', own(a), { token: (fresh.body.data as { token: string }).token })).status).toBe(200)
  })

  it('keeps the password and every session when none is sent, and sends no token back', async () => {
    const a = await make()
    const res = await save(a, body(a, { Password: '', CurrentPassword: 'ignored' }))
    expect(res.status).toBe(200)
    expect('token' in res.body).toBe(false)
    expect((await call('GET', own(a), { token: a.token })).status).toBe(200)
    expect((await login(a, PASSWORD)).status).toBe(200)
  })

  it('counts wrong current passwords as failed logins of the email: 429 at the limit', async () => {
    const a = await make()
    for (let i = 0; i < 10; i++) {
      expect((await save(a, body(a, { Password: NEW_PASSWORD, CurrentPassword: `wrong-${i}` }))).status).toBe(400)
    }
    const limited = await save(a, body(a, { Password: NEW_PASSWORD, CurrentPassword: PASSWORD }))
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({ statusCode: 0, message: 'Too many failed login attempts. Please wait 15 minutes and try again.', data: null })
    expect((await login(a, PASSWORD)).status).toBe(429)
    // The session itself goes on: only password checks are limited.
    expect((await call('GET', own(a), { token: a.token })).status).toBe(200)
  })

  it('lets one of two changes sent at the same moment win, and only its token works', async () => {
    const a = await make()
    const [first, second] = await Promise.all([
      save(a, body(a, { Password: 'first-pass-1', CurrentPassword: PASSWORD })),
      save(a, body(a, { Password: 'second-pass-2', CurrentPassword: PASSWORD })),
    ])
    const results = [first, second]
    const winner = results.findIndex((r) => r.status === 200)
    expect(winner).not.toBe(-1)
    const loser = results[1 - winner]
    // The loser either checked the old password after the winner had changed it (400), or lost the write (409).
    expect([400, 409]).toContain(loser.status)
    const token = (results[winner].body as EnvelopeWithToken<unknown>).token
    expect((await call('GET', own(a), { token })).status).toBe(200)
    expect((await login(a, winner === 0 ? 'first-pass-1' : 'second-pass-2')).status).toBe(200)
    expect((await login(a, winner === 0 ? 'second-pass-2' : 'first-pass-1')).status).toBe(401)
  })
})

describe('a revoked token on a public route', () => {
  it('is treated as no token: the vendor record shows only what anyone may see', async () => {
    const vendor = await makeVendor()
    const a: Account = { kind: 'vendors', id: vendor.id, email: vendor.email, token: vendor.token }
    expect((await save(a, { VendorName: 'Asha', Mobile: '9876543210', Email: a.email, Password: NEW_PASSWORD, CurrentPassword: PASSWORD })).status).toBe(200)
    const res = await call<Record<string, unknown>>('GET', `/api/vendors/${vendor.id}`, { token: vendor.token })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body.data).sort()).toEqual(['VendorID', 'VendorName', 'VendorProfilePic'])
  })
})

describe('a new password written over one that changed since it was checked', () => {
  const stale = { hash: 'pbkdf2-sha256$1$AA==$AA==', replaces: 'not-the-hash-any-more' }

  it('is refused with 409 for a vendor, and nothing changes', async () => {
    const v = await makeVendor()
    const write = writeVendorProfile(makeDb(env.DB), v.id, { VendorName: 'Changed', MobileNumber: '9876543210', Email: v.email }, stale)
    await expect(write).rejects.toMatchObject({ code: 'conflict', message: PASSWORD_CHANGE_RACE })
    expect((await call<VendorSelf>('GET', `/api/vendors/${v.id}`, { token: v.token })).body.data.VendorName).toBe('Asha Textiles')
  })

  it('is refused with 409 for an influencer, and nothing changes', async () => {
    const m = await makeMarketer()
    const d = makeDb(env.DB)
    const input = safeParse(profileUpdateSchema, { MarketerName: 'Changed', MobileNumber: '9123456780', Email: m.email }).data
    if (!input) throw new Error('profile did not parse')
    await expect(writeMarketerProfile(d, await loadMarketer(d, m.id), input, stale)).rejects.toMatchObject({ code: 'conflict', message: PASSWORD_CHANGE_RACE })
    expect((await loadMarketer(d, m.id)).MarketerName).toBe('Riya Sharma')
  })
})
