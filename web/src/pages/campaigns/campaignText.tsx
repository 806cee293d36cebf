import type { CampaignStatus } from '@contract/campaigns'
import { formatCommission, formatRupees } from '../../lib/format'
import { formatIstDate } from '../../lib/istTime'

// How a campaign reads on every screen: its reward, its deliverables grouped, its dates and status.

type RewardFields = {
  RewardType: 'Commission' | 'Fee'
  CommissionType: 'Fixed' | 'Percentage' | null
  CommissionValue: number | null
  FeePerDeliverable: number | null
}

/** '15% commission' / '₹300 commission per sale' / '₹2,500 per approved deliverable'. */
export function rewardText(c: RewardFields): string {
  if (c.RewardType === 'Fee') return `${formatRupees(c.FeePerDeliverable ?? 0)} per approved deliverable`
  const value = formatCommission(c.CommissionType ?? 'Fixed', c.CommissionValue ?? 0)
  return c.CommissionType === 'Percentage' ? `${value} commission` : `${value} commission per sale`
}

/** '1 Dec 2026 – 31 Dec 2026' (India's dates). */
export const dateRange = (startsOn: string, endsOn: string) => `${formatIstDate(startsOn)} – ${formatIstDate(endsOn)}`

const STATUS_BADGE: Record<CampaignStatus, string> = {
  Upcoming: 'bg-sky-50 text-sky-800 ring-sky-200',
  Live: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  Ended: 'bg-slate-100 text-slate-700 ring-slate-200',
  Closed: 'bg-rose-50 text-rose-800 ring-rose-200',
}

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <span
      className={`inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_BADGE[status]}`}
      data-campaign-status={status}
    >
      {status}
    </span>
  )
}

export type BadgeTone = 'amber' | 'emerald' | 'sky' | 'slate' | 'rose' | 'violet'

const TONES: Record<BadgeTone, string> = {
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  emerald: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  sky: 'bg-sky-50 text-sky-800 ring-sky-200',
  slate: 'bg-slate-100 text-slate-700 ring-slate-200',
  rose: 'bg-rose-50 text-rose-800 ring-rose-200',
  violet: 'bg-violet-50 text-violet-800 ring-violet-200',
}

/** A small status pill (memberships, deliverables). */
export function Pill({ tone, children, attr }: { tone: BadgeTone; children: React.ReactNode; attr?: Record<`data-${string}`, string> }) {
  return (
    <span className={`inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]}`} {...attr}>
      {children}
    </span>
  )
}
