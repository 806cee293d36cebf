import { MONEY_MESSAGES, payoutDetailsSchema } from '@contract/payouts'
import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { getPayoutDetails, savePayoutDetails } from '../../api/money'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { Section } from '../../components/Section'
import { useEmailVerified, VerifyFirstNote } from '../dashboard-shared/emailVerification'
import { VERIFY_MESSAGES } from '@contract/email-verification'
import { GSTIN_MESSAGES } from '@contract/gstin'

type Form = {
  Method: 'UPI' | 'Bank'
  UpiID: string
  AccountHolder: string
  AccountNumber: string
  ConfirmAccountNumber: string
  IFSC: string
  PAN: string
  GSTIN: string
}

const BLANK: Form = { Method: 'UPI', UpiID: '', AccountHolder: '', AccountNumber: '', ConfirmAccountNumber: '', IFSC: '', PAN: '', GSTIN: '' }

// The contract checks the method's fields together; each of its messages is about one of them.
const DETAILS_FIELDS = {
  [MONEY_MESSAGES.upiInvalid]: 'UpiID',
  [MONEY_MESSAGES.holderRequired]: 'AccountHolder',
  [MONEY_MESSAGES.holderTooLong]: 'AccountHolder',
  [MONEY_MESSAGES.accountInvalid]: 'AccountNumber',
  [MONEY_MESSAGES.accountMismatch]: 'ConfirmAccountNumber',
  [MONEY_MESSAGES.ifscInvalid]: 'IFSC',
  [GSTIN_MESSAGES.invalid]: 'GSTIN',
  [GSTIN_MESSAGES.state]: 'GSTIN',
  [GSTIN_MESSAGES.checksum]: 'GSTIN',
  [GSTIN_MESSAGES.panMismatch]: 'GSTIN',
  [GSTIN_MESSAGES.panRequired]: 'PAN',
}

/** UPI or bank account and PAN: only this influencer, and a vendor who owes them money, see them. */
export function PayoutDetailsForm({ onSaved }: { onSaved: () => void }) {
  const saved = useQuery({ queryKey: ['money', 'details'], queryFn: getPayoutDetails })
  // The server refuses details from an unverified address (403); say so before anyone types.
  const unverified = useEmailVerified('marketer') === false
  const [form, setForm] = useState<Form>(BLANK)
  const marks = useFieldErrors(schemaIssues(payoutDetailsSchema), form, { messageFields: DETAILS_FIELDS })
  const save = useMutation({
    mutationFn: savePayoutDetails,
    onSuccess: async (res) => {
      toast.success(res.message)
      await saved.refetch()
      onSaved()
    },
  })
  useEffect(() => {
    const d = saved.data
    if (d)
      setForm({
        Method: d.Method,
        UpiID: d.UpiID ?? '',
        AccountHolder: d.AccountHolder ?? '',
        AccountNumber: d.AccountNumber ?? '',
        ConfirmAccountNumber: d.AccountNumber ?? '',
        IFSC: d.IFSC ?? '',
        PAN: d.PAN ?? '',
        GSTIN: d.GSTIN ?? '',
      })
  }, [saved.data])
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (marks.check()) save.mutate(form)
  }

  return (
    <Section id="details-title" title="Payout details" subtitle="Where vendors send your commission. Shown only to a vendor while they owe you money.">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Paid by</legend>
          {(['UPI', 'Bank'] as const).map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="payout-method"
                value={m}
                checked={form.Method === m}
                onChange={() => setForm((f) => ({ ...f, Method: m }))}
                className="size-4 accent-brand-600"
              />
              {m === 'UPI' ? 'UPI' : 'Bank account'}
            </label>
          ))}
        </fieldset>
        {form.Method === 'UPI' ? (
          <TextField label="UPI ID" placeholder="name@bank" autoComplete="off" value={form.UpiID} onChange={set('UpiID')} {...marks.field('UpiID')} />
        ) : (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              label="Account holder name"
              autoComplete="name"
              value={form.AccountHolder}
              onChange={set('AccountHolder')}
              {...marks.field('AccountHolder')}
            />
            <TextField label="IFSC" placeholder="HDFC0001234" autoCapitalize="characters" value={form.IFSC} onChange={set('IFSC')} {...marks.field('IFSC')} />
            <TextField
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
              value={form.AccountNumber}
              onChange={set('AccountNumber')}
              {...marks.field('AccountNumber')}
            />
            <TextField
              label="Account number again"
              inputMode="numeric"
              autoComplete="off"
              value={form.ConfirmAccountNumber}
              onChange={set('ConfirmAccountNumber')}
              {...marks.field('ConfirmAccountNumber')}
            />
          </div>
        )}
        <TextField
          label="PAN (optional)"
          hint="Without a PAN, TDS is deducted at 20% instead of 2% once a vendor's yearly commission passes ₹20,000."
          autoCapitalize="characters"
          value={form.PAN}
          onChange={set('PAN')}
          {...marks.field('PAN')}
        />
        <TextField
          label="GSTIN (only if you are registered for GST)"
          hint="Registered creators are paid their commission plus 18% GST, and get a tax invoice for each payout."
          placeholder="27ABCDE1234F1Z0"
          autoCapitalize="characters"
          autoComplete="off"
          value={form.GSTIN}
          onChange={set('GSTIN')}
          {...marks.field('GSTIN')}
        />
        {unverified && <VerifyFirstNote account="marketer" message={VERIFY_MESSAGES.detailsNeedVerified} />}
        <Button type="submit" busy={save.isPending} disabled={unverified}>
          Save payout details
        </Button>
      </form>
    </Section>
  )
}
