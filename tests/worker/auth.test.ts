import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { signToken, verifyToken } from '../../worker/domain/tokens'
import type { AppEnv } from '../../worker/env'
import { identify, requireRole } from '../../worker/middleware/auth'
import { ok, onError } from '../../worker/middleware/envelope'
import { b64url, unsignedToken } from '../helpers/tokens'

// A tiny app wired with the real middleware, so every token case is checked in one place;
// the route suites check that each real route is behind it.
const probe = new Hono<AppEnv>()
  .use('*', identify)
  .get('/vendor-only', requireRole('vendor'), (c) => ok(c, 'hello', c.get('caller')))
probe.onError(onError)

const hit = (token?: string) =>
  probe.request('/vendor-only', { headers: token ? { authorization: `Bearer ${token}` } : {} }, env)


describe('bearer tokens', () => {
  it('lets a valid vendor token through', async () => {
    const res = await hit(await signToken({ id: 7, role: 'vendor' }, env.JWT_SECRET))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ statusCode: 1, data: { id: 7, role: 'vendor' } })
  })

  it('answers 401 without a token', async () => {
    const res = await hit()
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ statusCode: 0, message: 'Please log in to continue', data: null })
  })

  it('answers 401 for an expired token', async () => {
    const dayAndAMinuteAgo = Date.now() - (24 * 60 + 1) * 60_000
    const res = await hit(await signToken({ id: 7, role: 'vendor' }, env.JWT_SECRET, dayAndAMinuteAgo))
    expect(res.status).toBe(401)
  })

  it('answers 401 for a token signed with another secret', async () => {
    const res = await hit(await signToken({ id: 7, role: 'vendor' }, 'someone-elses-secret'))
    expect(res.status).toBe(401)
  })

  it('answers 401 for an unsigned alg:none token', async () => {
    const res = await hit(unsignedToken('vendor', 7))
    expect(res.status).toBe(401)
  })

  it('answers 401 for a token whose payload was edited after signing', async () => {
    const [header, , signature] = (await signToken({ id: 7, role: 'marketer' }, env.JWT_SECRET)).split('.')
    const exp = Math.floor(Date.now() / 1000) + 3600
    const res = await hit(`${header}.${b64url({ sub: '7', role: 'vendor', exp })}.${signature}`)
    expect(res.status).toBe(401)
  })

  it('answers 401 for garbage and for a token without expiry', async () => {
    expect((await hit('not.a.token')).status).toBe(401)
    const noExp = await new SignJWT({ role: 'vendor' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .sign(new TextEncoder().encode(env.JWT_SECRET))
    expect((await hit(noExp)).status).toBe(401)
  })

  it('answers 403 for the wrong role', async () => {
    const res = await hit(await signToken({ id: 7, role: 'marketer' }, env.JWT_SECRET))
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ statusCode: 0, message: 'You are not allowed to do this', data: null })
  })

  it('round-trips claims and rejects an unknown role', async () => {
    expect(await verifyToken(await signToken({ id: 3, role: 'marketer' }, 's'), 's')).toEqual({ id: 3, role: 'marketer' })
    const admin = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('s'))
    expect(await verifyToken(admin, 's')).toBeNull()
  })
})
