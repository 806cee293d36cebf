// POST {base}/verify (no sign-in: the mailed link is the proof) and {base}/resend (the signed-in
// account itself), mounted under /api/vendors/email and /api/marketers/email. Mails and the
// 'account.email_verified' event go out after the answer.

import { Hono } from 'hono'
import { VERIFY_MESSAGES, verifyEmailSchema } from '../contract/email-verification'
import { db } from '../db/client'
import type { AppEnv } from '../env'
import { afterAnswer, eventsOf } from '../middleware/after-answer'
import { callerOf, requireRole } from '../middleware/auth'
import { ok } from '../middleware/envelope'
import { jsonBody } from '../middleware/validate'
import { resendVerification, type VerifyRole, verifyEmail } from '../services/email-verification'

export const emailVerificationRoutes = (role: VerifyRole) =>
  new Hono<AppEnv>()
    .post('/verify', ...jsonBody(verifyEmailSchema), async (c) => {
      await verifyEmail(db(c), eventsOf(c), role, c.req.valid('json').Token)
      return ok(c, VERIFY_MESSAGES.verified, { emailVerified: true })
    })
    .post('/resend', requireRole(role), async (c) => {
      const { message, later } = await resendVerification(db(c), c.env.JWT_SECRET, role, callerOf(c).id)
      if (later) afterAnswer(c, later(c.env))
      return ok(c, message, { emailVerified: later === null })
    })
