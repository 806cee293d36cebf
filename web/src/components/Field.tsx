import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId, useState } from 'react'

export const inputClasses =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-100 disabled:bg-slate-100 sm:text-sm'

type FieldShellProps = { id: string; label: ReactNode; hint?: ReactNode; children: ReactNode; className?: string }

function FieldShell({ id, label, hint, children, className = '' }: FieldShellProps) {
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

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; hint?: ReactNode; wrapperClassName?: string }

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

/** Digits only, at most `maxLength` (10 for Indian mobile numbers). */
export function DigitsField({ onValue, maxLength = 10, ...rest }: Omit<TextFieldProps, 'onChange'> & { onValue: (value: string) => void }) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={maxLength}
      onChange={(e) => onValue(e.target.value.replace(/\D/g, '').slice(0, maxLength))}
      {...rest}
    />
  )
}

export function PasswordField({ label, hint, id, wrapperClassName, className = '', ...rest }: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const [visible, setVisible] = useState(false)
  return (
    <FieldShell id={inputId} label={label} hint={hint} className={wrapperClassName}>
      <div className="relative">
        <input id={inputId} type={visible ? 'text' : 'password'} className={`${inputClasses} pr-20 ${className}`} {...rest} />
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

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; hint?: ReactNode; wrapperClassName?: string }

export function SelectField({ label, hint, id, wrapperClassName, className = '', children, ...rest }: SelectFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <FieldShell id={inputId} label={label} hint={hint} className={wrapperClassName}>
      <select id={inputId} className={`${inputClasses} pr-10 ${className}`} {...rest}>
        {children}
      </select>
    </FieldShell>
  )
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; hint?: ReactNode; wrapperClassName?: string }

export function TextAreaField({ label, hint, id, wrapperClassName, className = '', ...rest }: TextAreaFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <FieldShell id={inputId} label={label} hint={hint} className={wrapperClassName}>
      <textarea id={inputId} className={`${inputClasses} min-h-24 ${className}`} {...rest} />
    </FieldShell>
  )
}
