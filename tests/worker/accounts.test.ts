import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { MarketerLoginData, VendorLoginData } from '../../worker/contract/auth'
import { PASSWORD_TOO_COMMON } from '../../worker/contract/fields'
import { call } from '../helpers/api'
import { makeDb } from '../../worker/db/client'
import { vendors } from '../../worker/db/schema'
import { FAILED_LOGINS_ACCOUNT } from '../../worker/db/rate-limit'
import { hashPassword, passwordIterations } from '../../worker/domain/passwords'
import { rateSubject } from '../../worker/domain/subjects'
import { makeMarketer, makeVendor, PASSWORD } from '../helpers/factories'

const vendor = { VendorName: 'Asha Textiles', MobileNumber: '9876543210', Email: 'owner@asha.in', Password: 'pass-1234' }
const marketer = { MarketerName: 'Riya Sharma', MobileNumber: '9123456780', Email: 'riya@creators.in', Password: 'pass-1234' }

describe('POST /api/vendors/register', () => {
  it('creates the vendor and answers without any password material', async () => {
    const res = await call('POST', '/api/vendors/register', { json: vendor })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ statusCode: 1, data: { VendorName: 'Asha Textiles', Email: 'owner@asha.in' } })
    expect(JSON.stringify(res.body)).not.toMatch(/Password|pbkdf2/i)
  })

  it.each([
    [{ ...vendor, VendorName: '' }, 'Please enter your name.'],
    [{ ...vendor, VendorName: 'x'.repeat(51) }, 'Name should be less than 50 characters.'],
    [{ ...vendor, MobileNumber: '' }, 'Please enter your mobile.'],
    [{ ...vendor, MobileNumber: '98765' }, 'Invalid number.'],
    [{ ...vendor, MobileNumber: '98765abcde' }, 'Invalid number.'],
    [{ ...vendor, Email: '' }, 'Please enter your email.'],
    [{ ...vendor, Email: 'not-an-email' }, 'Invalid email format.'],
    [{ ...vendor, Password: '' }, 'Please enter your password.'],
    [{ ...vendor, Password: 'abc' }, 'New passwords need at least 8 characters.'],
    [{ ...vendor, Password: 'abc-123' }, 'New passwords need at least 8 characters.'],
    [{ ...vendor, Password: 'x'.repeat(31) }, 'Password should be at most 30 characters.'],
    [{}, 'Please enter your name.'],
    [{ ...vendor, VendorName: '', MobileNumber: '', Email: '' }, 'Please enter your name.'],
    [{ ...vendor, MobileNumber: '1', Email: 'bad' }, 'Invalid number.'],
  ])('refuses %j with the spec message', async (payload, message) => {
    const res = await call('POST', '/api/vendors/register', { json: payload })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ statusCode: 0, message, data: null })
  })

  it('refuses a common password at sign-up, whatever its case, and creates no account', async () => {
    for (const [route, payload] of [
      ['vendors', { ...vendor, Email: 'common-pw@asha.in' }],
      ['marketers', { ...marketer, Email: 'common-pw@creators.in' }],
    ] as const) {
      for (const Password of ['password1', 'Qwerty123', 'iloveyou', 'India@123', '1qaz2wsx']) {
        const res = await call('POST', `/api/${route}/register`, { json: { ...payload, Password } })
        expect([res.status, res.body.message], `${route} ${Password}`).toEqual([400, PASSWORD_TOO_COMMON])
      }
      const login = await call('POST', `/api/${route}/login`, { json: { Email: payload.Email, Password: 'password1' } })
      expect(login.status).toBe(401)
    }
  })

  it('stores a mobile written as +91 98765 43210 as its ten digits', async () => {
    for (const [i, MobileNumber] of ['+91 98765 43210', '098765-43210', '919876543210'].entries()) {
      const Email = `prefixed-${i}@asha.in`
      expect((await call('POST', '/api/vendors/register', { json: { ...vendor, MobileNumber, Email } })).status).toBe(201)
      const stored = await makeDb(env.DB).select({ MobileNumber: vendors.MobileNumber }).from(vendors).where(eq(vendors.Email, Email)).get()
      expect(stored?.MobileNumber).toBe('9876543210')
    }
  })

  it.each(['1234567890', '5876543210', '+91 12345 67890'])('refuses %s: Indian mobiles start with 6 to 9', async (MobileNumber) => {
    for (const [route, payload] of [
      ['vendors', { ...vendor, MobileNumber, Email: 'first-digit@asha.in' }],
      ['marketers', { ...marketer, MobileNumber, Email: 'first-digit@creators.in' }],
    ] as const) {
      const res = await call('POST', `/api/${route}/register`, { json: payload })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ statusCode: 0, message: 'Mobile number should start with 6, 7, 8 or 9', data: null })
    }
  })

  it('refuses an email that is already registered, whatever its case', async () => {
    await call('POST', '/api/vendors/register', { json: { ...vendor, Email: 'dup@asha.in' } })
    const res = await call('POST', '/api/vendors/register', { json: { ...vendor, Email: '  DUP@Asha.IN ' } })
    expect(res.status).toBe(409)
    expect(res.body).toEqual({ statusCode: 0, message: 'An account with this email already exists', data: null })
  })

  it('refuses a body that is not sent as JSON', async () => {
    const res = await call('POST', '/api/vendors/register', {
      headers: { 'content-type': 'text/plain' },
    })
    expect(res.status).toBe(400)
    expect(res.body.statusCode).toBe(0)
  })
})

