// Events no try could follow (docs/decisions/232): the events queue's dead letters are kept in D1,
// the operators are told, and the back office lists them with a way to send one back. The followers
// do nothing twice (services/events.ts), so a replay only does what the failed tries left undone.

import { type DeadEventDTO, DEAD_EVENT_MESSAGES } from '../contract/admin'
import type { Paging } from '../contract/paging'
import { type AuditActor, auditAlways } from '../db/admin'
import { type Db, makeDb } from '../db/client'
import { countDeadEvents, insertDeadEvents, pageDeadEvents, restoreDeadEvent, takeDeadEvent } from '../db/dead-events'
import { deadEventsAlertMail } from '../domain/mail-templates'
import { NotFound, Unavailable } from '../domain/errors'
import { sha256Hex } from '../domain/secrets'
import type { Bindings } from '../env'
import { enqueueMail } from './mail-outbox'
import { backOfficeLink, DEAD_LETTER_ALERT, opsAddress } from './operator-mail'
import { pageNewestById } from './paging'
import type { MarketplaceEvent } from '../types'

/** The accounts an event names, for the list and for an erasure. */
function accountsOf(event: MarketplaceEvent): { VendorID: number | null; MarketerID: number | null } {
  const vendor = 'vendorId' in event ? event.vendorId : 'role' in event && event.role === 'vendor' ? event.accountId : null
  const marketer = 'marketerId' in event ? event.marketerId : 'role' in event && event.role === 'marketer' ? event.accountId : null
  return { VendorID: vendor, MarketerID: marketer }
}

/** What an event is about, in an operator's words. */
export function aboutOf(event: MarketplaceEvent): string {
  if ('leadId' in event) return `Lead #${event.leadId}`
  if ('payoutId' in event) return `Payout #${event.payoutId}`
  if ('deliverableId' in event) return `Deliverable #${event.deliverableId} of campaign #${event.campaignId}`
  if ('campaignId' in event) return `Campaign #${event.campaignId}`
  if ('role' in event) return `${event.role === 'vendor' ? 'Vendor' : 'Influencer'} #${event.accountId}`
  return `Influencer #${event.marketerId}`
}

/**
 * The dead-letter queue's consumer: keeps each event whole (a redelivery is kept once) and tells
 * the operators, at most once an hour. Acknowledged only once kept; if D1 refuses, the queue
 * delivers the batch again.
 */
export async function recordDeadEvents(batch: MessageBatch<MarketplaceEvent>, env: Bindings, now = new Date()): Promise<void> {
  const db = makeDb(env.DB)
  const rows = await Promise.all(
    batch.messages.map(async (msg) => {
      const payload = JSON.stringify(msg.body)
      return {
        type: msg.body.type,
        payload,
        eventHash: await sha256Hex(payload),
        ...accountsOf(msg.body),
        attempts: msg.attempts,
        eventAt: msg.body.at,
        diedAt: now.toISOString(),
      }
    }),
  )
  const kept = await insertDeadEvents(db, rows)
  for (const msg of batch.messages) msg.ack()
  if (kept === 0) return
  await enqueueMail(env, {
    eventKey: `dead-event:${now.toISOString().slice(0, 13)}`,
    kind: DEAD_LETTER_ALERT,
    to: opsAddress(env),
    content: deadEventsAlertMail((await countDeadEvents(db)).total, backOfficeLink(env, '/admin/mail')),
  })
}

/** The back office's list, newest first; the payload stays on the server (a reason a vendor typed). */
export async function deadEventPage(db: Db, query: { cursor?: string; limit?: number }): Promise<{ rows: DeadEventDTO[]; paging: Paging }> {
  return pageNewestById<DeadEventDTO>(
    query,
    async (afterId, take) =>
      (await pageDeadEvents(db, afterId, take)).map(({ payload, ...row }) => ({ ...row, about: aboutOf(JSON.parse(payload) as MarketplaceEvent) })),
    () => countDeadEvents(db),
    (row) => row.DeadEventID,
  )
}

/**
 * Sends a dead event back to the events queue. Taking it out of the table is the claim: of two
 * operators pressing at once, one replays and the other is told it is gone. If the queue refuses,
 * the event is put back under its id and the answer says to try again. The audit entry follows the
 * send, since what changed is the queue's, not a row's.
 */
export async function replayDeadEvent(env: Bindings, actor: AuditActor, id: number): Promise<void> {
  const db = makeDb(env.DB)
  const taken = await takeDeadEvent(db, id)
  if (!taken) throw new NotFound(DEAD_EVENT_MESSAGES.notFound)
  try {
    await env.EVENTS_QUEUE.send(JSON.parse(taken.payload) as MarketplaceEvent, { contentType: 'json' })
  } catch (err) {
    console.error('The events queue refused a replayed event; kept for another try', id, err)
    await restoreDeadEvent(db, taken)
    throw new Unavailable(DEAD_EVENT_MESSAGES.queueDown)
  }
  await auditAlways(db, actor, { action: 'replay-event', targetType: 'event', targetId: String(id), reason: null, before: { type: taken.type }, after: null })
}
