// Keyset cursors: a cursor is the sort key of the last row a page showed, so the next page starts
// strictly after it and rows inserted meanwhile never shift or repeat what the reader has seen.

import { PAGING_MESSAGES } from '../contract/paging'
import { InvalidInput } from './errors'

/** One sort value per column of the ordering, the row's id last (ties are broken by the id). */
export type CursorKey = ReadonlyArray<string | number | null>

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text)
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/={1,2}$/, '')
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'))
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)))
}

export function encodeCursor(key: CursorKey): string {
  return toBase64Url(JSON.stringify(key))
}

/**
 * The key inside a cursor this API made, checked against the shape the list expects
 * (`kinds`: the type of each value); anything else is 400, never a 500 or a silent first page.
 */
export function decodeCursor(cursor: string, kinds: ReadonlyArray<'string' | 'number' | 'nullable-string' | 'nullable-number'>): CursorKey {
  let parsed: unknown
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('alphabet')
    parsed = JSON.parse(fromBase64Url(cursor))
  } catch {
    throw new InvalidInput(PAGING_MESSAGES.cursorInvalid)
  }
  const valid =
    Array.isArray(parsed) &&
    parsed.length === kinds.length &&
    parsed.every((value, i) => {
      const kind = kinds[i]
      if (value === null) return kind.startsWith('nullable')
      if (kind.endsWith('number')) return typeof value === 'number' && Number.isFinite(value)
      return typeof value === 'string' && value.length <= 256
    })
  if (!valid) throw new InvalidInput(PAGING_MESSAGES.cursorInvalid)
  return parsed as CursorKey
}

/**
 * Cuts a query result fetched with `limit + 1` rows into the page and the cursor of the next one
 * (null when the extra row is not there: this was the last page).
 */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => CursorKey): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null }
  const page = rows.slice(0, limit)
  return { rows: page, nextCursor: encodeCursor(keyOf(page[page.length - 1])) }
}

/**
 * The sort values inside the cursor of a list with several orders, or null for the first page
 * (no cursor, or a blank one). The order's name travels first in the key, so a cursor made for
 * another order of the list is refused rather than read as if it fitted.
 */
export function decodeOrderCursor(cursor: string | undefined, order: string, kinds: ReadonlyArray<'string' | 'number'>): Array<string | number> | null {
  if (cursor === undefined || cursor.trim() === '') return null
  const [name, ...values] = decodeCursor(cursor.trim(), ['string', ...kinds])
  if (name !== order) throw new InvalidInput(PAGING_MESSAGES.cursorInvalid)
  return values as Array<string | number>
}
