// The paths the SPA has a screen for (web/src/routes.tsx), so the Worker can answer every other
// path 404 with the same page (the SPA's 'not found' screen) instead of the assets' 200 fallback
// (decision 261). tests/web/app-routes.test.ts keeps this list equal to the route table.

/** Route patterns as react-router writes them: ':name' is one segment, a trailing '*' the rest. */
export const APP_ROUTES = [
  '/',
  '/signin',
  '/forgot-password/:role',
  '/reset-password/:role',
  '/verify-email/:role',
  '/signup/vender',
  '/signup/influencer',
  '/products',
  '/product/:productId/:productName/:sku',
  '/product/:productId/*',
  '/influencer',
  '/influencer/:id',
  '/affiliate/track',
  '/unsubscribe',
  '/terms',
  '/privacy',
  '/disclaimer',
  '/data-consent',
  '/vendor',
  '/marketer',
  '/marketer/social-media-setup',
  '/admin',
  '/admin/signin',
  '/admin/influencers',
  '/admin/vendors',
  '/admin/products',
  '/admin/data-requests',
  '/admin/audit',
  '/admin/disputes',
  '/admin/mail',
] as const

const segments = (path: string) => path.split('/').filter(Boolean)

function matches(pattern: string, parts: string[]): boolean {
  const want = segments(pattern)
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '*') return parts.length >= i
    if (i >= parts.length) return false
    if (!want[i].startsWith(':') && want[i] !== parts[i].toLowerCase()) return false
  }
  return parts.length === want.length
}

/** Whether the SPA shows a screen (not its 'not found') at `pathname`; letters' case and a trailing slash aside, as react-router matches. */
export function isAppPath(pathname: string): boolean {
  let parts: string[]
  try {
    parts = segments(decodeURIComponent(pathname))
  } catch {
    return false
  }
  return APP_ROUTES.some((pattern) => matches(pattern, parts))
}
