import { EMAIL_VERIFICATION_PATHS, type VerifyEmailInput } from '@contract/email-verification'
import { request } from './client'

type Role = keyof typeof EMAIL_VERIFICATION_PATHS

/** The contract names full paths; the client adds /api/ itself. */
const path = (full: string) => full.replace(/^\/api\//, '')

// The mailed link works without a session: whoever opens it has the mailbox, which is the proof.
export const verifyEmail = (role: Role, input: VerifyEmailInput) =>
  request<{ emailVerified: boolean }>('POST', path(EMAIL_VERIFICATION_PATHS[role].verify), { json: input, anonymous: true })

export const resendVerification = (role: Role) => request<{ emailVerified: boolean }>('POST', path(EMAIL_VERIFICATION_PATHS[role].resend))
