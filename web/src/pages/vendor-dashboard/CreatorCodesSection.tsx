import { BUYER_TEXT_MAX, type CodeDTO, type CodeState, CODE_MAX, COUPON_MESSAGES, createCodeSchema, editCodeSchema } from '@contract/coupons'
import { indiaDay } from '@contract/india-date'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { safeParse } from 'zod/mini'
import { codeCampaigns, codeProducts, createCode, editCode, findMarketers, listVendorCodes, switchCode } from '../../api/coupons'
import { Button } from '../../components/Button'
import { Modal } from '../../components/Modal'
import { FormActions } from '../dashboard-shared/FormActions'
import { FieldMessage, groupBoxProps, SelectField, TextField } from '../../components/Field'
import { dayEnd, dayStart } from '../../lib/coupons'
import { codeColumn, codeTermsColumns } from '../dashboard-shared/codeColumns'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { Section } from '../../components/Section'
import { Icon } from '../dashboard-shared/StatCard'
import { Card } from '../../components/Card'

// Creator coupon codes: the vendor gives a creator a code for some products or all of
// them, and sees each code's uses; a buyer who types the code is that creator's.

const CODES_KEY = 'creator-codes'

// Messages about one field though the contract checks them across fields, or only the server can.
const CODE_FIELDS = {
  [COUPON_MESSAGES.productsRequired]: 'ProductIDs',
  [COUPON_MESSAGES.productNotYours]: 'ProductIDs',
  [COUPON_MESSAGES.endBeforeStart]: 'endsAt',
  [COUPON_MESSAGES.endPassed]: 'endsAt',
  [COUPON_MESSAGES.clash]: 'Code',
  [COUPON_MESSAGES.marketerNotFound]: 'MarketerID',
  [COUPON_MESSAGES.campaignMarketerNotAccepted]: 'CampaignID',
  [COUPON_MESSAGES.campaignEnded]: 'CampaignID',
}

type FormValues = {
  marketerQuery: string
  MarketerID: string
  Code: string
  BuyerText: string
  all: boolean
  ProductIDs: number[]
  /** A campaign's code: it covers the campaign's products, so the picker is hidden. */
  CampaignID: string
  from: string
  to: string
  limit: string
}
const EMPTY: FormValues = {
  marketerQuery: '',
  MarketerID: '',
  Code: '',
  BuyerText: '',
  all: false,
  ProductIDs: [],
  CampaignID: '',
  from: '',
  to: '',
  limit: '',
}

