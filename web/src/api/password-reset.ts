import type { ForgotPasswordInput, ResetPasswordInput } from '@contract/password-reset'
import { PASSWORD_RESET_ROUTES, RESET_PATH_ROLES, type ResetPathRole } from '@contract/password-reset'
import { callRoute } from './client'

// Sent without a stored token: these are for people who cannot sign in.
export const forgotPassword = (role: ResetPathRole, input: ForgotPasswordInput) =>
  callRoute(PASSWORD_RESET_ROUTES[RESET_PATH_ROLES[role]].forgot, { json: input, anonymous: true })
export const resetPassword = (role: ResetPathRole, input: ResetPasswordInput) =>
  callRoute(PASSWORD_RESET_ROUTES[RESET_PATH_ROLES[role]].reset, { json: input, anonymous: true })
