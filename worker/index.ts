import { app } from './app'
import { makeDb } from './db/client'
import { pruneEvents } from './db/rate-limit'
import type { Bindings } from './env'

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(pruneEvents(makeDb(env.DB)))
  },
} satisfies ExportedHandler<Bindings>
