// Webhooks out (decision 250): a vendor's endpoints, and the follower that turns marketplace events
// into deliveries. The follower runs in the events queue's consumer (services/events.ts) and only
// writes rows and queues them: the receivers are called by the webhook queue's consumer
// (services/webhook-delivery.ts), so a slow or failing receiver never slows or fails a request.

import {
  type CreateWebhookEndpointInput,
  type UpdateWebhookEndpointInput,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_MESSAGES,
  WEBHOOK_RESENDS_PER_HOUR,
  WEBHOOK_ROTATION_HOURS,
  WEBHOOK_TESTS_PER_HOUR,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryDTO,
  type WebhookEndpointDTO,
  type WebhookEvent,
  type WebhookSecretDTO,
} from '../contract/webhooks'
import { type Db, makeDb } from '../db/client'
import type { WebhookDelivery, WebhookEndpoint } from '../db/schema'
import {
  deleteEndpoint,
  enabledEndpointsOf,
  entriesChangedAt,
  findDelivery,
  findEndpoint,
  insertDeliveriesOnce,
  insertEndpointWithin,
  leadFacts,
  type NewDelivery,
  pageDeliveries,
  pageEndpoints,
  payoutFacts,
  takeSequences,
  updateDelivery,
  updateEndpoint,
} from '../db/webhooks'
import { type Limit, takeSlot } from '../db/rate-limit'
import { Conflict, InvalidInput, NotFound, RateLimited } from '../domain/errors'
import { rateSubject } from '../domain/subjects'
import {
  commissionCreatedBody,
  commissionReversedBody,
  leadCreatedBody,
  orderEventBody,
  leadStatusChangedBody,
  payoutRecordedBody,
  testBody,
  type WebhookBody,
  withSequence,
} from '../domain/webhook-payloads'
import { newMessageId, newWebhookSecret, openSecret, sealSecret } from '../domain/webhook-secrets'
import { checkEndpointUrl, shownUrl } from '../domain/webhook-url'
import type { Bindings } from '../env'
import { pageThrough } from './paging'
import type { MarketplaceEvent, QueuedWebhook } from '../types'

/** Each test event and resend calls a receiver at once: limited so no one uses us to flood an address (decision 258). */
export const WEBHOOK_TESTS_PER_ENDPOINT: Limit = { scope: 'webhook-test', max: WEBHOOK_TESTS_PER_HOUR, windowMs: 60 * 60_000 }
export const WEBHOOK_RESENDS_PER_VENDOR: Limit = { scope: 'webhook-resend', max: WEBHOOK_RESENDS_PER_HOUR, windowMs: 60 * 60_000 }

async function withinLimit(env: Bindings, limit: Limit, value: string, message: string): Promise<void> {
  const subject = await rateSubject(env.JWT_SECRET, limit.scope, value)
  if ((await takeSlot(makeDb(env.DB), limit, subject)) === null) throw new RateLimited(message)
}

export const isLocalRun = (env: Pick<Bindings, 'ALLOW_HOST_ORIGIN'>) => env.ALLOW_HOST_ORIGIN === '1'

const parseEvents = (text: string): WebhookEvent[] => JSON.parse(text) as WebhookEvent[]

export function toEndpointDTO(row: WebhookEndpoint): WebhookEndpointDTO {
  return {
    EndpointID: row.EndpointID,
    // Endpoints stored before credentials were refused may carry them: never shown back (decision 254).
    url: shownUrl(row.url),
    description: row.description,
    events: parseEvents(row.events),
    enabled: row.enabled,
    disabledAt: row.disabledAt,
    consecutiveFailures: row.consecutiveFailures,
    previousSecretUntil: row.previousSecretUntil && row.previousSecretUntil > new Date().toISOString() ? row.previousSecretUntil : null,
    createdAt: row.createdAt,
  }
}

export function toDeliveryDTO(row: WebhookDelivery): WebhookDeliveryDTO {
  return {
    DeliveryID: row.DeliveryID,
    EndpointID: row.EndpointID,
    eventType: row.eventType,
    msgId: row.msgId,
    state: row.state,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastResponse: row.lastResponse,
    lastAttemptAt: row.lastAttemptAt,
    nextAttemptAt: row.nextAttemptAt,
    createdAt: row.createdAt,
    payload: row.payload,
  }
}

