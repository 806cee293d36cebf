import { DISPUTE_MESSAGES, DISPUTE_NOTE_MAX, DISPUTE_NOTE_MIN } from '@contract/disputes'
import type { EntryStatus, ListedEntryDTO, PayoutDTO, EntryDisputeState } from '@contract/payouts'
import { ENTRY_STATUSES } from '@contract/payouts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { disputeEntry, getMarketerBalance, listEntries, listPayouts } from '../../api/money'
import { errorMessage } from '../../api/client'
import { Button } from '../../components/Button'
import { SelectField } from '../../components/Field'
import { NoteDialog, type NoteRequest } from '../../components/NoteDialog'
import { formatDate } from '../../lib/format'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { DateRangeCsv } from '../dashboard-shared/DateRangeCsv'
import { Section } from '../../components/Section'
import { NOTE_COLUMN } from '../dashboard-shared/Disputes'
import { EntryStatusCell, money, PayableCard, useFreshMoney } from '../dashboard-shared/money'
import { Icon, LoadError, StatCard } from '../dashboard-shared/StatCard'
import { PayoutDetailsForm } from './PayoutDetailsForm'

/** The entry's columns; the last one raises a dispute. */
function entryColumns(onDispute: (entry: ListedEntryDTO) => void): Column<ListedEntryDTO>[] {
  return [
    { label: 'Date converted', cell: (e) => formatDate(e.convertedAt) },
    { label: 'Product', wide: true, cell: (e) => <TextCell text={e.ProductName} /> },
    { label: 'Vendor', cell: (e) => <TextCell text={e.VendorName} /> },
    { label: 'Amount', cell: (e) => <span className={e.Amount < 0 ? 'text-violet-700' : ''}>{money(e.Amount)}</span> },
    { label: 'Status', cell: (e) => <EntryStatusCell entry={e} /> },
    { label: 'Reason', wide: true, className: NOTE_COLUMN, cell: (e) => <EntryReasonCell entry={e} /> },
    {
      label: 'Dispute',
      wide: true,
      className: NOTE_COLUMN,
      cell: (e) =>
        e.dispute && e.dispute.resolvedAt === null ? (
          <DisputeState dispute={e.dispute} />
        ) : (
          <span className="flex flex-col items-start gap-1">
            {e.dispute && <DisputeState dispute={e.dispute} />}
            <Button variant="secondary" size="sm" onClick={() => onDispute(e)} aria-label={`Dispute the ${money(e.Amount)} entry for ${e.ProductName}`}>
              Dispute
            </Button>
          </span>
        ),
    },
  ]
}

/** The vendor's words for why the entry was written or reversed, or a dash. */
function EntryReasonCell({ entry }: { entry: ListedEntryDTO }) {
  const reversal = entry.status === 'reversed' ? entry.reversedReason : null
  if (!reversal && !entry.Reason) return <span className="text-slate-400">—</span>
  return (
    <span className="flex flex-col gap-1 text-sm" data-entry-reason>
      {entry.Reason && <span className="break-words">{entry.Reason}</span>}
      {reversal && (
        <span className="break-words">
          <span className="font-medium text-slate-600">Reversed: </span>
          {reversal}
        </span>
      )}
    </span>
  )
}

function DisputeState({ dispute }: { dispute: EntryDisputeState }) {
  const open = dispute.resolvedAt === null
  const by = dispute.resolvedBy === 'admin' ? 'Collabkart' : 'the vendor'
  return (
    <span className="flex flex-col gap-0.5" data-dispute-state={open ? 'open' : 'resolved'}>
      <span
        className={`inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${open ? 'bg-amber-50 text-amber-800 ring-amber-200' : 'bg-slate-100 text-slate-700 ring-slate-200'}`}
      >
        {open ? 'Disputed' : `Resolved by ${by}`}
      </span>
      <span className="break-words text-xs text-slate-500">{open ? `You wrote: ${dispute.Note}` : dispute.ResolutionNote}</span>
    </span>
  )
}

/** The dialog for a dispute: the entry, its reason, and the influencer's note. */
function disputeRequest(entry: ListedEntryDTO, done: () => void): NoteRequest {
  return {
    title: 'Dispute this entry',
    intro: (
      <>
        <p className="font-medium text-slate-900">
          {money(entry.Amount)} · {entry.ProductName} · {entry.VendorName}
        </p>
        <p>Your note goes to {entry.VendorName} and to Collabkart. Say what you think is wrong and what you can show.</p>
      </>
    ),
    label: 'Your note',
    hint: `${DISPUTE_NOTE_MIN} to ${DISPUTE_NOTE_MAX} characters.`,
    confirm: 'Send dispute',
    maxLength: DISPUTE_NOTE_MAX,
    problem: (text) => (text.length >= DISPUTE_NOTE_MIN && text.length <= DISPUTE_NOTE_MAX ? null : DISPUTE_MESSAGES.noteLength),
    run: async (text) => {
      const result = await disputeEntry(entry.EntryID, text)
      done()
      return result
    },
  }
}

const PAYOUT_COLUMNS: readonly Column<PayoutDTO>[] = [
  { label: 'Date', cell: (p) => formatDate(p.PaidOn) },
  { label: 'Vendor', cell: (p) => <TextCell text={p.VendorName} /> },
  { label: 'Gross', cell: (p) => money(p.Gross) },
  { label: 'TDS', cell: (p) => money(p.TDS) },
  { label: 'Net', cell: (p) => <span className="font-semibold">{money(p.Net)}</span> },
  { label: 'Method', cell: (p) => p.Method },
  { label: 'Reference', cell: (p) => <span className="font-mono text-xs">{p.UTR}</span> },
]

