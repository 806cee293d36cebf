// Vendors' API keys (decision 160): shown once, kept as a hash, scoped, revocable, at most ten live,
// limited per key, and never mistaken for a dashboard session (nor a session for a key).

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { API_KEY_MESSAGES, type ApiKeyDTO, type VendorActivityDTO } from '../../worker/contract/api-keys'
import { missingScopeMessage, V1_AUTH_MESSAGES } from '../../worker/contract/v1'
import { sha256Hex } from '../../worker/domain/secrets'
import { call } from '../helpers/api'
import { makeApiKey } from '../helpers/api-keys'
import { makeAdmin, makeMarketer, makeVendor } from '../helpers/factories'

type KeyRow = {
  KeyID: number
  VendorID: number
  Name: string
  Scopes: string
  SecretHash: string
  Prefix: string
  lastUsedAt: string | null
  revokedAt: string | null
}
const keyRow = (id: number) => env.DB.prepare('SELECT * FROM api_keys WHERE KeyID = ?').bind(id).first<KeyRow>()

describe('creating an API key', () => {
  it('shows the secret once as ck_live_..., and stores only its SHA-256 and a visible prefix', async () => {
    const vendor = await makeVendor()
    const key = await makeApiKey(vendor, ['leads:read', 'conversions:write'])
    expect(key.Secret).toMatch(/^ck_live_[A-Za-z0-9_-]{43}$/)
    expect(key.Prefix).toBe(key.Secret.slice(0, 14))
    expect(key.Scopes).toEqual(['leads:read', 'conversions:write'])
    const row = await keyRow(key.KeyID)
    expect(row?.SecretHash).toBe(await sha256Hex(key.Secret))
    expect(Object.values(row ?? {}).some((v) => typeof v === 'string' && v.includes(key.Secret.slice(14)))).toBe(false)
    const list = await call<ApiKeyDTO[]>('GET', '/api/vendors/api-keys', { token: vendor.token })
    expect(list.status).toBe(200)
    expect(list.body.data).toEqual([
      { KeyID: key.KeyID, Name: 'Shop backend', Prefix: key.Prefix, Scopes: key.Scopes, createdAt: key.createdAt, lastUsedAt: null, revokedAt: null },
    ])
    expect(JSON.stringify(list.body)).not.toContain(key.Secret)
  })

  it('refuses a key without a name or a scope, or with an unknown scope, with the form messages', async () => {
    const vendor = await makeVendor()
    const post = (json: unknown) => call('POST', '/api/vendors/api-keys', { token: vendor.token, json })
    expect((await post({ Name: ' ', Scopes: ['leads:read'] })).body.message).toBe(API_KEY_MESSAGES.nameRequired)
    expect((await post({ Name: 'CRM', Scopes: [] })).body.message).toBe(API_KEY_MESSAGES.scopesRequired)
    const bad = await post({ Name: 'CRM', Scopes: ['leads:delete'] })
    expect([bad.status, bad.body.message]).toEqual([400, API_KEY_MESSAGES.scopeInvalid])
    expect((await post({ Name: 'x'.repeat(51), Scopes: ['leads:read'] })).body.message).toBe(API_KEY_MESSAGES.nameTooLong)
  })

  it('is for vendors only: an influencer is refused and an anonymous caller must sign in', async () => {
    const marketer = await makeMarketer()
    expect((await call('POST', '/api/vendors/api-keys', { token: marketer.token, json: { Name: 'x', Scopes: ['leads:read'] } })).status).toBe(403)
    expect((await call('GET', '/api/vendors/api-keys')).status).toBe(401)
  })

  it('allows ten live keys: the eleventh is refused with the reason, and a revoked one frees a place', async () => {
    const vendor = await makeVendor()
    const keys = []
    for (let i = 0; i < 10; i++) keys.push(await makeApiKey(vendor, ['leads:read'], `Key ${i}`))
    const eleventh = await call('POST', '/api/vendors/api-keys', { token: vendor.token, json: { Name: 'One more', Scopes: ['leads:read'] } })
    expect([eleventh.status, eleventh.body.message]).toEqual([409, API_KEY_MESSAGES.tooMany])
    expect((await call('POST', `/api/vendors/api-keys/${keys[0].KeyID}/revoke`, { token: vendor.token })).status).toBe(200)
    expect((await makeApiKey(vendor, ['leads:read'], 'Replacement')).Name).toBe('Replacement')
  })

  it('keeps the ten-key limit when fifteen keys are created at the same moment', async () => {
    const vendor = await makeVendor()
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        call('POST', '/api/vendors/api-keys', { token: vendor.token, json: { Name: `Burst ${i}`, Scopes: ['leads:read'] } }),
      ),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(10)
    expect(results.filter((r) => r.status === 409)).toHaveLength(5)
    const live = await env.DB.prepare('SELECT count(*) AS n FROM api_keys WHERE VendorID = ? AND revokedAt IS NULL').bind(vendor.id).first<{ n: number }>()
    expect(live?.n).toBe(10)
  })
})

