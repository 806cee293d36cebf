import { RESET_PATH_ROLES, type ResetPathRole } from '@contract/password-reset'

export const parseResetRole = (value: string | undefined): ResetPathRole | null => (value && value in RESET_PATH_ROLES ? (value as ResetPathRole) : null)

/** Where each kind of account signs in. */
export const signInPath = (role: ResetPathRole) => (role === 'admin' ? '/admin/signin' : `/signin?role=${role}`)

export const roleLabel = (role: ResetPathRole) => ({ vendor: 'vendor', influencer: 'influencer', admin: 'back office' })[role]
