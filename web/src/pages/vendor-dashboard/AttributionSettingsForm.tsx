import { ATTRIBUTION_RULE_LABELS, ATTRIBUTION_RULES, type AttributionRule, attributionSettingsSchema } from '@contract/attribution'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { getAttributionSettings, saveAttributionSettings } from '../../api/attribution'
import { Button } from '../../components/Button'
import { SelectField, TextField } from '../../components/Field'
import { Section } from '../../components/Section'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'

/** How long a click credits store orders, and whether the last or the first click wins (profile, decision 292). */
export function AttributionSettingsForm() {
  const client = useQueryClient()
  const saved = useQuery({ queryKey: ['attribution', 'settings'], queryFn: getAttributionSettings })
  const [days, setDays] = useState('')
  const [rule, setRule] = useState<AttributionRule>('last')
  const input = { AttributionDays: days, AttributionRule: rule }
  const form = useFieldErrors(schemaIssues(attributionSettingsSchema), input)
  const save = useMutation({
    mutationFn: saveAttributionSettings,
    onSuccess: async (res) => {
      toast.success(res.message)
      await client.invalidateQueries({ queryKey: ['attribution'] })
    },
  })
  useEffect(() => {
    if (saved.data) {
      setDays(String(saved.data.AttributionDays))
      setRule(saved.data.AttributionRule)
    }
  }, [saved.data])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (form.check()) save.mutate(input)
  }

  return (
    <Section
      id="attribution-settings-title"
      title="Attribution settings"
      subtitle="How long after a creator's link is clicked your store's orders still earn them commission, and which click counts when a buyer clicked several."
    >
      <form onSubmit={(e) => void submit(e)} className="grid grid-cols-1 items-end gap-3 sm:grid-cols-3" noValidate>
        <TextField
          label="Attribution window (days, 1–90)"
          inputMode="numeric"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          disabled={saved.isPending}
          {...form.field('AttributionDays')}
        />
        <SelectField
          label="Attribution rule"
          value={rule}
          onChange={(e) => setRule(e.target.value as AttributionRule)}
          disabled={saved.isPending}
          {...form.field('AttributionRule')}
        >
          {ATTRIBUTION_RULES.map((r) => (
            <option key={r} value={r}>
              {ATTRIBUTION_RULE_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" busy={save.isPending}>
          Save attribution settings
        </Button>
      </form>
    </Section>
  )
}
