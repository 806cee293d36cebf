import { LEAD_STATUSES } from '@contract/lead'
import { useState } from 'react'
import { Button } from '../../components/Button'
import { SelectField, TextField } from '../../components/Field'
import { useDebounced } from '../../lib/useDebounced'
import { type Picked, RecordPicker, type RecordSearch } from './RecordPicker'
import { Card } from '../../components/Card'

export type LeadFilterValues = { status: string; q: string; from: string; to: string; sort: string; product: Picked | null; influencer: Picked | null }
export const NO_LEAD_FILTERS: LeadFilterValues = { status: '', q: '', from: '', to: '', sort: 'newest', product: null, influencer: null }

const SORT_LABELS: Record<string, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'price-high': 'Price: high to low',
  'price-low': 'Price: low to high',
}

export const leadFiltersActive = (v: LeadFilterValues) =>
  v.status !== '' || v.q !== '' || v.from !== '' || v.to !== '' || v.sort !== 'newest' || v.product !== null || v.influencer !== null

/** What a filtered lead table says when nothing matches. */
export const NO_MATCHING_LEADS = {
  title: 'No leads match these filters',
  text: 'Try another status, product, influencer, date range or search, or clear the filters.',
}

/** The filters as the lead lists' query (blank ones left out). */
export function leadParams(f: LeadFilterValues): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of ['status', 'q', 'from', 'to', 'sort'] as const) if (f[key].trim()) out[key] = f[key].trim()
  if (f.product) out.productId = String(f.product.id)
  if (f.influencer) out.marketerId = String(f.influencer.id)
  return out
}

/**
 * The lead tables' filters, applied by the server: status, dates, a search (typing waits for a
 * pause before it asks), and the sort.
 */
export function useLeadFilters(): { values: LeadFilterValues; applied: LeadFilterValues; set: (next: Partial<LeadFilterValues>) => void; clear: () => void } {
  const [values, setValues] = useState(NO_LEAD_FILTERS)
  const q = useDebounced(values.q, 300)
  return {
    values,
    applied: { ...values, q },
    set: (next) => setValues((v) => ({ ...v, ...next })),
    clear: () => setValues(NO_LEAD_FILTERS),
  }
}

type Props = {
  filters: ReturnType<typeof useLeadFilters>
  searchLabel: string
  searchPlaceholder: string
  sorts: readonly string[]
  /** Server searches for the product and influencer pickers (the vendor's table has both). */
  pickers?: { product: RecordSearch; influencer: RecordSearch }
}

export function LeadFilters({ filters, searchLabel, searchPlaceholder, sorts, pickers }: Props) {
  const { values, set, clear } = filters
  const active = leadFiltersActive(values)
  return (
    <Card
      as="form"
      padding="sm"
      className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6"
      onSubmit={(e) => e.preventDefault()}
      aria-label="Lead filters"
    >
      <TextField
        label={searchLabel}
        type="search"
        placeholder={searchPlaceholder}
        value={values.q}
        onChange={(e) => set({ q: e.target.value })}
        wrapperClassName="lg:col-span-2"
      />
      <SelectField label="Status" value={values.status} onChange={(e) => set({ status: e.target.value })}>
        <option value="">All statuses</option>
        {LEAD_STATUSES.map((s) => (
          <option key={s}>{s}</option>
        ))}
      </SelectField>
      <TextField label="From" type="date" value={values.from} max={values.to || undefined} onChange={(e) => set({ from: e.target.value })} />
      <TextField label="To" type="date" value={values.to} min={values.from || undefined} onChange={(e) => set({ to: e.target.value })} />
      <SelectField label="Sort by" value={values.sort} onChange={(e) => set({ sort: e.target.value })}>
        {sorts.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s] ?? s}
          </option>
        ))}
      </SelectField>
      {pickers && (
        <>
          <div className="lg:col-span-3">
            <RecordPicker
              label="Product"
              placeholder="Search your products"
              searchKey="own-products"
              search={pickers.product}
              value={values.product}
              onChange={(product) => set({ product })}
            />
          </div>
          <div className="lg:col-span-3">
            <RecordPicker
              label="Influencer"
              placeholder="Search influencers by name"
              searchKey="influencers"
              search={pickers.influencer}
              value={values.influencer}
              onChange={(marketer) => set({ influencer: marketer })}
            />
          </div>
        </>
      )}
      {active && (
        <div className="sm:col-span-2 lg:col-span-6">
          <Button variant="secondary" size="sm" onClick={clear}>
            Clear filters
          </Button>
        </div>
      )}
    </Card>
  )
}
