import { withoutCredentials } from '../contract/links'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { ListTotal } from '../contract/paging'
import type { ProductDTO, ProductInput } from '../contract/product'
import { paiseToRupees, paiseToRupeeString } from '../contract/money'
import { commissionPaise } from '../domain/commission'
import type { ProductSearch } from '../domain/search'
import { cappedCount, keptCount, PLATFORM_ACCOUNT, pageWithTotal, type TotalQuery } from './capped-counts'
import { type Db, prepared } from './client'
import { after, matchesProductSearch, orderOf, type SortKey } from './list-sql'
import { accountTotals, type Product, products, shortLinks, vendors } from './schema'

/** A product with its vendor's name, and (in an influencer's lists) their short code for it if they have one yet. */
export type ProductRow = Product & { VendorName: string; ShortCode?: string | null }

export function toProductDTO(row: ProductRow, link: string | null = null, shortLink: string | null = null): ProductDTO {
  return {
    ProductID: row.ProductID,
    VendorID: row.VendorID,
    ProductName: row.ProductName,
    Description: row.Description,
    Price: paiseToRupeeString(row.PricePaise),
    CommissionType: row.CommissionType,
    CommissionValue: row.CommissionValue,
    CommissionAmount: paiseToRupees(row.CommissionAmountPaise),
    Category: row.Category,
    SKU: row.SKU,
    product_link: withoutCredentials(row.product_link),
    Link: link,
    ShortLink: shortLink,
    ImageURL: row.Images.join(','),
    IsActive: row.IsActive,
    TakenDownReason: row.takenDownReason,
    createdAt: row.createdAt,
    Vendor: { VendorID: row.VendorID, VendorName: row.VendorName },
  }
}

/** `shortCodesOf`: an influencer whose short code for each product is read with the row (null until made). */
const withVendor = (db: Db, shortCodesOf?: number) =>
  db
    .select({
      product: products,
      VendorName: vendors.VendorName,
      ShortCode:
        shortCodesOf === undefined
          ? sql<string | null>`NULL`.as('ShortCode')
          : sql<
              string | null
            >`(SELECT ${shortLinks.Code} FROM ${shortLinks} WHERE ${shortLinks.MarketerID} = ${shortCodesOf} AND ${shortLinks.ProductID} = ${products.ProductID})`.as(
              'ShortCode',
            ),
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.VendorID, products.VendorID))

/** Rows as ProductRow; ShortCode stays unset unless the codes were asked for (null then means "none yet"). */
const flatten = (rows: { product: Product; VendorName: string; ShortCode: string | null }[], withCodes = false): ProductRow[] =>
  rows.map((r) => (withCodes ? { ...r.product, VendorName: r.VendorName, ShortCode: r.ShortCode } : { ...r.product, VendorName: r.VendorName }))

/** The product lists' one order: newest first (ProductID descending, on the (…, ProductID) indexes). */
export const PRODUCT_ORDER: readonly SortKey[] = [{ expr: products.ProductID, dir: 'desc' }]

export type ProductFilter = { vendorId?: number; activeOnly: boolean; search?: ProductSearch; shortCodesOf?: number }

/** What a product total depends on: which products, not whose short codes are read with them. */
type CountedFilter = Omit<ProductFilter, 'shortCodesOf'>

const productsWhere = (filter: CountedFilter) =>
  and(
    filter.vendorId === undefined ? undefined : eq(products.VendorID, filter.vendorId),
    filter.activeOnly ? eq(products.IsActive, true) : undefined,
    filter.search ? matchesProductSearch(products.ProductID, filter.search) : undefined,
  )

/**
 * The list's total (decision 295), a statement to batch beside a page: without a search, a kept
 * count (the platform's or the vendor's products, or active products, decision 296); with one, the
 * matches counted up to the cap. The product tables of My Links and Performance read it too.
 */
export function productTotal(db: Db, filter: CountedFilter): TotalQuery {
  if (filter.search) return cappedCount(db, db.select({ one: sql`1` }).from(products).where(productsWhere(filter)))
  const account = filter.vendorId === undefined ? PLATFORM_ACCOUNT : { role: 'vendor' as const, id: filter.vendorId }
  return keptCount(db, account, filter.activeOnly ? sql`${accountTotals.activeProducts}` : sql`${accountTotals.products}`)
}

