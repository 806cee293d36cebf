import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { EntryDTO } from '@contract/payouts'
import { formatDate, formatRupees } from '../../lib/format'
import { indiaToday } from '../../lib/istTime'
import { Icon, StatCard } from './StatCard'

// Pieces both money tabs use: the entry status badge and the paise-safe amount.

const BADGE: Record<EntryDTO['status'], string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  payable: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  paid: 'bg-sky-50 text-sky-800 ring-sky-200',
  reversed: 'bg-slate-100 text-slate-600 ring-slate-200',
  adjustment: 'bg-violet-50 text-violet-800 ring-violet-200',
}

const LABEL: Record<EntryDTO['status'], string> = { pending: 'Pending', payable: 'Payable', paid: 'Paid', reversed: 'Reversed', adjustment: 'Adjustment' }

/** The entry's state in words, with the date it clears (pending), the reference (paid), or overdue. */
export function EntryStatusCell({ entry }: { entry: EntryDTO }) {
  return (
    <span className="flex flex-col gap-0.5">
      <span
        className={`inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${entry.overdue ? 'bg-rose-50 text-rose-800 ring-rose-200' : BADGE[entry.status]}`}
        data-entry-status={entry.status}
      >
        {entry.overdue ? 'Overdue' : LABEL[entry.status]}
      </span>
      {entry.status === 'pending' && <span className="text-xs text-slate-500">Clears {formatDate(entry.clearsAt)}</span>}
      {entry.status === 'payable' && (
        <span className={`text-xs ${entry.overdue ? 'font-semibold text-rose-700' : 'text-slate-500'}`}>Due {formatDate(entry.dueAt)}</span>
      )}
      {entry.status === 'paid' && entry.UTR && <span className="font-mono text-xs text-slate-500">Ref {entry.UTR}</span>}
    </span>
  )
}

export const money = (value: number) => formatRupees(value, 2)

/**
 * Today as YYYY-MM-DD in India's calendar (date inputs' value format): the Worker dates payouts
 * and their financial year by India's day, so between midnight and 05:30 IST this is not UTC's.
 */
export const todayInput = (): string => indiaToday()

/**
 * Money changes elsewhere (a lead converted on the Leads tab, a payout recorded by the vendor): a
 * money tab reads everything afresh each time it opens instead of showing pages up to 30 s old.
 */
export function useFreshMoney(): void {
  const client = useQueryClient()
  useEffect(() => {
    // A first load already on its way is kept, not fetched twice.
    void client.invalidateQueries({ queryKey: ['money'] }, { cancelRefetch: false })
  }, [client])
}

/** 'Payable now', with the overdue part in red beneath it (both money tabs). */
export function PayableCard({ payable, overdue, loading }: { payable: number; overdue: number; loading: boolean }) {
  return (
    <StatCard
      label="Payable now"
      value={
        <span>
          {money(payable)}
          {overdue > 0 && <span className="block text-xs font-semibold text-rose-700">{money(overdue)} overdue</span>}
        </span>
      }
      icon={<Icon name="wallet" />}
      tone={overdue > 0 ? 'rose' : 'emerald'}
      loading={loading}
    />
  )
}
