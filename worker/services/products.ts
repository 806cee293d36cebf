// A vendor's products: who may see and change one, and the writes of the catalogue (create, edit,
// images, status, delete). Images are stored in R2 before the row that points at them is written
// and removed again if the write is refused, so R2 never holds an image no product points at.

import { ADMIN_MESSAGES } from '../contract/admin'
import { PRODUCT_NOT_FOUND_MESSAGE, type ProductInput, SKU_TAKEN_MESSAGE } from '../contract/product'
import { type Db, isUniqueViolation } from '../db/client'
import { deleteMedia, withStoredImages } from '../db/media'
import { deleteProduct, findProduct, insertProduct, type ProductRow, productExists, replaceImages, skuTaken, toggleActive, updateProduct } from '../db/products'
import { Conflict, Forbidden, InvalidInput, NotFound } from '../domain/errors'
import { addImagesProblem, splitImages } from '../domain/product-images'
import { checkImages } from './media'
import type { Caller } from '../types'

import { CONCURRENT_CHANGE_MESSAGE } from '../contract/product'

export { CONCURRENT_CHANGE_MESSAGE }

/** A product as `caller` may see it: missing, or inactive and not theirs, is 404. */
export async function visibleProduct(db: Db, id: number, caller: Caller | null): Promise<ProductRow> {
  const product = await findProduct(db, id)
  const ownsIt = caller?.role === 'vendor' && caller.id === product?.VendorID
  if (!product || (!product.IsActive && !ownsIt)) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE)
  return product
}

/** A product the calling vendor may change: 404 when missing, 403 when it is someone else's. */
export async function ownedProduct(db: Db, id: number, caller: Caller): Promise<ProductRow> {
  const product = await findProduct(db, id)
  if (!product) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE)
  if (caller.role !== 'vendor' || caller.id !== product.VendorID) throw new Forbidden()
  return product
}

async function assertSkuFree(db: Db, vendorId: number, sku: string, exceptProductId?: number): Promise<void> {
  if (await skuTaken(db, vendorId, sku, exceptProductId)) throw new Conflict(SKU_TAKEN_MESSAGE)
}

/** The unique (VendorID, SKU) index firing in a race gives the same 409 as the early check. */
async function skuSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(SKU_TAKEN_MESSAGE)
    throw err
  }
}

/** A guarded write matched nothing: 404 when the product was deleted meanwhile, else 409. */
async function goneOrChanged(db: Db, id: number): Promise<never> {
  throw (await productExists(db, id)) ? new Conflict(CONCURRENT_CHANGE_MESSAGE) : new NotFound(PRODUCT_NOT_FOUND_MESSAGE)
}

function assertCanAdd(current: number, adding: number): void {
  const problem = addImagesProblem(current, adding)
  if (problem) throw new InvalidInput(problem)
}

/** POST products: the new product's id. */
export async function createProduct(db: Db, bucket: R2Bucket, vendorId: number, input: ProductInput, files: File[]): Promise<number> {
  await assertSkuFree(db, vendorId, input.SKU)
  const checked = await checkImages(files)
  return withStoredImages(bucket, 'products', checked, (keys) => skuSafe(() => insertProduct(db, vendorId, input, keys)))
}

/** PUT products/update/{id}: the fields, and any images sent added to the ones it has. */
export async function editProduct(db: Db, bucket: R2Bucket, product: ProductRow, input: ProductInput, added: File[]): Promise<void> {
  await assertSkuFree(db, product.VendorID, input.SKU, product.ProductID)
  if (added.length === 0) {
    if (!(await skuSafe(() => updateProduct(db, product, input)))) await goneOrChanged(db, product.ProductID)
    return
  }
  assertCanAdd(product.Images.length, added.length)
  const checked = await checkImages(added)
  await withStoredImages(bucket, 'products', checked, async (keys) => {
    if (!(await skuSafe(() => updateProduct(db, product, input, [...product.Images, ...keys])))) await goneOrChanged(db, product.ProductID)
  })
}

/** The image list becomes `images` if nobody changed it since `product` was read (409 otherwise, 404 if deleted). */
export async function setProductImages(db: Db, product: ProductRow, images: string[]): Promise<void> {
  if (!(await replaceImages(db, product, images))) await goneOrChanged(db, product.ProductID)
}

/** PUT products/update-images/{id}: new images after the ones it has, at most 5 in all. */
export async function addProductImages(db: Db, bucket: R2Bucket, product: ProductRow, files: File[]): Promise<void> {
  assertCanAdd(product.Images.length, files.length)
  const checked = await checkImages(files)
  await withStoredImages(bucket, 'products', checked, (keys) => setProductImages(db, product, [...product.Images, ...keys]))
}

/** DELETE products/delete-images/{id}: only its own images, and never the last one. */
export async function deleteProductImages(db: Db, bucket: R2Bucket, product: ProductRow, requested: string[]): Promise<void> {
  const split = splitImages(product.Images, requested)
  if ('problem' in split) throw new InvalidInput(split.problem)
  await setProductImages(db, product, split.keep)
  await deleteMedia(bucket, split.remove)
}

/**
 * PUT products/status/{id}: the new state. A product under a back-office hold (taken down, or its
 * vendor suspended) cannot be flipped: 403; one deleted since it was read: 404.
 */
export async function toggleProduct(db: Db, id: number): Promise<boolean> {
  const active = await toggleActive(db, id)
  if (active !== undefined) return active
  if (await productExists(db, id)) throw new Forbidden(ADMIN_MESSAGES.takenDownNoReactivate)
  throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE)
}

/** DELETE products/{id}: the row, then its images in R2 (leads keep their snapshots). */
export async function removeProduct(db: Db, bucket: R2Bucket, product: ProductRow): Promise<void> {
  await deleteMedia(bucket, await deleteProduct(db, product.ProductID))
}
