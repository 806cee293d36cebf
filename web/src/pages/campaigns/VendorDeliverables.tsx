import {
  CAMPAIGN_MESSAGES,
  type CampaignDTO,
  changesSchema,
  DELIVERABLE_STATUSES,
  type DeliverableDTO,
  type DeliverableStatus,
  NOTE_MAX,
  NOTE_MIN,
} from '@contract/campaigns'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { approveDeliverable, listDeliverables, requestChanges } from '../../api/campaigns'
import { Button } from '../../components/Button'
import { SelectField } from '../../components/Field'
import { NoteDialog, type NoteRequest } from '../../components/NoteDialog'
import { formatRupees } from '../../lib/format'
import { formatIstDateTime } from '../../lib/istTime'
import { usePagedList } from '../../lib/usePagedList'
import { Icon } from '../dashboard-shared/StatCard'
import { useRowAction } from '../dashboard-shared/useRowAction'
import { DELIVERABLE_STATUS_LABELS, DeliverableStatusPill, PostLink } from './deliverableParts'
import { Card } from '../../components/Card'
import { PagedCards } from './PagedCards'

/** The first problem with a note, in the contract's words. */
const noteProblem = (text: string) => {
  const parsed = changesSchema.safeParse({ Note: text })
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? CAMPAIGN_MESSAGES.noteRequired)
}

/** Every accepted creator's items: submitted ones first to approve or send back with a note. */
export function CampaignDeliverables({ campaign }: { campaign: CampaignDTO }) {
  const id = campaign.CampaignID
  const [status, setStatus] = useState<DeliverableStatus | ''>('')
  const list = usePagedList<DeliverableDTO>(['campaigns', 'deliverables', id, status], (cursor, signal) => listDeliverables(id, status, cursor, signal))
  const { busyId, run } = useRowAction()
  const [asking, setAsking] = useState<NoteRequest | null>(null)
  const client = useQueryClient()
  // An approval of a Fee campaign writes money: the stats and the ledger views read again.
  const after = () => Promise.all([list.reload(), client.invalidateQueries({ queryKey: ['campaigns', 'stats', id] })])

  const askChanges = (d: DeliverableDTO): NoteRequest => ({
    title: 'Ask for changes',
    intro: (
      <p>
        {d.MarketerName}'s {d.Item} goes back to them with your note. They fix the post and submit it again.
      </p>
    ),
    label: 'What should change',
    hint: `${NOTE_MIN} to ${NOTE_MAX} characters.`,
    confirm: 'Send note',
    maxLength: NOTE_MAX,
    problem: noteProblem,
    run: async (text) => {
      const res = await requestChanges(id, d.DeliverableID, text)
      await after()
      return res
    },
  })

  return (
    <section aria-labelledby="review-title">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h3 id="review-title" className="font-semibold text-slate-900">
            Deliverables
          </h3>
          <p className="text-sm text-slate-600">
            {campaign.DeliverablesText} from each accepted creator.
            {campaign.RewardType === 'Fee' && ` Each approval pays ${formatRupees(campaign.FeePerDeliverable ?? 0)} into their earnings.`}
          </p>
        </div>
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as DeliverableStatus | '')} wrapperClassName="sm:w-56">
          <option value="">All</option>
          {DELIVERABLE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {DELIVERABLE_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </div>
      <PagedCards
        list={list}
        noun="Deliverables"
        label="Deliverables to review"
        rowKey={(d) => d.DeliverableID}
        empty={{
          icon: <Icon name="check" className="size-6" />,
          title: status ? 'None with this status' : 'No deliverables yet',
          text: 'Each accepted creator owes every deliverable once; what they submit waits here for your review.',
        }}
      >
        {(d) => (
          <Card data-deliverable-row={d.DeliverableID}>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900 wrap-anywhere">
                  {d.Item} <span className="font-normal text-slate-600">· {d.MarketerName}</span>
                </p>
                {d.submittedAt && <p className="text-xs text-slate-500">Submitted {formatIstDateTime(d.submittedAt)}</p>}
              </div>
              <DeliverableStatusPill status={d.Status} />
            </div>
            {d.PostURL && <PostLink url={d.PostURL} disclosed={d.Disclosed} />}
            {d.Note && (
              <p className="mt-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 wrap-anywhere">
                <span className="font-semibold">Your note: </span>
                {d.Note}
              </p>
            )}
            {d.Status === 'Approved' && d.Fee !== null && (
              <p className="mt-2 text-sm text-emerald-800">
                Fee {formatRupees(d.Fee, 2)} added to {d.MarketerName}'s earnings{d.reviewedAt ? ` on ${formatIstDateTime(d.reviewedAt)}` : ''}.
              </p>
            )}
            {d.Status === 'Submitted' && (
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  busy={busyId === d.DeliverableID}
                  onClick={() => void run(d.DeliverableID, () => approveDeliverable(id, d.DeliverableID), after)}
                  aria-label={`Approve ${d.MarketerName}'s ${d.Item}`}
                >
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busyId === d.DeliverableID}
                  onClick={() => setAsking(askChanges(d))}
                  aria-label={`Ask for changes: ${d.MarketerName}'s ${d.Item}`}
                >
                  Ask for changes
                </Button>
              </div>
            )}
          </Card>
        )}
      </PagedCards>
      <NoteDialog request={asking} onClose={() => setAsking(null)} onDone={() => undefined} />
    </section>
  )
}
