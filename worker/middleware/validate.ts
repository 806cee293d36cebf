import { zValidator } from '@hono/zod-validator'
import type { Context } from 'hono'
import { safeParse } from 'zod/mini'
import type * as core from 'zod/v4/core'
import { firstMessage as firstIssue, positiveId } from '../contract/fields'
import { BODY_LIMITS, limitBody } from './body-limit'
import { InvalidInput, NotFound } from '../domain/errors'
import { fail } from './envelope'

// Every validator answers the first issue's message (the spec's wording) in the envelope;
// zod 4's default failure body is unusable.

const isJson = (c: Context) => /^application\/([\w.+-]*\+)?json\b/i.test(c.req.header('content-type') ?? '')

export const NOT_JSON_MESSAGE = 'Send the request body as JSON'
// Hono's json validator says the same for a body that does not parse.
export const MALFORMED_JSON_MESSAGE = 'Malformed JSON in request body'
export const NOT_AN_OBJECT_MESSAGE = 'Send the request body as a JSON object'
export const NOT_MULTIPART_MESSAGE = 'Send the request body as multipart/form-data'
export const MALFORMED_MULTIPART_MESSAGE = 'Malformed multipart body'

// Every JSON payload of the API is an object; null, a list or a bare value would otherwise get the
// schema's "required" message for its first field, which tells the caller nothing.
const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * JSON body validator, behind the body size limit (spread it: `...jsonBody(schema)`). A body sent
 * without a JSON content type is refused, never read as `{}`.
 */
export const jsonBody = <S extends core.$ZodType>(schema: S, maxSize: number = BODY_LIMITS.json) =>
  [
    limitBody(maxSize),
    zValidator('json', schema, (result, c) => {
      if (!isJson(c)) return fail(c, 400, NOT_JSON_MESSAGE)
      if (!result.success) return fail(c, 400, isObject(result.data) ? firstIssue(result.error) : NOT_AN_OBJECT_MESSAGE)
    }),
  ] as const

/** For routes that read their JSON with readJson (after checking the caller): the same size limit. */
export const jsonLimit = limitBody(BODY_LIMITS.json)

export const queryParams = <S extends core.$ZodType>(schema: S) =>
  zValidator('query', schema, (result, c) => {
    if (!result.success) return fail(c, 400, firstIssue(result.error))
  })

/**
 * The query string as the query validator sees it (one value as text, a repeated key as a list),
 * for routes that check who is calling (401/403) before they look at the query.
 */
export function queryOf(c: Context): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0] : values]))
}

/** Validates already-collected values (multipart fields) with the same first-message rule. */
export function parseWith<S extends core.$ZodType>(schema: S, input: unknown): core.output<S> {
  const result = safeParse(schema, input)
  if (!result.success) throw new InvalidInput(firstIssue(result.error))
  return result.data
}

export type FormFields = { fields: Record<string, string>; files: Record<string, File[]> }

/** Reads a multipart body into text fields and file lists; `images` and `images[]` are the same field. */
export async function readForm(c: Context): Promise<FormFields> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
    throw new InvalidInput(NOT_MULTIPART_MESSAGE)
  }
  let form: FormData
  try {
    form = await c.req.formData()
  } catch {
    throw new InvalidInput(MALFORMED_MULTIPART_MESSAGE)
  }
  const fields: Record<string, string> = {}
  const files: Record<string, File[]> = {}
  for (const [rawKey, value] of form.entries()) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey
    if (typeof value === 'string') fields[key] = value
    else if (value.size > 0) files[key] = [...(files[key] ?? []), value]
  }
  return { fields, files }
}

/**
 * Reads a JSON body inside a handler, for routes that must check who is calling (404/403) before
 * they look at the body. Same refusals as jsonBody.
 */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  if (!isJson(c)) throw new InvalidInput(NOT_JSON_MESSAGE)
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw new InvalidInput(MALFORMED_JSON_MESSAGE)
  }
  if (!isObject(body)) throw new InvalidInput(NOT_AN_OBJECT_MESSAGE)
  return body as Record<string, unknown>
}

/** The positive integer id in path parameter `name`; 404 with `missing` when it cannot name a record. */
export function pathId(c: Context, name: string, missing: string): number {
  const id = positiveId(c.req.param(name))
  if (id === null) throw new NotFound(missing)
  return id
}
