import type { OwedRow, PayoutMethod, PayoutPreview } from '@contract/payouts'
import { MONEY_MESSAGES, PAYOUT_METHOD_VALUES, recordPayoutSchema } from '@contract/payouts'
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { errorMessage } from '../../api/client'
import { previewPayout, recordPayout } from '../../api/money'
import { Button } from '../../components/Button'
import { SelectField, TextField } from '../../components/Field'
import { Modal } from '../../components/Modal'
import { Skeleton } from '../../components/Skeleton'
import { formatDate } from '../../lib/format'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { money, todayInput } from '../dashboard-shared/money'
import { useEmailVerified, VerifyFirstNote } from '../dashboard-shared/emailVerification'
import { VERIFY_MESSAGES } from '@contract/email-verification'

/** How the influencer asked to be paid, or the words the issue asks for when they have not said. */
export function DetailsText({ details }: { details: OwedRow['payoutDetails'] }) {
  if (!details) return <span className="text-slate-500">No payout details yet</span>
  return (
    <span className="block font-mono text-xs wrap-anywhere">
      {details.Method === 'UPI' ? `UPI ${details.UpiID}` : `${details.AccountHolder} · A/c ${details.AccountNumber} · ${details.IFSC}`}
      {details.PAN ? ` · PAN ${details.PAN}` : ''}
    </span>
  )
}

// Refusals only the server can make (it knows the other payouts and the entries' dates).
const PAYOUT_SERVER_FIELDS = {
  [MONEY_MESSAGES.utrUsed]: 'UTR',
  [MONEY_MESSAGES.dateFuture]: 'PaidOn',
  [MONEY_MESSAGES.dateBeforeEntries]: 'PaidOn',
}

