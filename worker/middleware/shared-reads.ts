import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'

// Identical reads that arrive while one is being answered share its answer (request coalescing,
// "single flight"): a busy page asked for by many people at once costs one trip to D1, not one
// each. Nothing is kept once the answer is out, so this is not a cache: a request only ever joins
// a read that was still running when it arrived, and only one that began after every write this
// isolate had finished by then (the write generation below), so a caller always sees their own
// completed writes.
//
// A joining request waits on timers of its own and reads the answer as plain data. It never awaits
// a promise that another request settles: under sustained load workerd then began to fail every
// request of the isolate with "Cannot perform I/O on behalf of a different request" (reproduced
// with a ten-line Worker after about 30,000 shared answers; polling ran 40,000 without one).

/** An answer as plain data: a Response belongs to the request that made it and cannot be handed to another. */
type Answer = { status: number; headers: [string, string][]; body: ArrayBuffer }
type Flight = { generation: number; startedAt: number; answer: Answer | null; failed: boolean }

const flights = new Map<string, Flight>()
let generation = 0

/**
 * When a joining request looks for the answer: soon at first, then every few milliseconds (each look
 * is a timer event of its own, so a long read is not watched every millisecond by every joiner);
 * and how long before it gives up and reads for itself.
 */
const POLL_MS = [1, 1, 2, 2, 4]
const PATIENCE_MS = 10_000

/** Call when a write has finished: reads arriving from now on start afresh instead of joining one already running. */
export function writeFinished(): void {
  generation++
}

// GET answers under /api depend on the address and on who asks, and on nothing else the request
// carries. The back office and the data exports are left out: reading them writes an audit entry,
// which every request must do for itself. So is /api/v1: every call counts against its key's limit.
const NOT_SHARED = /^\/api\/admin\/|^\/api\/v1\/|\/export$/
const keyOf = (c: Context<AppEnv>) => `${c.req.url}\n${c.req.header('authorization') ?? ''}`

const toResponse = (a: Answer) => new Response(a.body.byteLength === 0 ? null : a.body.slice(0), { status: a.status, headers: a.headers })

/** Keeps the request that computes a shared answer running until the answer is out, even if its own client has gone. */
function keepAlive(c: Context<AppEnv>, until: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(until)
  } catch {
    // No execution context (app.fetch called directly): nothing to keep alive.
  }
}

const pause = (look: number) => new Promise<void>((resolve) => setTimeout(resolve, POLL_MS[Math.min(look, POLL_MS.length - 1)]))

/** The flight's answer once it lands; null if it failed or outlived our patience (then we read for ourselves). */
async function answerOf(flight: Flight): Promise<Answer | null> {
  const deadline = flight.startedAt + PATIENCE_MS
  for (let look = 0; flight.answer === null && !flight.failed && Date.now() < deadline; look++) await pause(look)
  return flight.answer
}

/** A flight others may still join: same write generation, and not one whose request vanished. */
const joinable = (flight: Flight | undefined, now: number): flight is Flight =>
  flight !== undefined && flight.generation === generation && !flight.failed && now - flight.startedAt < PATIENCE_MS

/**
 * GET requests join an identical request already in flight and answer what it answers; every
 * other method bumps the write generation when it finishes, whatever its outcome.
 */
export const sharedReads = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== 'GET') {
    try {
      await next()
    } finally {
      writeFinished()
    }
    return
  }
  if (NOT_SHARED.test(c.req.path)) return next()
  const key = keyOf(c)
  const running = flights.get(key)
  if (joinable(running, Date.now())) {
    const answer = await answerOf(running)
    if (answer) return toResponse(answer)
  }

  const flight: Flight = { generation, startedAt: Date.now(), answer: null, failed: false }
  flights.set(key, flight)
  let landed: () => void = () => {}
  keepAlive(c, new Promise<void>((resolve) => (landed = resolve)))
  try {
    await next()
    const res = c.res
    const answer: Answer = { status: res.status, headers: [...res.headers], body: await res.arrayBuffer() }
    c.res = toResponse(answer)
    flight.answer = answer
  } finally {
    flight.failed = flight.answer === null
    if (flights.get(key) === flight) flights.delete(key)
    landed()
  }
})
