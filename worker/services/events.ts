// What happened in the marketplace, told to whoever follows it: notifications (mail and the bell,
// issue 33) and the vendors' webhooks (issue 34). Routes raise events after the answer
// (middleware/after-answer.ts), so a follower that is slow or down never fails or slows the request
// that caused it. Events carry ids and the facts of the change; followers read what else they need.

import type { LeadStatus } from '../contract/lead'
import type { Bindings } from '../env'
import { mailBuyerOfLead } from './buyer-mail'
import { type MailOutbox, withMailOutbox } from './mail-outbox'
import { notifyPeople } from './notifications'
import { followForWebhooks } from './webhooks'

export type MarketplaceEvent =
  | { type: 'lead.created'; leadId: number; vendorId: number; marketerId: number; productId: number; at: string }
  | {
      type: 'lead.status_changed'
      leadId: number
      vendorId: number
      marketerId: number
      from: LeadStatus
      to: LeadStatus
      reason: string | null
      /** The change's time: the ledger entries it wrote carry the same createdAt. */
      at: string
    }
  | { type: 'payout.recorded'; payoutId: number; vendorId: number; marketerId: number; at: string }
  | { type: 'payout_details.changed'; marketerId: number; at: string }
  | { type: 'account.email_verified'; role: 'vendor' | 'marketer'; accountId: number; at: string }
  /** A password set by its owner (profile) or by a reset link; tokenVersion names the change. */
  | { type: 'password.changed'; role: 'vendor' | 'marketer'; accountId: number; tokenVersion: number; at: string }
  // Campaigns (issue 35)
  | { type: 'campaign.invited'; campaignId: number; vendorId: number; marketerId: number; at: string }
  | { type: 'campaign.applied'; campaignId: number; marketerId: number; at: string }
  | { type: 'campaign.member_answered'; campaignId: number; marketerId: number; status: 'Accepted' | 'Declined'; by: 'vendor' | 'creator'; at: string }
  | { type: 'deliverable.submitted'; deliverableId: number; campaignId: number; vendorId: number; marketerId: number; at: string }
  | {
      type: 'deliverable.reviewed'
      deliverableId: number
      campaignId: number
      vendorId: number
      marketerId: number
      outcome: 'Approved' | 'ChangesRequested'
      at: string
    }

export type EventType = MarketplaceEvent['type']

/**
 * One follower: must not throw for another's sake (dispatch isolates each anyway). The mails it
 * raises go into the dispatch's outbox, sent together once every follower is done.
 */
export type Follower = (env: Bindings, event: MarketplaceEvent, mails: MailOutbox) => Promise<void>

// Each feature that follows events adds itself here.
const followers: Follower[] = [notifyPeople, mailBuyerOfLead, followForWebhooks]

/** Tells every follower of every event; one follower failing never stops the others. */
export async function dispatchEvents(env: Bindings, events: MarketplaceEvent[], to: Follower[] = followers): Promise<void> {
  await withMailOutbox(env, async (mails) => {
    const runs = events.flatMap((event) =>
      to.map((follow) => follow(env, event, mails).catch((err) => console.error('An event follower failed', event.type, err))),
    )
    await Promise.all(runs)
  })
}

/**
 * Adds a follower for as long as the isolate lives, or until the returned function removes it. The
 * features list themselves above; this is for a test that watches what a route publishes.
 */
export function addFollower(follower: Follower): () => void {
  followers.push(follower)
  return () => {
    const at = followers.indexOf(follower)
    if (at >= 0) followers.splice(at, 1)
  }
}
