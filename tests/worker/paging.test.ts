import { describe, expect, it } from 'vitest'
import { safeParse } from 'zod/mini'
import { PAGE_LIMIT_DEFAULT, pageQuerySchema, PAGING_MESSAGES } from '../../worker/contract/paging'
import { InvalidInput } from '../../worker/domain/errors'
import { decodeCursor, encodeCursor, pageOf } from '../../worker/domain/paging'

describe('page query', () => {
  it('uses the default limit when none or a blank one is given', () => {
    expect(safeParse(pageQuerySchema, {}).data).toEqual({})
    expect(safeParse(pageQuerySchema, { limit: '' }).data?.limit).toBe(PAGE_LIMIT_DEFAULT)
    expect(safeParse(pageQuerySchema, { limit: '100' }).data?.limit).toBe(100)
  })

  it.each(['0', '101', '-1', '1.5', '1e2', 'abc', '9999'])('refuses limit %s with the limit message', (limit) => {
    const result = safeParse(pageQuerySchema, { limit })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].message).toBe(PAGING_MESSAGES.limitInvalid)
  })
})

describe('keyset cursors', () => {
  it('round-trips a key with text, numbers and nulls, including non-Latin text', () => {
    const key = ['Zoë हिंदी', 42, null]
    expect(decodeCursor(encodeCursor(key), ['string', 'number', 'nullable-string'])).toEqual(key)
  })

  it.each(['', '!!', 'bm90IGpzb24', encodeCursor([1, 2, 3]), encodeCursor(['a', 1]), encodeCursor([null, 1])])(
    'refuses a cursor it did not make for this list (%s)',
    (cursor) => {
      expect(() => decodeCursor(cursor, ['number', 'number'])).toThrow(InvalidInput)
    },
  )

  it('cuts limit + 1 rows into a page and the cursor of its last row', () => {
    const rows = [{ id: 5 }, { id: 4 }, { id: 3 }]
    const page = pageOf(rows, 2, (r) => [r.id])
    expect(page.rows).toEqual([{ id: 5 }, { id: 4 }])
    expect(decodeCursor(page.nextCursor ?? '', ['number'])).toEqual([4])
    expect(pageOf(rows, 3, (r) => [r.id]).nextCursor).toBeNull()
  })
})
