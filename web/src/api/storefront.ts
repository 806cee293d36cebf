import { type CollectionOrderInput, type PinOrderInput, STOREFRONT_ROUTES as R } from '@contract/storefront'
import { callData, callRoute } from './client'

// The influencer's storefront tab: their collections and pinned products.

export const getStorefront = () => callData(R.own)
export const createCollection = (Title: string) => callRoute(R.createCollection, { json: { Title } })
export const renameCollection = (id: number, Title: string) => callRoute(R.renameCollection, { params: { id }, json: { Title } })
export const deleteCollection = (id: number) => callRoute(R.deleteCollection, { params: { id } })
export const pinProduct = (collectionId: number, ProductID: number) => callRoute(R.pin, { params: { id: collectionId }, json: { ProductID } })
export const unpinProduct = (pinId: number) => callRoute(R.unpin, { params: { id: pinId } })
export const orderCollections = (input: CollectionOrderInput) => callRoute(R.orderCollections, { json: input })
export const orderPins = (collectionId: number, input: PinOrderInput) => callRoute(R.orderPins, { params: { id: collectionId }, json: input })
