// Decision 061. With PUBLIC_ORIGIN blank (as wrangler.toml ships it), links and canonical URLs
// followed the Host header, and a deploy that forgot the setting inherited that. A Worker that is
// not a local run (no ALLOW_HOST_ORIGIN) and has no valid PUBLIC_ORIGIN now refuses every request.

import { createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import worker from '../../worker/index'
import { MISCONFIGURED_MESSAGE } from '../../worker/middleware/public-origin'
import { makeMarketer } from '../helpers/factories'

const deployed = (PUBLIC_ORIGIN: string | undefined) => ({ ...env, ALLOW_HOST_ORIGIN: undefined, PUBLIC_ORIGIN })
const fetchAs = (path: string, bindings: typeof env, init: RequestInit = {}) =>
  worker.fetch(new Request(`https://evil.example${path}`, init), bindings, createExecutionContext())

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a deployed Worker without a valid PUBLIC_ORIGIN', () => {
  it('answers 500 "not configured" to pages, links and the API, and says why in the log once, without a stack', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const marketer = await makeMarketer()
    for (const configured of ['', undefined, '   ', 'collabkart dot in', 'ftp://collabkart.in']) {
      for (const path of [
        '/sitemap.xml',
        '/robots.txt',
        `/influencer/${marketer.id}`,
        '/affiliate/track?productId=1&vendorId=1&marketerId=1',
        '/api/products',
      ]) {
        const res = await fetchAs(path, deployed(configured))
        expect(res.status, `${path} with ${String(configured)}`).toBe(500)
        expect(await res.json(), path).toEqual({ statusCode: 0, message: MISCONFIGURED_MESSAGE, data: null })
        // Still the security headers of every answer.
        expect(res.headers.get('strict-transport-security'), path).not.toBeNull()
      }
    }
    const logged = errors.mock.calls.map((args) => args.map(String).join(' '))
    expect(logged.length).toBeLessThanOrEqual(1)
    for (const line of logged) {
      expect(line).toMatch(/^Misconfigured: PUBLIC_ORIGIN/)
      expect(line).not.toMatch(/\n\s+at /)
    }
  })

  it('works as usual once PUBLIC_ORIGIN is set, building links on it whatever the Host header says', async () => {
    const res = await fetchAs('/robots.txt', deployed('https://collabkart.in'))
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Sitemap: https://collabkart.in/sitemap.xml')
  })

  it('lets a local run (ALLOW_HOST_ORIGIN=1, as .dev.vars and the scripts set it) build links on the request’s address', async () => {
    const res = await fetchAs('/robots.txt', { ...env, PUBLIC_ORIGIN: '', ALLOW_HOST_ORIGIN: '1' })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Sitemap: https://evil.example/sitemap.xml')
  })
})
