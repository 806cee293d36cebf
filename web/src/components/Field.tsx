import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId, useState } from 'react'
import { mobileInput } from '@contract/phone'
import { inputClasses as plainInputClasses } from './TextField'

// The app's fields with their error state (decision 263). The buy page keeps TextField.tsx's plain
// field for its JavaScript budget; everything else imports from here.

/** An input's classes: the plain field's, and a red border while it is marked invalid. */
export const inputClasses = `${plainInputClasses} aria-invalid:border-rose-500 aria-invalid:focus:ring-rose-100`

/**
 * What an input of a field says it is described by: its message (when marked) and its hint. With a
 * message it is also `aria-invalid`.
 */
export function describedProps(id: string, hint: ReactNode, error: string | undefined) {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ')
  return { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': ids || undefined }
}

/** A field's message, under its input; the input names it in aria-describedby (describedProps). */
export function FieldMessage({ id, error }: { id: string; error?: string }) {
  if (!error) return null
  return (
    <p id={`${id}-error`} data-field-error className="mt-1.5 text-sm font-medium text-rose-700">
      {error}
    </p>
  )
}

type FieldShellProps = { id: string; label: ReactNode; hint?: ReactNode; error?: string; children: ReactNode; className?: string }

/** The label above, the input, then its message (when marked) and its hint. */
function FieldShell({ id, label, hint, error, children, className = '' }: FieldShellProps) {
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

/**
 * A mobile number: digits only. No maxLength on the element: the browser would cut a pasted or
 * autofilled '+91 98765 43210' to '+91 98765 ' before it could be reduced to its ten digits.
 */
export function MobileField({ onValue, ...rest }: Omit<TextFieldProps, 'onChange'> & { onValue: (value: string) => void }) {
  return <TextField type="tel" inputMode="numeric" autoComplete="tel-national" onChange={(e) => onValue(mobileInput(e.target.value))} {...rest} />
}

export function PasswordField({ label, hint, error, id, wrapperClassName, className = '', ...rest }: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const [visible, setVisible] = useState(false)
  return (
    <FieldShell id={inputId} label={label} hint={hint} error={error} className={wrapperClassName}>
      <div className="relative">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          {...describedProps(inputId, hint, error)}
          className={`${inputClasses} pr-20 ${className}`}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-1 right-1 rounded-lg px-3 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
          aria-controls={inputId}
          aria-pressed={visible}
        >
          {visible ? 'Hide' : 'Show'}
          <span className="sr-only"> password</span>
        </button>
      </div>
    </FieldShell>
  )
}

/**
 * One checkbox of a group whose choice the form checks as a whole ('Choose at least one event'):
 * each box is marked and described by the group's message, and the first carries the field's id so
 * the focus can land on it. Render the message once with FieldMessage after the group.
 */
export const groupBoxProps = (field: { id: string; error?: string }, index: number) => ({
  id: index === 0 ? field.id : undefined,
  ...describedProps(field.id, null, field.error),
})

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; hint?: ReactNode; error?: string; wrapperClassName?: string }

export function SelectField({ label, hint, error, id, wrapperClassName, className = '', children, ...rest }: SelectFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <FieldShell id={inputId} label={label} hint={hint} error={error} className={wrapperClassName}>
      <select id={inputId} {...describedProps(inputId, hint, error)} className={`${inputClasses} pr-10 ${className}`} {...rest}>
        {children}
      </select>
    </FieldShell>
  )
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; hint?: ReactNode; error?: string; wrapperClassName?: string }

export function TextAreaField({ label, hint, error, id, wrapperClassName, className = '', ...rest }: TextAreaFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <FieldShell id={inputId} label={label} hint={hint} error={error} className={wrapperClassName}>
      <textarea id={inputId} {...describedProps(inputId, hint, error)} className={`${inputClasses} min-h-24 ${className}`} {...rest} />
    </FieldShell>
  )
}
