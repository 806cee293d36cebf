import type { CampaignDTO } from '@contract/campaigns'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { closeCampaign, getCampaign } from '../../api/campaigns'
import { errorMessage } from '../../api/client'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { Modal } from '../../components/Modal'
import { LoadingRegion, Skeleton } from '../../components/Skeleton'
import { toast } from '../../lib/toast'
import { DashboardTabs, type TabDef } from '../dashboard-shared/DashboardTabs'
import { CampaignSummary } from './CampaignSummary'
import { CampaignStatusBadge } from './campaignText'
import { CampaignDeliverables } from './VendorDeliverables'
import { CampaignInbox } from './VendorInbox'
import { CampaignStats } from './VendorStats'
import { BackIcon } from '../../components/BackIcon'

const VIEWS = [
  { key: 'creators', label: 'Creators' },
  { key: 'deliverables', label: 'Deliverables' },
  { key: 'stats', label: 'Stats' },
] as const satisfies readonly TabDef<string>[]
type View = (typeof VIEWS)[number]['key']

/** The part of the campaign page on screen, in `?view=` beside `?campaign=`. */
function useView(): [View, (v: View) => void] {
  const [params, setParams] = useSearchParams()
  const current = VIEWS.find((v) => v.key === params.get('view'))?.key ?? 'creators'
  const select = (v: View) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev)
      if (v === 'creators') p.delete('view')
      else p.set('view', v)
      return p
    })
  return [current, select]
}

export const campaignKey = (id: number) => ['campaigns', 'one', id] as const

/** One campaign as its vendor sees it: the brief and its status (Close), then creators, deliverables and figures. */
export function VendorCampaignPage({ campaignId, onBack }: { campaignId: number; onBack: () => void }) {
  const campaign = useQuery({ queryKey: campaignKey(campaignId), queryFn: () => getCampaign(campaignId), staleTime: 0 })
  const [view, setView] = useView()
  const back = (
    <Button variant="secondary" size="sm" onClick={onBack} className="whitespace-nowrap">
      <BackIcon />
      All campaigns
    </Button>
  )

  if (campaign.isPending) {
    return (
      <LoadingRegion label="Loading the campaign" className="space-y-4">
        {back}
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-48 w-full rounded-2xl" />
      </LoadingRegion>
    )
  }
  if (campaign.isError) {
    return (
      <div className="space-y-4">
        {back}
        <EmptyState
          title="This campaign could not be loaded"
          text={errorMessage(campaign.error)}
          action={<Button onClick={() => void campaign.refetch()}>Try again</Button>}
        />
      </div>
    )
  }
  const c = campaign.data
  return (
    <section aria-labelledby="campaign-title" className="space-y-6" data-campaign-page={c.CampaignID}>
      <div className="space-y-3">
        {back}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2 id="campaign-title" className="text-xl font-bold text-slate-900 wrap-anywhere sm:text-2xl">
              {c.Title}
            </h2>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <CampaignStatusBadge status={c.Status} />
              <span>{c.Access === 'Open' ? 'Open to applications' : 'Invite only'}</span>
            </div>
          </div>
          <CloseCampaign campaign={c} />
        </div>
      </div>
      <CampaignSummary campaign={c} />
      <div>
        <DashboardTabs tabs={VIEWS} current={view} onSelect={setView} label="Campaign sections" />
        <div role="tabpanel" id={`panel-${view}`} aria-labelledby={`tab-${view}`} className="pt-5">
          {view === 'creators' && <CampaignInbox campaign={c} />}
          {view === 'deliverables' && <CampaignDeliverables campaign={c} />}
          {view === 'stats' && <CampaignStats campaign={c} />}
        </div>
      </div>
    </section>
  )
}

/** 'Close campaign' while it is upcoming or live: applications stop and links fall back to the products' own commission. */
function CloseCampaign({ campaign }: { campaign: CampaignDTO }) {
  const [confirming, setConfirming] = useState(false)
  const client = useQueryClient()
  const close = useMutation({
    mutationFn: () => closeCampaign(campaign.CampaignID),
    onSuccess: (res) => {
      toast.success(res.message)
      client.setQueryData(campaignKey(campaign.CampaignID), res.data)
      void client.invalidateQueries({ queryKey: ['campaigns'] })
      setConfirming(false)
    },
  })
  if (campaign.Status !== 'Live' && campaign.Status !== 'Upcoming') return null
  return (
    <>
      <Button variant="secondary" className="self-start" onClick={() => setConfirming(true)}>
        Close campaign
      </Button>
      <Modal
        open={confirming}
        title="Close this campaign?"
        onClose={() => setConfirming(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep it open
            </Button>
            <Button variant="danger" busy={close.isPending} onClick={() => close.mutate()}>
              Close campaign
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          No one can apply or be accepted any more. Creators' campaign links keep working, at each product's own commission from now on.
        </p>
      </Modal>
    </>
  )
}
