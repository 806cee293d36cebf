import { DISPUTE_MESSAGES, DISPUTE_NOTE_MAX, DISPUTE_NOTE_MIN, type DisputeDTO, type DisputeState } from '@contract/disputes'
import { Button } from '../../components/Button'
import type { NoteRequest } from '../../components/NoteDialog'
import { formatDate } from '../../lib/format'
import type { PagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from './DataTable'
import { money } from './money'
import { Icon } from './StatCard'

// Disputes as the entry's vendor and the back office read them: the entry, the vendor's
// reason, the influencer's note, and a way to resolve it with a note of one's own.

/** Columns of notes and reasons wrap on wider screens instead of widening the table. */
export const NOTE_COLUMN = 'sm:min-w-48 sm:max-w-xs sm:whitespace-normal'

export const DISPUTE_STATE_LABELS: ReadonlyArray<readonly [DisputeState, string]> = [
  ['open', 'Open'],
  ['resolved', 'Resolved'],
  ['all', 'All'],
]

function Wrapped({ text }: { text: string | null }) {
  return text ? <span className="block break-words">{text}</span> : <span className="text-slate-400">—</span>
}

export function DisputesTable({ list, showVendor, onResolve }: { list: PagedList<DisputeDTO>; showVendor: boolean; onResolve: (dispute: DisputeDTO) => void }) {
  const columns: Column<DisputeDTO>[] = [
    { label: 'Raised', cell: (d) => formatDate(d.createdAt) },
    ...(showVendor ? [{ label: 'Vendor', cell: (d: DisputeDTO) => <TextCell text={d.VendorName} /> }] : []),
    { label: 'Influencer', cell: (d) => <TextCell text={d.MarketerName} /> },
    { label: 'Entry', cell: (d) => <TextCell text={`#${d.EntryID} · ${d.ProductName}`} /> },
    {
      label: 'Amount',
      cell: (d) => (
        <span className={d.Amount < 0 ? 'text-violet-700' : ''}>
          {money(d.Amount)}
          {d.reversed && <span className="block text-xs text-slate-500">reversed</span>}
        </span>
      ),
    },
    { label: 'Reason given', wide: true, className: NOTE_COLUMN, cell: (d) => <Wrapped text={d.Reason} /> },
    { label: 'Influencer’s note', wide: true, className: NOTE_COLUMN, cell: (d) => <Wrapped text={d.Note} /> },
    {
      label: 'State',
      wide: true,
      className: NOTE_COLUMN,
      cell: (d) =>
        d.resolvedAt === null ? (
          <Button size="sm" variant="secondary" onClick={() => onResolve(d)} aria-label={`Resolve ${d.MarketerName}'s dispute of entry ${d.EntryID}`}>
            Resolve
          </Button>
        ) : (
          <span className="flex flex-col gap-0.5" data-dispute-state="resolved">
            <span className="text-xs font-semibold text-slate-700">
              Resolved by {d.resolvedBy === 'admin' ? 'Collabkart' : 'the vendor'} on {formatDate(d.resolvedAt)}
            </span>
            <Wrapped text={d.ResolutionNote} />
          </span>
        ),
    },
  ]
  return (
    <ServerPagedTable
      list={list}
      noun="Disputes"
      label="Disputes"
      columns={columns}
      rowKey={(d) => d.DisputeID}
      rowAttr="data-dispute-row"
      empty={{ icon: <Icon name="check" className="size-6" />, title: 'No disputes', text: 'When an influencer disputes an entry, it shows up here.' }}
    />
  )
}

/** The dialog that resolves a dispute with a note the influencer reads. */
export function resolveRequest(dispute: DisputeDTO, run: (note: string) => Promise<{ message: string }>): NoteRequest {
  return {
    title: 'Resolve this dispute',
    intro: (
      <>
        <p className="font-medium text-slate-900">
          {dispute.MarketerName} · {money(dispute.Amount)} · {dispute.ProductName}
        </p>
        <p>
          They wrote: <span className="italic">{dispute.Note}</span>
        </p>
        <p>Your note is shown to {dispute.MarketerName} beside the entry.</p>
      </>
    ),
    label: 'Resolution note',
    hint: `${DISPUTE_NOTE_MIN} to ${DISPUTE_NOTE_MAX} characters.`,
    confirm: 'Resolve',
    maxLength: DISPUTE_NOTE_MAX,
    problem: (text) => (text.length >= DISPUTE_NOTE_MIN && text.length <= DISPUTE_NOTE_MAX ? null : DISPUTE_MESSAGES.noteLength),
    run,
  }
}
