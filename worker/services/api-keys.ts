// Vendors' API keys (decision 160): made with a secret shown once, listed without it, revoked. The
// secret is 32 bytes from the CSPRNG; only its SHA-256 is stored (docs/decisions/160).

import { API_KEY_MESSAGES, API_KEY_PREFIX, API_KEYS_MAX, type ApiKeyDTO, type CreatedApiKeyDTO, type VendorActivityDTO } from '../contract/api-keys'
import type { PageQuery } from '../contract/paging'
import { findOwnKey, insertKeyWithinLimit, pageKeys, pageVendorActivity, revokeOwnKey } from '../db/api-keys'
import type { Db } from '../db/client'
import type { ApiKeyRow } from '../db/schema'
import { Conflict, NotFound } from '../domain/errors'
import { randomToken, sha256Hex } from '../domain/secrets'
import { pageThrough } from './paging'

/** Characters of the random part the list shows: enough to tell ten keys apart, far too few to guess the rest. */
const VISIBLE = 6

export const toApiKeyDTO = (row: ApiKeyRow): ApiKeyDTO => ({
  KeyID: row.KeyID,
  Name: row.Name,
  Prefix: row.Prefix,
  Scopes: row.Scopes,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
  revokedAt: row.revokedAt,
})

/** The hash a presented secret is looked up by. */
export const hashSecret = (secret: string) => sha256Hex(secret)

export async function createApiKey(
  db: Db,
  vendorId: number,
  input: { Name: string; Scopes: ApiKeyDTO['Scopes'] },
  now = Date.now(),
): Promise<CreatedApiKeyDTO> {
  const secret = `${API_KEY_PREFIX}${randomToken()}`
  const Prefix = secret.slice(0, API_KEY_PREFIX.length + VISIBLE)
  const Scopes = [...new Set(input.Scopes)]
  const createdAt = new Date(now).toISOString()
  const KeyID = await insertKeyWithinLimit(
    db,
    { VendorID: vendorId, Name: input.Name, Scopes, SecretHash: await hashSecret(secret), Prefix },
    API_KEYS_MAX,
    createdAt,
  )
  if (KeyID === null) throw new Conflict(API_KEY_MESSAGES.tooMany)
  return { KeyID, Name: input.Name, Prefix, Scopes, createdAt, lastUsedAt: null, revokedAt: null, Secret: secret }
}

/** Another vendor's key is answered as no key at all: 404, nothing changed. */
export async function revokeApiKey(db: Db, vendorId: number, keyId: number, now = Date.now()): Promise<ApiKeyDTO> {
  const changed = await revokeOwnKey(db, vendorId, keyId, new Date(now).toISOString())
  const row = await findOwnKey(db, vendorId, keyId)
  if (!row) throw new NotFound(API_KEY_MESSAGES.notFound)
  if (!changed) throw new Conflict(API_KEY_MESSAGES.alreadyRevoked)
  return toApiKeyDTO(row)
}

export async function apiKeyPage(db: Db, vendorId: number, query: Partial<PageQuery>) {
  const page = await pageThrough<ApiKeyRow>({
    cursor: query.cursor,
    limit: query.limit,
    order: 'newest',
    kinds: ['number'],
    fetch: (from, take, count) => pageKeys(db, vendorId, from ? Number(from[0]) : null, take, count),
    keyOf: (row) => [row.KeyID],
  })
  return { rows: page.rows.map(toApiKeyDTO), paging: page.paging }
}

export async function vendorActivityPage(db: Db, vendorId: number, query: Partial<PageQuery>) {
  return pageThrough<VendorActivityDTO>({
    cursor: query.cursor,
    limit: query.limit,
    order: 'newest',
    kinds: ['number'],
    fetch: (from, take, count) => pageVendorActivity(db, vendorId, from ? Number(from[0]) : null, take, count),
    keyOf: (row) => [row.id],
  })
}
