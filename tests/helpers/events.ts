// An event sink for tests that call a service directly: it keeps what the service raised instead
// of queueing it, so the test can check the event and no follower runs in the background.

import type { Events } from '../../worker/services/event-sink'
import type { MarketplaceEvent } from '../../worker/types'

export function keptEvents(): Events & { raised: MarketplaceEvent[] } {
  const raised: MarketplaceEvent[] = []
  return {
    raised,
    raise: async (...events) => {
      raised.push(...events)
    },
  }
}
