import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { Page } from '../../web/src/api/client'
import { FIRST_PLACE, type PagePlace, pagedQueryOptions, placeOf } from '../../web/src/lib/usePagedList'

// A keyset-paged list of 25 rows, 10 a page: cursor 'cN' opens the page that starts at row N.
function server() {
  const asked: (string | undefined)[] = []
  const fetchPage = async (cursor: string | undefined): Promise<Page<number>> => {
    asked.push(cursor)
    const start = cursor ? Number(cursor.slice(1)) : 1
    const rows = Array.from({ length: Math.min(10, 26 - start) }, (_, i) => start + i)
    const next = start + 10 <= 25 ? `c${start + 10}` : null
    return { rows, paging: { total: 25, totalCapped: false, limit: 10, nextCursor: next } }
  }
  return { asked, fetchPage }
}

function observe(place: PagePlace) {
  const api = server()
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const observer = new InfiniteQueryObserver(client, pagedQueryOptions<number, Page<number>>(['list'], api.fetchPage, place))
  return { ...api, observer }
}

describe('numbered pages on the infinite query', () => {
  it('offers the next page once the current page says where it starts, and nothing after the last', async () => {
    const { observer, asked } = observe(FIRST_PLACE)
    let result = await observer.refetch()
    expect(placeOf(result.data, FIRST_PLACE, 0).cursors).toEqual(['', 'c11'])
    result = await observer.fetchNextPage()
    result = await observer.fetchNextPage()
    expect(result.data?.pages.map((p) => p.rows[0])).toEqual([1, 11, 21])
    expect(placeOf(result.data, FIRST_PLACE, 2)).toEqual({ cursors: ['', 'c11', 'c21'], index: 2 })
    expect(observer.getCurrentResult().hasNextPage).toBe(false)
    expect(asked).toEqual([undefined, 'c11', 'c21'])
  })

  it('reopens a remembered page with its own cursor, and fetches the pages before it with the remembered ones', async () => {
    const remembered = { cursors: ['', 'c11', 'c21'], index: 2 }
    const { observer, asked } = observe(remembered)
    let result = await observer.refetch()
    expect(result.data?.pages.map((p) => p.rows)).toEqual([[21, 22, 23, 24, 25]])
    expect(observer.getCurrentResult().hasPreviousPage).toBe(true)
    result = await observer.fetchPreviousPage()
    result = await observer.fetchPreviousPage()
    expect(result.data?.pages.map((p) => p.rows[0])).toEqual([1, 11, 21])
    expect(observer.getCurrentResult().hasPreviousPage).toBe(false)
    expect(asked).toEqual(['c21', 'c11', undefined])
    expect(placeOf(result.data, remembered, 0)).toEqual({ cursors: ['', 'c11', 'c21'], index: 0 })
  })

  it('counts the remembered pages before the first one loaded', async () => {
    const remembered = { cursors: ['', 'c11'], index: 1 }
    const { observer } = observe(remembered)
    const result = await observer.refetch()
    // Page 2 on screen, page 1 one step back, page 3 now known.
    expect(placeOf(result.data, remembered, 1)).toEqual({ cursors: ['', 'c11', 'c21'], index: 1 })
  })
})
