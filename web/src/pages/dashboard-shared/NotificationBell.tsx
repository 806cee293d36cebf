import type { NotificationDTO } from '@contract/notifications'
import { type RefObject, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { errorMessage } from '../../api/client'
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotificationPages, useUnreadCount } from '../../api/notifications'
import { Button } from '../../components/Button'
import { DialogHeader, Modal } from '../../components/Modal'
import { LoadingRegion, placeholderKeys, Skeleton } from '../../components/Skeleton'
import { formatIstDateTime } from '../../lib/istTime'
import { useMediaQuery } from '../../lib/useMediaQuery'
import { badgeText, bellLabel, isAppPath } from './notificationRules'

function BellIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className={className}>
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M14.857 17.082a23.848 23.848 0 0 0 5.454-1.31A8.967 8.967 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a8.967 8.967 0 0 1-2.312 6.022c1.733.64 3.56 1.085 5.455 1.31m5.714 0a24.255 24.255 0 0 1-5.714 0m5.714 0a3 3 0 1 1-5.714 0"
      />
    </svg>
  )
}

/**
 * The dashboards' bell: the unread count (refreshed on focus and every minute) and, on press, the
 * newest-first list. A popover under the bell on wider screens; a sheet from the bottom on phones,
 * where a popover would not fit beside the thumb.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false)
  const bell = useRef<HTMLButtonElement>(null)
  const wrapper = useRef<HTMLDivElement>(null)
  const panelId = useId()
  const count = useUnreadCount().data ?? 0
  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) bell.current?.focus()
  }
  return (
    <div className="relative" ref={wrapper}>
      <button
        ref={bell}
        type="button"
        aria-label={bellLabel(count)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="relative inline-flex size-11 items-center justify-center rounded-xl border border-slate-300 bg-white text-slate-700 shadow-sm transition-colors hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <BellIcon className="size-6" />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -right-2 -top-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1.5 text-xs font-bold text-white ring-2 ring-white"
          >
            {badgeText(count)}
          </span>
        )}
      </button>
      {open && <NotificationPanel id={panelId} unread={count} wrapper={wrapper} onClose={close} />}
    </div>
  )
}

/** A non-modal popover: Escape closes it and gives focus back to the bell; a click elsewhere closes it. */
function usePopover(active: boolean, panel: RefObject<HTMLElement | null>, wrapper: RefObject<HTMLElement | null>, onClose: (refocus: boolean) => void) {
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  useEffect(() => {
    if (!active) return
    panel.current?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseRef.current(true)
    }
    const onPointer = (e: MouseEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) onCloseRef.current(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('mousedown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('mousedown', onPointer)
    }
  }, [active, panel, wrapper])
}

type PanelProps = { id: string; unread: number; wrapper: RefObject<HTMLElement | null>; onClose: (refocus: boolean) => void }

function NotificationPanel({ id, unread, wrapper, onClose }: PanelProps) {
  const wide = useMediaQuery('(min-width: 640px)')
  const panel = useRef<HTMLDivElement>(null)
  const titleId = useId()
  usePopover(wide, panel, wrapper, onClose)
  const list = useNotificationPages(true)
  const markAll = useMarkAllNotificationsRead()
  const rows = list.data?.pages.flatMap((page) => page.rows) ?? []
  const anyUnread = unread > 0 || rows.some((row) => !row.readAt)
  const markAllButton = (
    <Button variant="ghost" size="sm" className="whitespace-nowrap" busy={markAll.isPending} disabled={!anyUnread} onClick={() => markAll.mutate()}>
      Mark all as read
    </Button>
  )
  const content = <PanelList list={list} rows={rows} onClose={onClose} />
  // On a phone the list is a modal sheet from the bottom (the one dialog, components/Modal.tsx),
  // which gives focus back to the bell when it closes.
  if (!wide)
    return (
      <Modal open id={id} title="Notifications" onClose={() => onClose(true)} actions={markAllButton} bodyClassName="min-h-0 flex-1 overflow-y-auto">
        {content}
      </Modal>
    )
  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      className="absolute right-0 top-full z-50 mt-2 flex max-h-[min(36rem,calc(100dvh-8rem))] w-96 flex-col rounded-2xl border border-slate-200 bg-white shadow-xl shadow-slate-900/10 outline-none"
    >
      <DialogHeader titleId={titleId} title="Notifications" onClose={() => onClose(true)} actions={markAllButton} />
      <div className="min-h-0 flex-1 overflow-y-auto">{content}</div>
    </div>
  )
}

function PanelList({ list, rows, onClose }: { list: ReturnType<typeof useNotificationPages>; rows: NotificationDTO[]; onClose: (refocus: boolean) => void }) {
  return (
    <>
      {rows.length === 0 && (list.isPending || (list.isFetching && !list.isFetchingNextPage)) ? (
        <LoadingRegion label="Loading notifications">
          <ul className="divide-y divide-slate-100">
            {placeholderKeys(3).map((key) => (
              <li key={key} className="space-y-2 px-5 py-4">
                <Skeleton className="h-4 w-3/5" />
                <Skeleton className="h-3.5 w-full" />
                <Skeleton className="h-3 w-2/5" />
              </li>
            ))}
          </ul>
        </LoadingRegion>
      ) : list.isError && rows.length === 0 ? (
        <div role="alert" className="px-5 py-10 text-center">
          <p className="text-sm text-slate-700">{errorMessage(list.error)}</p>
          <Button variant="secondary" size="sm" className="mt-4" busy={list.isFetching} onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center px-5 py-10 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <BellIcon className="size-6" />
          </div>
          <p className="mt-4 font-semibold text-slate-900">No notifications yet</p>
          <p className="mt-1 max-w-xs text-sm text-slate-600">New leads, payouts and account changes will show up here.</p>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-slate-100" aria-label="Notifications, newest first">
            {rows.map((row) => (
              <li key={row.NotificationID}>
                <NotificationItem row={row} onOpen={() => onClose(false)} />
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="border-t border-slate-100 p-3">
              <Button variant="secondary" size="sm" className="w-full" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            </div>
          )}
          {list.isFetchNextPageError && (
            <p role="alert" className="px-5 pb-3 text-center text-sm text-rose-700">
              {errorMessage(list.error)}
            </p>
          )}
        </>
      )}
    </>
  )
}

const itemClasses = (unread: boolean) =>
  `flex w-full gap-3 px-5 py-3.5 text-left transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 ${unread ? 'bg-brand-50/60' : ''}`

/** One notification: opening it marks it read and, when it has somewhere to go, goes there. */
function NotificationItem({ row, onOpen }: { row: NotificationDTO; onOpen: () => void }) {
  const markRead = useMarkNotificationRead()
  const unread = !row.readAt
  const open = () => {
    if (unread) markRead.mutate(row.NotificationID)
    if (row.link) onOpen()
  }
  const content = (
    <>
      <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`} />
      <span className="min-w-0 flex-1">
        {unread && <span className="sr-only">Unread: </span>}
        <span className={`block text-sm wrap-anywhere ${unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-700'}`}>{row.title}</span>
        <span className="mt-0.5 block text-sm text-slate-600 wrap-anywhere">{row.body}</span>
        <time dateTime={row.createdAt} className="mt-1 block text-xs text-slate-600">
          {formatIstDateTime(row.createdAt)}
        </time>
      </span>
    </>
  )
  return isAppPath(row.link) ? (
    <Link to={row.link} onClick={open} className={itemClasses(unread)} data-unread={unread}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={open} className={itemClasses(unread)} data-unread={unread}>
      {content}
    </button>
  )
}
