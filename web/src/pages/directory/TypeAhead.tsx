import { useId, useState } from 'react'
import { inputClasses } from '../../components/Field'
import { suggestions } from '../../lib/directory'

type Props = {
  label: string
  options: readonly string[]
  /** The selected filter value ('' for none). */
  value: string
  onChange: (value: string) => void
  emptyText: string
  placeholder?: string
}

/**
 * A type-ahead filter: the typed text filters at once and narrows the options, choosing an option
 * fills it in, and clearing the text clears the filter (spec 001 section 5). Arrow keys move,
 * Enter chooses, Escape closes.
 */
export function TypeAhead({ label, options, value, onChange, emptyText, placeholder }: Props) {
  const id = useId()
  const [text, setText] = useState(value)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const [lastValue, setLastValue] = useState(value)
  // Clear All resets the selection from outside: the text follows.
  if (value !== lastValue) {
    setLastValue(value)
    setText(value)
  }
  const matches = suggestions(options, text)

  const choose = (option: string) => {
    setText(option)
    setOpen(false)
    onChange(option)
  }

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${id}-opt-${active}` : undefined}
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
          // Filtering is live (spec 001 section 2): the typed text filters by containment at once.
          onChange(e.target.value)
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault()
            setOpen(true)
            setActive((a) => Math.min(a + 1, matches.length - 1))
          } else if (e.key === 'ArrowUp') {
            e.preventDefault()
            setActive((a) => Math.max(a - 1, 0))
          } else if (e.key === 'Enter' && open && matches[active]) {
            e.preventDefault()
            choose(matches[active])
          } else if (e.key === 'Escape' && open) {
            // Closes the list only, not the filter panel around it.
            e.stopPropagation()
            setOpen(false)
          }
        }}
      />
      {/* tabIndex -1: Chromium makes a scrolling list a Tab stop, and Tab would land on a list the input's blur removes, dropping focus to the page. */}
      {open && (
        <ul id={`${id}-list`} role="listbox" aria-label={label} tabIndex={-1} className="absolute z-30 mt-1 max-h-48 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
          {matches.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-500">{emptyText}</li>
          ) : (
            matches.map((option, i) => (
              <li
                key={option}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={option === value}
                // mousedown, not click: it runs before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault()
                  choose(option)
                }}
                className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-800' : 'text-slate-700'} ${option === value ? 'font-semibold' : ''}`}
              >
                {option}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  )
}
