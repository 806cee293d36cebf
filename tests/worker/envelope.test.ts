import { env, exports } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
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
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })

  // Runs last in this file: it breaks the database on purpose.
  it('turns an unexpected failure into a generic 500 envelope without a stack trace', async () => {
    await env.DB.exec('DROP TABLE vendors')
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await call('POST', '/api/vendors/login', { json: { Email: 'a@b.in', Password: 'x' } })
    expect(res.status).toBe(500)
    expect(res.body).toEqual({ statusCode: 0, message: 'Something went wrong. Please try again.', data: null })
    expect(logged).toHaveBeenCalledWith('Unhandled error', 'POST', '/api/vendors/login', expect.any(Error))
    logged.mockRestore()
  })
})
