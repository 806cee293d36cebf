import { formatTotal } from '../lib/format'
import { buttonClasses } from './Button'

export const PAGE_SIZE = 10

export const pageCount = (total: number, pageSize = PAGE_SIZE) => Math.max(1, Math.ceil(total / pageSize))

/** Page numbers to show: all when few, otherwise the ends and the neighbours of the current page. */
/** A gap is named after the page that follows it, so each item has its own key. */
type PageItem = number | `gap-before-${number}`

function visiblePages(current: number, count: number): PageItem[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1)
  const pages = new Set([1, count, current - 1, current, current + 1].filter((p) => p >= 1 && p <= count))
  const sorted = [...pages].sort((a, b) => a - b)
  const out: PageItem[] = []
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(`gap-before-${p}`)
    out.push(p)
  })
  return out
}

type PaginationProps = {
  page: number
  total: number
  pageSize?: number
  onPage: (page: number) => void
  label?: string
  /** For server-paged lists: only pages up to this one can be opened (keyset cursors go forward one page at a time). */
  reachable?: number
  /** The server stopped counting at `total` (decision 295): 'of 1,000+', and the pages go on while the next one is reachable. */
  capped?: boolean
}

/** 'Showing x-y of n', Previous, numbered pages, Next (spec 000 section 2: tables paged at 10 rows). */
export function Pagination({ page, total, pageSize = PAGE_SIZE, onPage, label = 'Pagination', reachable, capped = false }: PaginationProps) {
  const count = capped ? Math.max(pageCount(total, pageSize), reachable ?? 0, page) : pageCount(total, pageSize)
  const shown = reachable === undefined ? count : Math.min(count, Math.max(reachable, page))
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = capped ? page * pageSize : Math.min(page * pageSize, total)
  return (
    <nav aria-label={label} className="flex flex-col items-center gap-3 border-t border-slate-100 px-4 py-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-slate-600">
        Showing {first.toLocaleString('en-IN')}-{last.toLocaleString('en-IN')} of {formatTotal(total, capped)}
      </p>
      <div className="flex flex-wrap items-center justify-center gap-1">
        <button type="button" className={buttonClasses('secondary', 'sm')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        {visiblePages(page, shown).map((p) =>
          typeof p === 'string' ? (
            <span key={p} className="px-1 text-slate-400" aria-hidden="true">
              …
            </span>
          ) : (
            <button
              key={p}
              type="button"
              aria-current={p === page ? 'page' : undefined}
              aria-label={`Page ${p}`}
              onClick={() => onPage(p)}
              className={`size-9 rounded-lg text-sm font-semibold ${p === page ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {p}
            </button>
          ),
        )}
        <button type="button" className={buttonClasses('secondary', 'sm')} disabled={page >= count} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  )
}