/** 'Record payout' for one influencer: what it settles and the amount, then method, UTR and date. */
export function RecordPayoutModal({ row, onClose, onRecorded }: { row: OwedRow; onClose: () => void; onRecorded: () => void }) {
  // Every payable entry at first; unticking one works the amount and TDS out again on the server.
  const all = useQuery({ queryKey: ['money', 'preview', row.MarketerID, 'all'], queryFn: () => previewPayout(row.MarketerID), gcTime: 0 })
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set())
  const chosen = (all.data?.entries ?? []).filter((e) => e.Amount > 0 && !excluded.has(e.EntryID)).map((e) => e.EntryID)
  const partial = useQuery({
    queryKey: ['money', 'preview', row.MarketerID, chosen],
    queryFn: () => previewPayout(row.MarketerID, chosen),
    enabled: excluded.size > 0 && chosen.length > 0,
    placeholderData: keepPreviousData,
    gcTime: 0,
  })
  const preview = excluded.size > 0 ? partial : all
  const toggle = (id: number) =>
    setExcluded((prev) => {
      const next = new Set(prev)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const [method, setMethod] = useState<PayoutMethod>(row.payoutDetails?.Method === 'Bank' ? 'Bank transfer' : 'UPI')
  const [utr, setUtr] = useState('')
  const [paidOn, setPaidOn] = useState(todayInput())
  // The server refuses payouts from an unverified address (403); say so before the form is filled.
  const unverified = useEmailVerified('vendor') === false
  const input = { MarketerID: row.MarketerID, EntryIDs: chosen, Method: method, UTR: utr, PaidOn: paidOn }
  const form = useFieldErrors(schemaIssues(recordPayoutSchema), input, { messageFields: PAYOUT_SERVER_FIELDS })
  const record = useMutation({
    mutationFn: recordPayout,
    onSuccess: (res) => {
      toast.success(res.message)
      onRecorded()
      onClose()
    },
    onError: form.serverError,
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!preview.data || chosen.length === 0) return
    if (form.check()) record.mutate(input)
  }

  return (
    <Modal
      open
      size="lg"
      title={`Record payout to ${row.MarketerName}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="record-payout" busy={record.isPending} disabled={!preview.data || unverified}>
            Confirm payout
          </Button>
        </>
      }
    >
      {unverified && <VerifyFirstNote account="vendor" message={VERIFY_MESSAGES.payoutNeedsVerified} className="mb-4" />}
      {all.isPending && <Skeleton className="h-40 w-full" />}
      {preview.error && (
        <p role="alert" className="text-sm text-rose-700">
          {errorMessage(preview.error)}
        </p>
      )}
      {all.data && preview.data && <Summary all={all.data} preview={preview.data} excluded={excluded} onToggle={toggle} busy={preview.isFetching} />}
      <form id="record-payout" onSubmit={(e) => void submit(e)} className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-3" noValidate>
        <SelectField label="Method" value={method} onChange={(e) => setMethod(e.target.value as PayoutMethod)} {...form.field('Method')}>
          {PAYOUT_METHOD_VALUES.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Transaction reference (UTR)"
          autoComplete="off"
          autoCapitalize="characters"
          value={utr}
          onChange={(e) => setUtr(e.target.value)}
          {...form.field('UTR')}
        />
        <TextField label="Date paid" type="date" max={todayInput()} value={paidOn} onChange={(e) => setPaidOn(e.target.value)} {...form.field('PaidOn')} />
      </form>
    </Modal>
  )
}

function Summary({
  all,
  preview,
  excluded,
  onToggle,
  busy,
}: {
  all: PayoutPreview
  preview: PayoutPreview
  excluded: ReadonlySet<number>
  onToggle: (id: number) => void
  busy: boolean
}) {
  const ticked = all.entries.filter((e) => e.Amount > 0 && !excluded.has(e.EntryID)).length
  return (
    <div className="space-y-4" aria-busy={busy}>
      <div>
        <p className="text-sm font-medium text-slate-700">Pay to</p>
        <DetailsText details={preview.payoutDetails} />
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Entries this payout settles</legend>
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
          {all.entries.map((e) => (
            <li key={e.EntryID} className="flex items-center justify-between gap-3 px-3 py-2" data-preview-entry>
              <label htmlFor={`settle-${e.EntryID}`} className="flex min-w-0 items-center gap-3">
                {e.Amount > 0 ? (
                  <input
                    id={`settle-${e.EntryID}`}
                    type="checkbox"
                    className="size-4 shrink-0 accent-brand-600"
                    checked={!excluded.has(e.EntryID)}
                    // At least one entry: the last ticked one cannot be unticked.
                    disabled={!excluded.has(e.EntryID) && ticked === 1}
                    onChange={() => onToggle(e.EntryID)}
                  />
                ) : (
                  <span className="size-4 shrink-0" aria-hidden="true" />
                )}
                <span className="min-w-0">
                  <span className="block truncate text-slate-800">{e.Kind === 'adjustment' ? `Adjustment (deducted): ${e.ProductName}` : e.ProductName}</span>
                  <span className="text-xs text-slate-500">Converted {formatDate(e.convertedAt)}</span>
                </span>
              </label>
              <span className={`shrink-0 font-medium ${e.Amount < 0 ? 'text-violet-700' : 'text-slate-900'}`}>{money(e.Amount)}</span>
            </li>
          ))}
        </ul>
      </fieldset>
      <dl className="grid grid-cols-3 gap-3 rounded-xl bg-slate-50 p-3 text-sm">
        <div>
          <dt className="text-slate-500">Gross</dt>
          <dd className="font-semibold text-slate-900" data-preview-gross>
            {money(preview.gross)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">TDS {preview.tdsRatePercent ? `(${preview.tdsRatePercent}%)` : ''}</dt>
          <dd className="font-semibold text-slate-900">{money(preview.tds)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Transfer (net)</dt>
          <dd className="font-bold text-brand-700" data-preview-net>
            {money(preview.net)}
          </dd>
        </div>
      </dl>
      <TdsExplained preview={preview} />
    </div>
  )
}

/** Why the TDS is what it is: the year's total with this influencer, the threshold and the rate. */
function TdsExplained({ preview }: { preview: PayoutPreview }) {
  const b = preview.tdsBasis
  const pan = preview.panOnFile ? 'PAN on file' : 'no PAN on file'
  return (
    <div className="space-y-1 text-xs text-slate-600" data-tds-basis>
      <p>
        Paid to {preview.MarketerName} in financial year {preview.financialYear}, this payout included: <strong>{money(b.yearTotal)}</strong>.
      </p>
      <p>
        {b.yearTotal > b.threshold
          ? `Over the ${money(b.threshold)} threshold, so TDS is ${b.ratePercent}% (${pan}) of ${money(b.base)}${b.taxedBefore > 0 ? `, the year's total less ${money(b.taxedBefore)} already taxed` : ", the year's total"}, rounded to the nearest rupee.`
          : `Not over the ${money(b.threshold)} threshold, so no TDS yet (${b.ratePercent}% once over, ${pan}).`}
      </p>
      <p className="text-slate-500">TDS under section {b.section}; amounts rounded under section 288B. A calculation aid, not tax advice.</p>
    </div>
  )
}
