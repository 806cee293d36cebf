import type { CampaignDTO } from '@contract/campaigns'
import type { ReactNode } from 'react'
import { formatRupees } from '../../lib/format'
import { formatCount } from '../dashboard-shared/Performance'
import { dateRange, rewardText } from './campaignText'
import { cardClasses } from '../../components/Card'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900 wrap-anywhere">{children}</dd>
    </div>
  )
}

/** Who may apply, in words: 'Anyone' or '10,000+ followers · Fashion, Beauty · India · verified only'. */
export function eligibilityText(c: CampaignDTO): string {
  const e = c.Eligibility
  const parts = [
    e.MinFollowers > 0 ? `${formatCount(e.MinFollowers)}+ followers` : '',
    e.Categories.join(', '),
    e.Countries.join(', '),
    e.VerifiedOnly ? 'verified only' : '',
  ].filter(Boolean)
  return parts.length ? parts.join(' · ') : 'Any creator'
}

/**
 * A campaign's brief and terms: reward, deliverables, dates, places, who may apply, and each
 * product with what a campaign lead earns. The vendor's page and the influencer's cards both show it.
 */
export function CampaignSummary({ campaign: c, compact = false }: { campaign: CampaignDTO; compact?: boolean }) {
  return (
    <div className={compact ? 'space-y-4' : `space-y-4 ${cardClasses()}`}>
      <p className="whitespace-pre-line text-sm text-slate-700 wrap-anywhere" data-campaign-brief>
        {c.Brief}
      </p>
      <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3">
        <Fact label="Reward">{rewardText(c)}</Fact>
        <Fact label="Deliverables">{c.DeliverablesText}</Fact>
        <Fact label="Dates">{dateRange(c.StartsOn, c.EndsOn)}</Fact>
        <Fact label="Creators">
          {c.AcceptedCount} of {c.CreatorsWanted} accepted
        </Fact>
        <Fact label="Who may apply">{eligibilityText(c)}</Fact>
        <Fact label="Brand">{c.VendorName}</Fact>
      </dl>
      <div>
        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Products</h3>
        <ul className="mt-1 divide-y divide-slate-100" aria-label={`Products in ${c.Title}`}>
          {c.Products.map((p) => (
            <li key={p.ProductID} className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <span className="min-w-0 font-medium text-slate-900 wrap-anywhere">
                {p.ProductName}
                {!p.IsActive && <span className="ml-2 text-xs font-semibold text-rose-700">Switched off</span>}
              </span>
              <span className="shrink-0 text-slate-600">
                {formatRupees(p.Price)} · earns {formatRupees(p.CampaignCommissionAmount, 2)} per sale
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
