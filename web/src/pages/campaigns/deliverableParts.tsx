import type { DeliverableStatus } from '@contract/campaigns'
import { Pill } from './campaignText'

export const DELIVERABLE_STATUS_LABELS: Record<DeliverableStatus, string> = {
  Due: 'Due',
  Submitted: 'Waiting for review',
  Approved: 'Approved',
  ChangesRequested: 'Changes requested',
}

const TONE = { Due: 'slate', Submitted: 'sky', Approved: 'emerald', ChangesRequested: 'amber' } as const

export function DeliverableStatusPill({ status }: { status: DeliverableStatus }) {
  return (
    <Pill tone={TONE[status]} attr={{ 'data-deliverable-status': status }}>
      {DELIVERABLE_STATUS_LABELS[status]}
    </Pill>
  )
}

/** The submitted post, opened in a new tab, and whether it was declared as an ad. */
export function PostLink({ url, disclosed }: { url: string; disclosed: boolean }) {
  return (
    <p className="mt-2 flex flex-col gap-0.5 text-sm sm:flex-row sm:flex-wrap sm:items-baseline sm:gap-x-3">
      <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-brand-700 underline underline-offset-2 wrap-anywhere">
        {url}
      </a>
      {disclosed && <span className="text-xs font-semibold text-emerald-700">Marked as an ad (#Ad)</span>}
    </p>
  )
}
