// What the sitemap lists: every active product page and every influencer profile, read in keyset
// batches so that memory holds one batch however many there are.

import { marketerPagePath, productPagePath, storefrontPath } from '../contract/paths'
import { makeDb } from '../db/client'
import { activeProductsAfter, marketersAfter } from '../db/pages'
import { storefrontsAfter } from '../db/storefront'
import { storefrontHandleOf } from '../domain/storefront'
import type { Bindings } from '../env'

export type SitemapEntry = { path: string; lastmod: string }

// One sitemap file may list 50,000 URLs: a third each for products, influencers and storefronts, a few for the hubs.
export const SITEMAP_LIMIT_PER_KIND = 16_660
const BATCH = 1_000

/** Reads one kind of record batch by batch, by id, up to the limit. */
async function* batches<T>(read: (afterId: number, limit: number) => Promise<T[]>, idOf: (row: T) => number): AsyncGenerator<T[]> {
  let after = 0
  let listed = 0
  while (listed < SITEMAP_LIMIT_PER_KIND) {
    const limit = Math.min(BATCH, SITEMAP_LIMIT_PER_KIND - listed)
    const rows = await read(after, limit)
    if (rows.length > 0) yield rows
    listed += rows.length
    if (rows.length < limit) return
    after = idOf(rows[rows.length - 1])
  }
}

/** The sitemap's product pages, then its profiles, then the storefronts with a collection, a batch at a time. */
export async function* sitemapEntries(env: Pick<Bindings, 'DB'>): AsyncGenerator<SitemapEntry[]> {
  const db = makeDb(env.DB)
  for await (const rows of batches(
    (after, limit) => activeProductsAfter(db, after, limit),
    (p) => p.ProductID,
  )) {
    yield rows.map((p) => ({ path: productPagePath(p), lastmod: p.updatedAt }))
  }
  for await (const rows of batches(
    (after, limit) => marketersAfter(db, after, limit),
    (m) => m.MarketerID,
  )) {
    yield rows.map((m) => ({ path: marketerPagePath(m.MarketerID), lastmod: m.updatedAt }))
  }
  for await (const rows of batches(
    (after, limit) => storefrontsAfter(db, after, limit),
    (m) => m.MarketerID,
  )) {
    yield rows
      .filter((m) => !m.suspended)
      .map((m) => {
        const handle = storefrontHandleOf(m)
        return { path: storefrontPath(handle && m.holder === m.MarketerID ? handle : null, m.MarketerID), lastmod: m.updatedAt }
      })
  }
}
