import { type InputHTMLAttributes, type ReactNode, useId } from 'react'

// The labelled text input and the shell every field shares, apart from Field.tsx's other fields so
// the buy page (its own entry, with a JavaScript budget) takes only what its form uses.

export const inputClasses =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-100 disabled:bg-slate-100 sm:text-sm'

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
