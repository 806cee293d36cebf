import { type CampaignDTO, MEMBER_STATUSES, type MemberStatus } from '@contract/campaigns'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { acceptInvitation, declineInvitation, listJoinedCampaigns } from '../../api/campaigns'
import { Button } from '../../components/Button'
import { SelectField } from '../../components/Field'
import { formatIstDateTime } from '../../lib/istTime'
import { usePagedList } from '../../lib/usePagedList'
import { Section } from '../../components/Section'
import { Icon } from '../dashboard-shared/StatCard'
import { useRowAction } from '../dashboard-shared/useRowAction'
import { AcceptedWork } from './AcceptedWork'
import { CampaignCard } from './CampaignCard'
import { Pill } from './campaignText'
import { PagedCards } from './PagedCards'

const STATUS_LABELS: Record<MemberStatus, string> = { Invited: 'Invited', Applied: 'Applied', Accepted: 'Accepted', Declined: 'Declined' }
const TONE = { Applied: 'amber', Invited: 'sky', Accepted: 'emerald', Declined: 'slate' } as const

/** The influencer's memberships: invitations to answer, applications waiting, campaigns joined (links and deliverables), declined ones. */
export function MyCampaigns() {
  const [status, setStatus] = useState<MemberStatus | ''>('')
  const list = usePagedList<CampaignDTO>(['campaigns', 'joined', status], (cursor, signal) => listJoinedCampaigns(status, cursor, signal))
  const { busyId, run } = useRowAction()
  const client = useQueryClient()
  const after = () => client.invalidateQueries({ queryKey: ['campaigns'] })

  return (
    <Section framed={false} id="my-campaigns-title" title="My campaigns" subtitle="Invitations, applications and the campaigns you are part of.">
      <SelectField label="Show" value={status} onChange={(e) => setStatus(e.target.value as MemberStatus | '')} wrapperClassName="mb-4 sm:max-w-xs">
        <option value="">All</option>
        {MEMBER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </SelectField>
      <PagedCards
        list={list}
        noun="Campaigns"
        label="Your campaigns"
        rowKey={(c) => c.CampaignID}
        empty={{
          icon: <Icon name="box" className="size-6" />,
          title: status ? `No ${STATUS_LABELS[status].toLowerCase()} campaigns` : 'No campaigns yet',
          text: 'Apply to a campaign open to you, or wait for a brand to invite you.',
        }}
      >
        {(c) => {
          const m = c.Membership
          if (!m) return <CampaignCard campaign={c} />
          return (
            <CampaignCard
              campaign={c}
              aside={
                <Pill tone={TONE[m.Status]} attr={{ 'data-membership': m.Status }}>
                  {STATUS_LABELS[m.Status]}
                </Pill>
              }
            >
              {m.Status === 'Invited' && (
                <div className="space-y-3">
                  <p className="text-sm text-slate-700">
                    {c.VendorName} invited you on {formatIstDateTime(m.createdAt)}.
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button busy={busyId === c.CampaignID} onClick={() => void run(c.CampaignID, () => acceptInvitation(c.CampaignID), after)}>
                      Accept invitation
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={busyId === c.CampaignID}
                      onClick={() => void run(c.CampaignID, () => declineInvitation(c.CampaignID), after)}
                    >
                      Decline invitation
                    </Button>
                  </div>
                </div>
              )}
              {m.Status === 'Applied' && (
                <div className="space-y-2 text-sm text-slate-700">
                  <p>
                    You applied on {formatIstDateTime(m.createdAt)}. {c.VendorName} will accept or decline.
                  </p>
                  {m.Pitch && <blockquote className="whitespace-pre-line rounded-xl bg-slate-50 px-4 py-3 wrap-anywhere">{m.Pitch}</blockquote>}
                </div>
              )}
              {m.Status === 'Declined' && (
                <p className="text-sm text-slate-700">
                  {m.DeclinedBy === 'marketer' ? 'You declined the invitation.' : `${c.VendorName} declined your application.`}
                </p>
              )}
              {m.Status === 'Accepted' && <AcceptedWork campaign={c} />}
            </CampaignCard>
          )
        }}
      </PagedCards>
    </Section>
  )
}
