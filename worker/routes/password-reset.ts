// POST /api/{vendors,marketers,admin}/password/forgot and .../password/reset, one pair per kind of
// account from its definitions (worker/contract/password-reset.ts). The services leave the mail for
// after the answer (r.later).

import type { Context } from 'hono'
import { PASSWORD_RESET_ROUTES } from '../contract/password-reset'
import { db } from '../db/client'
import type { ResetRole } from '../db/password-resets'
import { passwordIterations } from '../domain/passwords'
import type { AppEnv } from '../env'
import { eventsOf } from '../middleware/after-answer'
import { requestPasswordReset, resetPassword } from '../services/password-reset'
import { handle, mountAll } from './define'

const network = (c: Context<AppEnv>) => c.req.header('cf-connecting-ip') ?? 'local'

const pairOf = (role: ResetRole) => {
  const routes = PASSWORD_RESET_ROUTES[role]
  return [
    handle(routes.forgot, async (c, r) => {
      await requestPasswordReset(db(c), r.later, c.env.JWT_SECRET, role, (await r.body()).Email, network(c))
      return r.ok(null)
    }),
    handle(routes.reset, async (c, r) => {
      const input = await r.body()
      await resetPassword(db(c), eventsOf(c), r.later, role, input.Token, input.Password, passwordIterations(c.env))
      return r.ok(null)
    }),
  ]
}

export const passwordResetRoutes = mountAll(...pairOf('vendor'), ...pairOf('marketer'), ...pairOf('admin'))
