import { CAMPAIGN_COUNTRIES, type CampaignInput } from '@contract/campaigns'
import { MARKETER_CATEGORIES } from '@contract/marketer'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useState } from 'react'
import { errorMessage } from '../../api/client'
import { createCampaign } from '../../api/campaigns'
import { Button } from '../../components/Button'
import { FieldMessage, groupBoxProps, TextAreaField, TextField } from '../../components/Field'
import { CommissionFields } from '../dashboard-shared/CommissionFields'
import { Modal } from '../../components/Modal'
import { indiaToday } from '../../lib/istTime'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { FormActions } from '../dashboard-shared/FormActions'
import { CAMPAIGN_FIELDS, type CampaignFormValues, campaignFormIssues, DELIVERABLE_SUGGESTIONS, emptyCampaignForm, readCampaignForm } from './campaignForm'
import { checkboxClasses } from './PagedCards'
import { ProductChooser } from './ProductChooser'

function Group({ legend, children, hint }: { legend: string; children: ReactNode; hint?: string }) {
  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-medium text-slate-700">{legend}</legend>
      {hint && <p className="mb-3 text-xs text-slate-500">{hint}</p>}
      {children}
    </fieldset>
  )
}

function Choice({ name, value, checked, onChange, children }: { name: string; value: string; checked: boolean; onChange: () => void; children: ReactNode }) {
  return (
    <label
      className={`flex min-w-0 flex-1 cursor-pointer items-start gap-2 rounded-xl border p-3 text-sm ${checked ? 'border-brand-400 bg-brand-50' : 'border-slate-200 bg-white'}`}
    >
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className="mt-0.5 accent-brand-600" />
      <span className="min-w-0">{children}</span>
    </label>
  )
}

/**
 * 'New campaign': the brief, its products, the reward, deliverables, dates, creators wanted and who
 * may apply. Checked with the contract's schema before sending (its first message as the toast);
 * what only the server knows (a product's own commission, today's date in India) comes back as its message.
 */
