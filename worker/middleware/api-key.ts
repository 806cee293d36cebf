// Authentication of /api/v1 (decision 160): API keys only. A key is not a dashboard session: it never
// sets `caller` (so no dashboard role check can let it in, and no role branch can take it for
// another), only `apiKey`, and each route names the scope it needs.

import type { Context, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { API_KEY_PREFIX, type ApiKeyScope } from '../contract/api-keys'
import { missingScopeMessage, V1_AUTH_MESSAGES } from '../contract/v1'
import { db } from '../db/client'
import { findKeyByHash, touchKey } from '../db/api-keys'
import { Forbidden, Unauthenticated } from '../domain/errors'
import type { AppEnv } from '../env'
import type { ApiKeyCaller } from '../types'
import { hashSecret } from '../services/api-keys'
import { afterAnswer } from './after-answer'
import { limitKeyCalls } from './api-key-limit'
import { bearerToken } from './auth'

/** lastUsedAt moves on at most this often per key: a busy key does not write on every call. */
export const LAST_USED_EVERY_MS = 60_000
export const requireApiKey: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c)
  if (!token) throw new Unauthenticated(V1_AUTH_MESSAGES.missing)
  if (!token.startsWith(API_KEY_PREFIX)) throw new Unauthenticated(V1_AUTH_MESSAGES.notAKey)
  const key = await findKeyByHash(db(c), await hashSecret(token))
  if (!key || key.revokedAt !== null) throw new Unauthenticated(V1_AUTH_MESSAGES.invalid)
  // A suspended (or erased) vendor's keys stop with their sessions, and say why (decision 241).
  if (key.vendorHeld) throw new Unauthenticated(V1_AUTH_MESSAGES.suspended)
  const now = Date.now()
  await limitKeyCalls(c, key.KeyID, now)
  if (key.lastUsedAt === null || Date.parse(key.lastUsedAt) <= now - LAST_USED_EVERY_MS) {
    afterAnswer(c, touchKey(db(c), key.KeyID, new Date(now).toISOString(), new Date(now - LAST_USED_EVERY_MS).toISOString()))
  }
  c.set('apiKey', { keyId: key.KeyID, vendorId: key.VendorID, scopes: key.Scopes })
  await next()
})

/** 403 unless the key was given `scope`. */
export const requireScope = (scope: ApiKeyScope): MiddlewareHandler<AppEnv> =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!apiKeyOf(c).scopes.includes(scope)) throw new Forbidden(missingScopeMessage(scope))
    await next()
  })

/** The key the request came with; only behind requireApiKey. */
export function apiKeyOf(c: Context<AppEnv>): ApiKeyCaller {
  const key = c.get('apiKey')
  if (!key) throw new Unauthenticated(V1_AUTH_MESSAGES.missing)
  return key
}
