import { type CreateStoreInput, STORE_ROUTES } from '@contract/stores'
import { callPage, callRoute } from './client'

// A vendor's connected stores, one function per call.

export const listStores = () => callPage(STORE_ROUTES.list)

export const connectStore = (input: CreateStoreInput) => callRoute(STORE_ROUTES.connect, { json: input })

export const removeStore = (storeId: number) => callRoute(STORE_ROUTES.remove, { params: { id: storeId } })

export const storeEvents = (storeId: number, cursor: string | undefined, signal?: AbortSignal) =>
  callPage(STORE_ROUTES.events, { params: { id: storeId }, query: { cursor }, signal })
