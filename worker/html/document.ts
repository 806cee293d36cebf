// HTML documents the Worker answers: templates from the static assets (the built SPA shell and the
// buy page's own HTML), absolute URLs, and the headers static pages get from web/public/_headers.

import { linkOrigin } from '../domain/affiliate'
import type { Bindings } from '../env'

/** The SPA's index.html (served for `/`). */
export const SPA_SHELL = '/'
/** The buy page's HTML (web/affiliate/track.html): its own entry, never served as a static file. */
export const BUY_SHELL = '/affiliate/track'

/** The public origin for absolute URLs: the same one affiliate links are built on. */
export const publicOrigin = (env: Pick<Bindings, 'PUBLIC_ORIGIN'>, requestUrl: string): string => linkOrigin(env.PUBLIC_ORIGIN, requestUrl)

export const absoluteUrl = (origin: string, path: string) => new URL(path, `${origin}/`).toString()

/** A template from the static assets; a fresh request, so a browser's conditional headers never turn it into a 304. */
export async function loadTemplate(env: Pick<Bindings, 'ASSETS'>, requestUrl: string, path: string): Promise<Response> {
  const res = await env.ASSETS.fetch(new Request(new URL(path, requestUrl)))
  if (!res.ok) throw new Error(`The page template ${path} answered ${res.status}: is the web app built?`)
  return res
}

// Kept equal to what web/public/_headers gives every static page (tests/e2e/serving.test.ts compares them).
const csp = (styleHashes: string[]) =>
  `default-src 'self'; img-src 'self' data: blob:; style-src ${["'self'", ...styleHashes].join(' ')}; script-src 'self'; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'`

/** What every HTML document gets (middleware/security-headers.ts adds them to any that lacks them). */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'Content-Security-Policy': csp([]),
}

/** `styleHashes`: CSP sources ('sha256-...') of styles inlined in this document, and of nothing else. */
export const pageHeaders = (styleHashes: string[] = []): Record<string, string> => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-cache',
  ...PAGE_SECURITY_HEADERS,
  'Content-Security-Policy': csp(styleHashes),
})

/** The rewritten document as the answer, with the page headers and `status`. */
export const htmlResponse = (document: Response, status = 200, styleHashes: string[] = []) =>
  new Response(document.body, { status, headers: pageHeaders(styleHashes) })
