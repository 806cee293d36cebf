import { API_KEY_ROUTES } from '@contract/api-keys'
import type { CreateApiKeyInput } from '@contract/api-keys'
import { callPage, callRoute } from './client'

// The profile's 'API keys' section: the signed-in vendor's own keys and key activity.

export const listApiKeys = (cursor?: string) => callPage(API_KEY_ROUTES.list, { query: { limit: 20, ...(cursor ? { cursor } : {}) } })

export const createApiKey = (input: CreateApiKeyInput) => callRoute(API_KEY_ROUTES.create, { json: input })

export const revokeApiKey = (keyId: number) => callRoute(API_KEY_ROUTES.revoke, { params: { keyId } })

export const listVendorActivity = () => callPage(API_KEY_ROUTES.activity, { query: { limit: 5 } })
