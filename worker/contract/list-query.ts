// Building blocks of the lists' query strings, shared by the product, directory and lead
// list schemas. Query values arrive as text, or as a list when a key is repeated; a repeated key
// that takes one value gets the field's message, like any other value it cannot use.

import * as z from 'zod/mini'
import { positiveId } from './fields'

/** Longer search text is refused: nobody types it, and it would only make the index work harder. */
export const SEARCH_MAX = 100

export const searchTooLong = (label: string) => `${label} should be at most ${SEARCH_MAX} characters`
export const searchHasControl = (label: string) => `${label} should not contain control characters`

// No page sends them, no stored text holds them, and FTS5 reads a NUL as the end of the query.
const isControl = (ch: string) => {
  const code = ch.charCodeAt(0)
  return code < 0x20 || code === 0x7f
}

/**
 * Free text matched by containment, case-insensitive (the pages' search boxes). Trimmed; blank is
 * no filter (undefined).
 */
export const searchField = (label: string) =>
  z.optional(
    z.pipe(
      z.string({ error: searchTooLong(label) }).check(
        z.trim(),
        z.maxLength(SEARCH_MAX, searchTooLong(label)),
        z.refine((v) => ![...v].some(isControl), searchHasControl(label)),
      ),
      z.transform((v: string) => (v === '' ? undefined : v)),
    ),
  )

/** One of `values`, or `fallback` when absent or blank. */
export const choiceField = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number], message: string) =>
  z.pipe(
    z.optional(
      z.string({ error: message }).check(
        z.trim(),
        z.refine((v) => v === '' || values.includes(v), message),
      ),
    ),
    z.transform((v: string | undefined): T[number] => (v ? (v as T[number]) : fallback)),
  )

/** `true`/`1` turn a filter on; `false`/`0`/blank/absent leave it off. */
export const flagField = (message: string) =>
  z.pipe(
    z.optional(z.string({ error: message }).check(z.trim(), z.regex(/^(true|false|1|0|)$/i, message))),
    z.transform((v: string | undefined) => v !== undefined && /^(true|1)$/i.test(v)),
  )

/** An optional filter that is one of `values`; blank or absent: no filter. */
export const optionalChoiceField = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.pipe(
    z.optional(
      z.string({ error: message }).check(
        z.trim(),
        z.refine((v) => v === '' || (values as readonly string[]).includes(v), message),
      ),
    ),
    z.transform((v: string | undefined): T[number] | undefined => (v ? (v as T[number]) : undefined)),
  )

/** An optional id filter (a positiveId); blank or absent: no filter. */
export const optionalIdField = (message: string) =>
  z.pipe(
    z.optional(
      z.string({ error: message }).check(
        z.trim(),
        z.refine((v) => v === '' || positiveId(v) !== null, message),
      ),
    ),
    z.transform((v: string | undefined) => positiveId(v) ?? undefined),
  )

/** A real YYYY-MM-DD day of the calendar (no 2026-02-30). */
export const isCalendarDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false
  const date = new Date(`${v}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v)
}

/** An optional day filter (YYYY-MM-DD); blank or absent: no filter. */
export const optionalDayField = (message: string) =>
  z.pipe(
    z.optional(
      z.string({ error: message }).check(
        z.trim(),
        z.refine((v) => v === '' || isCalendarDate(v), message),
      ),
    ),
    z.transform((v: string | undefined) => v || undefined),
  )