describe('POST /api/marketers/register', () => {
  it('creates the influencer', async () => {
    const res = await call('POST', '/api/marketers/register', { json: marketer })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ statusCode: 1, data: { MarketerName: 'Riya Sharma', Email: 'riya@creators.in' } })
    expect(JSON.stringify(res.body)).not.toMatch(/Password|pbkdf2/i)
  })

  it.each([
    [{ ...marketer, MarketerName: '' }, 'Please enter your name'],
    [{ ...marketer, MobileNumber: '' }, 'Please enter your mobile'],
    [{ ...marketer, MobileNumber: '12345678901' }, 'Invalid number.'],
    [{ ...marketer, Email: '' }, 'Please enter your email'],
    [{ ...marketer, Email: 'riya@' }, 'Invalid email format'],
    [{ ...marketer, Password: '' }, 'Please enter your password'],
    [{ ...marketer, Password: 'abc' }, 'New passwords need at least 8 characters.'],
    [{ ...marketer, Password: 'abc-123' }, 'New passwords need at least 8 characters.'],
    [{ ...marketer, Password: 'x'.repeat(31) }, 'Password should be at most 30 characters.'],
  ])('refuses %j with the spec message', async (payload, message) => {
    const res = await call('POST', '/api/marketers/register', { json: payload })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ statusCode: 0, message, data: null })
  })

  it('refuses a duplicate email with 409', async () => {
    await call('POST', '/api/marketers/register', { json: { ...marketer, Email: 'twice@creators.in' } })
    const res = await call('POST', '/api/marketers/register', { json: { ...marketer, Email: 'Twice@Creators.in' } })
    expect(res.status).toBe(409)
  })
})

describe('login', () => {
  it('gives a vendor a 24-hour token and the vendor record, never the hash', async () => {
    const v = await makeVendor()
    const res = await call<VendorLoginData>('POST', '/api/vendors/login', { json: { Email: v.email.toUpperCase(), Password: PASSWORD } })
    expect(res.status).toBe(200)
    expect(res.body.data.vendor.VendorID).toBe(v.id)
    const claims = JSON.parse(atob(res.body.data.token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')))
    expect(claims).toMatchObject({ sub: String(v.id), role: 'vendor' })
    expect(claims.exp - claims.iat).toBe(24 * 60 * 60)
    expect(JSON.stringify(res.body)).not.toMatch(/PasswordHash|pbkdf2/)
  })

  it('gives a marketer a token and the full marketer record', async () => {
    const m = await makeMarketer()
    const res = await call<MarketerLoginData>('POST', '/api/marketers/login', { json: { Email: m.email, Password: PASSWORD } })
    expect(res.status).toBe(200)
    expect(res.body.data.marketer).toMatchObject({ MarketerID: m.id, InstagramFollowers: 0, Verified: false })
    expect(JSON.stringify(res.body)).not.toMatch(/PasswordHash|pbkdf2/)
  })

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const v = await makeVendor()
    const wrong = await call('POST', '/api/vendors/login', { json: { Email: v.email, Password: 'nope' } })
    const unknown = await call('POST', '/api/vendors/login', { json: { Email: 'ghost@example.in', Password: 'nope' } })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual({ statusCode: 0, message: 'Invalid email or password', data: null })
    expect(unknown.body).toEqual(wrong.body)
  })

  it('still signs in an account whose short password predates the 6-character rule', async () => {
    await makeDb(env.DB)
      .insert(vendors)
      .values({ VendorName: 'Old Shop', MobileNumber: '9876543210', Email: 'old@shop.in', PasswordHash: await hashPassword('abc', passwordIterations(env)) })
    const res = await call('POST', '/api/vendors/login', { json: { Email: 'old@shop.in', Password: 'abc' } })
    expect(res.status).toBe(200)
  })

  it('does not let a vendor sign in as a marketer', async () => {
    const v = await makeVendor()
    const res = await call('POST', '/api/marketers/login', { json: { Email: v.email, Password: PASSWORD } })
    expect(res.status).toBe(401)
  })

  it.each([
    [{ Email: '', Password: 'x' }, 'Please enter your email.'],
    [{ Email: 'bad', Password: 'x' }, 'Invalid email format.'],
    [{ Email: 'a@b.in', Password: '' }, 'Please enter your password.'],
    [{ Email: 'a@b.in', Password: 'x'.repeat(31) }, 'Password should be at most 30 characters.'],
  ])('validates %j', async (payload, message) => {
    const res = await call('POST', '/api/vendors/login', { json: payload })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
  })

  it('never counts a successful login towards the limit', async () => {
    const m = await makeMarketer()
    const login = (Password: string) => call('POST', '/api/marketers/login', { json: { Email: m.email, Password } })
    for (let i = 0; i < 12; i++) expect((await login(PASSWORD)).status).toBe(200)
    for (let i = 0; i < 9; i++) expect((await login(`wrong-${i}`)).status).toBe(401)
    expect((await login(PASSWORD)).status).toBe(200)
    expect((await login('wrong-9')).status).toBe(401)
    expect((await login(PASSWORD)).status).toBe(429)
  })

  it('locks an email for 15 minutes after 10 failed logins, even with the right password', async () => {
    const m = await makeMarketer()
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/api/marketers/login', { json: { Email: m.email, Password: `wrong-${i}` } })
      expect(res.status).toBe(401)
    }
    const locked = await call('POST', '/api/marketers/login', { json: { Email: m.email, Password: PASSWORD } })
    expect(locked.status).toBe(429)
    expect(locked.body).toEqual({
      statusCode: 0,
      message: 'Too many failed login attempts. Please wait 15 minutes and try again.',
      data: null,
    })
    // Another account is not affected.
    const other = await makeMarketer()
    const fine = await call('POST', '/api/marketers/login', { json: { Email: other.email, Password: PASSWORD } })
    expect(fine.status).toBe(200)
  })
})

