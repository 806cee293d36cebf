import { type InputHTMLAttributes, type ReactNode, useId } from 'react'
import { inputClasses } from '../../components/inputClasses'

// The buy form's field: label, input, and below it the field's error (decision 249) or its hint.
// Kept in the buy page's folder (its own entry and budget) and small: the error is tied to the
// input by aria-describedby and aria-invalid, and the page moves focus to the first field in error.

// The id is always its own (useId): the label, the error and the hint are tied to it.
type BuyFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode
  hint?: ReactNode
  /** The hint says something went right (a creator code that works). */
  hintGood?: boolean
  error?: string | null
  /** Announce changes of the error or hint as they come (the code's check while typing). */
  live?: boolean
  wrapperClassName?: string
}

export function BuyField({ label, hint, hintGood, error, live, wrapperClassName, className = '', ...rest }: BuyFieldProps) {
  const inputId = useId()
  const described = [error && `${inputId}-error`, hint && `${inputId}-hint`].filter(Boolean).join(' ')
  return (
    <div className={wrapperClassName}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={`${inputClasses} aria-[invalid=true]:border-rose-500 aria-[invalid=true]:focus:ring-rose-100 ${className}`}
        {...rest}
      />
      <div aria-live={live ? 'polite' : undefined}>
        {error && (
          <p id={`${inputId}-error`} data-field-error className="mt-1.5 text-sm font-medium text-rose-700">
            {error}
          </p>
        )}
        {hint && (
          <p id={`${inputId}-hint`} className={`mt-1.5 text-xs ${hintGood ? 'font-medium text-emerald-700' : 'text-slate-500'}`}>
            {hint}
          </p>
        )}
      </div>
    </div>
  )
}
