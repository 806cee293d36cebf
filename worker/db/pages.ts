// Reads for the pages the Worker writes itself: the buy page, link previews and the sitemap.
// Only the columns a page shows are read.

import { and, asc, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from './client'
import { marketers, products, vendors } from './schema'

export async function productForPage(db: Db, id: number) {
  const [row] = await db
    .select({
      ProductID: products.ProductID,
      VendorID: products.VendorID,
      VendorName: vendors.VendorName,
      ProductName: products.ProductName,
      Description: products.Description,
      PricePaise: products.PricePaise,
      SKU: products.SKU,
      product_link: products.product_link,
      Images: products.Images,
      IsActive: products.IsActive,
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.VendorID, products.VendorID))
    .where(eq(products.ProductID, id))
    .limit(1)
  return row
}

export async function marketerForPage(db: Db, id: number) {
  const [row] = await db
    .select({
      MarketerID: marketers.MarketerID,
      MarketerName: marketers.MarketerName,
      Bio: marketers.Bio,
      Category: marketers.Category,
      Location: marketers.Location,
      MarketerProfilePic: marketers.MarketerProfilePic,
      PreviewImage1: marketers.PreviewImage1,
      totalReachRaw: marketers.totalReachRaw,
    })
    .from(marketers)
    .where(and(eq(marketers.MarketerID, id), isNull(marketers.suspendedAt)))
    .limit(1)
  return row
}

/** One keyset page of active products for the sitemap, by id (the primary key and products_active_idx). */
export function activeProductsAfter(db: Db, afterId: number, limit: number) {
  return db
    .select({ ProductID: products.ProductID, ProductName: products.ProductName, SKU: products.SKU, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.IsActive, true), gt(products.ProductID, afterId)))
    .orderBy(asc(products.ProductID))
    .limit(limit)
}

/** One keyset page of influencers for the sitemap, by id. */
export function marketersAfter(db: Db, afterId: number, limit: number) {
  return db
    .select({ MarketerID: marketers.MarketerID, updatedAt: marketers.updatedAt })
    .from(marketers)
    .where(and(gt(marketers.MarketerID, afterId), isNull(marketers.suspendedAt)))
    .orderBy(asc(marketers.MarketerID))
    .limit(limit)
}
