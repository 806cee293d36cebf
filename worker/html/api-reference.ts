// GET /docs/api: the readable API reference, Scalar's reference app reading /api/openapi.json.
// Its script is served from our own origin (the build copies Scalar's standalone bundle to
// SCALAR_PATH, vite.config.ts), never from a CDN. The page's own policy replaces the static pages'
// one: scripts from our origin only plus the page's one inline module (this request's nonce), no
// 'unsafe-eval', nothing fetched from elsewhere. Styles allow 'unsafe-inline': the reference's Vue
// components write <style> elements of their own (the theme, the layout) without the nonce: with a
// nonce-only policy two of its three style elements were refused and the page came out half-styled.
// The mount point must not be called `api-reference`: the bundle would start a second reference on
// such an element by itself, with its default options (fonts from Scalar's servers). Decision 171.

import type { Context } from 'hono'
import { PAGE_SECURITY_HEADERS } from './document'

export const API_REFERENCE_PATH = '/docs/api'
/** Where the build puts Scalar's standalone ES module and its lazily loaded chunks. */
export const SCALAR_PATH = '/docs/api/scalar'
export const OPENAPI_PATH = '/api/openapi.json'

/** Scalar's options: nothing fetched from elsewhere (fonts, telemetry, its proxy), no developer toolbar. */
const SCALAR_CONFIG = {
  url: OPENAPI_PATH,
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  hideClientButton: false,
  persistAuth: false,
  mcp: { disabled: true },
  agent: { disabled: true },
  metaData: { title: 'Collabkart API reference' },
}

function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}

export const apiReferencePolicy = (n: string) =>
  [
    "default-src 'none'",
    `script-src 'self' 'nonce-${n}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ')

export function apiReferenceHtml(n: string): string {
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Collabkart API reference</title>
<meta name="description" content="Every route of the Collabkart API: who may call it, what it takes, what it answers and every message it refuses with.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<noscript>The reference needs JavaScript. The document itself is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript>
<div id="reference"></div>
<script type="module" nonce="${n}">
import { createApiReference } from '${SCALAR_PATH}/standalone.esm.js'
createApiReference('#reference', ${JSON.stringify(SCALAR_CONFIG)})
</script>
</body>
</html>
`
}

export function apiReferencePage(c: Context): Response {
  const n = nonce()
  return c.html(apiReferenceHtml(n), 200, {
    ...PAGE_SECURITY_HEADERS,
    'Content-Security-Policy': apiReferencePolicy(n),
    'Cache-Control': 'no-store',
  })
}
