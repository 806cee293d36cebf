import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { SignJWT } from 'jose'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { signToken, TOKEN_LIFETIME_SECONDS, verifyToken } from '../../worker/domain/tokens'
import type { AppEnv } from '../../worker/env'
import { identify, requireRole } from '../../worker/middleware/auth'
import { ok, onError } from '../../worker/middleware/envelope'
import { makeMarketer, makeVendor } from '../helpers/factories'
import { b64url, unsignedToken } from '../helpers/tokens'

// A tiny app wired with the real middleware, so every token case is checked in one place;
// the route suites check that each real route is behind it.
const probe: Hono<AppEnv> = new Hono<AppEnv>()
  .use(
    '*',
    identify((request, bindings, ctx) => probe.fetch(request, bindings, ctx)),
  )
  .get('/vendor-only', requireRole('vendor'), (c) => ok(c, 'hello', c.get('caller')))
probe.onError(onError)

const hit = (token?: string) => probe.request('/vendor-only', { headers: token ? { authorization: `Bearer ${token}` } : {} }, env)

// Tokens name a real vendor: the middleware also checks that the account exists and is on the
// token's version.
let id = 0
beforeAll(async () => {
  id = (await makeVendor()).id
})

describe('bearer tokens', () => {
  it('lets a valid vendor token through', async () => {
    const res = await hit(await signToken({ id, role: 'vendor', ver: 0 }, env.JWT_SECRET))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ statusCode: 1, data: { id, role: 'vendor' } })
  })

  it('answers 401 without a token', async () => {
    const res = await hit()
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ statusCode: 0, message: 'Please log in to continue', data: null })
  })

  it('answers 401 for an expired token', async () => {
    const dayAndAMinuteAgo = Date.now() - (24 * 60 + 1) * 60_000
    const res = await hit(await signToken({ id, role: 'vendor', ver: 0 }, env.JWT_SECRET, dayAndAMinuteAgo))
    expect(res.status).toBe(401)
  })

  it('answers 401 for a token signed with another secret', async () => {
    const res = await hit(await signToken({ id, role: 'vendor', ver: 0 }, 'someone-elses-secret'))
    expect(res.status).toBe(401)
  })

  it('answers 401 for an unsigned alg:none token', async () => {
    const res = await hit(unsignedToken('vendor', id))
    expect(res.status).toBe(401)
  })

  it('answers 401 for a token whose payload was edited after signing', async () => {
    const [header, , signature] = (await signToken({ id, role: 'marketer', ver: 0 }, env.JWT_SECRET)).split('.')
    const exp = Math.floor(Date.now() / 1000) + 3600
    const res = await hit(`${header}.${b64url({ sub: String(id), role: 'vendor', exp })}.${signature}`)
    expect(res.status).toBe(401)
  })

  it('answers 401 for garbage and for a token without expiry', async () => {
    expect((await hit('not.a.token')).status).toBe(401)
    const noExp = await new SignJWT({ role: 'vendor' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .sign(new TextEncoder().encode(env.JWT_SECRET))
    expect((await hit(noExp)).status).toBe(401)
  })

  it('answers 403 for the wrong role', async () => {
    const marketer = await makeMarketer()
    const res = await hit(await signToken({ id: marketer.id, role: 'marketer', ver: 0 }, env.JWT_SECRET))
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ statusCode: 0, message: 'You are not allowed to do this', data: null })
  })

  it('round-trips claims and rejects an unknown role', async () => {
    expect(await verifyToken(await signToken({ id: 3, role: 'marketer', ver: 2 }, 's'), 's')).toEqual({ id: 3, role: 'marketer', ver: 2 })
    expect(await verifyToken(await signToken({ id: 1, role: 'admin', ver: 0 }, 's'), 's')).toEqual({ id: 1, role: 'admin', ver: 0 })
    const root = await new SignJWT({ role: 'root' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('s'))
    expect(await verifyToken(root, 's')).toBeNull()
  })

  it('keeps refusing a token it accepted once it has expired, and under another secret', async () => {
    const issued = Date.now()
    const token = await signToken({ id: 4, role: 'vendor', ver: 1 }, 's', issued)
    expect(await verifyToken(token, 's')).toEqual({ id: 4, role: 'vendor', ver: 1 })
    // Accepted before: asked again it is still checked against the secret and the clock.
    expect(await verifyToken(token, 'another secret')).toBeNull()
    expect(await verifyToken(token, 's')).toEqual({ id: 4, role: 'vendor', ver: 1 })
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(issued + TOKEN_LIFETIME_SECONDS * 1000 - 1_000)
      expect(await verifyToken(token, 's')).toEqual({ id: 4, role: 'vendor', ver: 1 })
      vi.setSystemTime(issued + TOKEN_LIFETIME_SECONDS * 1000 + 1_000)
      expect(await verifyToken(token, 's')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('sessions', () => {
  it('answers 401 for a token whose account does not exist, or whose version is not the account’s', async () => {
    expect((await hit(await signToken({ id: 987_654_321, role: 'vendor', ver: 0 }, env.JWT_SECRET))).status).toBe(401)
    expect((await hit(await signToken({ id, role: 'vendor', ver: 1 }, env.JWT_SECRET))).status).toBe(401)
  })

  it('takes a token issued before versions existed (no ver claim) as version 0', async () => {
    const legacy = await new SignJWT({ role: 'vendor' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(env.JWT_SECRET))
    expect((await hit(legacy)).status).toBe(200)
  })

  it('refuses a version claim that is not a whole number', async () => {
    for (const ver of ['0', -1, 1.5, null]) {
      const odd = await new SignJWT({ role: 'vendor', ver })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(id))
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(env.JWT_SECRET))
      expect((await hit(odd)).status, JSON.stringify(ver)).toBe(401)
    }
  })
})
