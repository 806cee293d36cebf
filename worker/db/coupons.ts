// Creator coupon codes (decision 210): queries only. The rule of when a code can be used lives in
// domain/coupons.ts; usableCodeSql is the same rule inside the statement that stores a lead.

import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm'
import type { CodeState } from '../contract/coupons'
import { type Db, batchOf } from './client'
import { type CouponCode, campaigns, couponCodeCounts, couponCodeProducts, couponCodes, leads, marketers, products, vendors } from './schema'

/**
 * `FROM ... WHERE ...` of code `codeId` while it can be used at `at` for product `productId`
 * (switched on, inside its window, a use left, covering the product, its creator not suspended);
 * select `c.MarketerID` or `c.CodeID` in front of it.
 */
export function usableCodeSql(codeId: number, productId: number, at: string): SQL {
  return sql`FROM ${couponCodes} c JOIN ${marketers} m ON m.MarketerID = c.MarketerID
    WHERE c.CodeID = ${codeId} AND c.offAt IS NULL AND m.suspendedAt IS NULL
      AND (c.startsAt IS NULL OR c.startsAt <= ${at}) AND (c.endsAt IS NULL OR c.endsAt > ${at})
      AND (c.UseLimit IS NULL OR c.Uses < c.UseLimit)
      AND c.VendorID = (SELECT VendorID FROM ${products} WHERE ProductID = ${productId})
      AND (c.AllProducts = 1 OR EXISTS (SELECT 1 FROM ${couponCodeProducts} cp WHERE cp.CodeID = c.CodeID AND cp.ProductID = ${productId}))`
}

export type NewCode = {
  VendorID: number
  MarketerID: number
  Code: string
  CodeNorm: string
  BuyerText: string
  AllProducts: boolean
  ProductIDs: number[]
  startsAt: string | null
  endsAt: string | null
  UseLimit: number | null
  /** A campaign's code: ProductIDs are then the campaign's products. */
  CampaignID: number | null
  createdAt: string
}

/**
 * The code, then its products; null when the vendor already has the code in any case (the unique
 * index on (VendorID, CodeNorm) decides, so of two creations at once exactly one is stored).
 */
export async function insertCode(db: Db, code: NewCode): Promise<number | null> {
  const { ProductIDs, ...row } = code
  const [inserted] = await db.insert(couponCodes).values(row).onConflictDoNothing().returning({ CodeID: couponCodes.CodeID })
  if (!inserted) return null
  if (ProductIDs.length === 0 || code.AllProducts) return inserted.CodeID
  // A separate statement after the code: a clash never leaves products behind, and a failure here
  // removes the code again (it has no uses yet), so no code is left covering nothing.
  try {
    await db.insert(couponCodeProducts).values(ProductIDs.map((ProductID) => ({ CodeID: inserted.CodeID, ProductID })))
  } catch (err) {
    await db.delete(couponCodes).where(eq(couponCodes.CodeID, inserted.CodeID))
    throw err
  }
  return inserted.CodeID
}

/** How many of `ids` are the vendor's active products. */
export async function countOwnActiveProducts(db: Db, vendorId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(products)
    .where(and(inArray(products.ProductID, ids), eq(products.VendorID, vendorId), eq(products.IsActive, true)))
  return Number(row?.n ?? 0)
}

export async function findCode(db: Db, codeId: number): Promise<CouponCode | undefined> {
  return db.query.couponCodes.findFirst({ where: eq(couponCodes.CodeID, codeId) })
}

export type CodeForProduct = CouponCode & { covers: boolean; MarketerName: string; suspended: boolean }

/** The vendor's code `norm` (upper-cased) with whether it covers `productId` (null: no product asked). */
export async function findVendorCode(db: Db, vendorId: number, norm: string, productId: number | null): Promise<CodeForProduct | null> {
  const covers =
    productId === null
      ? sql<number>`0`
      : sql<number>`(${couponCodes.AllProducts} = 1 AND EXISTS (SELECT 1 FROM ${products} p WHERE p.ProductID = ${productId} AND p.VendorID = ${couponCodes.VendorID}))
          OR EXISTS (SELECT 1 FROM ${couponCodeProducts} cp WHERE cp.CodeID = ${couponCodes.CodeID} AND cp.ProductID = ${productId})`
  const [row] = await db
    .select({ code: couponCodes, covers, MarketerName: marketers.MarketerName, suspendedAt: marketers.suspendedAt })
    .from(couponCodes)
    .innerJoin(marketers, eq(marketers.MarketerID, couponCodes.MarketerID))
    .where(and(eq(couponCodes.VendorID, vendorId), eq(couponCodes.CodeNorm, norm)))
    .limit(1)
  if (!row) return null
  return { ...row.code, covers: Boolean(row.covers), MarketerName: row.MarketerName, suspended: row.suspendedAt !== null }
}

