// Vendors' API keys (decision 160): what the profile's 'API keys' section sends and shows. A key's
// secret (`ck_live_...`) is shown once, when it is made; only its hash and visible prefix are kept.

import * as z from 'zod/mini'
import { capped } from './fields'

export const API_KEY_SCOPES = ['leads:read', 'leads:write', 'conversions:write', 'products:read'] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

/** What each scope lets a key do, as the profile's checkboxes say it. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'leads:read': 'Read leads',
  'leads:write': 'Change lead status',
  'conversions:write': 'Report and reverse conversions',
  'products:read': 'Read products',
}

export const API_KEY_PREFIX = 'ck_live_'
export const API_KEY_NAME_MAX = 50
export const API_KEYS_MAX = 10

export const API_KEY_MESSAGES = {
  nameRequired: 'Please give the key a name',
  nameTooLong: `Key name should be at most ${API_KEY_NAME_MAX} characters`,
  scopesRequired: 'Choose at least one scope for the key',
  scopeInvalid: `Scopes should be among ${API_KEY_SCOPES.join(', ')}`,
  created: 'API key created. Copy it now: it will not be shown again.',
  listed: 'API keys fetched successfully',
  revoked: 'API key revoked',
  alreadyRevoked: 'This API key is already revoked',
  notFound: 'API key not found',
  tooMany: `You can have at most ${API_KEYS_MAX} active API keys. Revoke one you no longer use, then create a new one.`,
  activity: 'Activity fetched successfully',
} as const

export const createApiKeySchema = z.object(
  {
    Name: z
      .string({ error: API_KEY_MESSAGES.nameRequired })
      .check(z.trim(), z.minLength(1, API_KEY_MESSAGES.nameRequired), capped(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong)),
    Scopes: z
      .array(z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scopeInvalid }), { error: API_KEY_MESSAGES.scopesRequired })
      .check(z.minLength(1, API_KEY_MESSAGES.scopesRequired), z.maxLength(API_KEY_SCOPES.length * 2, API_KEY_MESSAGES.scopeInvalid)),
  },
  { error: API_KEY_MESSAGES.nameRequired },
)
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>

/** A key as its vendor's list shows it: never the secret. */
export type ApiKeyDTO = {
  KeyID: number
  Name: string
  /** `ck_live_` and the secret's first characters, to tell keys apart. */
  Prefix: string
  Scopes: ApiKeyScope[]
  createdAt: string
  lastUsedAt: string | null
  revokedAt: string | null
}

/** The answer to a creation: the key, and its secret this once. */
export type CreatedApiKeyDTO = ApiKeyDTO & { Secret: string }

/** One entry of the vendor's own activity (key created, key revoked). */
export type VendorActivityDTO = {
  id: number
  at: string
  action: string
  targetType: string
  targetId: string
  /** What the entry is about, as the vendor named it (the key's name). */
  detail: string | null
}
