import type { ReactNode } from 'react'
import { Card } from '../../components/Card'
import { Pagination } from '../../components/Pagination'
import { placeholderKeys, Skeleton } from '../../components/Skeleton'
import type { PagedList } from '../../lib/usePagedList'
import { type PagedEmpty, pagedListState } from '../dashboard-shared/DataTable'

/**
 * A server-paged list shown as cards (a pitch, a brief or a deliverable does not fit a table cell):
 * skeletons while a page loads, an error with a retry, the empty state, or the cards with the pages.
 */
export function PagedCards<T>({
  list,
  noun,
  label,
  empty,
  rowKey,
  children,
}: {
  list: PagedList<T>
  noun: string
  label: string
  empty: PagedEmpty
  rowKey: (row: T) => string | number
  children: (row: T) => ReactNode
}) {
  const state = pagedListState(
    list,
    noun,
    empty,
    placeholderKeys(3).map((key) => <Skeleton key={key} className="h-32 w-full rounded-2xl" />),
    'space-y-3',
  )
  if (state !== null || list.rows === null) return state
  return (
    <div aria-busy={list.fetching} className={list.fetching ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <ul aria-label={label} className="space-y-3">
        {list.rows.map((row) => (
          <li key={rowKey(row)}>{children(row)}</li>
        ))}
      </ul>
      {list.total > list.pageSize && (
        <Card padding="none" flat className="mt-3 overflow-hidden">
          <Pagination
            page={list.page}
            total={list.total}
            pageSize={list.pageSize}
            reachable={list.reachable}
            capped={list.totalCapped}
            onPage={list.goToPage}
            label={`${label} pages`}
          />
        </Card>
      )}
    </div>
  )
}

export const checkboxClasses =
  'size-4 shrink-0 rounded border-slate-300 text-brand-600 accent-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500'