export function CampaignFormModal({ vendorId, onClose, onCreated }: { vendorId: number; onClose: () => void; onCreated: (id: number) => void }) {
  const [values, setValues] = useState<CampaignFormValues>(() => emptyCampaignForm(indiaToday()))
  const [deliverableText, setDeliverableText] = useState('')
  const form = useFieldErrors((v: CampaignFormValues) => campaignFormIssues(v, indiaToday()), values, { messageFields: CAMPAIGN_FIELDS })
  const set =
    <K extends keyof CampaignFormValues>(key: K) =>
    (value: CampaignFormValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }))
  const text = (key: keyof CampaignFormValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }))
  const toggle = (key: 'Categories' | 'Countries', item: string) =>
    setValues((v) => ({ ...v, [key]: v[key].includes(item) ? v[key].filter((x) => x !== item) : [...v[key], item] }))

  const save = useMutation({
    mutationFn: (input: CampaignInput) => createCampaign(input),
    onSuccess: (res) => {
      toast.success(res.message)
      onCreated(res.data.CampaignID)
      onClose()
    },
    onError: (err) => {
      form.serverError(err)
      toast.error(errorMessage(err))
    },
    meta: { ownErrorToast: true },
  })

  function submit(e: FormEvent) {
    e.preventDefault()
    const read = readCampaignForm(values, indiaToday())
    if (form.check() && read.input) save.mutate(read.input)
  }

  const addDeliverable = (label: string) => {
    const trimmed = label.trim()
    if (!trimmed) return
    set('Deliverables')([...values.Deliverables, { key: (values.Deliverables.at(-1)?.key ?? 0) + 1, label: trimmed }])
    setDeliverableText('')
  }

  const formId = 'create-campaign-form'
  return (
    <Modal
      open
      title="New campaign"
      onClose={onClose}
      size="lg"
      footer={<FormActions formId={formId} submitLabel="Create campaign" busy={save.isPending} onCancel={onClose} />}
    >
      <form id={formId} noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Title"
          wrapperClassName="sm:col-span-2"
          value={values.Title}
          onChange={text('Title')}
          placeholder="Diwali festive edit"
          {...form.field('Title')}
        />
        <TextAreaField
          label="Brief"
          wrapperClassName="sm:col-span-2"
          value={values.Brief}
          onChange={text('Brief')}
          hint="What you want creators to show, say and avoid."
          rows={4}
          {...form.field('Brief')}
        />
        <div className="sm:col-span-2">
          <ProductChooser vendorId={vendorId} chosen={values.Products} onChange={set('Products')} field={form.field('ProductIDs')} />
        </div>

        <div className="sm:col-span-2">
          <Group legend="Reward">
            <div className="flex flex-col gap-2 sm:flex-row">
              <Choice name="RewardType" value="Commission" checked={values.RewardType === 'Commission'} onChange={() => set('RewardType')('Commission')}>
                <span className="block font-semibold text-slate-900">Campaign commission</span>
                <span className="text-slate-600">A boosted commission per converted lead, at least each product's own.</span>
              </Choice>
              <Choice name="RewardType" value="Fee" checked={values.RewardType === 'Fee'} onChange={() => set('RewardType')('Fee')}>
                <span className="block font-semibold text-slate-900">Fee per deliverable</span>
                <span className="text-slate-600">A fixed fee for each approved post; links earn the products' own commission.</span>
              </Choice>
            </div>
            {values.RewardType === 'Commission' ? (
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                <CommissionFields
                  type={values.CommissionType}
                  value={values.CommissionValue}
                  onType={text('CommissionType')}
                  onValue={text('CommissionValue')}
                  typeField={form.field('CommissionType')}
                  valueField={form.field('CommissionValue')}
                />
              </div>
            ) : (
              <TextField
                label="Fee per approved deliverable (₹)"
                wrapperClassName="mt-3 sm:max-w-xs"
                type="number"
                inputMode="decimal"
                min="0"
                step="0.01"
                value={values.FeePerDeliverable}
                onChange={text('FeePerDeliverable')}
                {...form.field('FeePerDeliverable')}
              />
            )}
          </Group>
        </div>

        <div className="sm:col-span-2">
          <Group legend="Deliverables" hint="What each accepted creator posts, one item per post.">
            {values.Deliverables.length > 0 && (
              <ul className="mb-3 flex flex-wrap gap-2" aria-label="Deliverables in this campaign">
                {values.Deliverables.map((d, i) => (
                  <li key={d.key} className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-800">
                    <span className="wrap-anywhere">{d.label}</span>
                    <button
                      type="button"
                      onClick={() => set('Deliverables')(values.Deliverables.filter((x) => x.key !== d.key))}
                      className="rounded-full px-2 py-0.5 text-brand-700 hover:bg-brand-100"
                      aria-label={`Remove ${d.label} (item ${i + 1})`}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap gap-2">
              {DELIVERABLE_SUGGESTIONS.map((s) => (
                <Button key={s} size="sm" variant="secondary" onClick={() => addDeliverable(s)}>
                  + {s}
                </Button>
              ))}
            </div>
            <div className="mt-3 flex items-end gap-2">
              <TextField
                label="Another deliverable"
                wrapperClassName="min-w-0 flex-1"
                value={deliverableText}
                placeholder="e.g. Unboxing Short"
                onChange={(e) => setDeliverableText(e.target.value)}
                {...form.field('Deliverables')}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault()
                    addDeliverable(deliverableText)
                  }
                }}
              />
              <Button variant="secondary" onClick={() => addDeliverable(deliverableText)}>
                Add
              </Button>
            </div>
          </Group>
        </div>

        <TextField label="Starts on" type="date" min={indiaToday()} value={values.StartsOn} onChange={text('StartsOn')} {...form.field('StartsOn')} />
        <TextField
          label="Ends on"
          type="date"
          min={values.StartsOn || indiaToday()}
          value={values.EndsOn}
          onChange={text('EndsOn')}
          {...form.field('EndsOn')}
        />
        <TextField
          label="Creators wanted"
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          value={values.CreatorsWanted}
          onChange={text('CreatorsWanted')}
          {...form.field('CreatorsWanted')}
        />
        <div />

        <div className="sm:col-span-2">
          <Group legend="Who may apply" hint="Leave categories and countries empty for anyone.">
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label="Minimum followers (total reach)"
                type="number"
                inputMode="numeric"
                min="0"
                step="1"
                value={values.MinFollowers}
                onChange={text('MinFollowers')}
                {...form.field('MinFollowers')}
              />
              <label className="flex items-center gap-2 self-end pb-2.5 text-sm font-medium text-slate-700">
                <input type="checkbox" className={checkboxClasses} checked={values.VerifiedOnly} onChange={(e) => set('VerifiedOnly')(e.target.checked)} />
                Verified creators only
              </label>
            </div>
            <fieldset className="mt-4">
              <legend className="mb-2 text-sm font-medium text-slate-700">Categories</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {MARKETER_CATEGORIES.map((c, i) => (
                  <label key={c} className="flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      className={checkboxClasses}
                      checked={values.Categories.includes(c)}
                      onChange={() => toggle('Categories', c)}
                      {...groupBoxProps(form.field('Categories'), i)}
                    />
                    <span className="wrap-anywhere">{c}</span>
                  </label>
                ))}
              </div>
              <FieldMessage {...form.field('Categories')} />
            </fieldset>
            <fieldset className="mt-4">
              <legend className="mb-2 text-sm font-medium text-slate-700">Countries</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {CAMPAIGN_COUNTRIES.map((c, i) => (
                  <label key={c} className="flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      className={checkboxClasses}
                      checked={values.Countries.includes(c)}
                      onChange={() => toggle('Countries', c)}
                      {...groupBoxProps(form.field('Countries'), i)}
                    />
                    {c}
                  </label>
                ))}
              </div>
              <FieldMessage {...form.field('Countries')} />
            </fieldset>
          </Group>
        </div>

        <div className="sm:col-span-2">
          <Group legend="Applications">
            <div className="flex flex-col gap-2 sm:flex-row">
              <Choice name="Access" value="Open" checked={values.Access === 'Open'} onChange={() => set('Access')('Open')}>
                <span className="block font-semibold text-slate-900">Open</span>
                <span className="text-slate-600">Creators who qualify see it and apply with a pitch.</span>
              </Choice>
              <Choice name="Access" value="InviteOnly" checked={values.Access === 'InviteOnly'} onChange={() => set('Access')('InviteOnly')}>
                <span className="block font-semibold text-slate-900">Invite only</span>
                <span className="text-slate-600">Only creators you invite from the directory can join.</span>
              </Choice>
            </div>
          </Group>
        </div>
      </form>
    </Modal>
  )
}