/** The caller's endpoint; another vendor's is 404, as if it did not exist. */
export async function loadOwnedEndpoint(db: Db, vendorId: number, endpointId: number): Promise<WebhookEndpoint> {
  const endpoint = await findEndpoint(db, endpointId)
  if (!endpoint || endpoint.VendorID !== vendorId) throw new NotFound(WEBHOOK_MESSAGES.notFound)
  return endpoint
}

const uniqueEvents = (events: WebhookEvent[]) => JSON.stringify([...new Set(events)])

export async function createEndpoint(env: Bindings, vendorId: number, input: CreateWebhookEndpointInput): Promise<WebhookSecretDTO> {
  const checked = checkEndpointUrl(input.url, { local: isLocalRun(env) })
  if (!checked.ok) throw new InvalidInput(checked.message)
  const secret = newWebhookSecret()
  const now = new Date().toISOString()
  const endpoint = await insertEndpointWithin(
    makeDb(env.DB),
    {
      VendorID: vendorId,
      url: checked.url,
      description: input.description ?? '',
      events: uniqueEvents(input.events),
      secretSealed: await sealSecret(secret, env.JWT_SECRET),
      createdAt: now,
    },
    WEBHOOK_ENDPOINTS_MAX,
  )
  if (!endpoint) throw new Conflict(WEBHOOK_MESSAGES.tooMany)
  return { endpoint: toEndpointDTO(endpoint), secret }
}

export async function listEndpoints(db: Db, vendorId: number, query: { limit?: number; cursor?: string }) {
  const page = await pageThrough<WebhookEndpoint>({
    cursor: query.cursor,
    limit: query.limit,
    order: 'newest',
    kinds: ['number'],
    fetch: (from, take) => pageEndpoints(db, vendorId, from === null ? null : Number(from[0]), take),
    keyOf: (row) => [row.EndpointID],
  })
  return { rows: page.rows.map(toEndpointDTO), paging: page.paging }
}

export async function changeEndpoint(db: Db, endpoint: WebhookEndpoint, input: UpdateWebhookEndpointInput): Promise<WebhookEndpointDTO> {
  const set: Partial<WebhookEndpoint> = {}
  if (input.events) set.events = uniqueEvents(input.events)
  if (input.description !== undefined) set.description = input.description
  if (input.enabled !== undefined && input.enabled !== endpoint.enabled) {
    // Turned on again: the failures that disabled it are behind it. Turned off by hand: not a failure notice.
    Object.assign(set, input.enabled ? { enabled: true, consecutiveFailures: 0, disabledAt: null } : { enabled: false, disabledAt: null })
  }
  const row = await updateEndpoint(db, endpoint.EndpointID, set)
  if (!row) throw new NotFound(WEBHOOK_MESSAGES.notFound)
  return toEndpointDTO(row)
}

export async function removeEndpoint(db: Db, endpoint: WebhookEndpoint): Promise<void> {
  await deleteEndpoint(db, endpoint.EndpointID)
}

/** A new secret; the current one keeps signing (beside it) for 24 hours, so receivers can switch without losing deliveries. */
export async function rotateSecret(env: Bindings, endpoint: WebhookEndpoint, now = Date.now()): Promise<WebhookSecretDTO> {
  const secret = newWebhookSecret()
  const row = await updateEndpoint(makeDb(env.DB), endpoint.EndpointID, {
    secretSealed: await sealSecret(secret, env.JWT_SECRET),
    previousSecretSealed: endpoint.secretSealed,
    previousSecretUntil: new Date(now + WEBHOOK_ROTATION_HOURS * 3_600_000).toISOString(),
  })
  if (!row) throw new NotFound(WEBHOOK_MESSAGES.notFound)
  return { endpoint: toEndpointDTO(row), secret }
}

/** The secrets that sign a delivery now: the current one, and the previous one during its 24 hours. */
export async function signingSecrets(env: Pick<Bindings, 'JWT_SECRET'>, endpoint: WebhookEndpoint, now: number): Promise<string[]> {
  const current = await openSecret(endpoint.secretSealed, env.JWT_SECRET)
  const previousValid = endpoint.previousSecretSealed && endpoint.previousSecretUntil && Date.parse(endpoint.previousSecretUntil) > now
  return previousValid ? [current, await openSecret(endpoint.previousSecretSealed as string, env.JWT_SECRET)] : [current]
}

