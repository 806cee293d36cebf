/** A grey placeholder block in the shape of content that is still loading. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-slate-200/80 ${className}`} />
}

/** Keys for `count` interchangeable placeholders: they never move or reorder, so their place is their identity. */
export const placeholderKeys = (count: number) => Array.from({ length: count }, (_, i) => `placeholder-${i + 1}`)

/** Announces loading once for a group of skeletons. */
export function LoadingRegion({ label, children, className = '' }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  )
}
