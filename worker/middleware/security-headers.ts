// The security headers of every response the Worker writes, set in one place:
// API envelopes, media, robots.txt, sitemap.xml, short-link redirects, the buy page, the pages with
// their own head, the apology page and the static assets passed through. /sitemap.xml used to go
// out with none of them, and HSTS was on API answers only. Static files the Worker never sees get
// the same from web/public/_headers.

import { createMiddleware } from 'hono/factory'
import { PAGE_SECURITY_HEADERS } from '../html/document'

// Two years, subdomains included: the site is HTTPS only (wrangler dev runs on http, where
// browsers ignore the header).
const HSTS = 'max-age=63072000; includeSubDomains'

const EVERY_RESPONSE: Record<string, string> = {
  'Strict-Transport-Security': HSTS,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
}

// JSON, CSV, XML, text, images and redirects load nothing and are framed by nobody.
const NOT_A_DOCUMENT: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Permitted-Cross-Domain-Policies': 'none',
}

/** The headers a response of this content type gets when it does not carry its own. */
export function securityHeadersFor(contentType: string | null): Record<string, string> {
  const document = (contentType ?? '').toLowerCase().startsWith('text/html')
  return { ...EVERY_RESPONSE, ...(document ? PAGE_SECURITY_HEADERS : NOT_A_DOCUMENT) }
}

function fill(headers: Headers, wanted: Record<string, string>): void {
  // A header the route set itself wins: the buy page's CSP carries its inline style's hash.
  for (const [name, value] of Object.entries(wanted)) if (!headers.has(name)) headers.set(name, value)
}

export const securityHeaders = createMiddleware(async (c, next) => {
  await next()
  const wanted = securityHeadersFor(c.res.headers.get('content-type'))
  try {
    fill(c.res.headers, wanted)
  } catch {
    // A response straight from another fetch (the static assets) has immutable headers: copy it.
    const copy = new Response(c.res.body, c.res)
    fill(copy.headers, wanted)
    c.res = copy
  }
})
