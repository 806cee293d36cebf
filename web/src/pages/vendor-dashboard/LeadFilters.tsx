import { LEAD_STATUSES, type LeadStatus } from '@contract/lead'
import type { LeadSort } from '@contract/lead-list'
import { Button } from '../../components/Button'
import { SelectField, TextField } from '../../components/Field'

export type LeadFilterState = { q: string; status: '' | LeadStatus; from: string; to: string; sort: LeadSort }
export const NO_LEAD_FILTERS: LeadFilterState = { q: '', status: '', from: '', to: '', sort: 'newest' }

const SORT_LABELS: Record<LeadSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'price-high': 'Price: high to low',
  'price-low': 'Price: low to high',
}

export const hasLeadFilters = (f: LeadFilterState) => f.q.trim() !== '' || f.status !== '' || f.from !== '' || f.to !== ''

/** The vendor's lead filters; every one is applied by the server (search, status, dates, sort). */
export function LeadFilters({ value, onChange }: { value: LeadFilterState; onChange: (next: LeadFilterState) => void }) {
  const set = <K extends keyof LeadFilterState>(key: K, v: LeadFilterState[K]) => onChange({ ...value, [key]: v })
  return (
    <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5" role="search" aria-label="Filter leads">
      <TextField label="Search buyers" type="search" placeholder="Name, phone or email" value={value.q} onChange={(e) => set('q', e.target.value)} wrapperClassName="lg:col-span-2" />
      <SelectField label="Status" value={value.status} onChange={(e) => set('status', e.target.value as LeadFilterState['status'])}>
        <option value="">All statuses</option>
        {LEAD_STATUSES.map((s) => (
          <option key={s}>{s}</option>
        ))}
      </SelectField>
      <TextField label="From" type="date" value={value.from} max={value.to || undefined} onChange={(e) => set('from', e.target.value)} />
      <TextField label="To" type="date" value={value.to} min={value.from || undefined} onChange={(e) => set('to', e.target.value)} />
      <SelectField label="Sort by" value={value.sort} onChange={(e) => set('sort', e.target.value as LeadSort)} wrapperClassName="lg:col-span-2">
        {(Object.keys(SORT_LABELS) as LeadSort[]).map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </SelectField>
      {hasLeadFilters(value) && (
        <div className="flex items-end">
          <Button variant="secondary" onClick={() => onChange({ ...NO_LEAD_FILTERS, sort: value.sort })}>
            Clear filters
          </Button>
        </div>
      )}
    </div>
  )
}
