import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import type { Page } from '../api/client'
import { errorMessage } from '../api/client'
import { type CursorPages, FIRST_PAGE, goTo, reachablePages, reached } from './cursorPages'

export type PagedList<T> = {
  rows: T[] | null
  total: number
  /** 1-based number of the page on screen, and the size the server applied. */
  page: number
  pageSize: number
  /** Pages that can be opened now (reached so far, plus the next once known). */
  reachable: number
  goToPage: (page: number) => void
  loading: boolean
  /** A newer page or filter is on its way while the previous rows stay on screen. */
  fetching: boolean
  /** The rows on screen belong to another page or filter than the one asked for (show skeletons). */
  changing: boolean
  error: string | null
  /** Asks the server again for the page on screen; true when it answered. */
  reload: () => Promise<boolean>
  /** Changes one row of the page on screen in place (a status change, a toggle), without a reload. */
  updateRow: (match: (row: T) => boolean, change: (row: T) => T) => void
}

/**
 * One server-paged list with numbered pages. `queryKey` names the list and its filters: a new key
 * starts again from page 1. Previous rows stay on screen while the next page loads.
 */
export function usePagedList<T>(queryKey: QueryKey, fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>): PagedList<T> {
  const client = useQueryClient()
  const listId = JSON.stringify(queryKey)
  const [state, setState] = useState<{ listId: string; pages: CursorPages }>({ listId, pages: FIRST_PAGE })
  const pages = state.listId === listId ? state.pages : FIRST_PAGE
  const cursor = pages.cursors[pages.index]
  const key = [...queryKey, 'page', cursor ?? null]

  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchPage(cursor, signal), placeholderData: keepPreviousData })

  const nextCursor = query.isPlaceholderData ? null : (query.data?.paging.nextCursor ?? null)
  useEffect(() => {
    if (nextCursor) setState((s) => ({ listId, pages: reached(s.listId === listId ? s.pages : FIRST_PAGE, pages.index, nextCursor) }))
  }, [listId, nextCursor, pages.index])

  const goToPage = useCallback(
    (page: number) => setState((s) => ({ listId, pages: goTo(s.listId === listId ? s.pages : FIRST_PAGE, page) })),
    [listId],
  )

  const keyText = JSON.stringify(key)
  const updateRow = useCallback(
    (match: (row: T) => boolean, change: (row: T) => T) => {
      client.setQueryData<Page<T>>(JSON.parse(keyText) as QueryKey, (old) =>
        old ? { ...old, rows: old.rows.map((row) => (match(row) ? change(row) : row)) } : old,
      )
    },
    [client, keyText],
  )

  const refetch = query.refetch
  const reload = useCallback(async () => !(await refetch()).isError, [refetch])

  return {
    rows: query.data?.rows ?? null,
    total: query.data?.paging.total ?? 0,
    page: pages.index + 1,
    pageSize: query.data?.paging.limit ?? 0,
    reachable: reachablePages(pages),
    goToPage,
    loading: query.isPending,
    fetching: query.isFetching,
    changing: query.isPlaceholderData,
    error: query.error ? errorMessage(query.error) : null,
    reload,
    updateRow,
  }
}
