// `Idempotency-Key` on every /api/v1 POST (decision 289), as Stripe and the IETF draft
// (draft-ietf-httpapi-idempotency-key-header) describe it: the first request with a key is
// answered and its answer kept for a day; the same key with the same request (method, path and
// body) answers that answer again, marked `Idempotency-Replayed: true`, and writes nothing; with
// another request, or while the first is still being answered, 409 and nothing written. A 5xx is
// not kept, so a retry runs again. Without the header a POST is answered as before.

import type { MiddlewareHandler } from 'hono'
import { IDEMPOTENCY_MESSAGES } from '../contract/orders'
import { db } from '../db/client'
import { claimKey, releaseKey, storeAnswer } from '../db/idempotency'
import { Conflict, InvalidInput } from '../domain/errors'
import type { AppEnv } from '../env'
import { BODY_LIMITS } from './body-limit'
import { apiKeyOf } from './api-key'

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/
const DAY_MS = 86_400_000

async function hashOf(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header('idempotency-key')
  if (c.req.method !== 'POST' || key === undefined) return next()
  if (!KEY_PATTERN.test(key)) throw new InvalidInput(IDEMPOTENCY_MESSAGES.invalid)
  // A body over the limit is the route's to refuse: one that says so is not read here.
  const declared = c.req.header('content-length')
  if (declared !== undefined && !(Number(declared) <= BODY_LIMITS.json)) return next()
  const body = await c.req.text()
  if (body.length > BODY_LIMITS.json) return next()
  const vendorId = apiKeyOf(c).vendorId
  const hash = await hashOf(`${c.req.method} ${new URL(c.req.url).pathname}\n${body}`)
  const now = Date.now()
  const { claimed, row } = await claimKey(db(c), vendorId, key, hash, new Date(now).toISOString(), new Date(now - DAY_MS).toISOString())
  if (!claimed) {
    if (!row || row.RequestHash !== hash) throw new Conflict(IDEMPOTENCY_MESSAGES.otherRequest)
    if (row.Status === null || row.Answer === null) throw new Conflict(IDEMPOTENCY_MESSAGES.inFlight)
    return c.body(row.Answer, row.Status as 200, { 'content-type': 'application/json', 'idempotency-replayed': 'true' })
  }
  try {
    await next()
  } catch (err) {
    await releaseKey(db(c), vendorId, key, hash)
    throw err
  }
  const res = c.res
  if (res.status >= 500) await releaseKey(db(c), vendorId, key, hash)
  else await storeAnswer(db(c), vendorId, key, hash, res.status, await res.clone().text())
}
