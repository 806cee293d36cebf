// What the OpenAPI document says about each /api route, one entry per route, kept in one
// file per resource beside this one and collected in ./index.ts. The routes stay as they are: an
// entry names the contract schemas the route already validates with, and the document turns them
// into JSON Schema (./document.ts). tests/worker/openapi.test.ts fails when a mounted route has no
// entry, or an entry names a route that is not mounted. Decision 170.

import { unknown } from 'zod/mini'
import type * as core from 'zod/v4/core'
import type { RouteDef } from '../contract/route'
import type { Role } from '../types'

export type Method = 'get' | 'post' | 'put' | 'delete' | 'patch'

/**
 * Who may call: `public` (no token; a token changes nothing), `optional` (no token needed, but a
 * valid one changes the answer: the caller's own view), the roles named (a dashboard bearer token
 * of one of them: 401 without a current one, 403 for any other role), or `apiKey` with the scopes
 * the route needs (a vendor's API key as the bearer token, for the versioned API).
 */
export type Access = 'public' | 'optional' | readonly [Role, ...Role[]] | { apiKey: readonly string[] }

/** A path parameter: a positive whole number unless `values` lists what it may be. */
export type PathParam = { description: string; values?: readonly string[] }

export type Body =
  /**
   * JSON (`application/json`) checked with `schema`; `maxBytes` is the route's body limit (64 KB
   * when absent); `example`, a body the route takes (what the reference's curl sends).
   */
  | { json: core.$ZodType; maxBytes?: number; example?: unknown }
  /** `multipart/form-data`: the text fields checked with `schema` (if any) and the file fields, one file or many. */
  | { multipart: core.$ZodType | null; files: Record<string, 'one' | 'many'>; maxBytes: number }

export type Answer = {
  /** 200 when absent. */
  status?: 200 | 201 | 202
  /** The envelope's `message` (several when the route says which of them happened). */
  message: string | readonly string[]
  /** What `data` holds, in words (the shapes are TypeScript types in worker/contract/). */
  data: string
  /** A list: `data` is one page and `paging` goes beside it. */
  paged?: true
  /** A profile save that changed the password: a fresh `token` beside `data`. */
  token?: true
  /** The public influencer calls' `success` flag, on every answer, failures included. */
  success?: true
  /** Not the envelope: a file (`text/csv`) or a document the route writes itself. */
  content?: 'text/csv' | 'openapi'
}

/** 4xx answers beyond those the builder adds itself (the schemas' messages, 401/403 for `access`). */
export type Refusals = Partial<Record<400 | 401 | 403 | 404 | 409 | 429 | 503, readonly string[]>>

export type ApiRoute = {
  method: Method
  /** As the document writes it: `/api/products/{id}`. */
  path: string
  summary: string
  /** Anything a caller needs that the schemas and messages do not say (markdown). */
  description?: string
  access: Access
  params?: Record<string, PathParam>
  /** The query schema the route validates with (parseWith / queryParams). */
  query?: core.$ZodType
  body?: Body
  answer: Answer
  errors?: Refusals
}

/** Typed identity: lets a resource file list its entries with checking and completion. */
export const routes = (...entries: ApiRoute[]): ApiRoute[] => entries

/**
 * An entry not yet moved beside its route, read as a route definition: its answer described in
 * words only. Goes away with this folder once every route has its definition (decision 283).
 */
export function asDefinition(entry: ApiRoute): RouteDef {
  const { access, answer } = entry
  return {
    ...entry,
    access: typeof access === 'object' && 'apiKey' in access ? { apiKey: access.apiKey[0] ?? '' } : access,
    answer: {
      ...answer,
      message: typeof answer.message === 'string' ? answer.message : (answer.message as readonly [string, ...string[]]),
      schema: unknown(),
      description: answer.data,
    },
  }
}
