import { VERIFY_MESSAGES, verifyEmailSchema } from '../../contract/email-verification'
import { type ApiRoute, routes } from '../registry'

// One pair per kind of account, mounted under each kind's prefix (worker/routes/email-verification.ts).
const ACCOUNTS = [
  ['vendors', 'vendor', 'a vendor'],
  ['marketers', 'marketer', 'an influencer'],
] as const

const pair = ([prefix, role, who]: (typeof ACCOUNTS)[number]): ApiRoute[] => [
  {
    method: 'post',
    path: `/api/${prefix}/email/verify`,
    summary: `Verify the email address of ${who} with the mailed link`,
    description:
      'No sign-in: the link (32 random bytes, single use, 24 hours) is the proof. Publishes `account.email_verified` after the answer; a link to an address the account no longer has is refused.',
    access: 'public',
    body: { json: verifyEmailSchema },
    answer: { message: VERIFY_MESSAGES.verified, data: '`{ emailVerified: true }`.' },
    errors: { 400: [VERIFY_MESSAGES.linkInvalid] },
  },
  {
    method: 'post',
    path: `/api/${prefix}/email/resend`,
    summary: `Mail ${who} a new verification link`,
    description: `3 an hour per account. Already verified: '${VERIFY_MESSAGES.alreadyVerified}', no mail.`,
    access: [role],
    answer: { message: VERIFY_MESSAGES.sent, data: '`{ emailVerified }`: false when a link was mailed, true when the address was already verified.' },
    errors: { 429: [VERIFY_MESSAGES.tooMany] },
  },
]

export const emailVerificationRoutes = routes(...ACCOUNTS.flatMap(pair))
