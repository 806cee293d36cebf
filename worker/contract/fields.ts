import * as z from 'zod/mini'
import { INDIAN_MOBILE_PATTERN, MOBILE_NOT_INDIAN_MESSAGE, normalizeMobile } from './phone'

// Building blocks for the spec's validation rules. Contracts use zod/mini: the web imports them,
// and the full zod build would cost the buy page ~20 KB gzip of its 110 KB budget.
// A missing or non-string value gives the "required" message, so the first issue is always one
// the spec names; checks run in the order given, and the first issue is what callers show.

// Each label of the domain excludes the dot, so every dot has exactly one place in a match: the
// check is linear in the input. (`[^\s@]+\.[^\s@]+` let both sides take dots, which is quadratic:
// a 160 KB address held the Worker for 10 s.) Every pattern-checked field is also cut to its
// length limit first, with `abort`, so no pattern ever runs on more than a few hundred characters.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/
/** RFC 5321's limit for a whole address. */
export const EMAIL_MAX = 254
export const MOBILE_PATTERN = /^\d{10}$/
export const NAME_MAX = 50
export const NAME_TOO_LONG = 'Name should be less than 50 characters.'
/** The spec's profile rule, whose message the profile forms keep (decision 255). */
export const PASSWORD_MIN = 6
/** Every new password (sign-up, reset, a change on a profile) has at least this many (decision 255). */
export const NEW_PASSWORD_MIN = 8
export const PASSWORD_MAX = 30

type StringCheck = Parameters<z.ZodMiniString['check']>[number]

/**
 * A length limit that stops the checks after it when it fails: zod runs later checks after a
 * failed one by default, so without `abort` a pattern would still run on a megabyte of text.
 */
export const capped = (max: number, message: string) => z.maxLength(max, { error: message, abort: true })

/** Trimmed, non-empty text followed by any further checks. */
export const requiredText = (message: string, ...checks: StringCheck[]) => z.string({ error: message }).check(z.trim(), z.minLength(1, message), ...checks)

export const emailField = (required: string, invalid: string) =>
  requiredText(required, capped(EMAIL_MAX, invalid), z.regex(EMAIL_PATTERN, invalid), z.toLowerCase())

/** The same email rule where blank gets the format message (the profile forms). */
export const emailFormatField = (invalid: string) =>
  z.string({ error: invalid }).check(z.trim(), capped(EMAIL_MAX, invalid), z.regex(EMAIL_PATTERN, invalid), z.toLowerCase())

/** Room for '+91 98765 43210' and its variants before they are reduced to ten digits. */
export const MOBILE_INPUT_MAX = 20

/**
 * Ten digits after a +91 / 91 / 0 prefix and separators are taken off (contract/phone.ts), with
 * `invalid` for any other length. Any first digit: the admin's buyer erasure must still find
 * numbers stored before the Indian-mobile rule.
 */
export const tenDigitPhoneField = (required: string, invalid: string) =>
  requiredText(required, capped(MOBILE_INPUT_MAX, invalid), z.overwrite(normalizeMobile), z.regex(MOBILE_PATTERN, { error: invalid, abort: true }))

/** A mobile typed by its owner or a buyer: ten digits, and an Indian mobile (first digit 6-9). */
export const mobileField = (required: string, invalid: string) =>
  tenDigitPhoneField(required, invalid).check(z.regex(INDIAN_MOBILE_PATTERN, MOBILE_NOT_INDIAN_MESSAGE))

export const PASSWORD_TOO_SHORT = `Password should be at least ${PASSWORD_MIN} characters.`
export const PASSWORD_TOO_LONG = `Password should be at most ${PASSWORD_MAX} characters.`
export const NEW_PASSWORD_TOO_SHORT = `New passwords need at least ${NEW_PASSWORD_MIN} characters.`
/** Checked in the Worker against the list shipped in worker/domain/common-passwords.ts. */
export const PASSWORD_TOO_COMMON = 'This password is one of the most common in leaked password lists. Please choose another.'

/** Sign-in: any stored password must still work, so only required and the 30-character cap. */
export const passwordField = (required: string) =>
  z.string({ error: required }).check(z.minLength(1, { error: required, abort: true }), z.maxLength(PASSWORD_MAX, PASSWORD_TOO_LONG))

/**
 * A password being chosen at sign-up or reset: 8 to 30 characters. The Worker also refuses the
 * most common ones (PASSWORD_TOO_COMMON; the list stays out of the web bundle).
 */
export const newPasswordField = (required: string) =>
  z
    .string({ error: required })
    .check(
      z.minLength(1, { error: required, abort: true }),
      z.minLength(NEW_PASSWORD_MIN, { error: NEW_PASSWORD_TOO_SHORT, abort: true }),
      z.maxLength(PASSWORD_MAX, PASSWORD_TOO_LONG),
    )

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
export const firstMessage = (error: { issues: ReadonlyArray<{ message: string }> }, fallback = 'Invalid request') => error.issues[0]?.message ?? fallback
