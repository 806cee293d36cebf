import type { ApiKeyDTO, CreateApiKeyInput, CreatedApiKeyDTO, VendorActivityDTO } from '@contract/api-keys'
import type { Envelope } from '@contract/envelope'
import { ApiError, request, requestPage } from './client'

// The profile's 'API keys' section: the signed-in vendor's own keys and key activity.

async function mutate<T>(method: string, path: string, json?: unknown): Promise<Envelope<T>> {
  const envelope = await request<T>(method, path, { json })
  if (envelope.statusCode !== 1) throw new ApiError(envelope.message, { statusCode: envelope.statusCode, data: envelope.data })
  return envelope
}

export const listApiKeys = (cursor?: string) => requestPage<ApiKeyDTO>('vendors/api-keys', { limit: 20, ...(cursor ? { cursor } : {}) })

export const createApiKey = (input: CreateApiKeyInput) => mutate<CreatedApiKeyDTO>('POST', 'vendors/api-keys', input)

export const revokeApiKey = (keyId: number) => mutate<ApiKeyDTO>('POST', `vendors/api-keys/${keyId}/revoke`)

export const listVendorActivity = () => requestPage<VendorActivityDTO>('vendors/activity', { limit: 5 })
