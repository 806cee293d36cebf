// Verified addresses (decision 131): the paths, the words and the link's shape, shared by the API and
// the web (the banner, the verify page, the gated money forms), so both say the same thing.

import * as z from 'zod/mini'
import { defineRoute } from './route'

/** How long a verification link works. */
export const VERIFY_TTL_HOURS = 24
/** Resend: a few tries for a mail that is slow or in spam, far below a mail bomb. */
export const VERIFY_RESENDS_PER_HOUR = 3

export const VERIFY_MESSAGES = {
  verified: 'Your email address is verified. Thank you!',
  linkInvalid: 'This verification link has expired or was already used. Sign in and choose Resend on your dashboard to get a new one.',
  sent: 'We have sent a new verification link to your email address. It works for 24 hours.',
  alreadyVerified: 'Your email address is already verified.',
  tooMany: 'Too many verification mails. Please wait an hour and try again.',
  detailsNeedVerified: 'Verify your email address before saving payout details',
  payoutNeedsVerified: 'Verify your email address before recording payouts',
  banner: 'Your email address is not verified yet. Open the link we mailed you to verify it.',
  bannerMoneyMarketer: 'You need a verified address to save payout details.',
  bannerMoneyVendor: 'You need a verified address to record payouts.',
} as const

/** The web's page for a mailed link: /verify-email/vendor or /verify-email/influencer, with ?token=. */
export const VERIFY_PAGE_ROLES = { vendor: 'vendor', influencer: 'marketer' } as const
export type VerifyPageRole = keyof typeof VERIFY_PAGE_ROLES
export const verifyPagePath = (role: 'vendor' | 'marketer') => `/verify-email/${role === 'marketer' ? 'influencer' : 'vendor'}`

/** 32 random bytes, base64url (43 characters), as every mailed link carries: anything else cannot be ours. */
export const VERIFY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export const verifyEmailSchema = z.object({
  Token: z.string({ error: VERIFY_MESSAGES.linkInvalid }).check(z.regex(VERIFY_TOKEN_PATTERN, VERIFY_MESSAGES.linkInvalid)),
})
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>

/** Verify's answer: the address is verified now. */
export const emailVerifiedSchema = z.object({ emailVerified: z.literal(true) })
/** Resend's answer: false when a link was mailed, true when the address was already verified. */
export const resendAnswerSchema = z.object({ emailVerified: z.boolean() })

/** The pair of routes of one kind of account, under its prefix (the API says marketers). */
const verificationRoutes = <const R extends 'vendor' | 'marketer'>(role: R, prefix: string, who: string) => ({
  verify: defineRoute({
    method: 'post',
    path: `/api/${prefix}/email/verify`,
    summary: `Verify the email address of ${who} with the mailed link`,
    description:
      'No sign-in: the link (32 random bytes, single use, 24 hours) is the proof. Publishes `account.email_verified` after the answer; a link to an address the account no longer has is refused.',
    access: 'public',
    body: { json: verifyEmailSchema },
    answer: { message: VERIFY_MESSAGES.verified, schema: emailVerifiedSchema },
    errors: { 400: [VERIFY_MESSAGES.linkInvalid] },
  }),
  resend: defineRoute({
    method: 'post',
    path: `/api/${prefix}/email/resend`,
    summary: `Mail ${who} a new verification link`,
    description: `3 an hour per account. Already verified: '${VERIFY_MESSAGES.alreadyVerified}', no mail.`,
    access: [role],
    answer: {
      message: [VERIFY_MESSAGES.sent, VERIFY_MESSAGES.alreadyVerified],
      schema: resendAnswerSchema,
      description: '`emailVerified` is false when a link was mailed, true when the address was already verified.',
    },
    errors: { 429: [VERIFY_MESSAGES.tooMany] },
  }),
})

/** One pair per kind of account (worker/routes/email-verification.ts mounts both). */
export const EMAIL_VERIFICATION_ROUTES = {
  vendor: verificationRoutes('vendor', 'vendors', 'a vendor'),
  marketer: verificationRoutes('marketer', 'marketers', 'an influencer'),
} as const