describe('authenticating /api/v1 with a key', () => {
  it("lets a key read its vendor's data and records when it was last used, at most once a minute", async () => {
    const vendor = await makeVendor()
    const key = await makeApiKey(vendor, ['products:read'])
    expect((await call('GET', '/api/v1/products', { token: key.Secret })).status).toBe(200)
    await expect.poll(async () => (await keyRow(key.KeyID))?.lastUsedAt).not.toBeNull()
    const first = (await keyRow(key.KeyID))?.lastUsedAt
    expect((await call('GET', '/api/v1/products', { token: key.Secret })).status).toBe(200)
    await new Promise((r) => setTimeout(r, 50))
    expect((await keyRow(key.KeyID))?.lastUsedAt).toBe(first)
    // A minute later the next call moves it on.
    await env.DB.prepare('UPDATE api_keys SET lastUsedAt = ? WHERE KeyID = ?')
      .bind(new Date(Date.now() - 61_000).toISOString(), key.KeyID)
      .run()
    const stale = (await keyRow(key.KeyID))?.lastUsedAt
    expect((await call('GET', '/api/v1/products', { token: key.Secret })).status).toBe(200)
    await expect.poll(async () => (await keyRow(key.KeyID))?.lastUsedAt).not.toBe(stale)
  })

  it('refuses a missing, unknown or revoked key with 401', async () => {
    const vendor = await makeVendor()
    const key = await makeApiKey(vendor)
    const none = await call('GET', '/api/v1/leads')
    expect([none.status, none.body]).toEqual([401, { statusCode: 0, message: V1_AUTH_MESSAGES.missing, data: null }])
    const unknown = await call('GET', '/api/v1/leads', { token: `${key.Secret.slice(0, -4)}AAAA` })
    expect([unknown.status, unknown.body.message]).toEqual([401, V1_AUTH_MESSAGES.invalid])
    expect((await call('GET', '/api/v1/leads', { token: key.Secret })).status).toBe(200)
    const revoked = await call<ApiKeyDTO>('POST', `/api/vendors/api-keys/${key.KeyID}/revoke`, { token: vendor.token })
    expect([revoked.status, revoked.body.message, revoked.body.data.revokedAt !== null]).toEqual([200, API_KEY_MESSAGES.revoked, true])
    const after = await call('GET', '/api/v1/leads', { token: key.Secret })
    expect([after.status, after.body.message]).toEqual([401, V1_AUTH_MESSAGES.invalid])
  })

  it("refuses a call outside the key's scopes with 403, naming the scope", async () => {
    const vendor = await makeVendor()
    const key = await makeApiKey(vendor, ['products:read'])
    const leads = await call('GET', '/api/v1/leads', { token: key.Secret })
    expect([leads.status, leads.body.message]).toEqual([403, missingScopeMessage('leads:read')])
    const conversion = await call('POST', '/api/v1/conversions', { token: key.Secret, json: { leadId: 1, orderId: 'A1' } })
    expect([conversion.status, conversion.body.message]).toEqual([403, missingScopeMessage('conversions:write')])
    const status = await call('PUT', '/api/v1/leads/1/status', { token: key.Secret, json: { Status: 'Lost' } })
    expect([status.status, status.body.message]).toEqual([403, missingScopeMessage('leads:write')])
  })

  it('refuses a dashboard sign-in token on /api/v1', async () => {
    const vendor = await makeVendor()
    for (const [method, path] of [
      ['GET', '/api/v1/leads'],
      ['GET', '/api/v1/products'],
      ['POST', '/api/v1/conversions'],
    ] as const) {
      const res = await call(method, path, { token: vendor.token, json: method === 'POST' ? { leadId: 1, orderId: 'A1' } : undefined })
      expect([res.status, res.body.message], `${method} ${path}`).toEqual([401, V1_AUTH_MESSAGES.notAKey])
    }
  })

  it('refuses a key on the dashboard routes, its own key routes included', async () => {
    const vendor = await makeVendor()
    const key = await makeApiKey(vendor)
    for (const [method, path] of [
      ['GET', '/api/leads/leadsdata'],
      ['GET', `/api/leads/leadsbyvendorid/${vendor.id}`],
      ['GET', '/api/vendors/api-keys'],
      ['POST', '/api/vendors/api-keys'],
      ['GET', '/api/money/balance'],
      ['GET', `/api/vendors/analytics/${vendor.id}`],
    ] as const) {
      const res = await call(method, path, { token: key.Secret, json: method === 'POST' ? { Name: 'x', Scopes: ['leads:read'] } : undefined })
      expect(res.status, `${method} ${path}`).toBe(401)
    }
    const count = await env.DB.prepare('SELECT count(*) AS n FROM api_keys WHERE VendorID = ?').bind(vendor.id).first<{ n: number }>()
    expect(count?.n).toBe(1)
  })
})

