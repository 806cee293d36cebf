import { NOTIFICATION_ROUTES, type NotificationDTO, type NotificationPreferencesInput } from '@contract/notifications'
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callData, callPage, callRoute, type Page } from './client'

// The notifications (worker/contract/notifications.ts, decision 140): the bell's count and list, the
// profile's preferences, and the public unsubscribe call. Calls and the hooks that cache them sit
// together, so the bell and the profile share one cache.

/** One bell page: enough to fill a phone's sheet, few enough to read few rows. */
export const NOTIFICATIONS_PAGE_SIZE = 10
/** The bell asks again about once a minute while the tab is in front (and whenever it comes back). */
export const UNREAD_REFRESH_MS = 60_000

const keys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
  preferences: ['notifications', 'preferences'] as const,
}

export const listNotifications = (cursor: string | undefined, signal?: AbortSignal) =>
  callPage(NOTIFICATION_ROUTES.list, { query: { limit: NOTIFICATIONS_PAGE_SIZE, cursor }, signal })
export const getUnreadCount = (signal?: AbortSignal) => callData(NOTIFICATION_ROUTES.unread, { signal })
export const markNotificationRead = (id: number) => callData(NOTIFICATION_ROUTES.read, { params: { id } })
export const markAllNotificationsRead = () => callRoute(NOTIFICATION_ROUTES.readAll)
export const getNotificationPreferences = (signal?: AbortSignal) => callData(NOTIFICATION_ROUTES.preferences, { signal })
export const saveNotificationPreferences = (input: NotificationPreferencesInput) => callRoute(NOTIFICATION_ROUTES.savePreferences, { json: input })
/** No sign-in: the token in the mailed link is the only key (RFC 8058 one-click, same call as the mail client's). */
export const unsubscribe = (token: string) => callRoute(NOTIFICATION_ROUTES.unsubscribe, { query: { token }, anonymous: true })

/** The bell's badge: refetched on focus and about every minute, never stale across a return to the tab. */
export function useUnreadCount() {
  return useQuery({
    queryKey: keys.unread,
    queryFn: ({ signal }) => getUnreadCount(signal),
    select: (data) => data.unread,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: UNREAD_REFRESH_MS,
  })
}

/** Newest first, a page at a time ('Load more'); loaded only while the panel is open, fresh on each opening. */
export function useNotificationPages(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: keys.list,
    queryFn: ({ pageParam, signal }) => listNotifications(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.paging.nextCursor ?? undefined,
    enabled,
    staleTime: 0,
  })
}

type Pages = InfiniteData<Page<NotificationDTO>, string | undefined>

function updateRows(pages: Pages | undefined, change: (row: NotificationDTO) => NotificationDTO): Pages | undefined {
  if (!pages) return pages
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, rows: page.rows.map(change) })) }
}

export function useMarkNotificationRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: async (read) => {
      client.setQueryData<Pages>(keys.list, (pages) => updateRows(pages, (row) => (row.NotificationID === read.NotificationID ? read : row)))
      await client.invalidateQueries({ queryKey: keys.unread })
    },
  })
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: async () => {
      const now = new Date().toISOString()
      client.setQueryData<Pages>(keys.list, (pages) => updateRows(pages, (row) => (row.readAt ? row : { ...row, readAt: now })))
      client.setQueryData(keys.unread, { unread: 0 })
      await client.invalidateQueries({ queryKey: keys.all })
    },
  })
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: keys.preferences, queryFn: ({ signal }) => getNotificationPreferences(signal), staleTime: 0 })
}

export function useSaveNotificationPreferences() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (res) => {
      if (res.data) client.setQueryData(keys.preferences, res.data)
    },
  })
}
