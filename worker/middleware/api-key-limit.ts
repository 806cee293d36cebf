// The per-key limit of /api/v1 and its answer fields (decision 251): every answer to a known key
// carries `RateLimit-Policy` and `RateLimit`; a refused call is 429 with `Retry-After`.

import type { Context } from 'hono'
import { V1_AUTH_MESSAGES } from '../contract/v1'
import { takeKeyCall } from '../db/api-key-limit'
import { db } from '../db/client'
import { RATE_LIMIT_POLICY, rateLimitField, secondsUntilNextCall } from '../domain/api-key-limit'
import { RateLimited } from '../domain/errors'
import type { AppEnv } from '../env'

/** Takes one call from the key's bucket; throws 429 when it is empty. */
export async function limitKeyCalls(c: Context<AppEnv>, keyId: number, now: number): Promise<void> {
  const bucket = await takeKeyCall(db(c), keyId, now)
  c.header('RateLimit-Policy', RATE_LIMIT_POLICY)
  c.header('RateLimit', rateLimitField(bucket))
  if (bucket.granted) return
  c.header('Retry-After', String(secondsUntilNextCall(bucket)))
  throw new RateLimited(V1_AUTH_MESSAGES.rateLimited)
}
