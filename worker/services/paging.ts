// The steps every paged list takes: read the cursor for the list's order, fetch one row more than
// the limit, and answer the page with `paging` (limit, the next cursor, the total). The total is
// counted on the first page only (decision 295): it travels in the cursor, so a later page answers
// the figure the reader saw on page 1 and reads nothing to make it.

import { type ListTotal, PAGE_LIMIT_DEFAULT, type Paging } from '../contract/paging'
import { decodeOrderCursor, pageOf } from '../domain/paging'

type SortValue = string | number

/** A list's total: an exact number (a kept count), or a capped count's `{ total, totalCapped }`. */
export type Total = number | ListTotal

export type PageRequest<Row> = {
  cursor: string | undefined
  limit: number | undefined
  /** The order's name (e.g. 'followers'); it is part of the cursor. */
  order: string
  /** The type of each sort value of the order, the id last. */
  kinds: ReadonlyArray<'string' | 'number'>
  /**
   * Fetches `limit` rows (the caller asks for one more than it shows) after `from`, and the total
   * when `count` is true (the first page); a later page's total is ignored, so it should not count.
   */
  fetch: (from: SortValue[] | null, limit: number, count: boolean) => Promise<{ rows: Row[]; total?: Total | null }>
  /** The sort values of a row, in the order's column order. */
  keyOf: (row: Row) => SortValue[]
}

const totalOf = (total: Total | null | undefined): ListTotal =>
  typeof total === 'number' ? { total, totalCapped: false } : (total ?? { total: 0, totalCapped: false })

export async function pageThrough<Row>(request: PageRequest<Row>): Promise<{ rows: Row[]; paging: Paging }> {
  const limit = request.limit ?? PAGE_LIMIT_DEFAULT
  // The cursor's key: the order, the last row's sort values, then the first page's total and whether it was capped.
  const carried = decodeOrderCursor(request.cursor, request.order, [...request.kinds, 'number', 'number'])
  const from = carried ? carried.slice(0, -2) : null
  const { rows, total } = await request.fetch(from, limit + 1, from === null)
  const counted = carried ? { total: Number(carried[carried.length - 2]), totalCapped: carried[carried.length - 1] === 1 } : totalOf(total)
  const page = pageOf(rows, limit, (row) => [request.order, ...request.keyOf(row), counted.total, counted.totalCapped ? 1 : 0])
  return { rows: page.rows, paging: { limit, nextCursor: page.nextCursor, ...counted } }
}

/** A list newest first by its numeric id, with its total counted on the first page (a short list, like the dead letters). */
export function pageNewestById<Row>(
  query: { cursor?: string; limit?: number },
  rowsAfter: (afterId: number | null, take: number) => Promise<Row[]>,
  count: () => Promise<Total>,
  idOf: (row: Row) => number,
): Promise<{ rows: Row[]; paging: Paging }> {
  return pageThrough<Row>({
    cursor: query.cursor,
    limit: query.limit,
    order: 'newest',
    kinds: ['number'],
    fetch: async (from, take, counting) => {
      const [rows, total] = await Promise.all([rowsAfter(from ? Number(from[0]) : null, take), counting ? count() : null])
      return { rows, total }
    },
    keyOf: (row) => [idOf(row)],
  })
}
