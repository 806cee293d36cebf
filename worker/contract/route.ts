// One definition per /api route: method, path, who may call, the input schemas, the success
// message and the answer's schema. The Worker mounts the route from it (worker/routes/define.ts:
// role or scope check, body limit, typed input and answer), the OpenAPI document is written from
// it (worker/openapi/document.ts), and the SPA calls the route through it (web/src/api/client.ts),
// so a route, its description and its callers cannot drift apart. Decision 283.
// Plain data and zod schemas only: web/ imports these modules.

import { registry } from 'zod/mini'
import type * as core from 'zod/v4/core'

export type Role = 'vendor' | 'marketer' | 'admin'

export type Method = 'get' | 'post' | 'put' | 'delete' | 'patch'

/**
 * Who may call: `public` (no token; a token changes nothing), `optional` (no token needed, but a
 * valid one changes the answer: the caller's own view), the roles named (a dashboard bearer token
 * of one of them: 401 without a current one, 403 for any other role), or `apiKey` with the scope
 * the route needs (a vendor's API key as the bearer token, for the versioned API; one of
 * API_KEY_SCOPES, checked when the route is mounted).
 */
export type Access = 'public' | 'optional' | readonly [Role, ...Role[]] | { apiKey: string }

/**
 * A path parameter: a positive whole number unless `values` lists what it may be or `schema` says
 * what it is (an order id such as `SHOP-1001`).
 */
export type PathParam = { description: string; values?: readonly string[]; schema?: core.$ZodType }

export type Body =
  /**
   * JSON (`application/json`) checked with `schema`; `maxBytes` is the route's body limit (64 KB
   * when absent); `example`, a body the route takes (what the reference's curl sends); `optional`
   * when the route takes no body as well as one.
   */
  | { json: core.$ZodType; maxBytes?: number; example?: unknown; optional?: true }
  /** `multipart/form-data`: the text fields checked with `schema` (if any) and the file fields, one file or many. */
  | { multipart: core.$ZodType | null; files: Record<string, 'one' | 'many'>; maxBytes: number }

export type SuccessStatus = 200 | 201 | 202

export type Answer = {
  /** 200 when absent; several when the route says which happened (201 made, 200 replayed). */
  status?: SuccessStatus | readonly [SuccessStatus, ...SuccessStatus[]]
  /** The envelope's `message` (several when the route says which of them happened). */
  message: string | readonly [string, ...string[]]
  /** `data`'s schema (a list's item when `paged`); null: `data` is null. */
  schema: core.$ZodType | null
  /** Anything about `data` its schema does not say (markdown). */
  description?: string
  /** A list: `data` is one page of `schema` items and `paging` goes beside it. */
  paged?: true
  /** Figures about the whole list beside `paging` (a campaign's `totals`): their schema, by key. */
  extra?: Record<string, core.$ZodType>
  /** A profile save that changed the password: a fresh `token` beside `data`. */
  token?: true
  /** The public influencer calls' `success` flag, on every answer, failures included. */
  success?: true
  /** Not the envelope: a file (`text/csv`) or a document the route writes itself. */
  content?: 'text/csv' | 'openapi'
}

/** 4xx answers beyond those the document adds itself (the schemas' messages, 401/403 for `access`). */
export type Refusals = Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 503, readonly string[]>>

export type RouteDef = {
  method: Method
  /** As the document writes it: `/api/products/{id}`. */
  path: string
  summary: string
  /** Anything a caller needs that the schemas and messages do not say (markdown). */
  description?: string
  access: Access
  params?: Record<string, PathParam>
  /** The query schema the route validates with. */
  query?: core.$ZodType
  body?: Body
  answer: Answer
  errors?: Refusals
}

/** Typed identity: keeps every literal (path, messages, schemas) in the definition's type. */
export const defineRoute = <const D extends RouteDef>(def: D): D => def

type SchemaOut<S> = S extends core.$ZodType ? core.output<S> : null
type SchemaIn<S> = S extends core.$ZodType ? core.input<S> : never

/** What `data` holds in a success (a list's rows when paged). */
export type DataOf<D extends RouteDef> = D['answer'] extends { paged: true } ? SchemaOut<D['answer']['schema']>[] : SchemaOut<D['answer']['schema']>

/** One item of a paged route's `data`. */
export type ItemOf<D extends RouteDef> = SchemaOut<D['answer']['schema']>

/** The figures beside `paging` of a route with `extra`. */
export type ExtraOf<D extends RouteDef> = D['answer'] extends { extra: infer X } ? { [K in keyof X]: SchemaOut<X[K]> } : Record<never, never>

/** What the route's query takes, as a caller sends it (before the route's transforms). */
export type QueryOf<D extends RouteDef> = D['query'] extends core.$ZodType ? SchemaIn<D['query']> : never

/** What the route's JSON body takes, as a caller sends it. */
export type JsonBodyOf<D extends RouteDef> = D['body'] extends { json: infer S } ? SchemaIn<S> : never

/** The path parameters by name. */
export type ParamsOf<D extends RouteDef> = D['params'] extends Record<string, PathParam> ? { [K in keyof D['params']]: string | number } : never

type Each<T> = T extends readonly (infer E)[] ? E : T

export type MessageOf<D extends RouteDef> = Each<D['answer']['message']>

export type StatusOf<D extends RouteDef> = undefined extends D['answer']['status'] ? 200 : Each<Exclude<D['answer']['status'], undefined>>

/** Writes a definition's path with its parameters: `/api/products/{id}` with `{ id: 7 }` is `/api/products/7`. */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`No value for {${name}} in ${path}`)
    return encodeURIComponent(String(value))
  })
}

/**
 * What the OpenAPI document says a schema is, where zod's own conversion cannot know it: a query
 * field read from a string into a number (`limit` is an integer 1-100, not a string).
 */
export const documentedAs = registry<{ jsonSchema: Record<string, unknown> }>()

export function documentAs<S extends core.$ZodType>(schema: S, jsonSchema: Record<string, unknown>): S {
  documentedAs.add(schema, { jsonSchema })
  return schema
}
