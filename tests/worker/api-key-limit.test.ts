// The per-key limit of /api/v1 (decision 251): a token bucket kept in D1, so a burst that crosses
// a clock minute gets no second allowance, and every answer says what is left in the IETF draft's
// RateLimit-Policy and RateLimit fields, with Retry-After on a 429.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { V1_AUTH_MESSAGES } from '../../worker/contract/v1'
import { makeDb } from '../../worker/db/client'
import { takeKeyCall } from '../../worker/db/api-key-limit'
import { call } from '../helpers/api'
import { makeApiKey } from '../helpers/api-keys'
import { makeVendor } from '../helpers/factories'

const db = makeDb(env.DB)

/** `"default";r=599;t=1` as its numbers. */
function fields(headers: Headers) {
  const m = /^"default";r=(\d+);t=(\d+)$/.exec(headers.get('ratelimit') ?? '')
  return m ? { r: Number(m[1]), t: Number(m[2]) } : null
}

describe('the API key limit', () => {
  it('gives a burst that crosses a clock minute no second allowance', async () => {
    const vendor = await makeVendor()
    const key = await makeApiKey(vendor, ['products:read'])
    // 600 calls in the last second of a minute, then 100 more in the first 100 ms of the next.
    const minute = Math.floor(Date.now() / 60_000) * 60_000 + 60_000
    let before = 0
    for (let i = 0; i < 600; i++) if ((await takeKeyCall(db, key.KeyID, minute - 1000 + i)).granted) before++
    let after = 0
    for (let i = 0; i < 100; i++) if ((await takeKeyCall(db, key.KeyID, minute + i)).granted) after++
    expect(before).toBe(600)
    // Only what refilled in the 1.1 s since the burst began (one call every 100 ms), not 600 more.
    expect(after).toBeGreaterThanOrEqual(10)
    expect(after).toBeLessThanOrEqual(11)
    // A whole window later the bucket is full again, and no fuller.
    let later = 0
    for (let i = 0; i < 601; i++) if ((await takeKeyCall(db, key.KeyID, minute + 120_000)).granted) later++
    expect(later).toBe(600)
  }, 60_000)

  it('says the policy and the calls left on every answer, counting down, and 429 with Retry-After when empty', async () => {
    const vendor = await makeVendor()
    const key = await makeApiKey(vendor, ['products:read'])
    const other = await makeApiKey(vendor, ['products:read'], 'Other')
    const first = await call('GET', '/api/v1/products?limit=1', { token: key.Secret })
    expect(first.status).toBe(200)
    expect(first.headers.get('ratelimit-policy')).toBe('"default";q=600;w=60')
    expect(fields(first.headers)).toEqual({ r: 599, t: 1 })
    const second = await call('GET', '/api/v1/products?limit=1', { token: key.Secret })
    expect(fields(second.headers)?.r).toBeLessThanOrEqual(599)
    // Refusals after the key is known carry them too: a scope the key lacks.
    const refused = await call('GET', '/api/v1/leads', { token: key.Secret })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('ratelimit-policy')).toBe('"default";q=600;w=60')
    expect(fields(refused.headers)?.r).toBeLessThan(599)

    // Empty the bucket (the HTTP calls above and these share it), stamped a little ahead so the
    // time the loop takes refills nothing before the next call.
    const ahead = Date.now() + 60_000
    for (let i = 0; i < 600; i++) await takeKeyCall(db, key.KeyID, ahead)
    const limited = await call('GET', '/api/v1/products?limit=1', { token: key.Secret })
    expect([limited.status, limited.body.message]).toEqual([429, V1_AUTH_MESSAGES.rateLimited])
    expect(fields(limited.headers)).toMatchObject({ r: 0 })
    expect(limited.headers.get('ratelimit-policy')).toBe('"default";q=600;w=60')
    // One call comes back every 100 ms: a second is always enough to wait.
    expect(limited.headers.get('retry-after')).toBe('1')
    expect((await call('GET', '/api/v1/products?limit=1', { token: other.Secret })).status).toBe(200)
  }, 60_000)
})
