// What the Worker-written pages show about a product or an influencer, cached in the isolate.
// A shared link is opened by many people (and fetched by every preview bot of every chat it lands
// in) within minutes: a hot link costs no D1 query. A change (price, picture, switched off) shows
// within FOUND_TTL_MS, like the impression tracker's link validation.

import { withoutCredentials } from '../contract/links'
import type { BuyImage, BuyProduct } from '../contract/buy-page'
import { mediaSize } from '../contract/media'
import { paiseToRupeeString } from '../contract/money'
import { marketerPagePath, productPagePath } from '../contract/paths'
import { makeDb } from '../db/client'
import { marketerForPage, productForPage } from '../db/pages'
import { imageSize } from '../domain/image-size'
import { isMediaPath, sniffImageType } from '../domain/images'
import type { Bindings } from '../env'

const FOUND_TTL_MS = 60_000
const MISSING_TTL_MS = 10_000
const MAX_ENTRIES = 5_000

/** A small time-limited memo per isolate; it forgets everything when full rather than growing. */
class IsolateCache<T> {
  private readonly entries = new Map<number, { value: T | null; until: number }>()

  async get(key: number, load: () => Promise<T | null>, now = Date.now()): Promise<T | null> {
    const hit = this.entries.get(key)
    if (hit && hit.until > now) return hit.value
    const value = await load()
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
    this.entries.set(key, { value, until: now + (value === null ? MISSING_TTL_MS : FOUND_TTL_MS) })
    return value
  }

  clear(): void {
    this.entries.clear()
  }
}

/**
 * Forgets every cached product and influencer: a back-office action (suspension, take-down) shows
 * at once in this isolate; other isolates follow within FOUND_TTL_MS.
 */
export function forgetPageData(): void {
  products.clear()
  marketers.clear()
}

// ---- Image sizes --------------------------------------------------------------------------------
// New media paths carry their size; for images stored before that, the size is read once from the
// first bytes of the R2 object. Objects never change under a key, so the answer is kept for good.

const HEADER_BYTES = 64 * 1024
const knownSizes = new Map<string, { width: number; height: number } | null>()

async function sizeFromObject(bucket: R2Bucket, path: string) {
  if (!isMediaPath(path)) return null
  if (knownSizes.has(path)) return knownSizes.get(path) ?? null
  const object = await bucket.get(path, { range: { offset: 0, length: HEADER_BYTES } })
  const bytes = object ? new Uint8Array(await object.arrayBuffer()) : null
  const type = bytes ? sniffImageType(bytes) : null
  const size = bytes && type ? imageSize(bytes, type) : null
  if (knownSizes.size >= MAX_ENTRIES) knownSizes.clear()
  knownSizes.set(path, size)
  return size
}

/** The image with its size: from the path, or (older paths) from the stored object's header. */
export async function sizedImage(bucket: R2Bucket, path: string): Promise<BuyImage> {
  const size = mediaSize(path) ?? (await sizeFromObject(bucket, path))
  return { path, width: size?.width ?? null, height: size?.height ?? null }
}

// ---- Products -----------------------------------------------------------------------------------

export type PageProduct = BuyProduct & { SKU: string; PricePaise: number }

const products = new IsolateCache<PageProduct>()

/** An active product as its public pages show it; null when missing or switched off. */
export function pageProduct(env: Pick<Bindings, 'DB' | 'MEDIA'>, id: number): Promise<PageProduct | null> {
  return products.get(id, async () => {
    const row = await productForPage(makeDb(env.DB), id)
    if (!row?.IsActive) return null
    // Only the first image is announced (preload, previews); the rest keep what their paths say.
    const [first, ...rest] = row.Images
    const images = first ? [await sizedImage(env.MEDIA, first), ...rest.map((path) => ({ path, ...(mediaSize(path) ?? { width: null, height: null }) }))] : []
    return {
      ProductID: row.ProductID,
      VendorID: row.VendorID,
      VendorName: row.VendorName,
      ProductName: row.ProductName,
      Description: row.Description,
      Price: paiseToRupeeString(row.PricePaise),
      PricePaise: row.PricePaise,
      SKU: row.SKU,
      product_link: withoutCredentials(row.product_link),
      images,
      path: productPagePath(row),
    }
  })
}

// ---- Influencers --------------------------------------------------------------------------------

export type PageMarketer = {
  MarketerID: number
  MarketerName: string
  Bio: string | null
  Category: string | null
  Location: string | null
  totalReachRaw: number
  /** The profile picture, or the first content image when there is none. */
  picture: BuyImage | null
  path: string
}

const marketers = new IsolateCache<PageMarketer>()

/** An influencer as their public profile shows them; null when there is no such account. */
export function pageMarketer(env: Pick<Bindings, 'DB' | 'MEDIA'>, id: number): Promise<PageMarketer | null> {
  return marketers.get(id, async () => {
    const row = await marketerForPage(makeDb(env.DB), id)
    if (!row) return null
    const picturePath = row.MarketerProfilePic || row.PreviewImage1
    return {
      MarketerID: row.MarketerID,
      MarketerName: row.MarketerName,
      Bio: row.Bio,
      Category: row.Category,
      Location: row.Location,
      totalReachRaw: row.totalReachRaw,
      picture: picturePath ? await sizedImage(env.MEDIA, picturePath) : null,
      path: marketerPagePath(row.MarketerID),
    }
  })
}
