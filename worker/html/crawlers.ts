// /robots.txt and /sitemap.xml.

import { influencerPagePath, productPagePath } from '../contract/paths'
import { makeDb } from '../db/client'
import { activeProductsAfter, influencersAfter } from '../db/pages'
import type { Bindings } from '../env'
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

// One sitemap file may list 50,000 URLs: half for products, half for influencers, a few for the hubs.
export const SITEMAP_LIMIT_PER_KIND = 24_990
const BATCH = 1_000
const HUBS = ['/', '/products', '/influencer']

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const urlEntry = (origin: string, path: string, lastmod?: string) =>
  `<url><loc>${xmlText(absoluteUrl(origin, path))}</loc>${lastmod ? `<lastmod>${xmlText(lastmod)}</lastmod>` : ''}</url>\n`

type Page = { id: number; xml: string }

/** Reads one kind of record in keyset batches and yields each batch as XML: memory stays one batch. */
async function* batches(read: (afterId: number, limit: number) => Promise<Page[]>): AsyncGenerator<string> {
  let after = 0
  let listed = 0
  while (listed < SITEMAP_LIMIT_PER_KIND) {
    const limit = Math.min(BATCH, SITEMAP_LIMIT_PER_KIND - listed)
    const rows = await read(after, limit)
    if (rows.length > 0) yield rows.map((r) => r.xml).join('')
    listed += rows.length
    if (rows.length < limit) return
    after = rows[rows.length - 1].id
  }
}

async function* sitemapXml(env: Pick<Bindings, 'DB'>, origin: string): AsyncGenerator<string> {
  const db = makeDb(env.DB)
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
  yield HUBS.map((path) => urlEntry(origin, path)).join('')
  yield* batches(async (after, limit) =>
    (await activeProductsAfter(db, after, limit)).map((p) => ({ id: p.ProductID, xml: urlEntry(origin, productPagePath(p), p.updatedAt) })),
  )
  yield* batches(async (after, limit) =>
    (await influencersAfter(db, after, limit)).map((m) => ({ id: m.MarketerID, xml: urlEntry(origin, influencerPagePath(m.MarketerID), m.updatedAt) })),
  )
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
