import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'

/**
 * Adds `success` (true exactly when statusCode is 1) to the envelope, for the calls whose callers
 * read it (spec 001 section 7: the public influencer list and profile, the setup's picture upload).
 * It runs after the error handler has turned a thrown error into an envelope, so failures get
 * `success: false` too.
 */
export const successFlag = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (!/^application\/json/i.test(c.res.headers.get('content-type') ?? '')) return
  const body: unknown = await c.res.clone().json()
  if (!body || typeof body !== 'object' || !('statusCode' in body)) return
  const headers = new Headers(c.res.headers)
  headers.delete('content-length')
  c.res = new Response(JSON.stringify({ success: body.statusCode === 1, ...body }), { status: c.res.status, headers })
})
