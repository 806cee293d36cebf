// The webhook queue's consumer (decisions 180, 250). Each message names one delivery (one event to one
// endpoint); the delivery row is the truth about it (attempts made, when the next one is due), so a
// redelivered or early message does the right thing: a delivery no longer pending is acknowledged,
// an attempt not yet due waits on. Any answer outside 2xx, a redirect, a timeout (15 s) or a
// refused connection is a failure. Endpoints are called side by side, so a receiver that hangs
// costs only its own deliveries (decision 250).

import { makeDb } from '../db/client'
import type { WebhookDelivery, WebhookEndpoint } from '../db/schema'
import { addFailure, clearFailures, disableEndpoint, findDelivery, findEndpointToSend, updateDelivery } from '../db/webhooks'
import { WEBHOOK_DISABLE_AFTER, WEBHOOK_MESSAGES, WEBHOOK_SEQUENCE_HEADER as SEQUENCE_HEADER } from '../contract/webhooks'
import { webhookDisabledNotice } from '../domain/mail-templates'
import { signDelivery } from '../domain/webhook-secrets'
import { DELIVERY_TIMEOUT_S, queueDelay, waitAfter } from '../domain/webhook-schedule'
import { checkEndpointUrl, shownUrl } from '../domain/webhook-url'
import type { Bindings } from '../env'
import type { QueuedWebhook } from '../types'
import { withMailOutbox } from './mail-outbox'
import { tell } from './notifications'
import { isLocalRun, signingSecrets } from './webhooks'

/** What to do with a message once its batch is done: acknowledge it, or bring it back by `dueMs`. */
type Verdict = { ack: true } | { ack: false; dueMs: number }

/** How the consumer calls a receiver: `fetch`, or a stand-in in tests. */
export type Poster = (url: string, init: RequestInit) => Promise<Response>

export const DELIVERY_TIMEOUT_MS = DELIVERY_TIMEOUT_S * 1000
/** How long a message whose processing threw (D1 busy, say) waits before the queue brings it back. */
const RETRY_AFTER_ERROR_MS = 30_000
/** How much of a receiver's answer the log keeps. */
export const RESPONSE_SNIPPET_BYTES = 1024

type Outcome = { ok: boolean; status: number | null; response: string }

/** The start of the answer's body, never more than the snippet's size read. */
async function snippetOf(res: Response): Promise<string> {
  if (!res.body) return ''
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  while (size < RESPONSE_SNIPPET_BYTES) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    size += value.byteLength
  }
  await reader.cancel().catch(() => {})
  const bytes = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    bytes.set(c, at)
    at += c.byteLength
  }
  return new TextDecoder().decode(bytes.slice(0, RESPONSE_SNIPPET_BYTES))
}

/** The body's `sequence` as a header too, for receivers that order before parsing (decision 250). */
function sequenceHeader(payload: string): Record<string, string> {
  const { sequence } = JSON.parse(payload) as { sequence?: unknown }
  return typeof sequence === 'number' ? { [SEQUENCE_HEADER]: String(sequence) } : {}
}

