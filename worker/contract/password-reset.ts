// Forgot password and reset (OWASP's forgot-password rules, decision 130). Shared by the API and the
// web forms, so both show the same words.

import * as z from 'zod/mini'
import { emailField, newPasswordField, PASSWORD_TOO_COMMON } from './fields'
import { defineRoute } from './route'

export const RESET_MESSAGES = {
  sent: 'If an account uses that email, we have sent it a link to choose a new password. The link works for 30 minutes.',
  tooMany: 'Too many reset requests. Please wait an hour and try again.',
  linkInvalid: 'This reset link has expired or was already used. Please ask for a new one.',
  done: 'Your password has been changed. Please sign in with your new password.',
  passwordsDiffer: 'The two passwords do not match.',
} as const

/** The link's token: 32 random bytes, base64url (43 characters). Anything else cannot be a link of ours. */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export const forgotPasswordSchema = z.object({
  Email: emailField('Please enter your email.', 'Invalid email format.'),
})
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>

export const resetPasswordSchema = z.object({
  Token: z.string({ error: RESET_MESSAGES.linkInvalid }).check(z.regex(RESET_TOKEN_PATTERN, RESET_MESSAGES.linkInvalid)),
  Password: newPasswordField('Please enter your password.'),
})
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>

/** The web's path segment for each account kind (URLs say "influencer"; the API says marketers). */
export const RESET_PATH_ROLES = { vendor: 'vendor', influencer: 'marketer', admin: 'admin' } as const
export type ResetPathRole = keyof typeof RESET_PATH_ROLES

/** The pair of routes of one kind of account, under its prefix (the API says marketers). */
const resetRoutes = (prefix: string, who: string) => ({
  forgot: defineRoute({
    method: 'post',
    path: `/api/${prefix}/password/forgot`,
    summary: `Mail ${who} a link to choose a new password`,
    description: 'The same answer whether or not an account uses the email. The link works for 30 minutes.',
    access: 'public',
    body: { json: forgotPasswordSchema },
    answer: { message: RESET_MESSAGES.sent, schema: null },
    errors: { 429: [RESET_MESSAGES.tooMany] },
  }),
  reset: defineRoute({
    method: 'post',
    path: `/api/${prefix}/password/reset`,
    summary: `Choose a new password with the mailed link (${who})`,
    description: 'Every token issued before stops working.',
    access: 'public',
    body: { json: resetPasswordSchema },
    answer: { message: RESET_MESSAGES.done, schema: null },
    errors: { 400: [RESET_MESSAGES.linkInvalid, PASSWORD_TOO_COMMON] },
  }),
})

/** One pair per kind of account (worker/routes/password-reset.ts mounts all three). */
export const PASSWORD_RESET_ROUTES = {
  vendor: resetRoutes('vendors', 'a vendor'),
  marketer: resetRoutes('marketers', 'an influencer'),
  admin: resetRoutes('admin', 'a back-office operator'),
} as const
