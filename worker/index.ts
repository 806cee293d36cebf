import { app } from './app'
import { makeDb } from './db/client'
import { rollupImpressions } from './db/impressions'
import { pruneEvents } from './db/rate-limit'
import type { Bindings } from './env'

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(pruneEvents(makeDb(env.DB)))
    ctx.waitUntil(rollupImpressions(env, controller.scheduledTime))
  },
} satisfies ExportedHandler<Bindings>
