import {
  createStoreSchema,
  isUnmatched,
  STORE_KIND_LABELS,
  STORE_KIND_VALUES,
  STORE_OUTCOME_LABELS,
  type StoreDTO,
  type StoreEventDTO,
  type StoreKind,
} from '@contract/stores'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { safeParse } from 'zod/mini'
import { errorMessage } from '../../api/client'
import { connectStore, listStores, removeStore, storeEvents } from '../../api/stores'
import { Section } from '../../components/Section'
import { Button } from '../../components/Button'
import { SelectField, TextField } from '../../components/Field'
import { formatDate } from '../../lib/format'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'

// The vendor's own Shopify or WooCommerce stores: connect one with its webhook secret,
// paste the receiving address into the store, and see every order event it sent, matched or not.

const STORES_KEY = ['stores'] as const

export function StoresSection() {
  const stores = useQuery({ queryKey: STORES_KEY, queryFn: listStores })
  const [open, setOpen] = useState<number | null>(null)
  return (
    <Section
      id="stores-title"
      title="Connected stores"
      subtitle="Your Shopify or WooCommerce store reports paid orders that carry a ck_ref from a buy page; Collabkart turns them into conversions, and refunds or cancellations into reversals."
    >
      <ConnectStoreForm />
      {stores.error && <p className="mt-4 text-sm text-rose-700">{errorMessage(stores.error)}</p>}
      <ul className="mt-4 space-y-3">
        {stores.data?.rows.map((store) => (
          <StoreCard key={store.StoreID} store={store} open={open === store.StoreID} onToggle={() => setOpen(open === store.StoreID ? null : store.StoreID)} />
        ))}
      </ul>
    </Section>
  )
}

function ConnectStoreForm() {
  const client = useQueryClient()
  const [values, setValues] = useState<{ kind: StoreKind; shop: string; secret: string }>({ kind: 'shopify', shop: '', secret: '' })
  const form = useFieldErrors(schemaIssues(createStoreSchema), values)
  const connect = useMutation({
    mutationFn: connectStore,
    onSuccess: async (res) => {
      toast.success(res.message)
      setValues((v) => ({ ...v, shop: '', secret: '' }))
      await client.invalidateQueries({ queryKey: STORES_KEY })
    },
    onError: (err) => toast.error(errorMessage(err)),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = safeParse(createStoreSchema, values)
    if (form.check() && checked.success) connect.mutate(checked.data)
  }
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 items-end gap-3 sm:grid-cols-4">
      <SelectField label="Store" value={values.kind} onChange={(e) => setValues((v) => ({ ...v, kind: e.target.value as StoreKind }))} {...form.field('kind')}>
        {STORE_KIND_VALUES.map((kind) => (
          <option key={kind} value={kind}>
            {STORE_KIND_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Store address"
        placeholder="mystore.myshopify.com"
        value={values.shop}
        onChange={(e) => setValues((v) => ({ ...v, shop: e.target.value }))}
        {...form.field('shop')}
      />
      <TextField
        label="Webhook secret"
        type="password"
        autoComplete="off"
        value={values.secret}
        onChange={(e) => setValues((v) => ({ ...v, secret: e.target.value }))}
        {...form.field('secret')}
      />
      <Button type="submit" busy={connect.isPending}>
        Connect store
      </Button>
    </form>
  )
}

function StoreCard({ store, open, onToggle }: { store: StoreDTO; open: boolean; onToggle: () => void }) {
  const client = useQueryClient()
  const remove = useMutation({
    mutationFn: () => removeStore(store.StoreID),
    onSuccess: async (res) => {
      toast.success(res.message)
      await client.invalidateQueries({ queryKey: STORES_KEY })
    },
    onError: (err) => toast.error(errorMessage(err)),
  })
  return (
    <li className="rounded-xl border border-slate-200 p-3 sm:p-4" data-store={store.StoreID}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 wrap-anywhere">
            {STORE_KIND_LABELS[store.kind]} · {store.shop}
          </p>
          <p className="text-xs text-slate-500">
            Secret {store.secretHint} · {store.events} events, {store.unmatched} unmatched
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={onToggle} aria-expanded={open}>
            {open ? 'Hide events' : 'Show events'}
          </Button>
          <Button variant="danger" size="sm" busy={remove.isPending} onClick={() => remove.mutate()}>
            Remove
          </Button>
        </div>
      </div>
      <label className="mt-3 block text-xs font-medium text-slate-600">
        Webhook address (paste it into your store's webhook settings)
        <input
          readOnly
          value={store.webhookUrl}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-xs text-slate-800"
        />
      </label>
      {open && <StoreEvents storeId={store.StoreID} />}
    </li>
  )
}

const EVENT_COLUMNS: Column<StoreEventDTO>[] = [
  { label: 'Received', cell: (e) => formatDate(e.createdAt) },
  { label: 'Topic', cell: (e) => <TextCell text={e.topic || '—'} /> },
  { label: 'Order', cell: (e) => <TextCell text={e.orderId ?? '—'} /> },
  {
    label: 'Outcome',
    cell: (e) => (
      <span className={isUnmatched(e.outcome) ? 'font-medium text-amber-800' : 'font-medium text-emerald-700'}>{STORE_OUTCOME_LABELS[e.outcome]}</span>
    ),
  },
  { label: 'Detail', wide: true, cell: (e) => <TextCell text={e.detail ?? (e.ckRef ? `ck_ref ${e.ckRef}` : '—')} /> },
  {
    label: 'Body',
    wide: true,
    cell: (e) => (
      <details className="max-w-full sm:max-w-xs">
        {/* After 30 days, or the buyer's erasure, only the order's facts are kept (decision 243). */}
        <summary className="cursor-pointer text-brand-700">{e.rawUntil ? 'Show body' : 'Show order facts'}</summary>
        <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">{e.body}</pre>
      </details>
    ),
  },
]

function StoreEvents({ storeId }: { storeId: number }) {
  const list = usePagedList(['stores', storeId, 'events'], (cursor, signal) => storeEvents(storeId, cursor, signal))
  return (
    <div className="mt-4">
      <ServerPagedTable
        list={list}
        noun="Store events"
        label="Store events"
        columns={EVENT_COLUMNS}
        rowKey={(e) => e.EventID}
        rowAttr="data-store-event"
        empty={{ icon: null, title: 'No events yet', text: 'Orders your store sends to the webhook address appear here, matched or not.' }}
      />
    </div>
  )
}