/** The products a code names (only codes that are not for all products), at most 100 per code. */
export async function onlyProductIdsOf(db: Db, codeId: number): Promise<number[]> {
  const rows = await db.select({ id: couponCodeProducts.ProductID }).from(couponCodeProducts).where(eq(couponCodeProducts.CodeID, codeId)).limit(101)
  return rows.map((r) => r.id)
}

export type CodeListRow = CouponCode & { MarketerName: string; VendorName: string; CampaignTitle?: string | null }

export type CodeListFilter = { owner: { VendorID: number } | { MarketerID: number }; q?: string; marketerId?: number; state?: CodeState }

function whereOf(f: CodeListFilter): SQL | undefined {
  const prefix = f.q ? f.q.toUpperCase() : undefined
  return and(
    'VendorID' in f.owner ? eq(couponCodes.VendorID, f.owner.VendorID) : eq(couponCodes.MarketerID, f.owner.MarketerID),
    f.marketerId ? eq(couponCodes.MarketerID, f.marketerId) : undefined,
    f.state === 'active' ? isNull(couponCodes.offAt) : f.state === 'off' ? isNotNull(couponCodes.offAt) : undefined,
    // A range on the upper-cased code: the unique index walks only the matches (no LIKE scan).
    prefix ? and(gte(couponCodes.CodeNorm, prefix), lt(couponCodes.CodeNorm, `${prefix}\u{10FFFF}`)) : undefined,
  )
}

const isFiltered = (f: CodeListFilter) => Boolean(f.q || f.marketerId || (f.state && f.state !== 'all'))

/** A page of codes, newest first, after `from` (a CodeID), and the total matching the filter. */
export async function codesPage(db: Db, f: CodeListFilter, from: number | null, take: number): Promise<{ rows: CodeListRow[]; total: number }> {
  const where = and(whereOf(f), from === null ? undefined : lt(couponCodes.CodeID, from))
  const page = db
    .select({ code: couponCodes, MarketerName: marketers.MarketerName, VendorName: vendors.VendorName, CampaignTitle: campaigns.Title })
    .from(couponCodes)
    .innerJoin(marketers, eq(marketers.MarketerID, couponCodes.MarketerID))
    .innerJoin(vendors, eq(vendors.VendorID, couponCodes.VendorID))
    // By key, only for a campaign's code: no more rows read than the page shows.
    .leftJoin(campaigns, eq(campaigns.CampaignID, couponCodes.CampaignID))
    .where(where)
    .orderBy(desc(couponCodes.CodeID))
    .limit(take)
  const role = 'VendorID' in f.owner ? 'vendor' : 'marketer'
  const ownerId = 'VendorID' in f.owner ? f.owner.VendorID : f.owner.MarketerID
  // Unfiltered: the kept count (one row). Filtered: the matches are counted.
  const count = isFiltered(f)
    ? db.select({ n: sql<number>`count(*)` }).from(couponCodes).where(whereOf(f))
    : db
        .select({ n: couponCodeCounts.n })
        .from(couponCodeCounts)
        .where(and(eq(couponCodeCounts.role, role), eq(couponCodeCounts.ownerId, ownerId)))
  const [rows, counted] = await db.batch([page, count])
  return {
    rows: rows.map((r) => ({ ...r.code, MarketerName: r.MarketerName, VendorName: r.VendorName, CampaignTitle: r.CampaignTitle })),
    total: Number(counted[0]?.n ?? 0),
  }
}

/** The named products of these codes (their names), for a page of codes. */
export async function productsOfCodes(db: Db, codeIds: number[]): Promise<Array<{ CodeID: number; ProductID: number; ProductName: string }>> {
  if (codeIds.length === 0) return []
  return db
    .select({ CodeID: couponCodeProducts.CodeID, ProductID: products.ProductID, ProductName: products.ProductName })
    .from(couponCodeProducts)
    .innerJoin(products, eq(products.ProductID, couponCodeProducts.ProductID))
    .where(inArray(couponCodeProducts.CodeID, codeIds))
}

export async function updateCode(db: Db, codeId: number, set: Partial<Pick<CouponCode, 'BuyerText' | 'endsAt' | 'UseLimit' | 'offAt'>>): Promise<void> {
  if (Object.keys(set).length === 0) return
  await db.update(couponCodes).set(set).where(eq(couponCodes.CodeID, codeId))
}

/** Switches a code off (keeping the first moment it was) or on. */
export async function setCodeOff(db: Db, codeId: number, off: boolean, at: string): Promise<void> {
  await db
    .update(couponCodes)
    .set({ offAt: off ? sql`COALESCE(${couponCodes.offAt}, ${at})` : null })
    .where(eq(couponCodes.CodeID, codeId))
}

