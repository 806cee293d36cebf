import type { ReactNode } from 'react'

/** A dashboard section's title row: heading, one line under it, and an optional action on the right. */
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
