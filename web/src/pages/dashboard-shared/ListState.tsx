import { type ReactNode, useState } from 'react'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { pageCount } from '../../components/Pagination'
import { LoadingRegion, Skeleton } from '../../components/Skeleton'
import type { Loaded } from './useLoad'

/**
 * The four states of a dashboard list: skeleton rows on the first load, an error with a retry,
 * the empty state, or the rows (a reload keeps the current rows on screen).
 */
export function ListState<T>({ list, noun, empty, children }: { list: Loaded<T[]>; noun: string; empty: ReactNode; children: (rows: T[]) => ReactNode }) {
  if (list.loading && !list.data) {
    return (
      <LoadingRegion label={`Loading ${noun.toLowerCase()}`} className="space-y-2">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </LoadingRegion>
    )
  }
  if (list.error && !list.data) {
    return <EmptyState title={`${noun} could not be loaded`} text={list.error} action={<Button onClick={() => void list.reload()}>Try again</Button>} />
  }
  const rows = list.data ?? []
  return rows.length === 0 ? empty : children(rows)
}

/** The current page of a list; a delete that empties the last page falls back to the new last page. */
export function usePage(total: number): [number, (page: number) => void] {
  const [page, setPage] = useState(1)
  return [Math.min(page, pageCount(total)), setPage]
}

export function SectionHeader({ id, title, subtitle, action }: { id: string; title: string; subtitle: ReactNode; action?: ReactNode }) {
  return (
    <div className="mb-4 flex items-center justify-between gap-3">
      <div>
        <h2 id={id} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-500">{subtitle}</p>
      </div>
      {action}
    </div>
  )
}
