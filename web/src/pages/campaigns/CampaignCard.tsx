import type { CampaignDTO } from '@contract/campaigns'
import type { ReactNode } from 'react'
import { CampaignSummary } from './CampaignSummary'
import { CampaignStatusBadge } from './campaignText'
import { Card } from '../../components/Card'

/** A campaign as an influencer sees it in a list: title, brand and status, the brief and terms, then what they can do. */
export function CampaignCard({ campaign: c, children, aside }: { campaign: CampaignDTO; children?: ReactNode; aside?: ReactNode }) {
  return (
    <Card data-campaign-card={c.CampaignID}>
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="text-lg font-bold text-slate-900 wrap-anywhere">{c.Title}</h3>
          <p className="text-sm text-slate-600 wrap-anywhere">by {c.VendorName}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          {aside}
          <CampaignStatusBadge status={c.Status} />
        </div>
      </div>
      <CampaignSummary campaign={c} compact />
      {children && <div className="mt-4 border-t border-slate-100 pt-4">{children}</div>}
    </Card>
  )
}
