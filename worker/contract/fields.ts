import { z } from 'zod'

// Building blocks for the spec's validation rules. A missing or non-string value gives the
// "required" message, so the first issue is always one the spec names.

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const MOBILE_PATTERN = /^\d{10}$/
export const NAME_MAX = 50
export const PASSWORD_MAX = 30

export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message)

export const emailField = (required: string, invalid: string) =>
  requiredText(required).regex(EMAIL_PATTERN, invalid).toLowerCase()

export const mobileField = (required: string, invalid: string) => requiredText(required).regex(MOBILE_PATTERN, invalid)

export const passwordField = (required: string) =>
  z.string({ error: required }).min(1, required).max(PASSWORD_MAX, `Password should be at most ${PASSWORD_MAX} characters.`)

export const idParam = z.coerce.number().int().positive()
