import { safeParse } from 'zod/mini'
import type * as core from 'zod/v4/core'

// Which field each of a form's problems belongs to (decision 263). Pure, so the rules are tested
// without a browser; lib/useFieldErrors.ts puts them on screen.

/** One problem with what was typed: a zod issue, or one made by hand with the field it is about. */
export type FieldIssue = { readonly path: ReadonlyArray<PropertyKey>; readonly message: string }

/** Each marked field's message, keyed by its path ('Email', or 'Products.0.Commission'). */
export type FieldErrors = Readonly<Record<string, string>>

const keyOf = (path: ReadonlyArray<PropertyKey>) => path.map(String).join('.')

/**
 * Every field with a problem and its first message. A nested issue also marks the fields that hold
 * it ('Products.0' marks 'Products'), so a form may mark the group or the item. An issue with no
 * path marks nothing: the toast carries it.
 */
export function fieldErrorsOf(issues: readonly FieldIssue[]): FieldErrors {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    for (let end = 1; end <= issue.path.length; end++) {
      const key = keyOf(issue.path.slice(0, end))
      if (!(key in errors)) errors[key] = issue.message
    }
  }
  return errors
}

/**
 * The field the focus goes to: the one of the first issue that names a field, so it is the field
 * the toast speaks of whenever the toast's issue has one.
 */
export function firstInvalidField(issues: readonly FieldIssue[]): string | null {
  const issue = issues.find((i) => i.path.length > 0)
  return issue ? keyOf(issue.path) : null
}

/** The keys to try, longest first, when looking for the element of a field ('a.0.b', 'a.0', 'a'). */
export function fieldKeysFrom(key: string): string[] {
  const parts = key.split('.')
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('.'))
}

/**
 * Gives an issue that names no field (a rule across fields, written once in the contract) the field
 * its message is about, when the form says which: 'The account numbers do not match' belongs to the
 * second account number.
 */
export function placeIssues(issues: readonly FieldIssue[], fieldOf: Readonly<Record<string, string>>): readonly FieldIssue[] {
  return issues.map((issue) => (issue.path.length === 0 && fieldOf[issue.message] ? { ...issue, path: fieldOf[issue.message].split('.') } : issue))
}

/**
 * A form's rules as a list of issues: every issue of the contract schema, in the schema's order.
 * The values are what the form holds, typed as the form types them (a checkbox's boolean where the
 * contract wants `true`): judging them is the schema's job.
 */
export const schemaIssues =
  <S extends core.$ZodType>(schema: S) =>
  (values: unknown): readonly FieldIssue[] => {
    const parsed = safeParse(schema, values)
    return parsed.success ? [] : parsed.error.issues
  }

/** A rule that yields one message at a time (the product form's spec order) as an issue on its field. */
export const messageIssue = (message: string | null, fieldOf: (message: string) => string | null): readonly FieldIssue[] => {
  if (message === null) return []
  const field = fieldOf(message)
  return [{ path: field ? [field] : [], message }]
}
