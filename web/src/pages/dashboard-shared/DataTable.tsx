import type { ReactNode } from 'react'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { Pagination } from '../../components/Pagination'
import { LoadingRegion, placeholderKeys, Skeleton } from '../../components/Skeleton'
import { imageList, mediaUrl } from '../../lib/format'
import type { PagedList } from '../../lib/usePagedList'
import { Card } from '../../components/Card'

export type Column<T> = {
  /** The header; on phones also the small caption above the value. */
  label: string
  cell: (row: T) => ReactNode
  /** Takes the card's full width on phones (the product, long emails). */
  wide?: boolean
  /** Header read by screen readers only, no caption on phones (the row actions). */
  hideLabel?: boolean
  /** No caption on phones where the value speaks for itself (the product with its thumbnail). */
  noCaption?: boolean
  className?: string
  /** The server's sort name for this column, when the table can be sorted by it. */
  sortKey?: string
}

/** The table's order: clicking a sortable header sorts by it, clicking it again turns the order round. */
export type TableSort = { key: string; order: 'asc' | 'desc'; onSort: (key: string) => void }

// Below the sm breakpoint every row becomes a two-column card with captions, so a phone shows
// every value and every row action (toggle, edit, delete, status) without sideways scrolling.
const CELL = 'whitespace-nowrap px-3 py-3 text-slate-700 max-sm:block max-sm:min-w-0 max-sm:whitespace-normal max-sm:break-words max-sm:p-0'
const CAPTION =
  'max-sm:before:mb-0.5 max-sm:before:block max-sm:before:text-[11px] max-sm:before:font-sans max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]'

type TableProps<T> = {
  label: string
  columns: readonly Column<T>[]
  rows: readonly T[]
  rowKey: (row: T) => number | string
  /** A data attribute on each row carrying its key (tests and styling hooks find rows by it). */
  rowAttr: `data-${string}`
  footer?: ReactNode
  sort?: TableSort
}