describe('failed sign-ins are counted per email and network', () => {
  const from = (ip: string) => ({ 'cf-connecting-ip': ip })
  const login = (kind: 'vendors' | 'marketers', Email: string, Password: string, ip: string) =>
    call('POST', `/api/${kind}/login`, { json: { Email, Password }, headers: from(ip) })

  it("ten wrong passwords from one network do not refuse the owner's right password from another", async () => {
    const v = await makeVendor()
    for (let i = 0; i < 10; i++) expect((await login('vendors', v.email, `guess-${i}`, '198.51.100.7')).status).toBe(401)
    // The guesser's network is held for 15 minutes, even with the right password.
    expect((await login('vendors', v.email, PASSWORD, '198.51.100.7')).status).toBe(429)
    // The owner at home is not.
    expect((await login('vendors', v.email, PASSWORD, '49.36.10.20')).status).toBe(200)
    expect((await login('vendors', v.email, 'one-typo', '49.36.10.20')).status).toBe(401)
    expect((await login('vendors', v.email, PASSWORD, '49.36.10.20')).status).toBe(200)
  })

  it('counts an IPv6 network by its /64, so a guesser cannot step through addresses', async () => {
    const m = await makeMarketer()
    for (let i = 0; i < 10; i++) {
      expect((await login('marketers', m.email, `guess-${i}`, `2401:4900:1c3a:5e10::${(i + 1).toString(16)}`)).status).toBe(401)
    }
    expect((await login('marketers', m.email, PASSWORD, '2401:4900:1c3a:5e10:abcd::99')).status).toBe(429)
    expect((await login('marketers', m.email, PASSWORD, '2401:4900:1c3a:5e11::1')).status).toBe(200)
  })

  it('past 100 failures from everywhere, only networks that have not failed may try', async () => {
    const v = await makeVendor()
    // Ten networks of ten guesses each have filled the account-wide count (written directly: a
    // hundred password checks would only make the test slow).
    const subject = await rateSubject(env.JWT_SECRET, FAILED_LOGINS_ACCOUNT.scope, v.email)
    const now = Date.now()
    await env.DB.batch(
      Array.from({ length: FAILED_LOGINS_ACCOUNT.max }, (_, i) =>
        env.DB.prepare('INSERT INTO rate_events (scope, subject, at) VALUES (?, ?, ?)').bind(FAILED_LOGINS_ACCOUNT.scope, subject, now - i),
      ),
    )
    // A new network gets one guess; after its failure it is refused.
    expect((await login('vendors', v.email, 'g-new', '100.200.0.1')).status).toBe(401)
    expect((await login('vendors', v.email, PASSWORD, '100.200.0.1')).status).toBe(429)
    // The owner's network, which never failed, still signs in.
    expect((await login('vendors', v.email, PASSWORD, '49.36.10.21')).status).toBe(200)
  })
})
