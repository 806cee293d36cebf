import { PERIOD_LABELS, PERIODS, type Period, type SortOrder } from '@contract/performance'
import { useState } from 'react'
import { SelectField } from '../../components/Field'
import { formatRupees } from '../../lib/format'
import type { TableSort } from './DataTable'

export type SortChoice = { key: string; label: string }

/** A table's order; a header clicked again turns round, a new column starts from the largest (A first for names). */
export function useTableSort(initial: string): {
  sort: string
  order: SortOrder
  setSort: (key: string) => void
  setOrder: (o: SortOrder) => void
  table: TableSort
} {
  const [state, setState] = useState<{ sort: string; order: SortOrder }>({ sort: initial, order: 'desc' })
  const setSort = (key: string) =>
    setState((s) => (s.sort === key ? { sort: key, order: s.order === 'asc' ? 'desc' : 'asc' } : { sort: key, order: key === 'name' ? 'asc' : 'desc' }))
  const setOrder = (order: SortOrder) => setState((s) => ({ ...s, order }))
  return { ...state, setSort, setOrder, table: { key: state.sort, order: state.order, onSort: setSort } }
}

export function PeriodSelect({ value, onChange, label = 'Period' }: { value: Period; onChange: (p: Period) => void; label?: string }) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(PERIODS.find((p) => p === e.target.value) ?? '30')} wrapperClassName="min-w-36">
      {PERIODS.map((p) => (
        <option key={p} value={p}>
          {PERIOD_LABELS[p]}
        </option>
      ))}
    </SelectField>
  )
}

/** The order as two selects: the only way to sort on a phone, where the table is a list of cards. */
export function SortControls({ idPrefix, choices, sort }: { idPrefix: string; choices: readonly SortChoice[]; sort: ReturnType<typeof useTableSort> }) {
  return (
    <>
      <SelectField id={`${idPrefix}-sort`} label="Sort by" value={sort.sort} onChange={(e) => sort.setSort(e.target.value)} wrapperClassName="min-w-40">
        {choices.map((c) => (
          <option key={c.key} value={c.key}>
            {c.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${idPrefix}-order`}
        label="Order"
        value={sort.order}
        onChange={(e) => sort.setOrder(e.target.value === 'asc' ? 'asc' : 'desc')}
        wrapperClassName="min-w-36"
      >
        <option value="desc">{sort.sort === 'name' ? 'Z to A' : 'Highest first'}</option>
        <option value="asc">{sort.sort === 'name' ? 'A to Z' : 'Lowest first'}</option>
      </SelectField>
    </>
  )
}

const counts = new Intl.NumberFormat('en-IN')
export const formatCount = (n: number) => counts.format(n)
export const formatRate = (percent: number) => `${percent.toLocaleString('en-IN', { maximumFractionDigits: 1 })}%`
export const formatMoney = (rupees: number) => formatRupees(rupees, 2)
