import { PASSWORD_TOO_COMMON } from '../../contract/fields'
import { forgotPasswordSchema, RESET_MESSAGES, resetPasswordSchema } from '../../contract/password-reset'
import { type ApiRoute, routes } from '../registry'

// One pair per kind of account, mounted under each kind's prefix (worker/routes/password-reset.ts).
const ACCOUNTS = [
  ['vendors', 'a vendor'],
  ['marketers', 'an influencer'],
  ['admin', 'a back-office operator'],
] as const

const pair = ([prefix, who]: (typeof ACCOUNTS)[number]): ApiRoute[] => [
  {
    method: 'post',
    path: `/api/${prefix}/password/forgot`,
    summary: `Mail ${who} a link to choose a new password`,
    description: 'The same answer whether or not an account uses the email. The link works for 30 minutes.',
    access: 'public',
    body: { json: forgotPasswordSchema },
    answer: { message: RESET_MESSAGES.sent, data: 'null' },
    errors: { 429: [RESET_MESSAGES.tooMany] },
  },
  {
    method: 'post',
    path: `/api/${prefix}/password/reset`,
    summary: `Choose a new password with the mailed link (${who})`,
    description: 'Every token issued before stops working.',
    access: 'public',
    body: { json: resetPasswordSchema },
    answer: { message: RESET_MESSAGES.done, data: 'null' },
    errors: { 400: [RESET_MESSAGES.linkInvalid, PASSWORD_TOO_COMMON] },
  },
]

export const passwordResetRoutes = routes(...ACCOUNTS.flatMap(pair))
