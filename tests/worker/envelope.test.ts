import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../worker/env'
import { call, ORIGIN } from '../helpers/api'

describe('the response envelope', () => {
  it('answers an unknown /api route with a 404 envelope', async () => {
    const res = await call('GET', '/api/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ statusCode: 0, message: 'Route not found', data: null })
  })

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/api/vendors/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"Email": ',
      }),
    )
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body).toMatchObject({ statusCode: 0, data: null })
    expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|\.ts:\d+/)
  })

  it('sets security headers on API responses', async () => {
    const res = await call('GET', '/api/no-such-thing')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })
})

describe('GET /api/health', () => {
  it('answers ok so local tooling knows the Worker is up', async () => {
    const res = await call('GET', '/api/health')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ statusCode: 1, message: 'ok', data: null })
  })
})

describe('a refusal thrown from inside a query', () => {
  it('answers the refusal, not 500, when Drizzle wraps it (a stale session writing)', async () => {
    const { Hono } = await import('hono')
    const { onError } = await import('../../worker/middleware/envelope')
    const { Unauthenticated } = await import('../../worker/domain/errors')
    const app = new Hono<AppEnv>()
      .get('/wrapped', () => {
        throw new Error('Failed query: INSERT INTO "rate_events" ...', { cause: new Unauthenticated('Please log in to continue') })
      })
      .onError(onError)
    const res = await app.request('/wrapped')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ statusCode: 0, message: 'Please log in to continue', data: null })
  })
})
