import type { CreateStoreInput, StoreDTO, StoreEventDTO } from '@contract/stores'
import { ApiError, request, requestPage } from './client'

// A vendor's connected stores, one function per call.

export const listStores = () => requestPage<StoreDTO>('stores')

export async function connectStore(input: CreateStoreInput) {
  const res = await request<StoreDTO>('POST', 'stores', { json: input })
  if (res.statusCode !== 1) throw new ApiError(res.message)
  return res
}

export async function removeStore(storeId: number) {
  const res = await request<null>('DELETE', `stores/${storeId}`)
  if (res.statusCode !== 1) throw new ApiError(res.message)
  return res
}

export const storeEvents = (storeId: number, cursor: string | undefined, signal?: AbortSignal) =>
  requestPage<StoreEventDTO>(`stores/${storeId}/events`, { cursor }, signal)
