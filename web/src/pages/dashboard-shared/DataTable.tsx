import type { ReactNode } from 'react'
import { imageList, mediaUrl } from '../../lib/format'

/** A card that holds a wide table: it scrolls sideways on phones instead of squeezing columns. */
export function TableCard({ children, footer, label }: { children: ReactNode; footer?: ReactNode; label: string }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {/* relative: screen-reader-only labels in cells are absolutely placed and must not widen the page. */}
      <div className="relative overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">{children}</table>
      </div>
      {footer}
    </div>
  )
}

export function Th({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return (
    <th scope="col" className={`whitespace-nowrap bg-slate-50 px-3 py-3 text-xs font-semibold uppercase tracking-wide text-slate-500 ${className}`}>
      {children}
    </th>
  )
}

export function Td({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return <td className={`whitespace-nowrap px-3 py-3 text-slate-700 ${className}`}>{children}</td>
}

/** The product column: the first image of the comma-separated ImageURL as a thumbnail, then the name. */
export function ProductCell({ imageUrl, name, title }: { imageUrl: string | null | undefined; name: string; title?: string }) {
  const src = mediaUrl(imageList(imageUrl)[0])
  return (
    <div className="flex min-w-48 max-w-72 items-center gap-3 whitespace-normal font-medium text-slate-900">
      {src ? (
        <img src={src} alt="" loading="lazy" className="size-11 shrink-0 rounded-lg border border-slate-200 object-cover" />
      ) : (
        <span aria-hidden="true" className="size-11 shrink-0 rounded-lg bg-slate-100" />
      )}
      <span title={title}>{name}</span>
    </div>
  )
}
