// Vendors' API keys (decision 160): what the profile's 'API keys' section sends and shows. A key's
// secret (`ck_live_...`) is shown once, when it is made; only its hash and visible prefix are kept.

import * as z from 'zod/mini'
import { capped } from './fields'
import { pageQuerySchema } from './paging'
import { defineRoute } from './route'

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
export const apiKeySchema = z.object({
  KeyID: z.number(),
  Name: z.string(),
  /** `ck_live_` and the secret's first characters, to tell keys apart. */
  Prefix: z.string(),
  Scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  /** Moved at most once a minute. */
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
})
export type ApiKeyDTO = z.output<typeof apiKeySchema>

/** The answer to a creation: the key, and its secret this once. */
export const createdApiKeySchema = z.extend(apiKeySchema, { Secret: z.string() })
export type CreatedApiKeyDTO = z.output<typeof createdApiKeySchema>

/** One entry of the vendor's own activity (key created, key revoked). */
export const vendorActivitySchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** What the entry is about, as the vendor named it (the key's name). */
  detail: z.nullable(z.string()),
})
export type VendorActivityDTO = z.output<typeof vendorActivitySchema>

const vendorOnly = ['vendor'] as const

export const API_KEY_ROUTES = {
  list: defineRoute({
    method: 'get',
    path: '/api/vendors/api-keys',
    summary: "The vendor's API keys",
    access: vendorOnly,
    query: pageQuerySchema,
    answer: { message: API_KEY_MESSAGES.listed, schema: apiKeySchema, paged: true, description: 'Newest first, revoked ones included; never the secret.' },
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/vendors/api-keys',
    summary: 'Create an API key',
    description: 'The secret (`ck_live_...`) is in this answer only; Collabkart keeps its SHA-256. At most 10 live keys.',
    access: vendorOnly,
    body: { json: createApiKeySchema },
    answer: { status: 201, message: API_KEY_MESSAGES.created, schema: createdApiKeySchema },
    errors: { 409: [API_KEY_MESSAGES.tooMany] },
  }),
  revoke: defineRoute({
    method: 'post',
    path: '/api/vendors/api-keys/{keyId}/revoke',
    summary: 'Revoke an API key',
    description: "Another vendor's key is not found, and nothing changes.",
    access: vendorOnly,
    params: { keyId: { description: 'The key to revoke.' } },
    answer: { message: API_KEY_MESSAGES.revoked, schema: apiKeySchema },
    errors: { 404: [API_KEY_MESSAGES.notFound], 409: [API_KEY_MESSAGES.alreadyRevoked] },
  }),
  activity: defineRoute({
    method: 'get',
    path: '/api/vendors/activity',
    summary: "The vendor's own actions (API keys made and revoked)",
    access: vendorOnly,
    query: pageQuerySchema,
    answer: { message: API_KEY_MESSAGES.activity, schema: vendorActivitySchema, paged: true, description: "Newest first; detail is the key's name." },
  }),
}
