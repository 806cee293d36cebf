// Work that follows a request without holding up its answer: mails and events.

import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { type MarketplaceEvent, raiseEvents } from '../services/events'

/** Runs after the response where there is an execution context (always, in the Worker). */
export function afterAnswer(c: Context<AppEnv>, work: Promise<void>) {
  const guarded = work.catch((err) => console.error('Work after the answer failed', err))
  try {
    c.executionCtx.waitUntil(guarded)
  } catch {
    // app.request() in a unit test has no execution context: the work simply runs on.
  }
}

/** Raises the events after the answer: the request only hands them to the events queue. */
export function publish(c: Context<AppEnv>, ...events: MarketplaceEvent[]) {
  if (events.length > 0) afterAnswer(c, raiseEvents(c.env, events))
}