/** A table on wider screens, a list of cards on phones; one markup for both. */
export function DataTable<T>({ label, columns, rows, rowKey, rowAttr, footer, sort }: TableProps<T>) {
  return (
    <Card padding="none" className="overflow-hidden">
      {/* relative: screen-reader-only labels in cells are absolutely placed and must not widen the page. */}
      {/* Focusable, so keyboard users can scroll a table wider than the screen (axe: scrollable-region-focusable). */}
      <section className="relative overflow-x-auto" aria-label={label} tabIndex={0}>
        <table className="min-w-full text-left text-sm max-sm:block">
          <thead className="max-sm:sr-only">
            <tr>
              {columns.map((c) => {
                const sorted = sort && c.sortKey === sort.key ? sort.order : null
                return (
                  <th
                    key={c.label}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className="whitespace-nowrap border-b border-slate-200 bg-slate-50 px-3 py-3 text-xs font-semibold uppercase tracking-wide text-slate-500"
                  >
                    {c.hideLabel ? (
                      <span className="sr-only">{c.label}</span>
                    ) : sort && c.sortKey ? (
                      <button
                        type="button"
                        onClick={() => sort.onSort(c.sortKey ?? '')}
                        className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
                      >
                        {c.label}
                        <span aria-hidden="true" className={sorted ? 'text-brand-700' : 'text-slate-300'}>
                          {sorted === 'asc' ? '▲' : '▼'}
                        </span>
                      </button>
                    ) : (
                      c.label
                    )}
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 max-sm:block">
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                {...{ [rowAttr]: rowKey(row) }}
                className="hover:bg-slate-50/60 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-3 max-sm:p-4"
              >
                {columns.map((c) => (
                  <td
                    key={c.label}
                    data-label={c.hideLabel || c.noCaption ? undefined : c.label}
                    className={`${CELL} ${c.hideLabel || c.noCaption ? '' : CAPTION} ${c.wide ? 'max-sm:col-span-2' : ''} ${c.className ?? ''}`}
                  >
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {footer}
    </Card>
  )
}

export type PagedEmpty = { icon?: ReactNode; title: string; text: string; action?: ReactNode }

/**
 * What a server-paged list shows until it has rows to show: `skeletons` while a page loads (a new
 * page or filter too, never the old rows under the new page's numbers), the error with a retry, or
 * the empty state. Null once the page has rows.
 */
export function pagedListState<T>(list: PagedList<T>, noun: string, empty: PagedEmpty, skeletons: ReactNode, gap = 'space-y-2'): ReactNode {
  if ((list.rows === null && list.error === null) || list.changing) {
    return (
      <LoadingRegion label={`Loading ${noun.toLowerCase()}`} className={gap}>
        {skeletons}
      </LoadingRegion>
    )
  }
  if (list.rows === null) {
    return <EmptyState title={`${noun} could not be loaded`} text={list.error ?? ''} action={<Button onClick={() => void list.reload()}>Try again</Button>} />
  }
  if (list.rows.length === 0) return <EmptyState {...empty} />
  return null
}

type ServerPagedProps<T> = Omit<TableProps<T>, 'rows' | 'footer'> & {
  list: PagedList<T>
  noun: string
  empty: PagedEmpty & { icon: ReactNode }
}

/**
 * A server-paged list (usePagedList) as a table: skeleton rows on the first load, an error with a
 * retry, the empty state, or the page on screen with 'Showing x-y of n' and the pages reached so far.
 * While another page or filter loads, skeleton rows stand in; a reload of the same page keeps its rows, dimmed and busy.
 */
export function ServerPagedTable<T>({ list, noun, empty, label, ...table }: ServerPagedProps<T>) {
  const state = pagedListState(
    list,
    noun,
    empty,
    placeholderKeys(5).map((key) => <Skeleton key={key} className="h-14 w-full" />),
  )
  if (state !== null || list.rows === null) return state
  return (
    <div aria-busy={list.fetching} className={list.fetching ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <DataTable
        {...table}
        label={label}
        rows={list.rows}
        footer={
          <Pagination
            page={list.page}
            total={list.total}
            pageSize={list.pageSize || undefined}
            reachable={list.reachable}
            capped={list.totalCapped}
            onPage={list.goToPage}
            label={`${label} pages`}
          />
        }
      />
    </div>
  )
}

/**
 * A cell of text someone typed (a name, an email, a SKU). In the table it wraps onto a second line
 * and is cut with an ellipsis after it (the whole text in its tooltip), so one long value cannot
 * push the other columns off screen while an ordinary product name ('Handwoven Cotton Bedsheet –
 * King Size') is read whole; in the phone cards it wraps, anywhere if it has no spaces.
 */
export function TextCell({ text, className = '' }: { text: string; className?: string }) {
  return (
    <span title={text} className={`block wrap-anywhere sm:line-clamp-2 sm:min-w-32 sm:max-w-36 sm:text-ellipsis ${className}`}>
      {text}
    </span>
  )
}

/**
 * The product column: the first image of the comma-separated ImageURL as a thumbnail, then the
 * name. A lead whose product was deleted keeps its name but has no image: it is marked
 * 'Product removed' instead of showing an empty thumbnail.
 */
export function ProductCell({
  imageUrl,
  name,
  title,
  removed = false,
}: {
  imageUrl: string | null | undefined
  name: string
  title?: string
  removed?: boolean
}) {
  const src = removed ? '' : mediaUrl(imageList(imageUrl)[0])
  return (
    <div className="flex items-center gap-3 whitespace-normal font-medium text-slate-900 sm:min-w-48 sm:max-w-64">
      {src ? (
        <img src={src} alt="" loading="lazy" className="size-11 shrink-0 rounded-lg border border-slate-200 object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 text-slate-400"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-5">
            <path
              strokeLinecap="round"
              strokeLinejoin="round"
              d="m20.25 7.5-.625 10.632a2.25 2.25 0 0 1-2.247 2.118H6.622a2.25 2.25 0 0 1-2.247-2.118L3.75 7.5m6 4.125 4.5 4.5m0-4.5-4.5 4.5M3.375 7.5h17.25c.621 0 1.125-.504 1.125-1.125v-1.5c0-.621-.504-1.125-1.125-1.125H3.375c-.621 0-1.125.504-1.125 1.125v1.5c0 .621.504 1.125 1.125 1.125Z"
            />
          </svg>
        </span>
      )}
      <span className="min-w-0">
        <span title={title} className="block wrap-anywhere">
          {name}
        </span>
        {removed && (
          <span className="mt-0.5 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600" data-product-removed>
            Product removed
          </span>
        )}
      </span>
    </div>
  )
}
