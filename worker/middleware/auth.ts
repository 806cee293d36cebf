import type { Context, ExecutionContext, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { SESSION_PASSWORD_CHANGED_MESSAGE, SESSION_SUSPENDED_MESSAGE } from '../contract/admin'
import { positiveId } from '../contract/fields'
import { db } from '../db/client'
import { Forbidden, Unauthenticated } from '../domain/errors'
import type { AppDispatch, AppEnv } from '../env'
import { deferredSession, sessionOf } from '../services/session'
import type { Caller, Refusal, Role } from '../types'

/** The bearer token of the request, unchecked. */
export function bearerToken(c: Context<AppEnv>): string | null {
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1] : null
}

/** The request as it would be without its token. */
function withoutToken(request: Request): Request {
  const headers = new Headers(request.headers)
  headers.delete('authorization')
  return new Request(request.url, { method: request.method, headers })
}

function executionContextOf(c: Context<AppEnv>): ExecutionContext | undefined {
  try {
    return c.executionCtx
  } catch {
    return undefined // app.request() in a test: there is none
  }
}

/**
 * Reads the bearer token on every request and checks that its session is still current
 * (services/session.ts). Public routes treat a bad, expired or revoked token as no token; routes
 * that need a caller use requireRole, which answers 401 (and 403 to a role it does not name).
 *
 * A write checks the session before anything runs. A read starts at once as the caller the
 * token's signature names, with D1 behind a session gate (db/session-gate.ts) that checks the
 * session in the same round trip as the route's first query and lets nothing be written before
 * the verdict. When the session turns out not to be current, the read's answer is thrown away and
 * the request is answered as if it had come without the token: exactly what the eager check gives.
 */
export const identify = (dispatch: AppDispatch): MiddlewareHandler<AppEnv> =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c)
    if (!token || c.req.method !== 'GET') {
      const session = token ? await sessionOf(db(c), token, c.env.JWT_SECRET) : null
      c.set('caller', session?.caller ?? null)
      c.set('refusal', session?.refusal ?? null)
      return next()
    }
    const deferred = await deferredSession(c.env.DB, token, c.env.JWT_SECRET)
    if (!deferred) {
      c.set('caller', null)
      return next()
    }
    const env = c.env
    c.env = { ...env, DB: deferred.gate.binding }
    c.set('caller', deferred.caller)
    await next()
    if (await deferred.gate.current()) return
    const anonymous = await dispatch(withoutToken(c.req.raw), env, executionContextOf(c))
    // A route that needs a caller tells a suspended account, or a session from before a password
    // change, why, as the eager check does.
    const refusal = deferred.refusal()
    if (anonymous.status === 401 && refusal) throw refusedSession(refusal)
    c.res = anonymous
  })

/** The 401 that says why the server turned a session down. */
const refusedSession = (refusal: NonNullable<Refusal>) =>
  new Unauthenticated(refusal === 'suspended' ? SESSION_SUSPENDED_MESSAGE : SESSION_PASSWORD_CHANGED_MESSAGE)

/** The 401 for a request without a current session: a suspended account, or an old password's session, is told so. */
function noCaller(c: Context<AppEnv>): Error {
  const refusal = c.get('refusal')
  return refusal ? refusedSession(refusal) : new Unauthenticated()
}

/** 401 without a caller, 403 unless the caller has one of the named roles (name each one: no role is implied). */
export const requireRole = (...roles: [Role, ...Role[]]): MiddlewareHandler<AppEnv> =>
  createMiddleware<AppEnv>(async (c, next) => {
    const caller = c.get('caller')
    if (!caller) throw noCaller(c)
    if (!roles.includes(caller.role)) throw new Forbidden()
    await next()
  })

/** The signed-in caller; only call behind requireRole. */
export function callerOf(c: Context<AppEnv>): Caller {
  const caller = c.get('caller')
  if (!caller) throw noCaller(c)
  return caller
}

/** 403 unless the caller is `role` number `id` (a vendor's own record, a marketer's own leads, ...). */
export function assertSelf(c: Context<AppEnv>, role: Role, id: number): Caller {
  const caller = callerOf(c)
  if (caller.role !== role || caller.id !== id) throw new Forbidden()
  return caller
}

/**
 * An id a form or body repeats (VendorID, MarketerID) must name the record the route acts on:
 * 403 otherwise, so nobody acts for someone else by editing a field. Absent or blank is fine.
 */
export function assertSentId(sent: unknown, expected: number): void {
  if (sent === undefined || sent === null || (typeof sent === 'string' && sent.trim() === '')) return
  const id = typeof sent === 'string' || typeof sent === 'number' ? positiveId(sent) : null
  if (id !== expected) throw new Forbidden()
}