export async function listDeliveries(db: Db, endpoint: WebhookEndpoint, query: { limit?: number; cursor?: string }) {
  const page = await pageThrough<WebhookDelivery>({
    cursor: query.cursor,
    limit: query.limit,
    order: 'newest',
    kinds: ['number'],
    // The total is kept on the endpoint by a trigger (migration webhook_delivery_count).
    fetch: async (from, take) => ({
      rows: await pageDeliveries(db, endpoint.EndpointID, from === null ? null : Number(from[0]), take),
      total: endpoint.deliveryCount,
    }),
    keyOf: (row) => [row.DeliveryID],
  })
  return { rows: page.rows.map(toDeliveryDTO), paging: page.paging }
}

/** Hands deliveries to the queue; one the queue refuses is marked failed (the vendor sees it and may resend). */
async function enqueue(env: Bindings, messages: QueuedWebhook[]): Promise<void> {
  if (messages.length === 0) return
  try {
    await env.WEBHOOK_QUEUE.sendBatch(messages.map((body) => ({ body, contentType: 'json' as const })))
  } catch (err) {
    console.error('The webhook queue refused deliveries', err)
    const db = makeDb(env.DB)
    for (const m of messages) await updateDelivery(db, m.deliveryId, { state: 'failed', lastResponse: 'Not sent: the delivery queue was unavailable' })
  }
}

export async function sendTestEvent(env: Bindings, endpoint: WebhookEndpoint): Promise<WebhookDeliveryDTO> {
  if (!endpoint.enabled) throw new Conflict(WEBHOOK_MESSAGES.disabled)
  await withinLimit(env, WEBHOOK_TESTS_PER_ENDPOINT, String(endpoint.EndpointID), WEBHOOK_MESSAGES.testsTooMany)
  const now = new Date().toISOString()
  const msgId = newMessageId()
  const [delivery] = await insertDeliveriesOnce(makeDb(env.DB), [
    {
      EndpointID: endpoint.EndpointID,
      eventKey: `${WEBHOOK_TEST_EVENT}:${msgId}`,
      eventType: WEBHOOK_TEST_EVENT,
      msgId,
      payload: JSON.stringify(testBody(endpoint.EndpointID, now)),
      createdAt: now,
    },
  ])
  // A test is one attempt, not the schedule: the vendor is watching the log for its answer.
  await enqueue(env, [{ deliveryId: delivery.DeliveryID, endpointId: delivery.EndpointID, once: true }])
  return toDeliveryDTO(delivery)
}

/** The caller's delivery, for Resend; another vendor's is 404. */
export async function loadOwnedDelivery(db: Db, vendorId: number, deliveryId: number): Promise<{ delivery: WebhookDelivery; endpoint: WebhookEndpoint }> {
  const delivery = await findDelivery(db, deliveryId)
  const endpoint = delivery ? await findEndpoint(db, delivery.EndpointID) : undefined
  if (!delivery || !endpoint || endpoint.VendorID !== vendorId) throw new NotFound(WEBHOOK_MESSAGES.deliveryNotFound)
  return { delivery, endpoint }
}

/** One more attempt now, with the same body and webhook-id (so a receiver that got it before can tell). */
export async function resendDelivery(env: Bindings, delivery: WebhookDelivery, endpoint: WebhookEndpoint): Promise<WebhookDeliveryDTO> {
  if (!endpoint.enabled) throw new Conflict(WEBHOOK_MESSAGES.disabled)
  await withinLimit(env, WEBHOOK_RESENDS_PER_VENDOR, String(endpoint.VendorID), WEBHOOK_MESSAGES.resendsTooMany)
  await updateDelivery(makeDb(env.DB), delivery.DeliveryID, { state: 'pending' })
  await enqueue(env, [{ deliveryId: delivery.DeliveryID, endpointId: delivery.EndpointID, once: true }])
  return toDeliveryDTO({ ...delivery, state: 'pending' })
}

/** The marketplace events that become webhook events, and so are numbered per vendor. */
const SEQUENCED: ReadonlySet<MarketplaceEvent['type']> = new Set([
  'lead.created',
  'lead.status_changed',
  'payout.recorded',
  'order.created',
  'order.updated',
  'order.refunded',
  'commission.created',
  'commission.reversed',
  'commission.payable',
])

/**
 * Gives each event webhooks carry its vendor's next sequence number (decision 250), one statement
 * per vendor, in the order raised. If D1 refuses, the events go on without one and the webhook
 * follower numbers them (later than raised, but never unnumbered).
 */
