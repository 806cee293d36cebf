// Whether a buy link (/affiliate/track?productId&vendorId&marketerId) can take a lead, and what its
// page shows. The same rule as lead creation (routes/leads.ts): an active product of that vendor and
// an existing influencer. A link that breaks it shows no form, since a lead sent from it could only fail.

import { cleanSub, SUB_PARAM } from '../contract/attribution'
import type { BuyIds, BuyPageData, BuyProduct } from '../contract/buy-page'
import { positiveId } from '../contract/fields'
import { makeDb } from '../db/client'
import type { Bindings } from '../env'
import { linkCodeOf } from './coupons'
import { type PageProduct, pageMarketer, pageProduct } from './page-data'

/** The link's ids: each exactly once and a plain positive integer, else null (as the tracker reads them). */
export function readBuyIds(query: (name: string) => string[] | undefined): BuyIds {
  const one = (name: string) => {
    const values = query(name) ?? []
    return values.length === 1 ? positiveId(values[0]) : null
  }
  const campaignId = one('campaignId')
  // A sub-ID that is not one is dropped, never refused: the buyer's click still works.
  const sub = cleanSub((query(SUB_PARAM) ?? [])[0])
  // Only a campaign link (or one with a sub-ID) carries the key: every other page's data stays as it was.
  return {
    productId: one('productId'),
    vendorId: one('vendorId'),
    marketerId: one('marketerId'),
    ...(campaignId ? { campaignId } : {}),
    ...(sub ? { sub } : {}),
  }
}

const toBuyProduct = (p: PageProduct): BuyProduct => ({
  ProductID: p.ProductID,
  VendorID: p.VendorID,
  ProductName: p.ProductName,
  Description: p.Description,
  Price: p.Price,
  product_link: p.product_link,
  VendorName: p.VendorName,
  images: p.images,
  path: p.path,
})

export type ResolvedBuyLink = { link: BuyPageData['link']; product: PageProduct | null }

export async function resolveBuyLink(env: Pick<Bindings, 'DB' | 'MEDIA'>, ids: BuyIds): Promise<ResolvedBuyLink> {
  const [product, marketer, code] = await Promise.all([
    ids.productId ? pageProduct(env, ids.productId) : null,
    ids.marketerId ? pageMarketer(env, ids.marketerId) : null,
    ids.productId && ids.marketerId ? linkCodeOf(makeDb(env.DB), ids.marketerId, ids.productId) : null,
  ])
  if (!product) return { link: { valid: false, product: null }, product: null }
  if (product.VendorID !== ids.vendorId || !marketer) {
    return { link: { valid: false, product: { ProductName: product.ProductName, path: product.path } }, product }
  }
  return { link: { valid: true, product: toBuyProduct(product), marketerId: marketer.MarketerID, code }, product }
}