async function attempt(env: Bindings, endpoint: WebhookEndpoint, delivery: WebhookDelivery, post: Poster, now: number, timeoutMs: number): Promise<Outcome> {
  // Checked again at send time: the rules may be stricter where it runs than where it was added.
  const checked = checkEndpointUrl(endpoint.url, { local: isLocalRun(env) })
  if (!checked.ok) return { ok: false, status: null, response: `Not sent: ${checked.message}` }
  const headers = signDelivery(await signingSecrets(env, endpoint, now), delivery.msgId, new Date(now), delivery.payload)
  try {
    const res = await post(checked.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Collabkart-Webhooks/1.0', ...sequenceHeader(delivery.payload), ...headers },
      body: delivery.payload,
      // A redirect is an answer outside 2xx, never followed (it could point anywhere).
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    return { ok: res.status >= 200 && res.status < 300, status: res.status, response: await snippetOf(res).catch(() => '') }
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
    const reason = timedOut ? `No answer within ${timeoutMs / 1000} s` : `Could not connect: ${err instanceof Error ? err.message : String(err)}`
    return { ok: false, status: null, response: reason.slice(0, 300) }
  }
}

/** Disables the endpoint after its 20th failure in a row and tells the vendor once, in the bell and by mail. */
async function disableAndTell(env: Bindings, endpoint: WebhookEndpoint, at: string): Promise<void> {
  const db = makeDb(env.DB)
  if (!(await disableEndpoint(db, endpoint.EndpointID, at))) return
  await withMailOutbox(env, (mails) =>
    tell(env, db, mails, {
      to: { role: 'vendor', accountId: endpoint.VendorID },
      kind: 'webhook-disabled',
      eventKey: `webhook:${endpoint.EndpointID}:${at}`,
      notice: webhookDisabledNotice({ url: shownUrl(endpoint.url), failures: WEBHOOK_DISABLE_AFTER, at }),
    }),
  )
}

async function deliverOne(msg: Message<QueuedWebhook>, env: Bindings, post: Poster, timeoutMs: number): Promise<Verdict> {
  const db = makeDb(env.DB)
  const delivery = await findDelivery(db, msg.body.deliveryId)
  const found = delivery ? await findEndpointToSend(db, delivery.EndpointID) : undefined
  const endpoint = found?.endpoint
  if (!delivery || !endpoint || delivery.state !== 'pending') return { ack: true }
  const once = msg.body.once === true
  if (!endpoint.enabled) {
    await updateDelivery(db, delivery.DeliveryID, { state: 'failed', lastResponse: 'Not sent: the endpoint is disabled', nextAttemptAt: null })
    return { ack: true }
  }
  // Queued before the vendor was suspended: never sent, not kept for later (decision 241).
  if (found.vendorHeld) {
    await updateDelivery(db, delivery.DeliveryID, { state: 'failed', lastResponse: WEBHOOK_MESSAGES.notSentSuspended, nextAttemptAt: null })
    return { ack: true }
  }
  const started = Date.now()
  // A wait longer than the queue's 12 hours comes back early: wait the rest without calling.
  const due = delivery.nextAttemptAt ? Date.parse(delivery.nextAttemptAt) : started
  if (!once && due > started + 1000) return { ack: false, dueMs: due }

  const outcome = await attempt(env, endpoint, delivery, post, started, timeoutMs)
  // The schedule counts from the answer (or the timeout), not from the call: a receiver that took
  // 15 s to fail is tried again 5 s after that, as documented.
  const now = Date.now()
  const at = new Date(now).toISOString()
  const attempts = delivery.attempts + 1
  const recorded = { attempts, lastStatus: outcome.status, lastResponse: outcome.response, lastAttemptAt: at }
  if (outcome.ok) {
    await updateDelivery(db, delivery.DeliveryID, { ...recorded, state: 'delivered', nextAttemptAt: null })
    await clearFailures(db, endpoint.EndpointID)
    return { ack: true }
  }
  const failures = await addFailure(db, endpoint.EndpointID)
  const disabledNow = failures >= WEBHOOK_DISABLE_AFTER
  if (disabledNow) await disableAndTell(env, endpoint, at)
  const wait = once || disabledNow ? null : waitAfter(attempts)
  if (wait === null) {
    // A Resend that fails leaves a delivery whose schedule is still running pending.
    const stillScheduled = once && delivery.nextAttemptAt !== null && !disabledNow
    await updateDelivery(db, delivery.DeliveryID, {
      ...recorded,
      state: stillScheduled ? 'pending' : 'failed',
      nextAttemptAt: stillScheduled ? delivery.nextAttemptAt : null,
    })
    return { ack: true }
  }
  const next = now + wait * 1000
  await updateDelivery(db, delivery.DeliveryID, { ...recorded, nextAttemptAt: new Date(next).toISOString() })
  return { ack: false, dueMs: next }
}

/** A receiver's messages in the batch, in the order queued (so one receiver hears its events in turn). */
function byEndpoint(messages: readonly Message<QueuedWebhook>[]): Message<QueuedWebhook>[][] {
  const groups = new Map<string, Message<QueuedWebhook>[]>()
  for (const msg of messages) {
    const key = msg.body.endpointId === undefined ? `delivery:${msg.body.deliveryId}` : `endpoint:${msg.body.endpointId}`
    groups.set(key, [...(groups.get(key) ?? []), msg])
  }
  return [...groups.values()]
}

export async function deliverWebhooks(
  batch: MessageBatch<QueuedWebhook>,
  env: Bindings,
  post: Poster = (url, init) => fetch(url, init),
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<void> {
  // Receivers side by side, each one's messages in turn: a hanging receiver holds up only its own.
  const verdicts = new Map<Message<QueuedWebhook>, Verdict>()
  await Promise.all(
    byEndpoint(batch.messages).map(async (group) => {
      for (const msg of group) {
        // A message whose work threw (D1 busy, say) comes back later; the rest of the batch goes on.
        verdicts.set(
          msg,
          await deliverOne(msg, env, post, timeoutMs).catch((err): Verdict => {
            console.error('A webhook delivery could not be processed', msg.body.deliveryId, err)
            return { ack: false, dueMs: Date.now() + RETRY_AFTER_ERROR_MS }
          }),
        )
      }
    }),
  )
  // The queue counts a retry's delay from the end of the batch: ask for what is left until each is due.
  const end = Date.now()
  for (const msg of batch.messages) {
    const verdict = verdicts.get(msg) ?? { ack: false, dueMs: end + RETRY_AFTER_ERROR_MS }
    if (verdict.ack) msg.ack()
    else msg.retry({ delaySeconds: queueDelay(verdict.dueMs, end) })
  }
}

/** The dead-letter queue's consumer: a delivery whose messages ran out (the consumer kept failing) is marked failed. */
export async function recordDeadWebhooks(batch: MessageBatch<QueuedWebhook>, env: Bindings): Promise<void> {
  const db = makeDb(env.DB)
  for (const msg of batch.messages) {
    const delivery = await findDelivery(db, msg.body.deliveryId)
    if (delivery?.state === 'pending') await updateDelivery(db, delivery.DeliveryID, { state: 'failed', nextAttemptAt: null })
    msg.ack()
  }
}
