// Server-side paging shared by every list of the API (decision 009): keyset (cursor) paging, newest
// first unless a list says otherwise. The envelope keeps `data` as the spec's array and adds
// `paging` beside it, so callers that read only `data` keep working.

import * as z from 'zod/mini'
import type { Envelope } from './envelope'
import { capped } from './fields'
import { documentAs } from './route'

export const PAGE_LIMIT_DEFAULT = 20
export const PAGE_LIMIT_MAX = 100
/**
 * A filtered or searched list counts at most this many matching rows (decision 295): beyond it the
 * total is this figure with `totalCapped`, shown as 'of 1,000+'.
 */
export const COUNT_CAP = 1000

export const PAGING_MESSAGES = {
  limitInvalid: `limit should be a whole number from 1 to ${PAGE_LIMIT_MAX}`,
  cursorInvalid: 'This page link is not valid. Please start again from the first page.',
} as const

export type Paging = {
  /** The limit that was applied (the default when none was asked for). */
  limit: number
  /** Opaque: send it back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null
  /**
   * Rows matching the list's filters, for 'Showing 11-20 of 50,000': counted on the first page only
   * (later pages answer the first page's figure) and at most COUNT_CAP when the list is filtered.
   */
  total: number
  /** True when more than COUNT_CAP rows match: `total` is COUNT_CAP and reads '1,000+'. */
  totalCapped: boolean
}

export type ListTotal = Pick<Paging, 'total' | 'totalCapped'>

/** A list's total as a count of at most COUNT_CAP + 1 matching rows reads it. */
export function cappedTotal(counted: number): ListTotal {
  return counted > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: counted, totalCapped: false }
}

export type PagedEnvelope<T> = Envelope<T[]> & { paging: Paging }

/** `?limit=&cursor=`: blank or absent limit is the default; anything but 1..100 is refused. */
export const pageQueryShape = {
  limit: z.optional(
    documentAs(
      z
        .pipe(
          // Capped and trimmed before the pattern: `^\s*(\d{1,3})?\s*$` backtracks quadratically on a run of spaces.
          z
            .string({ error: PAGING_MESSAGES.limitInvalid })
            .check(capped(16, PAGING_MESSAGES.limitInvalid), z.trim(), z.regex(/^\d{0,3}$/, PAGING_MESSAGES.limitInvalid)),
          z.transform((v: string) => (v.trim() === '' ? PAGE_LIMIT_DEFAULT : Number(v.trim()))),
        )
        .check(z.refine((n: number) => n >= 1 && n <= PAGE_LIMIT_MAX, PAGING_MESSAGES.limitInvalid)),
      // Read from the query string as text, but a whole number is what a caller sends.
      { type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX, default: PAGE_LIMIT_DEFAULT },
    ),
  ),
  cursor: z.optional(z.string({ error: PAGING_MESSAGES.cursorInvalid }).check(z.maxLength(512, PAGING_MESSAGES.cursorInvalid))),
}
export const pageQuerySchema = z.object(pageQueryShape)
export type PageQuery = { limit: number; cursor?: string }
