import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { Bindings } from '../../worker/env'
import { dispatchEvents, type Follower, type MarketplaceEvent } from '../../worker/services/events'

const bindings = env as unknown as Bindings
const created: MarketplaceEvent = { type: 'lead.created', leadId: 1, vendorId: 2, marketerId: 3, productId: 4, at: '2026-11-27T00:00:00.000Z' }
const changed: MarketplaceEvent = { type: 'payout_details.changed', marketerId: 3, at: '2026-11-27T00:00:00.000Z' }

describe('marketplace events', () => {
  it('tells every follower every event, even when one follower fails', async () => {
    const seen: string[] = []
    const failing: Follower = async () => {
      throw new Error('webhook receiver down')
    }
    const recording: Follower = async (_env, event) => {
      seen.push(event.type)
    }
    await expect(dispatchEvents(bindings, [created, changed], [failing, recording])).resolves.toBeUndefined()
    expect(seen).toEqual(['lead.created', 'payout_details.changed'])
  })
})
