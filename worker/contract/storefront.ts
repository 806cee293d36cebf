// A creator's storefront (decision 200): the collections and pinned products an influencer shows at
// /@{handle} (or /i/{marketerId}), what their dashboard sends and shows, and the limits.

import * as z from 'zod/mini'
import { capped } from './fields'

export const STOREFRONT_COLLECTIONS_MAX = 20
export const STOREFRONT_PINS_MAX = 100
export const COLLECTION_TITLE_MAX = 60
/** Products a collection shows on the public page before its 'More' link. */
export const STOREFRONT_PAGE_SIZE = 24
/** How long /@{old handle} still leads to, and stays reserved for, a creator who changed their handle (decisions 203, 247). */
export const STOREFRONT_FORMER_HANDLE_DAYS = 90
/** The window of the view count the dashboard shows. */
export const STOREFRONT_VIEW_DAYS = 30

export const STOREFRONT_MESSAGES = {
  fetched: 'Storefront fetched successfully',
  titleRequired: 'Please give the collection a title',
  titleTooLong: `Collection title should be at most ${COLLECTION_TITLE_MAX} characters`,
  collectionCreated: 'Collection created',
  collectionRenamed: 'Collection renamed',
  collectionDeleted: 'Collection deleted',
  collectionNotFound: 'Collection not found',
  tooManyCollections: `You can have at most ${STOREFRONT_COLLECTIONS_MAX} collections. Delete one you no longer use, then add a new one.`,
  productRequired: 'Please choose a product to pin',
  productNotFound: 'Product not found',
  pinned: 'Product pinned to your storefront',
  alreadyPinned: 'This product is already in this collection',
  tooManyPins: `You can pin at most ${STOREFRONT_PINS_MAX} products. Unpin one you no longer show, then pin another.`,
  unpinned: 'Product unpinned',
  pinNotFound: 'Pinned product not found',
  reordered: 'Order saved',
  orderInvalid: 'The new order must list each of the items exactly once. Reload the page and try again.',
  /** A social username whose storefront handle another creator gave up lately (decision 247); `until` is India's date. */
  handleReserved: (until: string) =>
    `This username was another creator's storefront address until recently and stays theirs until ${until}, so their shared links keep working. Please enter another username.`,
} as const

const title = z
  .string({ error: STOREFRONT_MESSAGES.titleRequired })
  .check(z.trim(), z.minLength(1, STOREFRONT_MESSAGES.titleRequired), capped(COLLECTION_TITLE_MAX, STOREFRONT_MESSAGES.titleTooLong))

export const collectionTitleSchema = z.object({ Title: title }, { error: STOREFRONT_MESSAGES.titleRequired })
export type CollectionTitleInput = z.input<typeof collectionTitleSchema>

const productId = z
  .number({ error: STOREFRONT_MESSAGES.productRequired })
  .check(z.int({ error: STOREFRONT_MESSAGES.productRequired }), z.positive({ error: STOREFRONT_MESSAGES.productRequired }))
export const pinProductSchema = z.object({ ProductID: productId }, { error: STOREFRONT_MESSAGES.productRequired })
export type PinProductInput = z.input<typeof pinProductSchema>

const idList = (max: number) =>
  z
    .array(z.number({ error: STOREFRONT_MESSAGES.orderInvalid }).check(z.int({ error: STOREFRONT_MESSAGES.orderInvalid })), {
      error: STOREFRONT_MESSAGES.orderInvalid,
    })
    .check(z.maxLength(max, STOREFRONT_MESSAGES.orderInvalid))

export const collectionOrderSchema = z.object({ CollectionIDs: idList(STOREFRONT_COLLECTIONS_MAX) }, { error: STOREFRONT_MESSAGES.orderInvalid })
export type CollectionOrderInput = z.input<typeof collectionOrderSchema>
export const pinOrderSchema = z.object({ PinIDs: idList(STOREFRONT_PINS_MAX) }, { error: STOREFRONT_MESSAGES.orderInvalid })
export type PinOrderInput = z.input<typeof pinOrderSchema>

/** A pinned product as the creator's dashboard lists it (switched-off ones included, marked). */
export type StorefrontPinDTO = {
  PinID: number
  ProductID: number
  ProductName: string
  /** Rupees with two decimals, as elsewhere in the API. */
  Price: string
  /** The product's first image (media path), or null. */
  Image: string | null
  /** false while the vendor has it switched off: hidden from the public page until it is back on. */
  IsActive: boolean
  Position: number
}

export type StorefrontCollectionDTO = { CollectionID: number; Title: string; Position: number; pins: StorefrontPinDTO[] }

export type StorefrontDTO = {
  /** The display handle (without '@') when the creator holds one, else null. */
  handle: string | null
  /** The storefront's path: /@{handle} or /i/{marketerId}. */
  path: string
  collections: StorefrontCollectionDTO[]
  /** Visits by people (not bots) to the storefront page in the last STOREFRONT_VIEW_DAYS days, today included. */
  views: number
}
