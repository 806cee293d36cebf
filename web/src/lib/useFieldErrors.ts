import { type FormEvent, useEffect, useId, useState } from 'react'
import { type FieldErrors, type FieldIssue, fieldErrorsOf, fieldKeysFrom, firstInvalidField, placeIssues } from './fieldErrors'
import { toast } from './toast'

type Options = {
  /** How the first message is shown; the spec's toast unless the form says otherwise (sign-in's form error). */
  report?: (message: string) => void
  /**
   * Messages that are about one field though they name none (message to field): the contract's rules
   * across fields, and server refusals such as an email already registered.
   */
  messageFields?: Readonly<Record<string, string>>
  /** Opens what holds a field (a tab) before the focus moves to it. */
  reveal?: (field: string) => void
}

const fieldId = (prefix: string, name: string) => `${prefix}-${name}`

type Marked = { field: string; message: string; value: unknown }

const valueAt = (values: unknown, field: string): unknown =>
  field.split('.').reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), values)

/**
 * A form's field errors (decision 263). `check()` on submit runs the form's rules over `values`:
 * on a problem it shows the first message as the spec's toast, marks every field with a problem and
 * moves the focus to the first one. From then on the marks follow what is typed (a fixed field
 * loses its mark) until a submit passes. `field(name)` gives the id and message to spread on a
 * TextField, SelectField, TextAreaField or PasswordField; `serverError` marks the field a server
 * refusal names (its toast still comes from the mutation), kept until that field changes.
 */
export function useFieldErrors<V>(issuesOf: (values: V) => readonly FieldIssue[], values: V, options: Options = {}) {
  const prefix = useId()
  const [checked, setChecked] = useState(false)
  const [server, setServer] = useState<Marked | null>(null)
  const [focus, setFocus] = useState<{ field: string } | null>(null)

  const messageFields = options.messageFields ?? {}
  const issuesNow = () => placeIssues(issuesOf(values), messageFields)
  const errors: Record<string, string> = checked ? { ...fieldErrorsOf(issuesNow()) } : {}
  if (server && !(server.field in errors) && Object.is(valueAt(values, server.field), server.value)) errors[server.field] = server.message

  const idOf = (name: string) => fieldId(prefix, name)

  // After the render that shows the marks, so a field in a tab or section opened by the same
  // submit exists by then.
  useEffect(() => {
    if (!focus) return
    for (const key of fieldKeysFrom(focus.field)) {
      const element = document.getElementById(fieldId(prefix, key))
      if (element) {
        element.focus()
        return
      }
    }
  }, [focus, prefix])

  function focusOn(field: string) {
    options.reveal?.(field)
    setFocus({ field })
  }

  /** `now`: the values read at submit, for a form whose inputs keep their own (useFormDraft). */
  function check(now?: V): boolean {
    const issues = now === undefined ? issuesNow() : placeIssues(issuesOf(now), messageFields)
    setServer(null)
    if (issues.length === 0) {
      setChecked(false)
      return true
    }
    setChecked(true)
    ;(options.report ?? toast.error)(issues[0].message)
    const first = firstInvalidField(issues)
    if (first) focusOn(first)
    return false
  }

  function serverError(error: unknown): boolean {
    const message = error instanceof Error ? error.message : String(error)
    const field = messageFields[message]
    if (!field) return false
    setServer({ field, message, value: valueAt(values, field) })
    focusOn(field)
    return true
  }

  return {
    errors: errors as FieldErrors,
    /** The id and message of one field, to spread on a field component. */
    field: (name: string) => ({ id: idOf(name), error: errors[name] }),
    check,
    serverError,
    /** Forget every mark (a form emptied after saving, a dialog reopened). */
    reset: () => {
      setChecked(false)
      setServer(null)
    },
  }
}

/** What a part of a form (a group of fields) needs: the ids and messages of its fields. */
export type FormErrors = Pick<ReturnType<typeof useFieldErrors>, 'field'>

/** What a form holds, by input name. */
export const formValues = (form: HTMLFormElement): Record<string, string> =>
  Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]))

/**
 * The values of a form whose inputs keep their own (read with FormData), kept as they change so the
 * marks can follow: `<form onChange={draft.onChange}>`, and `form.check(draft.read(e.currentTarget))`
 * on submit.
 */
export function useFormDraft() {
  const [values, setValues] = useState<Record<string, string>>({})
  const read = (form: HTMLFormElement) => {
    const now = formValues(form)
    setValues(now)
    return now
  }
  return { values, read, onChange: (e: FormEvent<HTMLFormElement>) => void read(e.currentTarget) }
}
