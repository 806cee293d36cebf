// The money actions that need a verified address (decision 131): the caller's address is checked
// before the handler runs, so a refused request writes nothing.

import { createMiddleware } from 'hono/factory'
import { db } from '../db/client'
import type { AppEnv } from '../env'
import { assertEmailVerified, type VerifyRole } from '../services/email-verification'
import { callerOf } from './auth'

/** 403 with `message` unless the signed-in `role` account's address is verified; behind requireRole(role). */
export const requireVerifiedEmail = (role: VerifyRole, message: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await assertEmailVerified(db(c), role, callerOf(c).id, message)
    await next()
  })
