import { type InputHTMLAttributes, type ReactNode, useId } from 'react'

// The labelled text input and the shell every field shares, apart from Field.tsx's other fields so
// the buy page (its own entry, with a JavaScript budget) takes only what its form uses.

import { inputClasses } from './inputClasses'

export { inputClasses }

type FieldShellProps = { id: string; label: ReactNode; hint?: ReactNode; children: ReactNode; className?: string }

export function FieldShell({ id, label, hint, children, className = '' }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  )
}

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; hint?: ReactNode; wrapperClassName?: string }

/** A labelled input: the label is tied to the input so screen readers and taps both work. */
export function TextField({ label, hint, id, wrapperClassName, className = '', ...rest }: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <FieldShell id={inputId} label={label} hint={hint} className={wrapperClassName}>
      <input id={inputId} aria-describedby={hint ? `${inputId}-hint` : undefined} className={`${inputClasses} ${className}`} {...rest} />
    </FieldShell>
  )
}