function CreateCodeForm({ vendorId }: { vendorId: number }) {
  const client = useQueryClient()
  const [v, setV] = useState<FormValues>(EMPTY)
  const set = (change: Partial<FormValues>) => setV((old) => ({ ...old, ...change }))
  const marketers = useQuery({
    queryKey: ['code-creators', v.marketerQuery.trim()],
    queryFn: ({ signal }) => findMarketers(v.marketerQuery.trim(), signal),
    enabled: v.marketerQuery.trim().length >= 2,
  })
  const products = useQuery({ queryKey: ['code-products', vendorId], queryFn: ({ signal }) => codeProducts(vendorId, signal) })
  const campaigns = useQuery({ queryKey: ['code-campaigns', vendorId], queryFn: ({ signal }) => codeCampaigns(signal) })
  const campaign = campaigns.data?.find((c) => String(c.CampaignID) === v.CampaignID) ?? null
  const input = {
    MarketerID: Number(v.MarketerID) || 0,
    Code: v.Code,
    BuyerText: v.BuyerText,
    ...(campaign ? { CampaignID: campaign.CampaignID } : v.all ? { AllProducts: true } : { ProductIDs: v.ProductIDs }),
    startsAt: dayStart(v.from),
    endsAt: dayEnd(v.to),
    UseLimit: v.limit.trim() === '' ? null : Number(v.limit),
  }
  const form = useFieldErrors(schemaIssues(createCodeSchema), input, { messageFields: CODE_FIELDS })
  const create = useMutation({
    mutationFn: createCode,
    onSuccess: async (res) => {
      toast.success(res.message)
      setV(EMPTY)
      await client.invalidateQueries({ queryKey: [CODES_KEY] })
    },
    onError: form.serverError,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = safeParse(createCodeSchema, input)
    if (form.check() && checked.success) create.mutate(checked.data)
  }
  const productsField = form.field('ProductIDs')
  const active = products.data?.rows.filter((p) => p.IsActive) ?? []
  const toggle = (id: number) => set({ ProductIDs: v.ProductIDs.includes(id) ? v.ProductIDs.filter((p) => p !== id) : [...v.ProductIDs, id] })
  return (
    <Card as="form" onSubmit={submit} noValidate aria-label="New creator code">
      <h3 className="text-base font-semibold text-slate-900">Give a creator a code</h3>
      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label="Find a creator"
          type="search"
          value={v.marketerQuery}
          onChange={(e) => set({ marketerQuery: e.target.value, MarketerID: '' })}
          hint="Type at least 2 letters of their name"
        />
        <SelectField label="Creator" value={v.MarketerID} onChange={(e) => set({ MarketerID: e.target.value })} {...form.field('MarketerID')}>
          <option value="">{marketers.isFetching ? 'Searching…' : 'Choose a creator'}</option>
          {marketers.data?.rows.map((m) => (
            <option key={m.MarketerID} value={m.MarketerID}>
              {m.MarketerName}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Code"
          value={v.Code}
          maxLength={CODE_MAX}
          autoCapitalize="characters"
          placeholder="ANANYA10"
          onChange={(e) => set({ Code: e.target.value })}
          hint="4 to 20 letters and digits; capitals do not matter"
          {...form.field('Code')}
        />
        <TextField
          label="What it gives the buyer"
          value={v.BuyerText}
          placeholder="10% off at checkout"
          onChange={(e) => set({ BuyerText: e.target.value })}
          hint="Shown on the buy page"
          {...form.field('BuyerText')}
        />
        <TextField label="Starts (optional)" type="date" value={v.from} onChange={(e) => set({ from: e.target.value })} {...form.field('startsAt')} />
        <TextField label="Ends (optional)" type="date" value={v.to} onChange={(e) => set({ to: e.target.value })} {...form.field('endsAt')} />
        <TextField
          label="Use limit (optional)"
          type="number"
          inputMode="numeric"
          min={1}
          value={v.limit}
          onChange={(e) => set({ limit: e.target.value })}
          {...form.field('UseLimit')}
        />
      </div>
      {(campaigns.data?.length ?? 0) > 0 && (
        <div className="mt-3">
          <SelectField
            label="Campaign (optional)"
            value={v.CampaignID}
            onChange={(e) => set({ CampaignID: e.target.value })}
            hint="For a creator you accepted into the campaign: their code's leads earn the campaign's commission"
            {...form.field('CampaignID')}
          >
            <option value="">No campaign</option>
            {campaigns.data?.map((c) => (
              <option key={c.CampaignID} value={c.CampaignID}>
                {c.Title}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      {campaign ? (
        <p className="mt-4 text-sm text-slate-700" data-code-campaign-products>
          The code covers the campaign's products: {campaign.Products.map((p) => p.ProductName).join(', ')}.
        </p>
      ) : (
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-slate-700">Products</legend>
          <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={v.all} onChange={(e) => set({ all: e.target.checked })} className="size-4" {...groupBoxProps(productsField, 0)} />
            All my active products, now and later
          </label>
          {!v.all && (
            <ul className="mt-2 grid max-h-48 grid-cols-1 gap-1 overflow-y-auto rounded-xl border border-slate-200 p-2 sm:grid-cols-2">
              {active.length === 0 && <li className="text-sm text-slate-500">{products.isLoading ? 'Loading products…' : 'No active products yet.'}</li>}
              {active.map((p) => (
                <li key={p.ProductID}>
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      checked={v.ProductIDs.includes(p.ProductID)}
                      onChange={() => toggle(p.ProductID)}
                      className="size-4 shrink-0"
                      {...groupBoxProps(productsField, 1)}
                    />
                    <span className="wrap-anywhere">{p.ProductName}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <FieldMessage {...productsField} />
        </fieldset>
      )}
      <Button type="submit" busy={create.isPending} className="mt-4 w-full sm:w-auto">
        Create code
      </Button>
    </Card>
  )
}

/** The day of an ISO moment in India, for a date input ('' when none). */
const indiaDayOf = (iso: string | null) => (iso ? indiaDay(iso) : '')

function EditCodeModal({ code, onClose, onSaved }: { code: CodeDTO; onClose: () => void; onSaved: () => void }) {
  const [v, setV] = useState({ BuyerText: code.BuyerText, to: indiaDayOf(code.endsAt), limit: code.UseLimit === null ? '' : String(code.UseLimit) })
  const input = { BuyerText: v.BuyerText, endsAt: dayEnd(v.to), UseLimit: v.limit.trim() === '' ? null : Number(v.limit) }
  const form = useFieldErrors(schemaIssues(editCodeSchema), input, { messageFields: CODE_FIELDS })
  const save = useMutation({
    mutationFn: (input: Parameters<typeof editCode>[1]) => editCode(code.CodeID, input),
    onSuccess: (res) => {
      toast.success(res.message)
      onSaved()
      onClose()
    },
    onError: form.serverError,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = safeParse(editCodeSchema, input)
    if (form.check() && checked.success) save.mutate(checked.data)
  }
  const formId = `edit-code-${code.CodeID}`
  return (
    <Modal
      open
      title={`Edit ${code.Code}`}
      onClose={onClose}
      footer={<FormActions formId={formId} submitLabel="Save" busy={save.isPending} onCancel={onClose} />}
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="What it gives the buyer"
          value={v.BuyerText}
          maxLength={BUYER_TEXT_MAX}
          onChange={(e) => setV({ ...v, BuyerText: e.target.value })}
          {...form.field('BuyerText')}
        />
        <TextField
          label="Ends"
          type="date"
          value={v.to}
          onChange={(e) => setV({ ...v, to: e.target.value })}
          hint="Leave empty for no end"
          {...form.field('endsAt')}
        />
        <TextField
          label="Use limit"
          type="number"
          inputMode="numeric"
          min={1}
          value={v.limit}
          onChange={(e) => setV({ ...v, limit: e.target.value })}
          hint={`Used ${code.Uses} times so far; leave empty for no limit`}
          {...form.field('UseLimit')}
        />
      </form>
    </Modal>
  )
}

function SwitchButton({ code, onDone }: { code: CodeDTO; onDone: (active: boolean) => void }) {
  const change = useMutation({
    mutationFn: () => switchCode(code.CodeID, !code.Active),
    onSuccess: (res) => {
      toast.success(res.message)
      onDone(res.data.Active)
    },
  })
  return (
    <Button variant={code.Active ? 'secondary' : 'primary'} size="sm" busy={change.isPending} onClick={() => change.mutate()}>
      {code.Active ? 'Switch off' : 'Switch on'}
      <span className="sr-only"> {code.Code}</span>
    </Button>
  )
}

/** The Performance tab's Creator codes section: create, search, see uses, switch off. */
export function MarketerCodesSection({ vendorId }: { vendorId: number }) {
  const [q, setQ] = useState('')
  const [state, setState] = useState<CodeState>('all')
  const query = { q: q.trim(), state }
  const list = usePagedList([CODES_KEY, vendorId, query], (cursor, signal) => listVendorCodes(query, cursor, signal))
  const [editing, setEditing] = useState<CodeDTO | null>(null)
  const columns: Column<CodeDTO>[] = [
    codeColumn,
    { label: 'Creator', cell: (c) => <TextCell text={c.MarketerName} /> },
    ...codeTermsColumns,
    {
      label: 'Status',
      cell: (c) => <span className={c.Active ? 'font-medium text-emerald-700' : 'font-medium text-slate-500'}>{c.Active ? 'On' : 'Switched off'}</span>,
    },
    {
      label: 'Actions',
      hideLabel: true,
      cell: (c) => (
        <span className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEditing(c)}>
            Edit<span className="sr-only"> {c.Code}</span>
          </Button>
          <SwitchButton
            code={c}
            onDone={(Active) =>
              list.updateRow(
                (r) => r.CodeID === c.CodeID,
                (r) => ({ ...r, Active }),
              )
            }
          />
        </span>
      ),
    },
  ]
  return (
    <Section
      framed={false}
      className="mt-8"
      id="creator-codes"
      title="Creator codes"
      subtitle="Coupon codes you gave creators: a buyer who types one is that creator's lead."
    >
      <CreateCodeForm vendorId={vendorId} />
      <div className="mt-4 mb-4 flex flex-wrap items-end gap-3">
        <TextField label="Search codes" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="ANANYA" wrapperClassName="min-w-0 flex-1" />
        <SelectField label="Show" value={state} onChange={(e) => setState(e.target.value as CodeState)}>
          <option value="all">All codes</option>
          <option value="active">On</option>
          <option value="off">Switched off</option>
        </SelectField>
      </div>
      <ServerPagedTable
        list={list}
        noun="Creator codes"
        label="Creator codes and their uses"
        columns={columns}
        rowKey={(c) => c.CodeID}
        rowAttr="data-code-row"
        empty={{ icon: <Icon name="users" className="size-6" />, title: 'No creator codes yet', text: 'Create a code above and share it with the creator.' }}
      />
      {editing && <EditCodeModal code={editing} onClose={() => setEditing(null)} onSaved={() => void list.reload()} />}
    </Section>
  )
}
