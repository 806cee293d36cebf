// Where a use case raises the events of what it changed, right after its write (decision 276). A
// service that changes something others hear about takes the sink beside its db, so no caller (a
// route, the v1 API, a store's webhook, the cron) can forget to publish. In the Worker the sink
// queues the events after the answer (middleware/after-answer.ts `eventsOf`); outside a request
// `directEvents` (services/events.ts) sends them before it resolves.

import type { MarketplaceEvent } from '../types'

export type Events = { raise: (...events: MarketplaceEvent[]) => Promise<void> }