describe('revoking a key', () => {
  it("refuses another vendor's key as not found and changes nothing", async () => {
    const owner = await makeVendor()
    const intruder = await makeVendor()
    const key = await makeApiKey(owner)
    const res = await call('POST', `/api/vendors/api-keys/${key.KeyID}/revoke`, { token: intruder.token })
    expect([res.status, res.body.message]).toEqual([404, API_KEY_MESSAGES.notFound])
    expect((await keyRow(key.KeyID))?.revokedAt).toBeNull()
    expect((await call('GET', '/api/v1/leads', { token: key.Secret })).status).toBe(200)
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE targetType = 'api-key' AND targetId = ?")
      .bind(String(key.KeyID))
      .first<{ n: number }>()
    expect(audit?.n).toBe(1)
  })

  it('says so when the key is already revoked', async () => {
    const vendor = await makeVendor()
    const key = await makeApiKey(vendor)
    await call('POST', `/api/vendors/api-keys/${key.KeyID}/revoke`, { token: vendor.token })
    const again = await call('POST', `/api/vendors/api-keys/${key.KeyID}/revoke`, { token: vendor.token })
    expect([again.status, again.body.message]).toEqual([409, API_KEY_MESSAGES.alreadyRevoked])
  })
})

describe('key actions on the record', () => {
  it("appear in the vendor's activity and in the back office's audit log, with the vendor as the actor", async () => {
    const vendor = await makeVendor()
    const key = await makeApiKey(vendor, ['leads:read'], 'Zoho CRM')
    await call('POST', `/api/vendors/api-keys/${key.KeyID}/revoke`, { token: vendor.token })
    const activity = await call<VendorActivityDTO[]>('GET', '/api/vendors/activity', { token: vendor.token })
    expect(activity.status).toBe(200)
    expect(activity.body.data.map((a) => [a.action, a.targetId, a.detail])).toEqual([
      ['revoke-api-key', String(key.KeyID), 'Zoho CRM'],
      ['create-api-key', String(key.KeyID), 'Zoho CRM'],
    ])
    // Another vendor sees none of it.
    const other = await makeVendor()
    expect((await call<VendorActivityDTO[]>('GET', '/api/vendors/activity', { token: other.token })).body.data).toEqual([])
    const admin = await makeAdmin()
    const audit = await call<Array<{ action: string; adminEmail: string; targetName: string | null }>>(
      'GET',
      `/api/admin/audit?targetType=api-key&targetId=${key.KeyID}`,
      { token: admin.token },
    )
    expect(audit.status).toBe(200)
    expect(audit.body.data.map((a) => [a.action, a.adminEmail, a.targetName])).toEqual([
      ['revoke-api-key', vendor.email, `Zoho CRM (${key.Prefix}…)`],
      ['create-api-key', vendor.email, `Zoho CRM (${key.Prefix}…)`],
    ])
  })
})
