import type { KeyboardEvent } from 'react'

/** The ARIA wiring of a combobox input whose list is ComboboxOptions; `active` null when no option is highlighted. */
export const comboboxInputProps = (id: string, open: boolean, active: number | null) =>
  ({
    id,
    role: 'combobox',
    'aria-expanded': open,
    'aria-controls': `${id}-list`,
    'aria-autocomplete': 'list',
    'aria-activedescendant': open && active !== null ? `${id}-opt-${active}` : undefined,
    autoComplete: 'off',
  }) as const

type Keys = {
  count: number
  open: boolean
  setOpen: (open: boolean) => void
  setActive: (update: (active: number) => number) => void
  /** Enter on the highlighted option. */
  choose: () => void
}

/** A combobox input's keys: arrows move, Enter chooses, Escape closes the list (not what is around it). */
export function comboboxKeyDown(e: KeyboardEvent<HTMLInputElement>, { count, open, setOpen, setActive, choose }: Keys) {
  if (e.key === 'ArrowDown') {
    e.preventDefault()
    setOpen(true)
    setActive((a) => Math.min(a + 1, count - 1))
  } else if (e.key === 'ArrowUp') {
    e.preventDefault()
    setActive((a) => Math.max(a - 1, 0))
  } else if (e.key === 'Enter' && open && count > 0) {
    e.preventDefault()
    choose()
  } else if (e.key === 'Escape' && open) {
    // Cancelled: an open <dialog> around the field (components/Modal.tsx) would take Escape as its own close request.
    e.preventDefault()
    e.stopPropagation()
    setOpen(false)
  }
}

type Props = {
  /** The input's id: the list is `{id}-list`, option i is `{id}-opt-{i}` (aria-activedescendant). */
  id: string
  label: string
  options: { key: string | number; text: string; selected: boolean }[]
  active: number
  emptyText: string
  onChoose: (index: number) => void
}

/** The list under a combobox input. */
export function ComboboxOptions({ id, label, options, active, emptyText, onChoose }: Props) {
  return (
    // tabIndex -1: Chromium makes a scrolling list a Tab stop, and Tab would land on a list the input's blur removes, dropping focus to the page.
    <ul
      id={`${id}-list`}
      role="listbox"
      aria-label={label}
      tabIndex={-1}
      className="absolute z-30 mt-1 max-h-56 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
    >
      {options.length === 0 ? (
        <li className="px-3 py-2 text-sm text-slate-500">{emptyText}</li>
      ) : (
        options.map((option, i) => (
          <li
            key={option.key}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={option.selected}
            // mousedown, not click: it runs before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault()
              onChoose(i)
            }}
            className={`cursor-pointer truncate px-3 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-800' : 'text-slate-700'} ${option.selected ? 'font-semibold' : ''}`}
          >
            {option.text}
          </li>
        ))
      )}
    </ul>
  )
}