const usableNow = (at: string) =>
  and(
    isNull(couponCodes.offAt),
    sql`(${couponCodes.startsAt} IS NULL OR ${couponCodes.startsAt} <= ${at})`,
    sql`(${couponCodes.endsAt} IS NULL OR ${couponCodes.endsAt} > ${at})`,
    sql`(${couponCodes.UseLimit} IS NULL OR ${couponCodes.Uses} < ${couponCodes.UseLimit})`,
  )

/** A creator's codes usable at `at` (switched on, in their window, a use left), newest first, at most `max`. */
export async function usableCodesOf(db: Db, marketerId: number, at: string, max: number): Promise<CodeListRow[]> {
  const rows = await db
    .select({ code: couponCodes, MarketerName: marketers.MarketerName, VendorName: vendors.VendorName })
    .from(couponCodes)
    .innerJoin(marketers, eq(marketers.MarketerID, couponCodes.MarketerID))
    .innerJoin(vendors, eq(vendors.VendorID, couponCodes.VendorID))
    .where(and(eq(couponCodes.MarketerID, marketerId), isNull(marketers.suspendedAt), usableNow(at)))
    .orderBy(desc(couponCodes.CodeID))
    .limit(max)
  return rows.map((r) => ({ ...r.code, MarketerName: r.MarketerName, VendorName: r.VendorName }))
}

/** The link creator's newest code usable now for this product (the buy page shows it), or null. */
export async function usableCodeForLink(db: Db, marketerId: number, productId: number, at: string): Promise<{ Code: string; BuyerText: string } | null> {
  const [row] = await db
    .select({ Code: couponCodes.Code, BuyerText: couponCodes.BuyerText })
    .from(couponCodes)
    .where(
      and(
        eq(couponCodes.MarketerID, marketerId),
        eq(couponCodes.VendorID, sql`(SELECT VendorID FROM ${products} WHERE ProductID = ${productId})`),
        usableNow(at),
        sql`(${couponCodes.AllProducts} = 1 OR EXISTS (SELECT 1 FROM ${couponCodeProducts} cp WHERE cp.CodeID = ${couponCodes.CodeID} AND cp.ProductID = ${productId}))`,
      ),
    )
    .orderBy(desc(couponCodes.CodeID))
    .limit(1)
  return row ?? null
}

/**
 * The lead of a store order paid with code `codeId` (conversion API or store webhook): inserted for
 * the code's creator and product while the code is usable at `at` (the trigger counts the use),
 * then read back; one lead per order (`storeRef` is unique), so a replay finds the same lead.
 */
export async function leadForCodeOrder(
  db: Db,
  o: {
    vendorId: number
    codeId: number
    productId: number
    storeRef: string
    clientName: string
    at: string
    /** A campaign code's terms while its campaign runs for the creator (services/campaign-links.ts). */
    campaign?: { CampaignID: number; CommissionAmountPaise: number } | null
  },
): Promise<typeof leads.$inferSelect | null> {
  const now = new Date().toISOString()
  const commission = o.campaign ? sql`${o.campaign.CommissionAmountPaise}` : sql`p.CommissionAmountPaise`
  const [, found] = await batchOf(db, [
    sql`
      INSERT INTO ${leads} (ProductID, VendorID, MarketerID, ClientName, ClientEmail, ClientPhone, Status,
                            ProductName, PricePaise, CommissionAmountPaise, CampaignID, StoreRef, CodeID, createdAt, updatedAt)
      SELECT p.ProductID, p.VendorID, (SELECT c.MarketerID ${usableCodeSql(o.codeId, o.productId, o.at)}), ${o.clientName}, NULL, '', 'Pending',
             p.ProductName, p.PricePaise, ${commission}, ${o.campaign?.CampaignID ?? null}, ${o.storeRef}, ${o.codeId}, ${now}, ${now}
      FROM ${products} p
      WHERE p.ProductID = ${o.productId} AND p.VendorID = ${o.vendorId}
        AND EXISTS (SELECT 1 ${usableCodeSql(o.codeId, o.productId, o.at)})
      ON CONFLICT DO NOTHING`,
    sql`SELECT * FROM ${leads} WHERE StoreRef = ${o.storeRef} AND VendorID = ${o.vendorId} LIMIT 1`,
  ])
  return (found?.results[0] as typeof leads.$inferSelect | undefined) ?? null
}

/** The leads code `codeId` brought, newest first, after `from` (a LeadID): one index range (leads_code_idx). */
export async function codeLeadsAfter(db: Db, codeId: number, from: number | null, take: number) {
  return db
    .select({
      LeadID: leads.LeadID,
      Status: leads.Status,
      ClientName: leads.ClientName,
      ProductName: leads.ProductName,
      PricePaise: leads.PricePaise,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .where(and(eq(leads.CodeID, codeId), from === null ? undefined : lt(leads.LeadID, from)))
    .orderBy(desc(leads.LeadID))
    .limit(take)
}
