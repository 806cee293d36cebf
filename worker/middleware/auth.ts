import type { Context, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { positiveId } from '../contract/fields'
import { db } from '../db/client'
import type { Role } from '../domain/tokens'
import type { AppEnv } from '../env'
import { type Caller, sessionOf } from '../services/session'
import { forbidden, unauthorized } from './envelope'

export type { Caller }

/** The bearer token of the request, unchecked. */
export function bearerToken(c: Context<AppEnv>): string | null {
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1] : null
}

/**
 * Reads the bearer token on every request and checks that its session is still current (one D1
 * read, services/session.ts). Public routes treat a bad, expired or revoked token as no token;
 * routes that need a caller use requireAuth/requireRole, which answer 401.
 */
export const identify: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c)
  c.set('caller', token ? await sessionOf(db(c), token, c.env.JWT_SECRET) : null)
  await next()
})

export const requireAuth: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('caller')) throw unauthorized()
  await next()
})

export const requireRole = (role: Role): MiddlewareHandler<AppEnv> =>
  createMiddleware<AppEnv>(async (c, next) => {
    const caller = c.get('caller')
    if (!caller) throw unauthorized()
    if (caller.role !== role) throw forbidden()
    await next()
  })

/** The signed-in caller; only call behind requireAuth/requireRole. */
export function callerOf(c: Context<AppEnv>): Caller {
  const caller = c.get('caller')
  if (!caller) throw unauthorized()
  return caller
}

/** 403 unless the caller is `role` number `id` (a vendor's own record, a marketer's own leads, ...). */
export function assertSelf(c: Context<AppEnv>, role: Role, id: number): Caller {
  const caller = callerOf(c)
  if (caller.role !== role || caller.id !== id) throw forbidden()
  return caller
}

/**
 * An id a form or body repeats (VendorID, MarketerID) must name the record the route acts on:
 * 403 otherwise, so nobody acts for someone else by editing a field. Absent or blank is fine.
 */
export function assertSentId(sent: unknown, expected: number): void {
  if (sent === undefined || sent === null || (typeof sent === 'string' && sent.trim() === '')) return
  const id = typeof sent === 'string' || typeof sent === 'number' ? positiveId(sent) : null
  if (id !== expected) throw forbidden()
}
