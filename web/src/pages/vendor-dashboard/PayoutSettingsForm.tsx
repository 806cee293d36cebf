import { moneySettingsSchema } from '@contract/payouts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { getMoneySettings, saveMoneySettings } from '../../api/money'
import { Section } from '../../components/Section'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'

/** The vendor's holding period and payment terms (profile). */
export function PayoutSettingsForm() {
  const client = useQueryClient()
  const saved = useQuery({ queryKey: ['money', 'settings'], queryFn: getMoneySettings })
  const [holding, setHolding] = useState('')
  const [terms, setTerms] = useState('')
  const input = { HoldingDays: holding, PaymentTermsDays: terms }
  const form = useFieldErrors(schemaIssues(moneySettingsSchema), input)
  const save = useMutation({
    mutationFn: saveMoneySettings,
    onSuccess: async (res) => {
      toast.success(res.message)
      await client.invalidateQueries({ queryKey: ['money'] })
    },
  })
  useEffect(() => {
    if (saved.data) {
      setHolding(String(saved.data.HoldingDays))
      setTerms(String(saved.data.PaymentTermsDays))
    }
  }, [saved.data])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (form.check()) save.mutate(input)
  }

  return (
    <Section
      id="payout-settings-title"
      title="Payout settings"
      subtitle="How long commissions wait for returns before they can be paid, and how many days after that you pay."
    >
      <form onSubmit={(e) => void submit(e)} className="grid grid-cols-1 items-end gap-3 sm:grid-cols-3" noValidate>
        <TextField
          label="Holding period (days, 0–90)"
          inputMode="numeric"
          value={holding}
          onChange={(e) => setHolding(e.target.value)}
          disabled={saved.isPending}
          {...form.field('HoldingDays')}
        />
        <TextField
          label="Payment terms (days, 7–45)"
          inputMode="numeric"
          value={terms}
          onChange={(e) => setTerms(e.target.value)}
          disabled={saved.isPending}
          {...form.field('PaymentTermsDays')}
        />
        <Button type="submit" busy={save.isPending}>
          Save payout settings
        </Button>
      </form>
    </Section>
  )
}
