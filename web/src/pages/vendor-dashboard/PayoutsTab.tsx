import type { DisputeState } from '@contract/disputes'
import type { OwedRow, PayoutDTO } from '@contract/payouts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../../api/client'
import { getVendorBalance, listDisputes, listOwed, listPayouts, resolveDispute } from '../../api/money'
import { Button } from '../../components/Button'
import { SelectField } from '../../components/Field'
import { NoteDialog, type NoteRequest } from '../../components/NoteDialog'
import { formatDate } from '../../lib/format'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { DateRangeCsv } from '../dashboard-shared/DateRangeCsv'
import { DISPUTE_STATE_LABELS, DisputesTable, resolveRequest } from '../dashboard-shared/Disputes'
import { Section } from '../../components/Section'
import { money, PayableCard, useFreshMoney } from '../dashboard-shared/money'
import { Icon, LoadError, StatCard } from '../dashboard-shared/StatCard'
import { DetailsText, RecordPayoutModal } from './RecordPayoutModal'

const HISTORY_COLUMNS: readonly Column<PayoutDTO>[] = [
  { label: 'Date', cell: (p) => formatDate(p.PaidOn) },
  { label: 'Influencer', cell: (p) => <TextCell text={p.MarketerName} /> },
  { label: 'Gross', cell: (p) => money(p.Gross) },
  { label: 'TDS', cell: (p) => money(p.TDS) },
  { label: 'Net', cell: (p) => <span className="font-semibold">{money(p.Net)}</span> },
  { label: 'Method', cell: (p) => p.Method },
  { label: 'Reference', cell: (p) => <span className="font-mono text-xs">{p.UTR}</span> },
]

/** The vendor's money: what they owe each influencer (overdue first), recording payouts, the history. */
export function PayoutsTab() {
  useFreshMoney()
  const balance = useQuery({ queryKey: ['money', 'balance', 'vendor'], queryFn: getVendorBalance })
  const owed = usePagedList(['money', 'owed'], listOwed)
  const history = usePagedList(['money', 'payouts', 'vendor'], listPayouts)
  const [paying, setPaying] = useState<OwedRow | null>(null)
  const b = balance.data
  const loading = balance.isPending

  const owedColumns: readonly Column<OwedRow>[] = [
    { label: 'Influencer', wide: true, cell: (r) => <TextCell text={r.MarketerName} className="font-medium text-slate-900" /> },
    {
      label: 'Payable',
      cell: (r) => (
        <span className="flex flex-col">
          <span className="font-semibold">{money(r.payable)}</span>
          {r.overdue > 0 && (
            <span className="text-xs font-semibold text-rose-700" data-overdue>
              {money(r.overdue)} overdue
            </span>
          )}
          {r.adjustments < 0 && <span className="text-xs text-violet-700">{money(r.adjustments)} to deduct</span>}
        </span>
      ),
    },
    { label: 'Pending', cell: (r) => money(r.pending) },
    { label: 'Last payout', cell: (r) => (r.lastPayout ? `${money(r.lastPayout.Net)} on ${formatDate(r.lastPayout.PaidOn)}` : '—') },
    {
      label: 'Payout details',
      wide: true,
      cell: (r) => (r.payable > 0 ? <DetailsText details={r.payoutDetails} /> : <span className="text-slate-400">Shown while payable</span>),
    },
    {
      label: 'Action',
      hideLabel: true,
      cell: (r) =>
        r.payable > 0 ? (
          <Button size="sm" onClick={() => setPaying(r)}>
            Record payout
          </Button>
        ) : null,
    },
  ]

  const refresh = () => {
    void balance.refetch()
    void owed.reload()
    void history.reload()
  }

  return (
    <div className="space-y-8">
      {balance.error && <LoadError message={errorMessage(balance.error)} onRetry={() => void balance.refetch()} />}
      <Section
        framed={false}
        id="owed-title"
        title="Payouts"
        subtitle="Commission you owe influencers, overdue first. Pay by UPI or bank transfer, then record it here."
      >
        <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <PayableCard payable={b?.payable ?? 0} overdue={b?.overdue ?? 0} loading={loading} />
          <StatCard label="Pending (holding)" value={money(b?.pending ?? 0)} icon={<Icon name="clock" />} tone="amber" loading={loading} />
          <StatCard label="Paid" value={money(b?.paid ?? 0)} icon={<Icon name="check" />} tone="sky" loading={loading} />
          <StatCard label="TDS deducted this year" value={money(b?.tdsThisYear ?? 0)} icon={<Icon name="box" />} tone="violet" loading={loading} />
        </div>
        <ServerPagedTable
          list={owed}
          noun="Influencers"
          label="What you owe each influencer"
          columns={owedColumns}
          rowKey={(r) => r.MarketerID}
          rowAttr="data-owed-row"
          empty={{
            icon: <Icon name="users" className="size-6" />,
            title: 'Nothing owed yet',
            text: 'When you mark a lead as Converted, the influencer’s commission shows up here.',
          }}
        />
      </Section>

      <Section framed={false} id="history-title" title="Payout history" subtitle="Every payout you recorded, newest first.">
        <HistoryExport />
        <ServerPagedTable
          list={history}
          noun="Payouts"
          label="Payout history"
          columns={HISTORY_COLUMNS}
          rowKey={(p) => p.PayoutID}
          rowAttr="data-payout-row"
          empty={{ icon: <Icon name="wallet" className="size-6" />, title: 'No payouts recorded', text: 'Record a payout above after sending the money.' }}
        />
      </Section>
      <VendorDisputes />
      {paying && <RecordPayoutModal row={paying} onClose={() => setPaying(null)} onRecorded={refresh} />}
    </div>
  )
}

function HistoryExport() {
  return (
    <DateRangeCsv
      path="payouts"
      fileName="collabkart-payouts.csv"
      labels={{ from: 'Paid from', to: 'Paid to', button: 'Export CSV' }}
      className="mb-4 lg:max-w-2xl"
    />
  )
}

/** Influencers' disputes of the vendor's entries, open ones first by default. */
function VendorDisputes() {
  const [state, setState] = useState<DisputeState>('open')
  const list = usePagedList(['money', 'disputes', state], (cursor, signal) => listDisputes(state, cursor, signal))
  const [resolving, setResolving] = useState<NoteRequest | null>(null)
  return (
    <Section
      framed={false}
      id="disputes-title"
      title="Disputes"
      subtitle="Entries influencers disagree with, with the reason you gave. Collabkart sees them too."
    >
      <SelectField label="Show" value={state} onChange={(e) => setState(e.target.value as DisputeState)} wrapperClassName="mb-4 sm:max-w-48">
        {DISPUTE_STATE_LABELS.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </SelectField>
      <DisputesTable list={list} showVendor={false} onResolve={(d) => setResolving(resolveRequest(d, (note) => resolveDispute(d.DisputeID, note)))} />
      <NoteDialog request={resolving} onClose={() => setResolving(null)} onDone={() => void list.reload()} />
    </Section>
  )
}
