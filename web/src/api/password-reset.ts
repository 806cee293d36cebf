import type { ForgotPasswordInput, ResetPasswordInput } from '@contract/password-reset'
import { RESET_PATH_ROLES, type ResetPathRole } from '@contract/password-reset'
import { request } from './client'

const base = (role: ResetPathRole) => {
  const api = RESET_PATH_ROLES[role]
  return api === 'admin' ? 'admin/password' : `${api}s/password`
}

// Sent without a stored token: these are for people who cannot sign in.
export const forgotPassword = (role: ResetPathRole, input: ForgotPasswordInput) =>
  request<null>('POST', `${base(role)}/forgot`, { json: input, anonymous: true })
export const resetPassword = (role: ResetPathRole, input: ResetPasswordInput) => request<null>('POST', `${base(role)}/reset`, { json: input, anonymous: true })
