import type { LeadStatus } from '@contract/lead'

/** Spec 000 section 4: Pending yellow, Lost red, Converted green (selects and badges alike). */
export const STATUS_TONES: Record<LeadStatus, string> = {
  Pending: 'bg-amber-100 text-amber-800 border-amber-200',
  Lost: 'bg-rose-100 text-rose-800 border-rose-200',
  Converted: 'bg-emerald-100 text-emerald-800 border-emerald-200',
}

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[status]}`}>{status}</span>
}
