import type { ReactNode } from 'react'
import { Card, type CardPadding } from './Card'

/** A section's title row: heading, one line under it, and an optional action on the right. */
export function SectionHeader({ id, title, subtitle, action }: { id: string; title: ReactNode; subtitle?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <h2 id={id} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {subtitle && <p className="text-sm text-slate-500">{subtitle}</p>}
      </div>
      {action}
    </div>
  )
}

/**
 * A titled part of a screen: a <section> named by its heading (`id` is the heading's id), framed
 * as a Card unless `framed` is false (a dashboard tab's sections that hold tables and stat cards).
 */
export function Section({
  id,
  title,
  subtitle,
  action,
  framed = true,
  padding,
  className = '',
  children,
}: {
  id: string
  title: ReactNode
  subtitle?: ReactNode
  action?: ReactNode
  framed?: boolean
  padding?: CardPadding
  className?: string
  children: ReactNode
}) {
  const header = <SectionHeader id={id} title={title} subtitle={subtitle} action={action} />
  if (!framed)
    return (
      <section aria-labelledby={id} className={className || undefined}>
        {header}
        {children}
      </section>
    )
  return (
    <Card as="section" aria-labelledby={id} padding={padding} className={className}>
      {header}
      {children}
    </Card>
  )
}
