import { createMiddleware } from 'hono/factory'
import { costedD1, noCost, serverTiming } from '../db/d1-cost'
import type { AppEnv } from '../env'

/**
 * Counts what the request costs in D1 (db/d1-cost.ts) and says it in the answer's Server-Timing
 * header: `d1;dur=<ms>, d1-queries;desc="<n>", d1-rows-read;desc="<n>", d1-rows-written;desc="<n>"`.
 * Runs before everything else under /api that touches D1, so the session gate and every route read
 * through the counted binding; a request that joins another's answer (middleware/shared-reads.ts)
 * reports what it cost itself: nothing.
 */
export const d1ServerTiming = createMiddleware<AppEnv>(async (c, next) => {
  const cost = noCost()
  c.env = { ...c.env, DB: costedD1(c.env.DB, cost) }
  await next()
  const value = serverTiming(cost)
  try {
    c.res.headers.set('Server-Timing', value)
  } catch {
    // An answer with immutable headers (one fetched whole): copy it to add ours.
    c.res = new Response(c.res.body, c.res)
    c.res.headers.set('Server-Timing', value)
  }
})
