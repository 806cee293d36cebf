// The Worker answers 404 for a path the SPA has no screen for (decision 261): its list of the
// SPA's routes must be the route table itself, or a real screen would answer 404 (or a typo 200).

import { describe, expect, it } from 'vitest'
import routesSource from '../../web/src/routes.tsx?raw'
import wranglerToml from '../../wrangler.toml?raw'
import { PRODUCT_BY_ID_ROUTE, PRODUCT_ROUTE } from '../../web/src/lib/links'
import { APP_ROUTES, isAppPath } from '../../worker/contract/app-routes'
import { screenTitle } from '../../web/src/lib/useDocumentTitle'

const CONSTANTS: Record<string, string> = { PRODUCT_ROUTE, PRODUCT_BY_ID_ROUTE }

/** Every path of web/src/routes.tsx, the admin console's children under /admin, the catch-all left out. */
function routeTable(): string[] {
  const [before, rest] = routesSource.split('<Route path="admin" element')
  const [adminBlock, after] = rest.split('</Route>')
  const pathsIn = (text: string) => [...text.matchAll(/path=(?:"([^"]*)"|\{(\w+)\})/g)].map((m) => m[1] ?? CONSTANTS[m[2]]).filter((p) => p !== '*')
  return (
    [...pathsIn(before), 'admin', ...pathsIn(adminBlock).map((p) => `admin/${p}`), ...pathsIn(after), '']
      .map((p) => `/${p}`)
      // '/Influencer' and '/influencer' are one path to a case-insensitive match.
      .filter((p, i, all) => all.findLastIndex((q) => q.toLowerCase() === p.toLowerCase()) === i)
  )
}

describe("the Worker's list of the SPA's screens", () => {
  it('is the route table of web/src/routes.tsx, path for path', () => {
    expect([...APP_ROUTES].sort()).toEqual(routeTable().sort())
  })

  it('knows a screen from a typo', () => {
    for (const path of [
      '/',
      '/products',
      '/products/',
      '/vendor',
      '/Influencer',
      '/influencer/42',
      '/product/7/lamp/SKU-1',
      '/product/7',
      '/admin/mail',
      '/reset-password/vendor',
    ]) {
      expect(isAppPath(path), path).toBe(true)
    }
    for (const path of ['/nope', '/productz', '/vendor/settings', '/admin/nothing', '/signup', '/signup/vendor', '/reset-password', '/%E0%A4%A']) {
      expect(isAppPath(path), path).toBe(false)
    }
  })
})

describe('tab titles', () => {
  it('give each screen its own, and a typo the 404 page’s', () => {
    const paths = [
      '/signin',
      '/signup/vender',
      '/signup/influencer',
      '/products',
      '/influencer',
      '/vendor',
      '/marketer',
      '/marketer/social-media-setup',
      '/forgot-password/vendor',
      '/reset-password/influencer',
      '/verify-email/vendor',
      '/nope',
    ]
    const titles = paths.map(screenTitle)
    expect(titles).not.toContain(null)
    expect(new Set(titles).size).toBe(paths.length)
    expect(screenTitle('/nope')).toBe('Page Not Found')
    expect(screenTitle('/products/')).toBe('Products')
    // These name themselves from what they show (a product, a creator, a legal text) or keep the home page's.
    expect([screenTitle('/'), screenTitle('/product/7/lamp/SKU-1'), screenTitle('/influencer/42'), screenTitle('/terms')]).toEqual([null, null, null, null])
  })
})

describe('wrangler.toml', () => {
  it('leaves every screen but those the Worker writes to the assets, and nothing else', () => {
    const block = wranglerToml.slice(wranglerToml.indexOf('run_worker_first = ['), wranglerToml.indexOf(']', wranglerToml.indexOf('run_worker_first = [')))
    const negated = [...block.matchAll(/"!([^"]+)"/g)].map((m) => m[1])
    const STATIC = ['/assets/*', '/placeholders/*', '/favicon.svg', '/docs/api/scalar/*']
    const screens = negated.filter((p) => !STATIC.includes(p))
    for (const p of screens) expect(p.endsWith('/*') ? APP_ROUTES.some((r) => r.startsWith(p.slice(0, -1))) : isAppPath(p), p).toBe(true)
    // The screens the Worker writes (heads, the buy page) stay with it.
    const WORKER_WRITTEN = ['/product/:productId/:productName/:sku', '/product/:productId/*', '/influencer/:id', '/affiliate/track']
    const covered = (route: string) => screens.some((p) => (p.endsWith('/*') ? route.startsWith(p.slice(0, -1)) : p === route))
    expect(APP_ROUTES.filter((r) => !WORKER_WRITTEN.includes(r) && !covered(r))).toEqual([])
    expect(block).toContain('"/*"')
  })
})
