import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Button } from '../../components/Button'
import { comboboxInputProps, comboboxKeyDown, ComboboxOptions } from '../../components/ComboboxOptions'
import { inputClasses } from '../../components/Field'
import { useDebounced } from '../../lib/useDebounced'

export type Picked = { id: number; label: string }
export type RecordSearch = (text: string, signal: AbortSignal) => Promise<Picked[]>

type Props = {
  label: string
  placeholder: string
  /** Names the server's search: suggestions of different pickers never share a cache entry. */
  searchKey: string
  search: RecordSearch
  value: Picked | null
  onChange: (value: Picked | null) => void
}

/**
 * Picks one record (a product, an influencer) by asking the server as the person types: a few
 * suggestions per pause in typing, never the whole table. Once picked it shows as a chip with a
 * button that removes it. Arrow keys move, Enter picks, Escape closes.
 */
export function RecordPicker({ label, placeholder, searchKey, search, value, onChange }: Props) {
  const id = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const q = useDebounced(text.trim(), 250)
  const found = useQuery({
    queryKey: ['record-picker', searchKey, q],
    queryFn: ({ signal }) => search(q, signal),
    enabled: open && q !== '' && value === null,
    staleTime: 60_000,
  })
  const options = q === '' ? [] : (found.data ?? [])

  const choose = (option: Picked) => {
    setText('')
    setOpen(false)
    onChange(option)
  }

  if (value) {
    return (
      <fieldset className="min-w-0">
        <legend className="mb-1.5 block text-sm font-medium text-slate-700">{label}</legend>
        <div className="flex min-h-11 items-center justify-between gap-2 rounded-xl border border-brand-200 bg-brand-50 py-1.5 pl-3 pr-1.5">
          <span className="min-w-0 truncate text-sm font-medium text-brand-800" title={value.label}>
            {value.label}
          </span>
          <Button variant="ghost" size="sm" onClick={() => onChange(null)} aria-label={`Remove the ${label.toLowerCase()} filter`}>
            Remove
          </Button>
        </div>
      </fieldset>
    )
  }

  const status =
    q === '' ? 'Type to search' : found.isFetching && options.length === 0 ? 'Searching…' : found.isError ? 'Could not search just now' : 'No matches'
  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        {...comboboxInputProps(id, open, options[active] ? active : null)}
        type="search"
        value={text}
        placeholder={placeholder}
        className={inputClasses}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          setText(e.target.value)
          setOpen(true)
          setActive(0)
        }}
        onKeyDown={(e) => comboboxKeyDown(e, { count: options.length, open, setOpen, setActive, choose: () => options[active] && choose(options[active]) })}
      />
      {open && (
        <ComboboxOptions
          id={id}
          label={label}
          options={options.map((option, i) => ({ key: option.id, text: option.label, selected: i === active }))}
          active={active}
          emptyText={status}
          onChoose={(i) => options[i] && choose(options[i])}
        />
      )}
    </div>
  )
}
