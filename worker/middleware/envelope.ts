import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Envelope } from '../contract/envelope'
import type { AppEnv } from '../env'

/** An error a caller may see: its message goes into the envelope as is. */
export class AppError extends HTTPException {
  constructor(status: ContentfulStatusCode, message: string) {
    super(status, { message })
  }
}

export const badRequest = (message: string) => new AppError(400, message)
export const unauthorized = (message = 'Please log in to continue') => new AppError(401, message)
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, message)
export const notFound = (message: string) => new AppError(404, message)
export const conflict = (message: string) => new AppError(409, message)
export const tooMany = (message: string) => new AppError(429, message)

export function ok<T>(c: Context<AppEnv>, message: string, data: T, status: ContentfulStatusCode = 200) {
  const body: Envelope<T> = { statusCode: 1, message, data }
  return c.json(body, status)
}

export function fail(c: Context, status: ContentfulStatusCode, message: string) {
  const body: Envelope<null> = { statusCode: 0, message, data: null }
  return c.json(body, status)
}

export function onError(err: Error, c: Context<AppEnv>) {
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
