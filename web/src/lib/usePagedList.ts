import { type InfiniteData, infiniteQueryOptions, keepPreviousData, type QueryKey, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Page } from '../api/client'
import { errorMessage } from '../api/client'

export type PagedList<T, P extends Page<T> = Page<T>> = {
  rows: T[] | null
  /** The whole answer of the page on screen (a list's totals ride on every page). */
  answer: P | null
  total: number
  /** More rows match than the server counts (decision 295): `total` is its cap, shown as '1,000+'. */
  totalCapped: boolean
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
  /** Asks the server again for the pages reached (the one on screen among them); true when it answered. */
  reload: () => Promise<boolean>
  /** Changes one row of the page on screen in place (a status change, a toggle), without a reload. */
  updateRow: (match: (row: T) => boolean, change: (row: T) => T) => void
}

// Numbered pages over keyset cursors, held by TanStack Query's infinite query: the server only says
// where the next page starts, so the pages a reader can open are the ones reached plus the next.
// A page's parameter is its cursor; the first page's is '' (the infinite query reads null and
// undefined as 'no such page').
export const FIRST_CURSOR = ''

/** Where a list stands: the cursor of every page reached (cursors[i] opens page i + 1) and the page on screen. */
export type PagePlace = { cursors: string[]; index: number }

export const FIRST_PLACE: PagePlace = { cursors: [FIRST_CURSOR], index: 0 }

/**
 * The infinite query of one list. A list reopened from the history entry (Back, a reload) starts
 * at the page it was left on, with `place.cursors` as the way back: the pages before it are fetched
 * with their remembered cursors when the reader goes back to them.
 */
export function pagedQueryOptions<T, P extends Page<T>>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<P>,
  place: PagePlace,
) {
  return infiniteQueryOptions<P, Error, InfiniteData<P, string>, QueryKey, string>({
    queryKey: [...queryKey, 'pages'],
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam || undefined, signal),
    initialPageParam: place.cursors[place.index] ?? FIRST_CURSOR,
    getNextPageParam: (last) => last.paging.nextCursor ?? undefined,
    getPreviousPageParam: (_first, _all, firstParam) => {
      const at = place.cursors.indexOf(firstParam)
      return at > 0 ? place.cursors[at - 1] : undefined
    },
  })
}

/** Where the loaded pages sit among all the pages: how many come before the first one loaded, and the cursors known. */
export function placeOf<T>(data: InfiniteData<Page<T>, string> | undefined, place: PagePlace, index: number): PagePlace {
  if (!data) return { cursors: place.cursors, index }
  const before = Math.max(0, place.cursors.indexOf(data.pageParams[0]))
  const next = data.pages[data.pages.length - 1]?.paging.nextCursor
  return { cursors: [...place.cursors.slice(0, before), ...data.pageParams, ...(next ? [next] : [])], index }
}

// Where a remembered list stands, kept in the browser's history entry beside React Router's own
// fields: Back to the list (or a reload) opens the page the reader left, not page 1.
const HISTORY_FIELD = 'collabkartPages'

function rememberedPlace(listId: string): PagePlace | null {
  const saved = (window.history.state as Record<string, unknown> | null)?.[HISTORY_FIELD] as Record<string, PagePlace> | undefined
  const place = saved?.[listId]
  const valid =
    place &&
    Array.isArray(place.cursors) &&
    place.cursors.length > 0 &&
    place.cursors.every((c) => typeof c === 'string') &&
    Number.isInteger(place.index) &&
    place.index >= 0 &&
    place.index < place.cursors.length
  return valid ? { cursors: place.cursors, index: place.index } : null
}

function rememberPlace(listId: string, place: PagePlace) {
  const state = (window.history.state as Record<string, unknown> | null) ?? {}
  window.history.replaceState({ ...state, [HISTORY_FIELD]: { [listId]: place } }, '')
}

/**
 * One server-paged list with numbered pages, on TanStack Query's useInfiniteQuery. `queryKey` names
 * the list and its filters: a new key starts again from page 1. Previous rows stay on screen while
 * the next page loads. With `remember`, the page on screen is kept in the history entry (the public
 * lists one leaves for a product or a profile and comes Back to).
 */
