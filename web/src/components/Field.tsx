import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId, useState } from 'react'
import { mobileInput } from '@contract/phone'
import { describedProps, FieldMessage, FieldShell, inputClasses, TextField, type TextFieldProps } from './TextField'

export { describedProps, FieldMessage, inputClasses, TextField }

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
