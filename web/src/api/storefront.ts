import type { Envelope } from '@contract/envelope'
import type { CollectionOrderInput, PinOrderInput, StorefrontCollectionDTO, StorefrontDTO } from '@contract/storefront'
import { ApiError, request, requestData } from './client'

// The influencer's storefront tab: their collections and pinned products.

async function mutate<T>(method: string, path: string, json?: unknown): Promise<Envelope<T>> {
  const envelope = await request<T>(method, path, { json })
  if (envelope.statusCode !== 1) throw new ApiError(envelope.message, { statusCode: envelope.statusCode, data: envelope.data })
  return envelope
}

export const getStorefront = () => requestData<StorefrontDTO>('GET', 'storefront')
export const createCollection = (Title: string) => mutate<StorefrontCollectionDTO>('POST', 'storefront/collections', { Title })
export const renameCollection = (id: number, Title: string) => mutate<StorefrontCollectionDTO>('PUT', `storefront/collections/${id}`, { Title })
export const deleteCollection = (id: number) => mutate<{ CollectionID: number }>('DELETE', `storefront/collections/${id}`)
export const pinProduct = (collectionId: number, ProductID: number) =>
  mutate<{ PinID: number }>('POST', `storefront/collections/${collectionId}/pins`, { ProductID })
export const unpinProduct = (pinId: number) => mutate<{ PinID: number }>('DELETE', `storefront/pins/${pinId}`)
export const orderCollections = (input: CollectionOrderInput) => mutate<StorefrontDTO>('PUT', 'storefront/collections/order', input)
export const orderPins = (collectionId: number, input: PinOrderInput) =>
  mutate<StorefrontDTO>('PUT', `storefront/collections/${collectionId}/pins/order`, input)
