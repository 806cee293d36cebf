import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { app } from '../../worker/app'
import type { Bindings } from '../../worker/env'
import type { MarketplaceEvent, QueuedMail } from '../../worker/types'
import { followQueuedEvents } from '../../worker/services/events'
import { ORIGIN } from './api'
import { watchedBatch } from './queues'

/** A mail queue that keeps what is sent to it, or refuses everything (`refuse`). */
export function recordingQueue(refuse = false) {
  const sent: QueuedMail[] = []
  /** How many mails each call to the queue carried, in order. */
  const calls: number[] = []
  const take = (bodies: QueuedMail[]) => {
    if (refuse) throw new Error('queue unavailable')
    calls.push(bodies.length)
    sent.push(...bodies)
  }
  const queue = {
    async send(body: QueuedMail) {
      take([body])
    },
    async sendBatch(messages: Iterable<MessageSendRequest<QueuedMail>>) {
      take([...messages].map((m) => m.body))
    },
  }
  return { queue: queue as unknown as Queue<QueuedMail>, sent, calls }
}

/**
 * An events queue whose consumer runs as soon as events are handed to it, with the bindings the
 * test gave (its recording mail queue, its PUBLIC_ORIGIN): the test then sees what the events did
 * once the request's work after the answer ends. The real queue is driven in events.test.ts.
 */
export function eventsFollowedAtOnce(bindings: Omit<Bindings, 'EVENTS_QUEUE'>): Queue<MarketplaceEvent> {
  const withQueue = { ...bindings } as Bindings
  const follow = (bodies: MarketplaceEvent[]) => followQueuedEvents(watchedBatch('collabkart-events', bodies).batch, withQueue)
  withQueue.EVENTS_QUEUE = {
    async send(body: MarketplaceEvent) {
      await follow([body])
    },
    async sendBatch(messages: Iterable<MessageSendRequest<MarketplaceEvent>>) {
      await follow([...messages].map((m) => m.body))
    },
  } as unknown as Queue<MarketplaceEvent>
  return withQueue.EVENTS_QUEUE
}

/**
 * Calls the app with some bindings replaced (the mail queue, PUBLIC_ORIGIN) and waits for the work
 * it left running after the answer, events followed included, so a test sees the mails a request raised.
 */
export async function callWith(
  bindings: Partial<Bindings>,
  method: string,
  path: string,
  json?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { statusCode: number; message: string; data: unknown }; headers: Headers }> {
  const ctx = createExecutionContext()
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  const merged = { ...(env as unknown as Bindings), ...bindings }
  const res = await app.fetch(request, { ...merged, EVENTS_QUEUE: bindings.EVENTS_QUEUE ?? eventsFollowedAtOnce(merged) }, ctx)
  await waitOnExecutionContext(ctx)
  return { status: res.status, body: await res.json(), headers: res.headers }
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: QueuedMail, prefix: string): string {
  const found = mail.message.text.split(/\s+/).find((word) => word.startsWith(prefix))
  if (!found) throw new Error(`no link starting ${prefix} in: ${mail.message.text}`)
  return found
}