/**
 * One page of products (`take` rows: the caller asks for one more than it shows, to tell whether
 * another page follows) after the row with sort values `from`, and with `count` (the first page)
 * the total matching the filter, in one round trip.
 * `activeOnly` hides deactivated products (everyone but their vendor).
 */
export async function pageProducts(
  db: Db,
  filter: ProductFilter,
  from: ReadonlyArray<number> | null,
  take: number,
  count = true,
): Promise<{ rows: ProductRow[]; total: ListTotal | null }> {
  const page = prepared(
    withVendor(db, filter.shortCodesOf)
      .where(and(productsWhere(filter), from ? after(PRODUCT_ORDER, from) : undefined))
      .orderBy(...orderOf(PRODUCT_ORDER))
      .limit(take),
  )
  const { rows, total } = await pageWithTotal(db, page, count ? productTotal(db, filter) : null)
  return { rows: flatten(rows, filter.shortCodesOf !== undefined), total }
}

export async function findProduct(db: Db, id: number): Promise<ProductRow | undefined> {
  return flatten(await withVendor(db).where(eq(products.ProductID, id)).limit(1))[0]
}

export async function productExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.query.products.findFirst({ columns: { ProductID: true }, where: eq(products.ProductID, id) }))
}

/** Whether another of the vendor's products (not `exceptProductId`) has this SKU. */
export async function skuTaken(db: Db, vendorId: number, sku: string, exceptProductId?: number): Promise<boolean> {
  const clash = await db.query.products.findFirst({
    columns: { ProductID: true },
    where: and(eq(products.VendorID, vendorId), eq(products.SKU, sku)),
  })
  return clash !== undefined && clash.ProductID !== exceptProductId
}

const fieldValues = (input: ProductInput) => ({
  ProductName: input.ProductName,
  Description: input.Description,
  PricePaise: input.PricePaise,
  CommissionType: input.CommissionType,
  CommissionValue: input.CommissionValue,
  CommissionAmountPaise: commissionPaise(input.PricePaise, input.CommissionType, input.CommissionValue),
  Category: input.Category,
  SKU: input.SKU,
  product_link: input.product_link,
})

/** The new product's id; the unique (VendorID, SKU) index may refuse the insert in a race. */
export async function insertProduct(db: Db, vendorId: number, input: ProductInput, images: string[]): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({ VendorID: vendorId, ...fieldValues(input), Images: images })
    .returning({ ProductID: products.ProductID })
  return row.ProductID
}

/**
 * Saves edited fields (commission recomputed). With `images`, the list is replaced only if it is
 * still the one `product` was read with: two uploads at once must not silently drop each other's
 * images. False when nothing matched (the product is gone, or its images changed meanwhile).
 */
export async function updateProduct(db: Db, product: ProductRow, input: ProductInput, images?: string[]): Promise<boolean> {
  const set = { ...fieldValues(input), updatedAt: new Date().toISOString(), ...(images ? { Images: images } : {}) }
  const where = images ? and(eq(products.ProductID, product.ProductID), eq(products.Images, product.Images)) : eq(products.ProductID, product.ProductID)
  const changed = await db.update(products).set(set).where(where).returning({ id: products.ProductID })
  return changed.length > 0
}

/** Replaces the image list if nobody changed it since `product` was read; false when nothing matched. */
export async function replaceImages(db: Db, product: ProductRow, images: string[]): Promise<boolean> {
  const changed = await db
    .update(products)
    .set({ Images: images, updatedAt: new Date().toISOString() })
    .where(and(eq(products.ProductID, product.ProductID), eq(products.Images, product.Images)))
    .returning({ id: products.ProductID })
  return changed.length > 0
}

/**
 * Flips IsActive in one statement, so two clicks at once toggle twice rather than racing; the new
 * state, or undefined when nothing was flipped (a product under a back-office hold, or none).
 */
export async function toggleActive(db: Db, id: number): Promise<boolean | undefined> {
  const [row] = await db
    .update(products)
    .set({ IsActive: sql`NOT ${products.IsActive}`, updatedAt: new Date().toISOString() })
    .where(and(eq(products.ProductID, id), isNull(products.heldActive)))
    .returning({ IsActive: products.IsActive })
  return row?.IsActive
}

/** Deletes the row and answers the media paths it held (leads keep their snapshots). */
export async function deleteProduct(db: Db, id: number): Promise<string[]> {
  const [row] = await db.delete(products).where(eq(products.ProductID, id)).returning({ Images: products.Images })
  return row?.Images ?? []
}
