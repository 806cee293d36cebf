import { useId, useState } from 'react'
import { comboboxInputProps, comboboxKeyDown, ComboboxOptions } from '../../components/ComboboxOptions'
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
        {...comboboxInputProps(id, open, matches[active] ? active : null)}
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
        onKeyDown={(e) => comboboxKeyDown(e, { count: matches.length, open, setOpen, setActive, choose: () => choose(matches[active] ?? '') })}
      />
      {open && (
        <ComboboxOptions
          id={id}
          label={label}
          options={matches.map((option) => ({ key: option, text: option, selected: option === value }))}
          active={active}
          emptyText={emptyText}
          onChoose={(i) => choose(matches[i] ?? '')}
        />
      )}
    </div>
  )
}
