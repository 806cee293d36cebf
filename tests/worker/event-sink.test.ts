// The services raise their own events (decision 276): whoever calls a use case (a route, the v1
// API, a store's webhook, the cron) hands it a sink, and the event goes out without the caller
// naming it. Outside a request the direct sink puts it on the events queue before the call ends.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { makeDb } from '../../worker/db/client'
import { findLead } from '../../worker/db/leads'
import type { Bindings } from '../../worker/env'
import { directEvents } from '../../worker/services/events'
import type { MarketplaceEvent } from '../../worker/types'
import { changeLeadStatus } from '../../worker/services/lead-status'
import { recordPayout } from '../../worker/services/payouts'
import { indiaDay } from '../../worker/contract/india-date'
import { makeLead, makeMarketer, makeProduct, makeVendor } from '../helpers/factories'

const bindings = env as unknown as Bindings

/** An events queue that keeps what it is sent. */
function keptQueue() {
  const sent: MarketplaceEvent[] = []
  const queue = {
    async sendBatch(messages: Iterable<MessageSendRequest<MarketplaceEvent>>) {
      for (const m of messages) sent.push(m.body)
    },
  }
  return { queue: queue as unknown as Queue<MarketplaceEvent>, sent }
}

describe('events raised by the services', () => {
  it('puts a status change made outside a request on the events queue before the call resolves', async () => {
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const { LeadID } = await makeLead(await makeProduct(vendor), marketer)
    const db = makeDb(env.DB)
    const lead = await findLead(db, LeadID)
    if (!lead) throw new Error('no lead')
    const events = keptQueue()
    const changed = await changeLeadStatus(db, directEvents({ ...bindings, EVENTS_QUEUE: events.queue }), lead, { Status: 'Converted', Reason: null })
    expect(changed.Status).toBe('Converted')
    expect(events.sent).toEqual([
      {
        type: 'lead.status_changed',
        leadId: LeadID,
        vendorId: vendor.id,
        marketerId: marketer.id,
        from: 'Pending',
        to: 'Converted',
        reason: null,
        at: expect.any(String),
      },
    ])
  })

  it('raises nothing when the write is refused', async () => {
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const events = keptQueue()
    const db = makeDb(env.DB)
    // Nothing is owed to this influencer yet: the payout is refused and no one is told of one.
    await expect(
      recordPayout(
        db,
        directEvents({ ...bindings, EVENTS_QUEUE: events.queue }),
        vendor.id,
        { MarketerID: marketer.id, Method: 'UPI', UTR: 'UTR000000001', PaidOn: indiaDay() },
        Date.now(),
      ),
    ).rejects.toThrow()
    expect(events.sent).toEqual([])
  })
})
