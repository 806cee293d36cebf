// A creator's storefront (decision 200): the collections and pinned products an influencer shows at
// /@{handle} (or /i/{marketerId}), what their dashboard sends and shows, and the limits.

import * as z from 'zod/mini'
import { capped } from './fields'
import { defineRoute } from './route'

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
export const storefrontPinSchema = z.object({
  PinID: z.number(),
  ProductID: z.number(),
  ProductName: z.string(),
  /** Rupees with two decimals, as elsewhere in the API. */
  Price: z.string(),
  /** The product's first image (media path), or null. */
  Image: z.nullable(z.string()),
  /** false while the vendor has it switched off: hidden from the public page until it is back on. */
  IsActive: z.boolean(),
  Position: z.number(),
})
export type StorefrontPinDTO = z.output<typeof storefrontPinSchema>

/** A collection as it was renamed: no pins. */
export const collectionFieldsSchema = z.object({ CollectionID: z.number(), Title: z.string(), Position: z.number() })

export const storefrontCollectionSchema = z.extend(collectionFieldsSchema, { pins: z.array(storefrontPinSchema) })
export type StorefrontCollectionDTO = z.output<typeof storefrontCollectionSchema>

export const storefrontSchema = z.object({
  /** The display handle (without '@') when the creator holds one, else null. */
  handle: z.nullable(z.string()),
  /** The storefront's path: /@{handle} or /i/{marketerId}. */
  path: z.string(),
  /** In order, each with its pins in order. */
  collections: z.array(storefrontCollectionSchema),
  /** Visits by people (not bots) to the storefront page in the last STOREFRONT_VIEW_DAYS days, today included. */
  views: z.number(),
})
export type StorefrontDTO = z.output<typeof storefrontSchema>

const marketer = ['marketer'] as const
const COLLECTION = { id: { description: 'The collection (CollectionID); another influencer’s is not found.' } }
const STOREFRONT_ANSWER = 'Switched-off products are included with `IsActive: false` (the public page hides them while off); `views` never counts bots.'

export const STOREFRONT_ROUTES = {
  own: defineRoute({
    method: 'get',
    path: '/api/storefront',
    summary: 'The influencer’s own storefront',
    description: 'At most 20 collections and 100 pins, so the whole storefront is one answer.',
    access: marketer,
    answer: { message: STOREFRONT_MESSAGES.fetched, schema: storefrontSchema, description: STOREFRONT_ANSWER },
  }),
  createCollection: defineRoute({
    method: 'post',
    path: '/api/storefront/collections',
    summary: 'Add a collection at the end',
    access: marketer,
    body: { json: collectionTitleSchema },
    answer: {
      status: 201,
      message: STOREFRONT_MESSAGES.collectionCreated,
      schema: storefrontCollectionSchema,
      description: 'The new collection, with no pins.',
    },
    errors: { 409: [STOREFRONT_MESSAGES.tooManyCollections] },
  }),
  orderCollections: defineRoute({
    method: 'put',
    path: '/api/storefront/collections/order',
    summary: 'Put the collections in a new order',
    description: 'Lists every collection id exactly once, first to last.',
    access: marketer,
    body: { json: collectionOrderSchema },
    answer: { message: STOREFRONT_MESSAGES.reordered, schema: storefrontSchema, description: STOREFRONT_ANSWER },
  }),
  renameCollection: defineRoute({
    method: 'put',
    path: '/api/storefront/collections/{id}',
    summary: 'Rename a collection',
    access: marketer,
    params: COLLECTION,
    body: { json: collectionTitleSchema },
    answer: { message: STOREFRONT_MESSAGES.collectionRenamed, schema: collectionFieldsSchema },
    errors: { 404: [STOREFRONT_MESSAGES.collectionNotFound] },
  }),
  deleteCollection: defineRoute({
    method: 'delete',
    path: '/api/storefront/collections/{id}',
    summary: 'Delete a collection and its pins',
    access: marketer,
    params: COLLECTION,
    answer: { message: STOREFRONT_MESSAGES.collectionDeleted, schema: z.object({ CollectionID: z.number() }) },
    errors: { 404: [STOREFRONT_MESSAGES.collectionNotFound] },
  }),
  pin: defineRoute({
    method: 'post',
    path: '/api/storefront/collections/{id}/pins',
    summary: 'Pin a product to a collection',
    description: 'Any existing product; a switched-off one is kept but hidden from the public page until it is back on.',
    access: marketer,
    params: COLLECTION,
    body: { json: pinProductSchema },
    answer: { status: 201, message: STOREFRONT_MESSAGES.pinned, schema: z.object({ PinID: z.number() }) },
    errors: {
      404: [STOREFRONT_MESSAGES.collectionNotFound, STOREFRONT_MESSAGES.productNotFound],
      409: [STOREFRONT_MESSAGES.alreadyPinned, STOREFRONT_MESSAGES.tooManyPins],
    },
  }),
  orderPins: defineRoute({
    method: 'put',
    path: '/api/storefront/collections/{id}/pins/order',
    summary: 'Put a collection’s pins in a new order',
    description: 'Lists every pin id of the collection exactly once, first to last.',
    access: marketer,
    params: COLLECTION,
    body: { json: pinOrderSchema },
    answer: { message: STOREFRONT_MESSAGES.reordered, schema: storefrontSchema, description: STOREFRONT_ANSWER },
    errors: { 404: [STOREFRONT_MESSAGES.collectionNotFound] },
  }),
  unpin: defineRoute({
    method: 'delete',
    path: '/api/storefront/pins/{id}',
    summary: 'Unpin a product',
    access: marketer,
    params: { id: { description: 'The pin (PinID); another influencer’s is not found.' } },
    answer: { message: STOREFRONT_MESSAGES.unpinned, schema: z.object({ PinID: z.number() }) },
    errors: { 404: [STOREFRONT_MESSAGES.pinNotFound] },
  }),
}