export function usePagedList<T, P extends Page<T> = Page<T>>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<P & Page<T>>,
  options: { remember?: boolean } = {},
): PagedList<T, P> {
  const client = useQueryClient()
  const listId = JSON.stringify(queryKey)
  const remember = options.remember === true
  const startAt = (id: string) => (remember ? rememberedPlace(id) : null) ?? FIRST_PLACE
  // The cursors known when this list was opened (its way back to earlier pages), and the page wanted.
  const [state, setState] = useState(() => ({ listId, start: startAt(listId), wanted: startAt(listId).index }))
  let { start, wanted } = state
  if (state.listId !== listId) {
    // Other filters: their own remembered page (Back to them), else page 1.
    start = startAt(listId)
    wanted = start.index
    setState({ listId, start, wanted })
  }

  const query = useInfiniteQuery<P, Error, InfiniteData<P, string>, QueryKey, string>({
    ...pagedQueryOptions<T, P>(queryKey, fetchPage, start),
    placeholderData: keepPreviousData,
  })
  const data = query.isPlaceholderData ? undefined : query.data
  const before = data ? Math.max(0, start.cursors.indexOf(data.pageParams[0])) : 0
  const loaded = data?.pages.length ?? 0
  const shown = data?.pages[wanted - before]
  const place = placeOf(data, start, wanted)

  // The page wanted is not loaded yet: fetch towards it, one page at a time.
  const { hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage, fetchNextPage, fetchPreviousPage } = query
  useEffect(() => {
    if (!data || isFetchingNextPage || isFetchingPreviousPage) return
    if (wanted < before) {
      if (hasPreviousPage) void fetchPreviousPage()
      else setState((s) => ({ ...s, wanted: before }))
    } else if (wanted >= before + loaded) {
      // A reload can come back with fewer pages (rows left the filter): the last one left is shown.
      if (hasNextPage) void fetchNextPage()
      else setState((s) => ({ ...s, wanted: before + loaded - 1 }))
    }
  }, [data, wanted, before, loaded, hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage, fetchNextPage, fetchPreviousPage])

  const placeText = JSON.stringify(place)
  useEffect(() => {
    if (remember) rememberPlace(listId, JSON.parse(placeText) as PagePlace)
  }, [remember, listId, placeText])

  const reachable = place.cursors.length
  const goToPage = useCallback(
    (page: number) => setState((s) => (s.listId === listId && page >= 1 && page <= reachable && page - 1 !== s.wanted ? { ...s, wanted: page - 1 } : s)),
    [listId, reachable],
  )

  const keyText = JSON.stringify([...queryKey, 'pages'])
  const at = wanted - before
  const updateRow = useCallback(
    (match: (row: T) => boolean, change: (row: T) => T) => {
      client.setQueryData<InfiniteData<P, string>>(JSON.parse(keyText) as QueryKey, (old) =>
        old
          ? { ...old, pages: old.pages.map((page, i) => (i === at ? { ...page, rows: page.rows.map((row) => (match(row) ? change(row) : row)) } : page)) }
          : old,
      )
    },
    [client, keyText, at],
  )

  const refetch = query.refetch
  const reload = useCallback(async () => !(await refetch()).isError, [refetch])
  const latest = useRef<P | null>(null)
  // What stays on screen while another page or filter loads: the last page shown.
  const answer = shown ?? latest.current
  if (shown) latest.current = shown

  return {
    rows: answer?.rows ?? null,
    answer,
    total: answer?.paging.total ?? 0,
    totalCapped: answer?.paging.totalCapped ?? false,
    page: wanted + 1,
    pageSize: answer?.paging.limit ?? 0,
    reachable,
    goToPage,
    loading: query.isPending,
    fetching: query.isFetching,
    changing: query.isPlaceholderData || (data !== undefined && shown === undefined),
    error: query.error ? errorMessage(query.error) : null,
    reload,
    updateRow,
  }
}
