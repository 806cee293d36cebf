import { Hono } from 'hono'
import { isMediaPath } from '../domain/images'
import type { AppEnv } from '../env'

// Keys are random and never rewritten (a changed image gets a new key), so objects can be cached forever.
const IMMUTABLE = 'public, max-age=31536000, immutable'

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path)
  } catch {
    return null
  }
}

export const mediaRoutes = new Hono<AppEnv>()

mediaRoutes.get('/*', async (c) => {
  const missing = () => c.text('Not found', 404, { 'cache-control': 'no-store' })
  // Media keys are plain ASCII; anything that does not decode (e.g. "%ZZ") cannot name one.
  const key = safeDecode(c.req.path.replace(/^\/media\//, ''))
  if (key === null || !isMediaPath(key)) return missing()

  const object = await c.env.MEDIA.get(key, { onlyIf: c.req.raw.headers })
  if (!object) return missing()

  const headers = new Headers()
  object.writeHttpMetadata(headers)
  headers.set('etag', object.httpEtag)
  headers.set('cache-control', IMMUTABLE)
  // Images are fetched by <img> on our own pages only.
  headers.set('cross-origin-resource-policy', 'same-origin')
  headers.set('x-content-type-options', 'nosniff')

  // R2 answers a matching If-None-Match with an object without a body.
  if (!('body' in object)) return new Response(null, { status: 304, headers })
  return new Response(object.body, { headers })
})
