// POST /api/{vendors,marketers}/email/verify (no sign-in: the mailed link is the proof) and
// .../email/resend (the signed-in account itself), one pair per kind of account from its
// definitions (worker/contract/email-verification.ts). Mails and the 'account.email_verified'
// event go out after the answer.

import { EMAIL_VERIFICATION_ROUTES } from '../contract/email-verification'
import { db } from '../db/client'
import { eventsOf } from '../middleware/after-answer'
import { callerOf } from '../middleware/auth'
import { resendVerification, type VerifyRole, verifyEmail } from '../services/email-verification'
import { handle, mountAll } from './define'

const pairOf = (role: VerifyRole) => {
  const routes = EMAIL_VERIFICATION_ROUTES[role]
  return [
    handle(routes.verify, async (c, r) => {
      await verifyEmail(db(c), eventsOf(c), role, (await r.body()).Token)
      return r.ok({ emailVerified: true })
    }),
    handle(routes.resend, async (c, r) => {
      const { message, emailVerified } = await resendVerification(db(c), r.later, c.env.JWT_SECRET, role, callerOf(c).id)
      return r.ok({ emailVerified }, { message })
    }),
  ]
}

export const emailVerificationRoutes = mountAll(...pairOf('vendor'), ...pairOf('marketer'))
