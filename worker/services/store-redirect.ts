// The edge redirect behind 'Buy on {vendor}'s store' (/go/{productId}/{marketerId}): counts the
// click as the link's impression (the same visitor rules: bots never, one visit per half hour),
// records the click with a ref of its own (decision 291) and sends them to the store with `ck_ref`.

import { makeDb } from '../db/client'
import { recordImpression } from '../db/impressions'
import { isBot, visitorId } from '../domain/impressions'
import { withCkRef } from '../domain/store-refs'
import type { Bindings } from '../env'
import { pageMarketer, pageProduct } from './page-data'
import { issueStoreRef } from './store-refs'

/** Who clicked, and the link's sub-ID (already cleaned: anything else was dropped). */
type Visit = { userAgent: string | undefined; ip: string | undefined; sub: string | null }

/**
 * Where the click goes, or null when the link leads nowhere (no such active product, no store
 * link, no such influencer). A bot is sent to the plain store address: it is counted nowhere and
 * gets no ref, so crawlers cannot fill the ref table. The click is recorded after the answer.
 */
export async function storeRedirectTarget(
  env: Pick<Bindings, 'DB' | 'MEDIA' | 'IMPRESSIONS' | 'JWT_SECRET'>,
  productId: number,
  marketerId: number,
  visit: Visit,
  later: (work: Promise<unknown>) => void,
): Promise<string | null> {
  const [product, marketer] = await Promise.all([pageProduct(env, productId), pageMarketer(env, marketerId)])
  const storeUrl = product?.product_link
  if (!product || !marketer || !storeUrl || !withCkRef(storeUrl, 'x')) return null
  if (isBot(visit.userAgent)) return storeUrl
  const visitor = await visitorId(visit.ip ?? '', visit.userAgent ?? '', env.JWT_SECRET)
  const link = { ProductID: product.ProductID, VendorID: product.VendorID, MarketerID: marketer.MarketerID }
  const ref = await issueStoreRef(makeDb(env.DB), link, visitor, visit.sub)
  later(recordImpression(env.IMPRESSIONS, { productId: link.ProductID, vendorId: link.VendorID, marketerId: link.MarketerID }, visitor))
  return withCkRef(storeUrl, ref)
}
