import { type InputHTMLAttributes, type ReactNode, useId } from 'react'

// The labelled text input and the shell every field shares, apart from Field.tsx's other fields so
// the buy page (its own entry, with a JavaScript budget) takes only what its form uses.

export const inputClasses =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-100 disabled:bg-slate-100 aria-invalid:border-rose-500 aria-invalid:focus:ring-rose-100 sm:text-sm'

/**
 * What an input of a field says it is described by: its message (when marked) and its hint. With a
 * message it is also `aria-invalid` (decision 263).
 */
export function describedProps(id: string, hint: ReactNode, error: string | undefined) {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ')
  return { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': ids || undefined }
}

/** A field's message, under its input; the input names it in aria-describedby (describedProps). */
export function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null
  return (
    <p id={`${id}-error`} data-field-error className="mt-1.5 text-sm font-medium text-rose-700">
      {error}
    </p>
  )
}

type FieldShellProps = { id: string; label: ReactNode; hint?: ReactNode; error?: string; children: ReactNode; className?: string }

export function FieldShell({ id, label, hint, error, children, className = '' }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      <FieldMessage id={id} error={error} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  )
}

/** `error`: the field's message, shown under it and marking it invalid (lib/useFieldErrors.ts). */
export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; hint?: ReactNode; error?: string; wrapperClassName?: string }

/** A labelled input: the label is tied to the input so screen readers and taps both work. */
export function TextField({ label, hint, error, id, wrapperClassName, className = '', ...rest }: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <FieldShell id={inputId} label={label} hint={hint} error={error} className={wrapperClassName}>
      <input id={inputId} {...describedProps(inputId, hint, error)} className={`${inputClasses} ${className}`} {...rest} />
    </FieldShell>
  )
}
