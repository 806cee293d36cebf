import { EMAIL_VERIFICATION_ROUTES, type VerifyEmailInput } from '@contract/email-verification'
import { callRoute } from './client'

type Role = keyof typeof EMAIL_VERIFICATION_ROUTES

// The mailed link works without a session: whoever opens it has the mailbox, which is the proof.
export const verifyEmail = (role: Role, input: VerifyEmailInput) => callRoute(EMAIL_VERIFICATION_ROUTES[role].verify, { json: input, anonymous: true })

export const resendVerification = (role: Role) => callRoute(EMAIL_VERIFICATION_ROUTES[role].resend)
