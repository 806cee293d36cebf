// When a failed webhook delivery is tried again (decision 180): Svix's schedule, one
// attempt immediately and seven retries. Cloudflare Queues delays a retry by at most 12 hours, so
// a longer wait is served in parts: the message comes back early, sees the attempt is not due yet,
// and waits the rest.

/** Seconds to wait after attempt n (1-based) fails, before attempt n + 1: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 24 h. */
export const RETRY_WAITS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 24 * 3600] as const

/** Every attempt a delivery gets on its schedule: the first and the retries. */
export const ATTEMPTS_MAX = RETRY_WAITS_SECONDS.length + 1

/** How long a receiver has to answer one attempt. */
export const DELIVERY_TIMEOUT_S = 15

/** Cloudflare Queues' longest delaySeconds for a retry. */
export const QUEUE_DELAY_MAX_SECONDS = 12 * 3600

/** The wait after `attempts` failed attempts, or null when the schedule is over. */
export function waitAfter(attempts: number): number | null {
  return attempts >= 1 && attempts < ATTEMPTS_MAX ? RETRY_WAITS_SECONDS[attempts - 1] : null
}

/** The delay to ask the queue for, to be back by `dueMs` (at most the queue's cap; the rest is waited on the next pass). */
export function queueDelay(dueMs: number, nowMs: number): number {
  return Math.min(QUEUE_DELAY_MAX_SECONDS, Math.max(0, Math.ceil((dueMs - nowMs) / 1000)))
}
