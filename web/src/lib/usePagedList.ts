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

// Where a remembered list stands, kept in the browser's history entry beside React Router's own
// fields: Back to the list (or a reload) opens the page the reader left, not page 1.
const HISTORY_FIELD = 'collabkartPages'

function rememberedPages(listId: string): CursorPages | null {
  const saved = (window.history.state as Record<string, unknown> | null)?.[HISTORY_FIELD] as Record<string, CursorPages> | undefined
  const pages = saved?.[listId]
  const valid =
    pages && Array.isArray(pages.cursors) && pages.cursors.length > 0 && Number.isInteger(pages.index) && pages.index >= 0 && pages.index < pages.cursors.length
  return valid ? { cursors: pages.cursors.map((c) => (typeof c === 'string' ? c : undefined)), index: pages.index } : null
}

function rememberPages(listId: string, pages: CursorPages) {
  const state = (window.history.state as Record<string, unknown> | null) ?? {}
  window.history.replaceState({ ...state, [HISTORY_FIELD]: { [listId]: pages } }, '')
}

/**
 * One server-paged list with numbered pages. `queryKey` names the list and its filters: a new key
 * starts again from page 1. Previous rows stay on screen while the next page loads. With
 * `remember`, the page on screen is kept in the history entry (the public lists one leaves for a
 * product or a profile and comes Back to).
 */
export function usePagedList<T>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>,
  options: { remember?: boolean } = {},
): PagedList<T> {
  const client = useQueryClient()
  const listId = JSON.stringify(queryKey)
  const remember = options.remember === true
  const startAt = (id: string) => (remember ? rememberedPages(id) : null) ?? FIRST_PAGE
  const [state, setState] = useState<{ listId: string; pages: CursorPages }>(() => ({ listId, pages: startAt(listId) }))
  let pages = state.pages
  if (state.listId !== listId) {
    // Other filters: their own remembered page (Back to them), else page 1.
    pages = startAt(listId)
    setState({ listId, pages })
  }

  useEffect(() => {
    if (remember) rememberPages(listId, pages)
  }, [remember, listId, pages])
  const cursor = pages.cursors[pages.index]
  const key = [...queryKey, 'page', cursor ?? null]

  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchPage(cursor, signal), placeholderData: keepPreviousData })

  const nextCursor = query.isPlaceholderData ? null : (query.data?.paging.nextCursor ?? null)
  useEffect(() => {
    if (nextCursor) setState((s) => ({ listId, pages: reached(s.listId === listId ? s.pages : pages, pages.index, nextCursor) }))
  }, [listId, nextCursor, pages])

  const goToPage = useCallback((page: number) => setState((s) => ({ listId, pages: goTo(s.listId === listId ? s.pages : pages, page) })), [listId, pages])

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
