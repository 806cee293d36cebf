import { type CampaignDTO, type CampaignMemberDTO, MEMBER_STATUSES, type MemberStatus } from '@contract/campaigns'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { acceptMember, declineMember, listMembers } from '../../api/campaigns'
import { Avatar } from '../../components/Avatar'
import { Button, ButtonLink } from '../../components/Button'
import { VerifiedBadge } from '../../components/VerifiedBadge'
import { formatIstDateTime } from '../../lib/istTime'
import { formatRate } from '../../lib/influencer'
import { usePagedList } from '../../lib/usePagedList'
import { formatCount } from '../dashboard-shared/Performance'
import { Icon } from '../dashboard-shared/StatCard'
import { useRowAction } from '../dashboard-shared/useRowAction'
import { Card } from '../../components/Card'
import { PagedCards } from './PagedCards'
import { Pill } from './campaignText'

const EMPTY: Record<MemberStatus, { title: string; text: string }> = {
  Applied: { title: 'No applications waiting', text: 'Creators who qualify apply with a pitch; each one waits here for your answer.' },
  Invited: { title: 'No open invitations', text: 'Invite creators from the influencer directory or their profile.' },
  Accepted: { title: 'No creators accepted yet', text: 'Accept an application, or invite a creator who then accepts.' },
  Declined: { title: 'Nobody declined', text: 'Applications you decline and invitations a creator turns down show here.' },
}

/** Segmented buttons for the inbox's status; each says how many wait when the campaign knows. */
function StatusSwitch({ value, onChange, campaign }: { value: MemberStatus; onChange: (s: MemberStatus) => void; campaign: CampaignDTO }) {
  const count: Partial<Record<MemberStatus, number>> = { Applied: campaign.AppliedCount, Accepted: campaign.AcceptedCount }
  return (
    <fieldset className="mb-4 flex min-w-0 flex-wrap gap-2">
      <legend className="sr-only">Show creators who are</legend>
      {MEMBER_STATUSES.map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={s === value}
          onClick={() => onChange(s)}
          className={`rounded-full px-3.5 py-1.5 text-sm font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-brand-500 ${s === value ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
        >
          {s}
          {count[s] !== undefined && <span className="ml-1.5 tabular-nums">{count[s]}</span>}
        </button>
      ))}
    </fieldset>
  )
}

/** The campaign's inbox: applications to accept or decline, invitations sent, creators accepted and declined. */
export function CampaignInbox({ campaign }: { campaign: CampaignDTO }) {
  const [status, setStatus] = useState<MemberStatus>(campaign.AppliedCount > 0 || campaign.AcceptedCount === 0 ? 'Applied' : 'Accepted')
  const id = campaign.CampaignID
  const list = usePagedList<CampaignMemberDTO>(['campaigns', 'members', id, status], (cursor, signal) => listMembers(id, status, cursor, signal))
  const { busyId, run } = useRowAction()
  const client = useQueryClient()
  // The answered creator leaves this list and the campaign's counts change: both are read again.
  const after = () => Promise.all([list.reload(), client.invalidateQueries({ queryKey: ['campaigns'] })])
  const full = campaign.AcceptedCount >= campaign.CreatorsWanted

  return (
    <section aria-labelledby="inbox-title">
      <h3 id="inbox-title" className="sr-only">
        Creators
      </h3>
      <StatusSwitch value={status} onChange={setStatus} campaign={campaign} />
      {status === 'Applied' && full && (
        <p className="mb-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          All {campaign.CreatorsWanted} places are taken: you can decline applications, not accept more.
        </p>
      )}
      <PagedCards
        list={list}
        noun="Creators"
        label={`${status} creators`}
        rowKey={(m) => m.MarketerID}
        empty={{
          ...EMPTY[status],
          icon: <Icon name="users" className="size-6" />,
          action: status === 'Invited' ? <ButtonLink to="/influencer">Open the directory</ButtonLink> : undefined,
        }}
      >
        {(m) => (
          <MemberCard member={m}>
            {m.Status === 'Applied' && (
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  busy={busyId === m.MarketerID}
                  onClick={() => void run(m.MarketerID, () => acceptMember(id, m.MarketerID), after)}
                  aria-label={`Accept ${m.Creator.MarketerName}`}
                >
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busyId === m.MarketerID}
                  onClick={() => void run(m.MarketerID, () => declineMember(id, m.MarketerID), after)}
                  aria-label={`Decline ${m.Creator.MarketerName}`}
                >
                  Decline
                </Button>
              </div>
            )}
          </MemberCard>
        )}
      </PagedCards>
    </section>
  )
}

const MEMBER_TONE = { Applied: 'amber', Invited: 'sky', Accepted: 'emerald', Declined: 'slate' } as const

function memberLine(m: CampaignMemberDTO): string {
  if (m.Status === 'Applied') return `Applied ${formatIstDateTime(m.createdAt)}`
  if (m.Status === 'Invited') return `Invited ${formatIstDateTime(m.createdAt)}`
  const when = m.answeredAt ? ` ${formatIstDateTime(m.answeredAt)}` : ''
  if (m.Status === 'Accepted') return `Accepted${when}`
  return m.DeclinedBy === 'marketer' ? `Declined by the creator${when}` : `Declined by you${when}`
}

/** The creator's card: picture, name (their profile), category, place, reach and engagement, then the pitch. */
function MemberCard({ member: m, children }: { member: CampaignMemberDTO; children: React.ReactNode }) {
  const c = m.Creator
  return (
    <Card data-member-row={m.MarketerID}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar name={c.MarketerName} path={c.MarketerProfilePic} size="md" />
          <div className="min-w-0">
            <p className="flex items-center gap-1 font-semibold text-slate-900">
              <Link to={c.profilePath} className="wrap-anywhere hover:underline">
                {c.MarketerName}
              </Link>
              {c.Verified && <VerifiedBadge />}
            </p>
            <p className="text-sm text-slate-600 wrap-anywhere">{[c.Category, c.Location].filter(Boolean).join(' · ') || 'No category or place yet'}</p>
            <p className="text-sm text-slate-600">
              <span className="font-semibold text-slate-900">{formatCount(c.totalReach)}</span> reach ·{' '}
              <span className="font-semibold text-slate-900">{formatRate(c.engagementRate)}</span> est. engagement
            </p>
          </div>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <Pill tone={MEMBER_TONE[m.Status]} attr={{ 'data-member-status': m.Status }}>
            {m.Status}
          </Pill>
          <span className="text-xs text-slate-500">{memberLine(m)}</span>
        </div>
      </div>
      {m.Pitch && (
        <blockquote className="mt-3 whitespace-pre-line rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700 wrap-anywhere" data-pitch>
          {m.Pitch}
        </blockquote>
      )}
      {children && <div className="mt-3">{children}</div>}
    </Card>
  )
}
