import type { ApiKeyScope, CreatedApiKeyDTO } from '../../worker/contract/api-keys'
import { API_KEY_SCOPES } from '../../worker/contract/api-keys'
import { call } from './api'

/** Creates a key through the vendor's profile route, as the 'API keys' section does. */
export async function makeApiKey(vendor: { token: string }, scopes: readonly ApiKeyScope[] = API_KEY_SCOPES, name = 'Shop backend'): Promise<CreatedApiKeyDTO> {
  const res = await call<CreatedApiKeyDTO>('POST', '/api/vendors/api-keys', { token: vendor.token, json: { Name: name, Scopes: scopes } })
  if (res.status !== 201) throw new Error(`api key create failed: ${res.status} ${res.body.message}`)
  return res.body.data
}
