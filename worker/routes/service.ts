import { SERVICE_ROUTES as R } from '../contract/service'
import { openApiDocument } from '../openapi'
import { handle, mountAll } from './define'

/** Liveness, and the OpenAPI document of every /api route (worker/openapi/), read by the reference at /docs/api. */
export const serviceRoutes = mountAll(
  handle(R.health, (_c, r) => r.ok(null)),
  handle(R.openapi, (c) => c.json(openApiDocument(), 200, { 'Cache-Control': 'public, max-age=300' })),
)
