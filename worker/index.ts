import { app } from './app'
import { makeDb, optimizeDatabase } from './db/client'
import { rollupImpressions } from './db/impressions'
import { pruneEvents } from './db/rate-limit'
import { moveReportWindows } from './db/report-figures'
import type { Bindings } from './env'
import { writeFinished } from './middleware/shared-reads'

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(pruneEvents(makeDb(env.DB)))
    ctx.waitUntil(rollupImpressions(env, controller.scheduledTime).then(writeFinished))
    // The reports' periods move on once a UTC day starts, before the day's first report asks for them.
    ctx.waitUntil(moveReportWindows(env.DB, controller.scheduledTime))
    // After a migration adds indexes, and as tables grow, the planner's statistics catch up within 5 minutes.
    ctx.waitUntil(optimizeDatabase(env.DB))
  },
} satisfies ExportedHandler<Bindings>
