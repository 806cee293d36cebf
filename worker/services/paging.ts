// The steps every paged list takes: read the cursor for the list's order, fetch one row more than
// the limit, and answer the page with `paging` (limit, the next cursor, the total).

import { PAGE_LIMIT_DEFAULT, type Paging } from '../contract/paging'
import { decodeOrderCursor, pageOf } from '../domain/paging'

type SortValue = string | number

export type PageRequest<Row> = {
  cursor: string | undefined
  limit: number | undefined
  /** The order's name (e.g. 'followers'); it is part of the cursor. */
  order: string
  /** The type of each sort value of the order, the id last. */
  kinds: ReadonlyArray<'string' | 'number'>
  /** Fetches `limit` rows (the caller asks for one more than it shows) after `from` and the total. */
  fetch: (from: SortValue[] | null, limit: number) => Promise<{ rows: Row[]; total: number }>
  /** The sort values of a row, in the order's column order. */
  keyOf: (row: Row) => SortValue[]
}

export async function pageThrough<Row>(request: PageRequest<Row>): Promise<{ rows: Row[]; paging: Paging }> {
  const limit = request.limit ?? PAGE_LIMIT_DEFAULT
  const from = decodeOrderCursor(request.cursor, request.order, request.kinds)
  const { rows, total } = await request.fetch(from, limit + 1)
  const page = pageOf(rows, limit, (row) => [request.order, ...request.keyOf(row)])
  return { rows: page.rows, paging: { limit, nextCursor: page.nextCursor, total } }
}

/** A list newest first by its numeric id, with its total counted beside every page (a short list, like the dead letters). */
export function pageNewestById<Row>(
  query: { cursor?: string; limit?: number },
  rowsAfter: (afterId: number | null, take: number) => Promise<Row[]>,
  count: () => Promise<number>,
  idOf: (row: Row) => number,
): Promise<{ rows: Row[]; paging: Paging }> {
  return pageThrough<Row>({
    cursor: query.cursor,
    limit: query.limit,
    order: 'newest',
    kinds: ['number'],
    fetch: async (from, take) => {
      const [rows, total] = await Promise.all([rowsAfter(from ? Number(from[0]) : null, take), count()])
      return { rows, total }
    },
    keyOf: (row) => [idOf(row)],
  })
}
