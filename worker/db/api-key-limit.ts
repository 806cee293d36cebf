// The token bucket of each API key (decision 251), kept in D1 and changed by one statement: the
// refill since the last call, the take and the answer happen together, so calls arriving at the
// same moment (D1 runs statements one at a time) never share a token.

import { sql } from 'drizzle-orm'
import { API_KEY_CALLS, type Bucket, REFILL_PER_MS } from '../domain/api-key-limit'
import type { Db } from './client'

/** Takes one call from key `keyId`'s bucket at `now` (epoch ms) if a whole token is there. */
export async function takeKeyCall(db: Db, keyId: number, now: number): Promise<Bucket> {
  // SET expressions read the row as it was before the update; a clock that steps back refills nothing.
  const refilled = sql`min(${API_KEY_CALLS}, tokens + max(0, ${now} - at) * ${REFILL_PER_MS})`
  const [row] = await db.all<{ tokens: number; granted: number }>(sql`
    INSERT INTO api_key_buckets (KeyID, tokens, at, granted) VALUES (${keyId}, ${API_KEY_CALLS - 1}, ${now}, 1)
    ON CONFLICT (KeyID) DO UPDATE SET
      granted = ${refilled} >= 1,
      tokens = ${refilled} - (${refilled} >= 1),
      at = max(at, ${now})
    RETURNING tokens, granted`)
  return { tokens: row.tokens, granted: row.granted === 1 }
}
