// What happened in the marketplace, told to whoever follows it: notifications (mail and the bell,
// decision 140) and the vendors' webhooks. The service that made a change raises its event on the
// sink it is given (decision 276); in a request that sink puts the events on the events queue
// after the answer (middleware/after-answer.ts), so the request only hands them over; the
// queue's consumer runs the followers and retries an event whose follower failed, and an event that
// fails every try lands in a dead-letter queue, kept for the back office (docs/decisions/231, 232).
// Events carry ids and the facts of the change; followers read what else they need, and every
// follower is idempotent: a retried event tells nobody twice.

import type { Bindings } from '../env'
import type { MarketplaceEvent } from '../types'
import { mailBuyerOfLead } from './buyer-mail'
import { retryDelaySeconds } from './mail-delivery'
import { type MailOutbox, withMailOutbox } from './mail-outbox'
import { notifyPeople } from './notifications'
import { followForWebhooks, numberEvents } from './webhooks'
import type { Events } from './event-sink'

/** The sink outside a request (cron, queue consumers): the events go to the queue before it resolves. */
export const directEvents = (env: Bindings): Events => ({ raise: (...events) => raiseEvents(env, events) })

/**
 * One follower: must not throw for another's sake (dispatch isolates each anyway). The mails it
 * raises go into the dispatch's outbox, sent together once every follower is done.
 */
export type Follower = (env: Bindings, event: MarketplaceEvent, mails: MailOutbox) => Promise<void>

// Each feature that follows events adds itself here.
const followers: Follower[] = [notifyPeople, mailBuyerOfLead, followForWebhooks]

/** Runs every follower of one event side by side; answers whether all of them succeeded. */
async function follow(env: Bindings, event: MarketplaceEvent, mails: MailOutbox, to: Follower[]): Promise<boolean> {
  const outcomes = await Promise.allSettled(to.map((f) => f(env, event, mails)))
  const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')
  for (const f of failed) console.error('An event follower failed', event.type, f.reason)
  return failed.length === 0
}

/** Tells every follower of every event in place; one follower failing never stops the others. */
export async function dispatchEvents(env: Bindings, events: MarketplaceEvent[], to: Follower[] = followers): Promise<void> {
  await withMailOutbox(env, async (mails) => {
    await Promise.all(events.map((event) => follow(env, event, mails, to)))
  })
}

/**
 * Hands the events to the events queue. A queue that refuses them leaves the followers to run here
 * instead: slower work after the answer, but no event untold.
 */
export async function raiseEvents(env: Bindings, raised: MarketplaceEvent[]): Promise<void> {
  if (raised.length === 0) return
  const events = await numberEvents(env, raised)
  try {
    await env.EVENTS_QUEUE.sendBatch(events.map((body) => ({ body, contentType: 'json' as const })))
  } catch (err) {
    console.error('The events queue refused events; followed in place', events.length, err)
    await dispatchEvents(env, events)
  }
}

/**
 * The events queue's consumer. The batch's mails go to the mail queue together; an event whose
 * follower failed is tried again later, when every follower runs again (what one of them did
 * already, it does not do twice). Events are acknowledged only once their mails are handed over:
 * a bell entry already written is not mailed on a retry.
 */
export async function followQueuedEvents(batch: MessageBatch<MarketplaceEvent>, env: Bindings, to: Follower[] = followers): Promise<void> {
  const followed = await withMailOutbox(env, (mails) => Promise.all(batch.messages.map((msg) => follow(env, msg.body, mails, to))))
  batch.messages.forEach((msg, i) => {
    if (followed[i]) msg.ack()
    else msg.retry({ delaySeconds: retryDelaySeconds(msg.attempts) })
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
