import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Button } from '../../components/Button'
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
      <div>
        <p id={`${id}-label`} className="mb-1.5 block text-sm font-medium text-slate-700">
          {label}
        </p>
        <div className="flex min-h-11 items-center justify-between gap-2 rounded-xl border border-brand-200 bg-brand-50 py-1.5 pl-3 pr-1.5" aria-labelledby={`${id}-label`} role="group">
          <span className="min-w-0 truncate text-sm font-medium text-brand-800" title={value.label}>
            {value.label}
          </span>
          <Button variant="ghost" size="sm" onClick={() => onChange(null)} aria-label={`Remove the ${label.toLowerCase()} filter`}>
            Remove
          </Button>
        </div>
      </div>
    )
  }

  const status = q === '' ? 'Type to search' : found.isFetching && options.length === 0 ? 'Searching…' : found.isError ? 'Could not search just now' : 'No matches'
  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
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
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault()
            setOpen(true)
            setActive((a) => Math.min(a + 1, options.length - 1))
          } else if (e.key === 'ArrowUp') {
            e.preventDefault()
            setActive((a) => Math.max(a - 1, 0))
          } else if (e.key === 'Enter' && open && options[active]) {
            e.preventDefault()
            choose(options[active])
          } else if (e.key === 'Escape' && open) {
            e.stopPropagation()
            setOpen(false)
          }
        }}
      />
      {open && (
        <ul id={`${id}-list`} role="listbox" aria-label={label} tabIndex={-1} className="absolute z-30 mt-1 max-h-56 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
          {options.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-500">{status}</li>
          ) : (
            options.map((option, i) => (
              <li
                key={option.id}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                // mousedown, not click: it runs before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault()
                  choose(option)
                }}
                className={`cursor-pointer truncate px-3 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-800' : 'text-slate-700'}`}
              >
                {option.label}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  )
}
