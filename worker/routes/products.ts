import type { Context } from 'hono'
import { positiveId } from '../contract/fields'
import { VENDOR_NOT_FOUND_MESSAGE } from '../contract/vendor'
import { createProductSchema, PRODUCT_NOT_FOUND_MESSAGE, type ProductDTO, updateProductSchema } from '../contract/product'
import { AFFILIATE_ROUTES, MARKETER_ID_INVALID, PRODUCT_ROUTES as R } from '../contract/product-routes'
import type { Paging } from '../contract/paging'
import { db } from '../db/client'
import { findProduct, type ProductRow, toProductDTO } from '../db/products'
import { affiliateLink, linkOrigin } from '../domain/affiliate'
import { shortLinkUrl } from '../domain/short-links'
import { completeShortCodes, shortCodesFor } from '../db/short-links'
import { InvalidInput, NotFound } from '../domain/errors'
import type { AppEnv } from '../env'
import { assertSelf, assertSentId, callerOf } from '../middleware/auth'
import { parseWith, pathId, readForm } from '../middleware/validate'
import { productPage, type ProductScope } from '../services/product-lists'
import {
  addProductImages,
  createProduct,
  deleteProductImages,
  editProduct,
  ownedProduct,
  removeProduct,
  toggleProduct,
  visibleProduct,
} from '../services/products'
import { linkPerformancePage, subPerformance } from '../services/performance'
import { handle, mountAll } from './define'
import type { ProductListQuery } from '../contract/product-list'

const productIdOf = (c: Context<AppEnv>, name: string) => pathId(c, name, PRODUCT_NOT_FOUND_MESSAGE)

/**
 * The caller's view: a marketer gets their own affiliate link and short link on every product.
 * Codes read with the rows are used as they are; the rest are read, or made on first use.
 */
async function present(c: Context<AppEnv>, rows: ProductRow[]) {
  const caller = c.get('caller')
  if (caller?.role !== 'marketer') return rows.map((row) => toProductDTO(row))
  const origin = linkOrigin(c.env.PUBLIC_ORIGIN, c.req.url)
  const readWithRows = rows.every((row) => row.ShortCode !== undefined)
  const known = new Map(rows.flatMap((row) => (row.ShortCode ? [[row.ProductID, row.ShortCode] as const] : [])))
  const codes = readWithRows ? await completeShortCodes(db(c), caller.id, rows, known) : await shortCodesFor(db(c), caller.id, rows)
  return rows.map((row) => {
    const code = codes.get(row.ProductID)
    return toProductDTO(row, affiliateLink(origin, row, caller.id), code ? shortLinkUrl(origin, code) : null)
  })
}

/** One page of the products `scope` allows, as the caller sees them; the query is read after the caller checks. */
async function productsPage(c: Context<AppEnv>, scope: ProductScope, query: ProductListQuery): Promise<{ rows: ProductDTO[]; paging: Paging }> {
  const caller = c.get('caller')
  const shortCodesOf = caller?.role === 'marketer' ? caller.id : undefined
  const page = await productPage(db(c), { ...scope, shortCodesOf }, query)
  return { rows: await present(c, page.rows), paging: page.paging }
}

async function reload(c: Context<AppEnv>, id: number) {
  const row = await findProduct(db(c), id)
  if (!row) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE)
  return (await present(c, [row]))[0]
}

export const productRoutes = mountAll(
  handle(R.catalogue, async (c, r) => r.pageOf(productsPage(c, { activeOnly: true }, r.query()))),
  handle(R.byVendor, async (c, r) => {
    const vendorId = pathId(c, 'vendorId', VENDOR_NOT_FOUND_MESSAGE)
    const caller = c.get('caller')
    const own = caller?.role === 'vendor' && caller.id === vendorId
    return r.pageOf(productsPage(c, { vendorId, activeOnly: !own }, r.query()))
  }),
  handle(R.one, async (c, r) => {
    const row = await visibleProduct(db(c), productIdOf(c, 'id'), c.get('caller'))
    return r.ok((await present(c, [row]))[0])
  }),
  handle(R.create, async (c, r) => {
    const { fields, files } = await readForm(c)
    const vendorId = callerOf(c).id
    assertSentId(fields.VendorID, vendorId)
    const input = parseWith(createProductSchema, { ...fields, images: files.images ?? [] })
    const id = await createProduct(db(c), c.env.MEDIA, vendorId, input, files.images ?? [])
    return r.ok(await reload(c, id))
  }),
  handle(R.update, async (c, r) => {
    const d = db(c)
    const product = await ownedProduct(d, productIdOf(c, 'productId'), callerOf(c))
    const { fields, files } = await readForm(c)
    assertSentId(fields.VendorID, product.VendorID)
    // A text field named `images` is not a file: only `files.images` count, as on create.
    const input = parseWith(updateProductSchema, { ...fields, images: files.images ?? [] })
    await editProduct(d, c.env.MEDIA, product, input, files.images ?? [])
    return r.ok(await reload(c, product.ProductID))
  }),
  handle(R.addImages, async (c, r) => {
    const d = db(c)
    const product = await ownedProduct(d, productIdOf(c, 'productId'), callerOf(c))
    const { files } = await readForm(c)
    await addProductImages(d, c.env.MEDIA, product, files.images ?? [])
    return r.ok(await reload(c, product.ProductID))
  }),
  handle(R.deleteImages, async (c, r) => {
    const d = db(c)
    const product = await ownedProduct(d, productIdOf(c, 'productId'), callerOf(c))
    const { images } = await r.body()
    await deleteProductImages(d, c.env.MEDIA, product, images)
    return r.ok(await reload(c, product.ProductID))
  }),
  handle(R.remove, async (c, r) => {
    const d = db(c)
    await removeProduct(d, c.env.MEDIA, await ownedProduct(d, productIdOf(c, 'id'), callerOf(c)))
    return r.ok(null)
  }),
  handle(R.toggle, async (c, r) => {
    const d = db(c)
    const product = await ownedProduct(d, productIdOf(c, 'id'), callerOf(c))
    const active = await toggleProduct(d, product.ProductID)
    return r.ok(await reload(c, product.ProductID), { message: active ? 'Product activated' : 'Product deactivated' })
  }),
)

/** The calling marketer's links to the active products, a page at a time, and 'My Links' with their figures. */
export const affiliateLinkRoutes = mountAll(
  handle(AFFILIATE_ROUTES.productLinks, async (c, r) => {
    // marketerId is checked before the list's query, with its own message.
    const marketerId = positiveId(c.req.query('marketerId'))
    if (marketerId === null) throw new InvalidInput(MARKETER_ID_INVALID)
    assertSelf(c, 'marketer', marketerId)
    return r.pageOf(productsPage(c, { activeOnly: true }, r.query()))
  }),
  handle(AFFILIATE_ROUTES.myLinks, async (c, r) => r.pageOf(linkPerformancePage(c.env, linkOrigin(c.env.PUBLIC_ORIGIN, c.req.url), callerOf(c).id, r.query()))),
  handle(AFFILIATE_ROUTES.mySubs, async (c, r) => r.ok(await subPerformance(c.env, callerOf(c).id))),
)
