import { app } from './app'
import { makeDb, optimizeDatabase } from './db/client'
import { rollupImpressions } from './db/impressions'
import { pruneEvents } from './db/rate-limit'
import { moveReportWindows } from './db/report-figures'
import { pruneStoreRefs } from './db/store-refs'
import { stripOldStoreBodies } from './db/stores'
import type { Bindings } from './env'
import { cloudflareMailer } from './mail/mailer'
import { pruneStorefrontVisits } from './services/storefront'
import type { MarketplaceEvent, QueuedMail, QueuedWebhook } from './types'
import { writeFinished } from './middleware/shared-reads'
import { recordDeadEvents } from './services/dead-events'
import { followQueuedEvents } from './services/events'
import { deliverMail, recordDeadMail } from './services/mail-delivery'
import { nudgeWaitingApplications, remindDeliverablesDue, sendLeadDigests, tellPayableCommissions } from './services/notification-schedule'
import { deliverWebhooks, recordDeadWebhooks } from './services/webhook-delivery'
import { pollTransfers } from './services/provider-payouts'
import { directEvents } from './services/events'

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(pruneEvents(makeDb(env.DB)))
    // Store refs past the attribution window attribute nothing: the table stays about 30 days of clicks.
    ctx.waitUntil(pruneStoreRefs(makeDb(env.DB), controller.scheduledTime))
    // Storefront visitors of past days can no longer repeat: only the days' counts stay (decision 202).
    ctx.waitUntil(pruneStorefrontVisits(makeDb(env.DB), controller.scheduledTime))
    // Store orders keep their raw body (the buyer's contact details) 30 days, then the order's facts (decision 243).
    ctx.waitUntil(stripOldStoreBodies(makeDb(env.DB), controller.scheduledTime))
    ctx.waitUntil(rollupImpressions(env, controller.scheduledTime).then(writeFinished))
    // The reports' periods move on once a day starts in India (decision 280), before the day's first report asks for them.
    ctx.waitUntil(moveReportWindows(env.DB, controller.scheduledTime))
    // After a migration adds indexes, and as tables grow, the planner's statistics catch up within 5 minutes.
    ctx.waitUntil(optimizeDatabase(env.DB))
    // The vendors' daily lead digests at their hour in India, and commissions that became payable.
    ctx.waitUntil(sendLeadDigests(env, controller.scheduledTime))
    ctx.waitUntil(tellPayableCommissions(env, controller.scheduledTime))
    ctx.waitUntil(remindDeliverablesDue(env, controller.scheduledTime))
    ctx.waitUntil(nudgeWaitingApplications(env, controller.scheduledTime))
    // Provider payouts never sent (a crash) are sent again with the same key; those quiet for 30 minutes are asked their status.
    ctx.waitUntil(pollTransfers(env, makeDb(env.DB), directEvents(env), controller.scheduledTime))
  },
  // wrangler.toml's queues: events, mail and webhooks, each with its dead-letter queue.
  async queue(batch, env) {
    if (batch.queue === 'collabkart-events') return followQueuedEvents(batch as MessageBatch<MarketplaceEvent>, env)
    if (batch.queue === 'collabkart-events-dead') return recordDeadEvents(batch as MessageBatch<MarketplaceEvent>, env)
    if (batch.queue === 'collabkart-webhooks') return deliverWebhooks(batch as MessageBatch<QueuedWebhook>, env)
    if (batch.queue === 'collabkart-webhooks-dead') return recordDeadWebhooks(batch as MessageBatch<QueuedWebhook>, env)
    if (batch.queue === 'collabkart-mail-dead') return recordDeadMail(batch as MessageBatch<QueuedMail>, env)
    return deliverMail(batch as MessageBatch<QueuedMail>, env, cloudflareMailer(env.EMAIL))
  },
} satisfies ExportedHandler<Bindings>
