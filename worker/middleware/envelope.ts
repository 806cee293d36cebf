import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Envelope, EnvelopeWithToken } from '../contract/envelope'
import type { Paging, PagedEnvelope } from '../contract/paging'
import { DomainError, type ErrorCode } from '../domain/errors'
import type { AppEnv } from '../env'

/**
 * For the calls whose callers read `success` (spec 001 section 7: the public influencer list and
 * profile, the setup's picture upload): every envelope they answer, failures included, carries
 * `success` (true exactly when statusCode is 1). Put it first, before any check that may fail.
 */
export const withSuccessFlag = createMiddleware<AppEnv>(async (c, next) => {
  c.set('successFlag', true)
  await next()
})

/** `{ success }` for a flagged call (first in the body, as the spec's examples show it), else nothing. */
const successOf = (c: Context, statusCode: 0 | 1): { success?: boolean } => (c.get('successFlag') === true ? { success: statusCode === 1 } : {})

export function ok<T>(c: Context<AppEnv>, message: string, data: T, status: ContentfulStatusCode = 200) {
  const body: Envelope<T> = { ...successOf(c, 1), statusCode: 1, message, data }
  return c.json(body, status)
}

/** A success that hands the caller a fresh token (`token` beside `data`) when there is one. */
export function okWithToken<T>(c: Context<AppEnv>, message: string, data: T, token: string | null) {
  const body: EnvelopeWithToken<T> = token ? { statusCode: 1, message, data, token } : { statusCode: 1, message, data }
  return c.json(body, 200)
}

/** A page of a list: `data` stays the spec's array, `paging` goes beside it. */
export function okPage<T>(c: Context<AppEnv>, message: string, data: T[], paging: Paging) {
  const body: PagedEnvelope<T> = { ...successOf(c, 1), statusCode: 1, message, data, paging }
  return c.json(body, 200)
}

/** A page with figures about the whole list beside `paging` (e.g. a campaign's stats `totals`). */
export function okPageWith<T, X extends Record<string, unknown>>(c: Context<AppEnv>, message: string, data: T[], paging: Paging, extra: X) {
  const body: PagedEnvelope<T> & X = { ...extra, ...successOf(c, 1), statusCode: 1, message, data, paging }
  return c.json(body, 200)
}

export function fail(c: Context, status: ContentfulStatusCode, message: string) {
  const body: Envelope<null> = { ...successOf(c, 0), statusCode: 0, message, data: null }
  return c.json(body, status)
}

/** Where a refusal becomes HTTP: the one table from a domain error's code to its status. */
export const ERROR_STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
}

/**
 * The domain error behind `err`: itself, or the cause Drizzle wraps in DrizzleQueryError when a
 * refusal is thrown from inside a query (the session gate's StaleSession on a write).
 */
function domainErrorOf(err: unknown): DomainError | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e instanceof DomainError) return e
  }
  return null
}

export function onError(err: Error, c: Context<AppEnv>) {
  const refusal = domainErrorOf(err)
  if (refusal) return fail(c, ERROR_STATUS[refusal.code], refusal.message)
  if (err instanceof HTTPException) {
    // Hono's own HTTPExceptions (e.g. malformed JSON) carry a safe message too.
    const status = err.status as ContentfulStatusCode
    return fail(c, status, err.message || 'Request failed')
  }
  console.error('Unhandled error', c.req.method, c.req.path, err)
  return fail(c, 500, 'Something went wrong. Please try again.')
}

export function onNotFound(c: Context<AppEnv>) {
  return fail(c, 404, 'Route not found')
}
