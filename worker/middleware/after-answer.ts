// Work that follows a request without holding up its answer: mails and events.

import type { Context } from 'hono'
import type { AppEnv } from '../env'
import type { Events } from '../services/event-sink'
import { raiseEvents } from '../services/events'

/** Runs after the response where there is an execution context (always, in the Worker). */
export function afterAnswer(c: Context<AppEnv>, work: Promise<void>) {
  const guarded = work.catch((err) => console.error('Work after the answer failed', err))
  try {
    c.executionCtx.waitUntil(guarded)
  } catch {
    // app.request() in a unit test has no execution context: the work simply runs on.
  }
}

/**
 * The request's event sink for the services (decision 276): what they raise goes to the events
 * queue after the answer, so the request only hands them over and never waits for the queue.
 */
export function eventsOf(c: Context<AppEnv>): Events {
  return {
    raise: async (...events) => {
      if (events.length > 0) afterAnswer(c, raiseEvents(c.env, events))
    },
  }
}