export async function numberEvents(env: Bindings, events: MarketplaceEvent[]): Promise<MarketplaceEvent[]> {
  const byVendor = new Map<number, number[]>()
  events.forEach((e, i) => {
    if (!SEQUENCED.has(e.type) || !('vendorId' in e) || e.sequence !== undefined) return
    byVendor.set(e.vendorId, [...(byVendor.get(e.vendorId) ?? []), i])
  })
  if (byVendor.size === 0) return events
  const out = [...events]
  const db = makeDb(env.DB)
  try {
    for (const [vendorId, at] of byVendor) {
      const last = await takeSequences(db, vendorId, at.length)
      if (last === null) continue
      at.forEach((index, k) => {
        out[index] = { ...out[index], sequence: last - at.length + 1 + k }
      })
    }
  } catch (err) {
    console.error('Events could not be numbered; the webhook follower numbers them', err)
  }
  return out
}

type Keyed = { key: string; body: WebhookBody }

/** The webhook events one marketplace event makes, each with the key that makes it once per endpoint. */
async function webhookEventsOf(db: Db, event: MarketplaceEvent): Promise<Keyed[]> {
  switch (event.type) {
    case 'lead.created': {
      const lead = await leadFacts(db, event.leadId)
      return lead ? [{ key: `lead.created:${event.leadId}`, body: leadCreatedBody(lead, event.at) }] : []
    }
    case 'lead.status_changed': {
      const lead = await leadFacts(db, event.leadId)
      if (!lead) return []
      const out: Keyed[] = [{ key: `lead.status_changed:${event.leadId}:${event.at}`, body: leadStatusChangedBody(lead, event, event.at) }]
      // The ledger entries this change wrote or reversed carry its time (db/ledger.ts ledgerFollowsLead).
      for (const entry of await entriesChangedAt(db, event.leadId, event.at)) {
        const written = entry.convertedAt === event.at
        if (written && entry.AmountPaise > 0) out.push({ key: `commission.created:${entry.EntryID}`, body: commissionCreatedBody(entry, event.at) })
        else if (written && entry.AmountPaise < 0)
          out.push({ key: `commission.reversed:${entry.EntryID}`, body: commissionReversedBody(entry, 'adjustment', event.at) })
        else if (entry.AmountPaise > 0) out.push({ key: `commission.reversed:${entry.EntryID}`, body: commissionReversedBody(entry, 'reversal', event.at) })
        else out.push({ key: `commission.created:${entry.EntryID}:restored`, body: commissionCreatedBody(entry, event.at) })
      }
      return out
    }
    // Order events carry their facts (decision 287): the body is written from the event alone.
    case 'order.created':
    case 'order.updated':
    case 'order.refunded':
    case 'commission.created':
    case 'commission.reversed':
    case 'commission.payable': {
      const which = event.type === 'order.refunded' ? `:${event.refundId}` : ''
      return [{ key: `${event.type}:${event.orderId}${which}:${event.at}`, body: orderEventBody(event) }]
    }
    case 'payout.recorded': {
      const payout = await payoutFacts(db, event.payoutId)
      return payout ? [{ key: `payout.recorded:${event.payoutId}`, body: payoutRecordedBody(payout, event.at) }] : []
    }
    default:
      return []
  }
}

/** The events follower: one delivery per webhook event and subscribed endpoint, written once, then queued. */
export async function followForWebhooks(env: Bindings, raised: MarketplaceEvent): Promise<void> {
  if (!('vendorId' in raised)) return
  const db = makeDb(env.DB)
  const endpoints = await enabledEndpointsOf(db, raised.vendorId)
  if (endpoints.length === 0) return
  const [event] = raised.sequence === undefined ? await numberEvents(env, [raised]) : [raised]
  const rows: NewDelivery[] = []
  const now = new Date().toISOString()
  for (const { key, body } of await webhookEventsOf(db, event)) {
    // The events one change makes (a status change and the commission it wrote) share its number.
    const payload = JSON.stringify(withSequence(body, event.sequence))
    for (const endpoint of endpoints) {
      if (!parseEvents(endpoint.events).includes(body.type as WebhookEvent)) continue
      rows.push({ EndpointID: endpoint.EndpointID, eventKey: key, eventType: body.type, msgId: newMessageId(), payload, createdAt: now })
    }
  }
  const written = await insertDeliveriesOnce(db, rows)
  // One message per delivery (event and endpoint): each endpoint's attempts and retries are its own.
  await enqueue(
    env,
    written.map((d) => ({ deliveryId: d.DeliveryID, endpointId: d.EndpointID })),
  )
}
