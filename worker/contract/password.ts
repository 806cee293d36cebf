// Changing a password from a profile form (influencer Edit Profile > Security, the vendor's Update
// Profile): an optional new password, which needs the current one. Shared by both roles' schemas
// and their forms, so the browser shows the messages the API answers.

import * as z from 'zod/mini'
import { NEW_PASSWORD_MIN, NEW_PASSWORD_TOO_SHORT, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from './fields'

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password.'
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect.'
export const PASSWORD_CHANGE_RACE = 'Your password was changed at the same moment. Please sign in again.'

/**
 * Blank, null or absent keeps the current password; anything else must be 8 to 30 characters.
 * Under 6 the profile keeps the spec's message; 6 or 7 get the new rule's own (decision 255).
 */
export const optionalNewPassword = z.optional(
  z.nullable(
    z.string({ error: PASSWORD_TOO_SHORT }).check(
      z.refine((v: string) => v === '' || v.length >= PASSWORD_MIN, { error: PASSWORD_TOO_SHORT, abort: true }),
      z.refine((v: string) => v === '' || v.length >= NEW_PASSWORD_MIN, { error: NEW_PASSWORD_TOO_SHORT, abort: true }),
      z.maxLength(PASSWORD_MAX, PASSWORD_TOO_LONG),
    ),
  ),
)

/** No sign-up accepts more than 30 characters, so a longer "current password" cannot be right. */
export const currentPasswordField = z.optional(
  z.nullable(z.string({ error: CURRENT_PASSWORD_REQUIRED }).check(z.maxLength(PASSWORD_MAX, CURRENT_PASSWORD_WRONG))),
)

type PasswordFields = { Password?: string | null; CurrentPassword?: string | null }

/** The object-level rule: a new password comes with the current one. Runs once every field is valid. */
export const currentPasswordRule = z.refine<PasswordFields>((v) => !v.Password || Boolean(v.CurrentPassword), {
  error: CURRENT_PASSWORD_REQUIRED,
  path: ['CurrentPassword'],
})

/** The change a valid payload asks for, or null when the password stays as it is. */
export function passwordChangeOf(v: PasswordFields): { next: string; current: string } | null {
  return v.Password ? { next: v.Password, current: v.CurrentPassword ?? '' } : null
}
