// POST {base}/forgot and {base}/reset for each kind of account (mounted under /api/vendors/password,
// /api/marketers/password and /api/admin/password). The mail is raised after the answer.

import type { Context } from 'hono'
import { Hono } from 'hono'
import { forgotPasswordSchema, RESET_MESSAGES, resetPasswordSchema } from '../contract/password-reset'
import { db } from '../db/client'
import type { ResetRole } from '../db/password-resets'
import type { AppEnv } from '../env'
import { afterAnswer, eventsOf } from '../middleware/after-answer'
import { ok } from '../middleware/envelope'
import { jsonBody } from '../middleware/validate'
import { requestPasswordReset, resetPassword } from '../services/password-reset'
import { passwordIterations } from '../domain/passwords'

const network = (c: Context<AppEnv>) => c.req.header('cf-connecting-ip') ?? 'local'

export const passwordResetRoutes = (role: ResetRole) =>
  new Hono<AppEnv>()
    .post('/forgot', ...jsonBody(forgotPasswordSchema), async (c) => {
      const { later } = await requestPasswordReset(db(c), c.env.JWT_SECRET, role, c.req.valid('json').Email, network(c))
      afterAnswer(c, later(c.env))
      return ok(c, RESET_MESSAGES.sent, null)
    })
    .post('/reset', ...jsonBody(resetPasswordSchema), async (c) => {
      const input = c.req.valid('json')
      const { later } = await resetPassword(db(c), eventsOf(c), role, input.Token, input.Password, passwordIterations(c.env))
      afterAnswer(c, later(c.env))
      return ok(c, RESET_MESSAGES.done, null)
    })