const STATUS_LABELS: Record<EntryStatus, string> = { pending: 'Pending', payable: 'Payable', paid: 'Paid', reversed: 'Reversed', adjustment: 'Adjustments' }

/** Shared by the tab and the dashboard's nudge: one request for both. */
export const useMarketerBalance = () => useQuery({ queryKey: ['money', 'balance'], queryFn: getMarketerBalance })

/**
 * On every tab of the dashboard while something is payable and no payout details are set: vendors
 * cannot pay without them.
 */
export function PayoutDetailsNudge({ onOpen }: { onOpen: () => void }) {
  const balance = useMarketerBalance()
  const b = balance.data
  if (!b?.needsPayoutDetails) return null
  return (
    <div
      role="status"
      className="mb-4 flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
      data-payout-nudge
    >
      <span>You have {money(b.payable)} payable. Add your UPI ID or bank account so vendors can pay you.</span>
      <button type="button" onClick={onOpen} className="self-start font-semibold underline underline-offset-2 sm:self-auto">
        Add payout details
      </button>
    </div>
  )
}

/** The influencer's money: what is clearing, payable and paid, the entries, payouts and payout details. */
export function EarningsTab() {
  useFreshMoney()
  const balance = useMarketerBalance()
  const [status, setStatus] = useState<EntryStatus | ''>('')
  const [vendorId, setVendorId] = useState<number | ''>('')
  const entries = usePagedList(['money', 'entries', status, vendorId], (cursor, signal) => listEntries({ status, vendorId }, cursor, signal))
  const [disputing, setDisputing] = useState<NoteRequest | null>(null)
  const columns = entryColumns((entry) => setDisputing(disputeRequest(entry, () => void entries.reload())))
  const payouts = usePagedList(['money', 'payouts'], listPayouts)
  const b = balance.data
  const loading = balance.isPending

  return (
    <div className="space-y-8">
      {balance.error && <LoadError message={errorMessage(balance.error)} onRetry={() => void balance.refetch()} />}
      <Section framed={false} id="earnings-title" title="Earnings" subtitle={`Commission from converted leads. Financial year ${b?.financialYear ?? ''}.`}>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <StatCard label="Pending (clearing)" value={money(b?.pending ?? 0)} icon={<Icon name="clock" />} tone="amber" loading={loading} />
          <PayableCard payable={b?.payable ?? 0} overdue={b?.overdue ?? 0} loading={loading} />
          <StatCard label="Lifetime earned" value={money(b?.lifetime ?? 0)} icon={<Icon name="rupee" />} loading={loading} />
          <StatCard label="Paid (gross)" value={money(b?.paid ?? 0)} icon={<Icon name="check" />} tone="sky" loading={loading} />
          <StatCard label="TDS deducted this year" value={money(b?.tdsThisYear ?? 0)} icon={<Icon name="box" />} tone="violet" loading={loading} />
          <StatCard label="Net received" value={money(b?.netReceived ?? 0)} icon={<Icon name="wallet" />} tone="emerald" loading={loading} />
        </div>
        {(b?.adjustments ?? 0) < 0 && (
          <p className="mt-3 text-sm text-violet-800" data-adjustments-note>
            {money(b?.adjustments ?? 0)} will be deducted from your next payouts: see the reasons under Entries, and dispute any you disagree with.
          </p>
        )}
      </Section>

      <Section
        framed={false}
        id="entries-title"
        title="Entries"
        subtitle="One per converted lead or approved campaign deliverable; pending entries become payable when the vendor's holding period ends."
      >
        <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-xl">
          <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as EntryStatus | '')}>
            <option value="">All</option>
            {ENTRY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Vendor" value={vendorId} onChange={(e) => setVendorId(e.target.value ? Number(e.target.value) : '')}>
            <option value="">All vendors</option>
            {(b?.byVendor ?? []).map((v) => (
              <option key={v.VendorID} value={v.VendorID}>
                {v.VendorName}
              </option>
            ))}
          </SelectField>
        </div>
        <ServerPagedTable
          list={entries}
          noun="Entries"
          label="Commission entries"
          columns={columns}
          rowKey={(e) => e.EntryID}
          rowAttr="data-entry-row"
          empty={{
            icon: <Icon name="rupee" className="size-6" />,
            title: 'No entries yet',
            text: 'When a vendor marks one of your leads as Converted, its commission shows up here.',
          }}
        />
      </Section>

      <Section framed={false} id="payouts-title" title="Payouts" subtitle="Money vendors recorded as sent to you, after TDS.">
        <ServerPagedTable
          list={payouts}
          noun="Payouts"
          label="Payouts received"
          columns={PAYOUT_COLUMNS}
          rowKey={(p) => p.PayoutID}
          rowAttr="data-payout-row"
          empty={{
            icon: <Icon name="wallet" className="size-6" />,
            title: 'No payouts yet',
            text: 'Payouts appear here once a vendor records one with its bank reference.',
          }}
        />
      </Section>

      <NoteDialog request={disputing} onClose={() => setDisputing(null)} onDone={() => undefined} />
      <StatementDownload />
      <PayoutDetailsForm onSaved={() => void balance.refetch()} />
    </div>
  )
}

function StatementDownload() {
  return (
    <Section
      id="statement-title"
      title="Statement"
      subtitle="Entries and payouts with TDS per payout and per financial year, as CSV. Leave the dates empty for everything."
    >
      <DateRangeCsv path="statement" fileName="collabkart-statement.csv" labels={{ from: 'From', to: 'To', button: 'Download statement' }} />
    </Section>
  )
}
