// /robots.txt and /sitemap.xml.

import type { Bindings } from '../env'
import { sitemapEntries } from '../services/sitemap'
import { absoluteUrl } from './document'

const CRAWLER_CACHE = 'public, max-age=3600'

/** Public pages open to every crawler; the API, dashboards and any back office closed. */
export function robotsTxt(origin: string): Response {
  const body = [
    '# Collabkart: the catalogue, products, buy links and creator profiles are public.',
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /vendor',
    'Disallow: /marketer',
    'Disallow: /admin',
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CRAWLER_CACHE } })
}

const HUBS = ['/', '/products', '/influencer']

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const urlEntry = (origin: string, path: string, lastmod?: string) =>
  `<url><loc>${xmlText(absoluteUrl(origin, path))}</loc>${lastmod ? `<lastmod>${xmlText(lastmod)}</lastmod>` : ''}</url>\n`

async function* sitemapXml(env: Pick<Bindings, 'DB'>, origin: string): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
  yield HUBS.map((path) => urlEntry(origin, path)).join('')
  for await (const batch of sitemapEntries(env)) yield batch.map((e) => urlEntry(origin, e.path, e.lastmod)).join('')
  yield '</urlset>\n'
}

/** The sitemap, streamed as it is read: active products and every influencer profile. */
export function sitemapResponse(env: Pick<Bindings, 'DB'>, origin: string): Response {
  const parts = sitemapXml(env, origin)
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await parts.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
  })
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CRAWLER_CACHE } })
}
