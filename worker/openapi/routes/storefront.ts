import { STOREFRONT_MESSAGES, collectionOrderSchema, collectionTitleSchema, pinOrderSchema, pinProductSchema } from '../../contract/storefront'
import { routes } from '../registry'

const marketer = ['marketer'] as const
const STOREFRONT =
  '`StorefrontDTO`: `handle` (without @, or null), `path` (/@{handle} or /i/{marketerId}), `collections` in order, each with its `pins` in order (switched-off products included with `IsActive: false`; the public page hides them while off), and `views`: people’s visits to the page in the last 30 days (bots never count).'
const COLLECTION = { id: { description: 'The collection (CollectionID); another influencer’s is not found.' } }

export const storefrontRoutes = routes(
  {
    method: 'get',
    path: '/api/storefront',
    summary: 'The influencer’s own storefront',
    description: 'At most 20 collections and 100 pins, so the whole storefront is one answer.',
    access: marketer,
    answer: { message: STOREFRONT_MESSAGES.fetched, data: STOREFRONT },
  },
  {
    method: 'post',
    path: '/api/storefront/collections',
    summary: 'Add a collection at the end',
    access: marketer,
    body: { json: collectionTitleSchema },
    answer: { status: 201, message: STOREFRONT_MESSAGES.collectionCreated, data: '`StorefrontCollectionDTO` with no pins.' },
    errors: { 409: [STOREFRONT_MESSAGES.tooManyCollections] },
  },
  {
    method: 'put',
    path: '/api/storefront/collections/order',
    summary: 'Put the collections in a new order',
    description: 'Lists every collection id exactly once, first to last.',
    access: marketer,
    body: { json: collectionOrderSchema },
    answer: { message: STOREFRONT_MESSAGES.reordered, data: STOREFRONT },
  },
  {
    method: 'put',
    path: '/api/storefront/collections/{id}',
    summary: 'Rename a collection',
    access: marketer,
    params: COLLECTION,
    body: { json: collectionTitleSchema },
    answer: { message: STOREFRONT_MESSAGES.collectionRenamed, data: '`{ CollectionID, Title, Position }`.' },
    errors: { 404: [STOREFRONT_MESSAGES.collectionNotFound] },
  },
  {
    method: 'delete',
    path: '/api/storefront/collections/{id}',
    summary: 'Delete a collection and its pins',
    access: marketer,
    params: COLLECTION,
    answer: { message: STOREFRONT_MESSAGES.collectionDeleted, data: '`{ CollectionID }`.' },
    errors: { 404: [STOREFRONT_MESSAGES.collectionNotFound] },
  },
  {
    method: 'post',
    path: '/api/storefront/collections/{id}/pins',
    summary: 'Pin a product to a collection',
    description: 'Any existing product; a switched-off one is kept but hidden from the public page until it is back on.',
    access: marketer,
    params: COLLECTION,
    body: { json: pinProductSchema },
    answer: { status: 201, message: STOREFRONT_MESSAGES.pinned, data: '`{ PinID }`.' },
    errors: {
      404: [STOREFRONT_MESSAGES.collectionNotFound, STOREFRONT_MESSAGES.productNotFound],
      409: [STOREFRONT_MESSAGES.alreadyPinned, STOREFRONT_MESSAGES.tooManyPins],
    },
  },
  {
    method: 'put',
    path: '/api/storefront/collections/{id}/pins/order',
    summary: 'Put a collection’s pins in a new order',
    description: 'Lists every pin id of the collection exactly once, first to last.',
    access: marketer,
    params: COLLECTION,
    body: { json: pinOrderSchema },
    answer: { message: STOREFRONT_MESSAGES.reordered, data: STOREFRONT },
    errors: { 404: [STOREFRONT_MESSAGES.collectionNotFound] },
  },
  {
    method: 'delete',
    path: '/api/storefront/pins/{id}',
    summary: 'Unpin a product',
    access: marketer,
    params: { id: { description: 'The pin (PinID); another influencer’s is not found.' } },
    answer: { message: STOREFRONT_MESSAGES.unpinned, data: '`{ PinID }`.' },
    errors: { 404: [STOREFRONT_MESSAGES.pinNotFound] },
  },
)
