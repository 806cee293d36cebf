// An order paid with a creator code (decision 212), from the conversion API's `coupon` or a store
// webhook's discount code: the lead is made for the code's creator from the order, as a `ck_ref`
// makes one from the click (services/store-refs.ts), and counts one use of the code.

import { COUPON_MESSAGES } from '../contract/coupons'
import type { Db } from '../db/client'
import { leadForCodeOrder, onlyProductIdsOf } from '../db/coupons'
import { findProduct } from '../db/products'
import { STORE_LEAD_NAME } from '../db/store-refs'
import type { Lead } from '../db/schema'
import { InvalidInput } from '../domain/errors'
import { campaignTermsFor } from './campaign-links'
import { codeForOrder } from './coupons'

/** The product the order is for: the one the code names, or `productId` (which the code must cover). */
async function productOf(db: Db, vendorId: number, code: { CodeID: number; AllProducts: boolean }, productId: number | null): Promise<number> {
  const named = code.AllProducts ? null : await onlyProductIdsOf(db, code.CodeID)
  if (productId === null) {
    if (named?.length === 1) return named[0]
    throw new InvalidInput(COUPON_MESSAGES.severalProducts)
  }
  const product = await findProduct(db, productId)
  const covered = named ? named.includes(productId) : product?.VendorID === vendorId
  if (!product?.IsActive || !covered) throw new InvalidInput(COUPON_MESSAGES.notForProduct)
  return productId
}

async function campaignTermsForCode(db: Db, code: { CampaignID: number | null; MarketerID: number }, vendorId: number, productId: number, at: number) {
  if (code.CampaignID === null) return null
  const product = await findProduct(db, productId)
  if (!product) return null
  return campaignTermsFor(db, { CampaignID: code.CampaignID, MarketerID: code.MarketerID, ProductID: productId, VendorID: vendorId }, product, at)
}

/**
 * The vendor's lead for order `orderId` paid with `coupon` at `at`: made once per order (a replay,
 * or the same order at once, finds the same lead). A code that cannot be used at the order's time
 * is 400 with the buyer's message for it.
 */
export async function leadForCoupon(
  db: Db,
  vendorId: number,
  target: { coupon: string; productId: number | null },
  orderId: string,
  at: number,
): Promise<Lead> {
  const found = await codeForOrder(db, vendorId, target.coupon, at)
  if ('refusal' in found) throw new InvalidInput(found.refusal)
  const productId = await productOf(db, vendorId, found.code, target.productId)
  // A campaign's code (decision 213): the lead carries the campaign by the same rule as a link's, at the order's time.
  const campaign = await campaignTermsForCode(db, found.code, vendorId, productId, at)
  const lead = await leadForCodeOrder(db, {
    vendorId,
    codeId: found.code.CodeID,
    productId,
    // Unique across vendors (StoreRef is), and never a ck_ref (those have no colon).
    storeRef: `code:${vendorId}:${orderId}`,
    clientName: STORE_LEAD_NAME,
    at: new Date(at).toISOString(),
    campaign,
  })
  // The code's last use went to another order meanwhile, or it ended.
  if (!lead) throw new InvalidInput(COUPON_MESSAGES.usedUp)
  return lead
}
