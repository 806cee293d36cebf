import type * as core from 'zod/v4/core'

// The 400 messages a contract schema can answer, read from the schema itself: every `error` given
// to a type, a check or a refinement (the spec's wording, set once in worker/contract/). Reading
// them, rather than listing them again beside each route, keeps the document from drifting when a
// contract gains or rewords a rule.

type Node = { _zod: { def: Record<string, unknown> & { error?: unknown; checks?: unknown[] } } }

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof (value as Node)._zod?.def === 'object'

// zod keeps a string `error` as a function of the issue; a contract's own function may look at the
// issue (a missing value or a wrong one), so each is asked about the two kinds of input.
const SAMPLE_ISSUES = [
  { code: 'invalid_type', input: undefined },
  { code: 'custom', input: '' },
]

function messagesOfError(error: unknown): string[] {
  if (typeof error === 'string') return [error]
  if (typeof error !== 'function') return []
  const out: string[] = []
  for (const issue of SAMPLE_ISSUES) {
    try {
      const said: unknown = error(issue)
      const text = typeof said === 'string' ? said : (said as { message?: unknown } | undefined)?.message
      if (typeof text === 'string') out.push(text)
    } catch {
      // A map that needs more of the issue than the samples give says nothing here.
    }
  }
  return out
}

/** Every message `schema` can refuse with, in the order its rules are written, once each. */
export function schemaMessages(schema: core.$ZodType): string[] {
  const found = new Set<string>()
  const seen = new Set<unknown>()
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item)
      return
    }
    if (!isNode(value)) {
      // An object's shape: its fields, in order.
      if (typeof value === 'object' && value !== null && !seen.has(value)) {
        seen.add(value)
        for (const field of Object.values(value)) if (isNode(field)) visit(field)
      }
      return
    }
    if (seen.has(value)) return
    seen.add(value)
    const def = value._zod.def
    for (const message of messagesOfError(def.error)) found.add(message)
    for (const [key, child] of Object.entries(def)) {
      // `getter` (z.lazy) may recurse without end; the contracts have none.
      if (key === 'error' || key === 'getter') continue
      if (key === 'shape' || key === 'checks' || Array.isArray(child) || isNode(child)) visit(child)
    }
  }
  visit(schema)
  return [...found]
}
