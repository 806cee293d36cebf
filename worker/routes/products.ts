import type { Context } from 'hono'
import { Hono } from 'hono'
import { positiveId } from '../contract/fields'
import { VENDOR_NOT_FOUND_MESSAGE } from '../contract/vendor'
import { createProductSchema, deleteImagesSchema, PRODUCT_NOT_FOUND_MESSAGE, updateProductSchema } from '../contract/product'
import { productListQuerySchema } from '../contract/product-list'
import { db } from '../db/client'
import { findProduct, type ProductRow, toProductDTO } from '../db/products'
import { affiliateLink, linkOrigin } from '../domain/affiliate'
import { shortLinkUrl } from '../domain/short-links'
import { completeShortCodes, shortCodesFor } from '../db/short-links'
import { InvalidInput, NotFound } from '../domain/errors'
import type { AppEnv } from '../env'
import { assertSelf, assertSentId, callerOf, requireRole } from '../middleware/auth'
import { ok, okPage } from '../middleware/envelope'
import { BODY_LIMITS, limitBody } from '../middleware/body-limit'
import { jsonLimit, parseWith, pathId, queryOf, readForm, readJson } from '../middleware/validate'
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
import { linkPerformanceQuerySchema } from '../contract/performance'
import { linkPerformancePage } from '../services/performance'

const productFormLimit = limitBody(BODY_LIMITS.productForm)

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

const PRODUCTS_FETCHED = 'Products fetched successfully'

/** One page of the products `scope` allows, as the caller sees them; the query is read after the caller checks. */
async function answerPage(c: Context<AppEnv>, scope: ProductScope, message = PRODUCTS_FETCHED) {
  const caller = c.get('caller')
  const shortCodesOf = caller?.role === 'marketer' ? caller.id : undefined
  const page = await productPage(db(c), { ...scope, shortCodesOf }, parseWith(productListQuerySchema, queryOf(c)))
  return okPage(c, message, await present(c, page.rows), page.paging)
}

async function reload(c: Context<AppEnv>, id: number) {
  const row = await findProduct(db(c), id)
  if (!row) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE)
  return (await present(c, [row]))[0]
}

export const productRoutes = new Hono<AppEnv>()
  .get('/', (c) => answerPage(c, { activeOnly: true }))
  .get('/getProductByVendor/:vendorId', (c) => {
    const vendorId = pathId(c, 'vendorId', VENDOR_NOT_FOUND_MESSAGE)
    const caller = c.get('caller')
    const own = caller?.role === 'vendor' && caller.id === vendorId
    return answerPage(c, { vendorId, activeOnly: !own })
  })
  .get('/:id', async (c) => {
    const row = await visibleProduct(db(c), productIdOf(c, 'id'), c.get('caller'))
    return ok(c, 'Product fetched successfully', (await present(c, [row]))[0])
  })
  .post('/', productFormLimit, requireRole('vendor'), async (c) => {
    const { fields, files } = await readForm(c)
    const vendorId = callerOf(c).id
    assertSentId(fields.VendorID, vendorId)
    const input = parseWith(createProductSchema, { ...fields, images: files.images ?? [] })
    const id = await createProduct(db(c), c.env.MEDIA, vendorId, input, files.images ?? [])
    return ok(c, 'Product created successfully', await reload(c, id), 201)
  })
  .put('/update/:productId', productFormLimit, requireRole('vendor'), async (c) => {
    const d = db(c)
    const product = await ownedProduct(d, productIdOf(c, 'productId'), callerOf(c))
    const { fields, files } = await readForm(c)
    assertSentId(fields.VendorID, product.VendorID)
    // A text field named `images` is not a file: only `files.images` count, as on create.
    const input = parseWith(updateProductSchema, { ...fields, images: files.images ?? [] })
    await editProduct(d, c.env.MEDIA, product, input, files.images ?? [])
    return ok(c, 'Product updated successfully', await reload(c, product.ProductID))
  })
  .put('/update-images/:productId', productFormLimit, requireRole('vendor'), async (c) => {
    const d = db(c)
    const product = await ownedProduct(d, productIdOf(c, 'productId'), callerOf(c))
    const { files } = await readForm(c)
    await addProductImages(d, c.env.MEDIA, product, files.images ?? [])
    return ok(c, 'Product images updated successfully', await reload(c, product.ProductID))
  })
  .delete('/delete-images/:productId', jsonLimit, requireRole('vendor'), async (c) => {
    const d = db(c)
    const product = await ownedProduct(d, productIdOf(c, 'productId'), callerOf(c))
    const { images } = parseWith(deleteImagesSchema, await readJson(c))
    await deleteProductImages(d, c.env.MEDIA, product, images)
    return ok(c, 'Product images deleted successfully', await reload(c, product.ProductID))
  })
  .delete('/:id', requireRole('vendor'), async (c) => {
    const d = db(c)
    await removeProduct(d, c.env.MEDIA, await ownedProduct(d, productIdOf(c, 'id'), callerOf(c)))
    return ok(c, 'Product deleted successfully', null)
  })
  .put('/status/:id', requireRole('vendor'), async (c) => {
    const d = db(c)
    const product = await ownedProduct(d, productIdOf(c, 'id'), callerOf(c))
    const active = await toggleProduct(d, product.ProductID)
    return ok(c, active ? 'Product activated' : 'Product deactivated', await reload(c, product.ProductID))
  })

/** GET /api/affiliate/product-links?marketerId=: the calling marketer's links to the active products, a page at a time. */
export const affiliateLinkRoutes = new Hono<AppEnv>()
  .get('/product-links', requireRole('marketer'), (c) => {
    const marketerId = positiveId(c.req.query('marketerId'))
    if (marketerId === null) throw new InvalidInput('Please provide a valid marketerId')
    assertSelf(c, 'marketer', marketerId)
    return answerPage(c, { activeOnly: true }, 'Affiliate links fetched successfully')
  })
  // 'My Links': the caller's links with their figures for the period.
  .get('/my-links', requireRole('marketer'), async (c) => {
    const query = parseWith(linkPerformanceQuerySchema, queryOf(c))
    const page = await linkPerformancePage(c.env, linkOrigin(c.env.PUBLIC_ORIGIN, c.req.url), callerOf(c).id, query)
    return okPage(c, 'Link performance fetched successfully', page.rows, page.paging)
  })
