import * as z from 'zod/mini'

// Building blocks for the spec's validation rules. Contracts use zod/mini: the web imports them,
// and the full zod build would cost the buy page ~20 KB gzip of its 110 KB budget.
// A missing or non-string value gives the "required" message, so the first issue is always one
// the spec names; checks run in the order given, and the first issue is what callers show.

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const MOBILE_PATTERN = /^\d{10}$/
export const NAME_MAX = 50
export const PASSWORD_MAX = 30

type StringCheck = Parameters<z.ZodMiniString['check']>[number]

/** Trimmed, non-empty text followed by any further checks. */
export const requiredText = (message: string, ...checks: StringCheck[]) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), ...checks)

export const emailField = (required: string, invalid: string) =>
  requiredText(required, z.regex(EMAIL_PATTERN, invalid), z.toLowerCase())

export const mobileField = (required: string, invalid: string) => requiredText(required, z.regex(MOBILE_PATTERN, invalid))

export const PASSWORD_TOO_LONG = `Password should be at most ${PASSWORD_MAX} characters.`

export const passwordField = (required: string) =>
  z.string({ error: required }).check(z.minLength(1, required), z.maxLength(PASSWORD_MAX, PASSWORD_TOO_LONG))

/** A positive integer id from a path, query or form ("12"; never "12abc", "-1", "0" or "1e3"), else null. */
export function positiveId(value: string | number | null | undefined): number | null {
  const text = String(value ?? '').trim()
  if (!/^\d{1,15}$/.test(text)) return null
  const id = Number(text)
  return id > 0 ? id : null
}

/** A query or form value that must be a positiveId; `message` for anything else (also a repeated key). */
export const idField = (message: string) =>
  z.pipe(
    z.string({ error: message }).check(z.refine((v) => positiveId(v) !== null, message)),
    z.transform((v: string) => positiveId(v) ?? 0),
  )

/** The first message of a failed parse: what the forms toast and the API answers. */
export const firstMessage = (error: { issues: ReadonlyArray<{ message: string }> }, fallback = 'Invalid request') =>
  error.issues[0]?.message ?? fallback
