// Mounts a route from its definition (worker/contract/route.ts, decision 283): the definition's
// access becomes the role or scope check, its body the size limit, its schemas the typed input,
// and its answer the envelope, so the handler holds only what the route does. The work its services
// leave for after the answer (`r.later`, decision 284) is started here once the handler has answered.

import type { Context, Handler, MiddlewareHandler } from 'hono'
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { safeParse } from 'zod/mini'
import type * as core from 'zod/v4/core'
import { API_KEY_SCOPES } from '../contract/api-keys'
import type { Paging } from '../contract/paging'
import type { DataOf, ExtraOf, ItemOf, MessageOf, RouteDef, StatusOf } from '../contract/route'
import type { AppEnv } from '../env'
import { afterAnswer } from '../middleware/after-answer'
import { requireScope } from '../middleware/api-key'
import { requireRole } from '../middleware/auth'
import { BODY_LIMITS, limitBody } from '../middleware/body-limit'
import { withSuccessFlag } from '../middleware/envelope'
import { parseWith, queryOf, readJson } from '../middleware/validate'
import type { AfterWork, Later } from '../services/later-sink'

type Json = Record<string, unknown>

/**
 * `/api/products/{id}` as Hono writes it: `/api/products/:id`, with `{kind}` of listed values as
 * `:kind{(?:vendors|influencers)}`. The group matters: Hono's RegExpRouter joins every route into one
 * pattern, and a bare `vendors|influencers` let `/performance/products/csv` reach `/performance/{view}`.
 */
export function honoPath(def: RouteDef): string {
  return def.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const values = def.params?.[name]?.values
    return values ? `:${name}{(?:${values.join('|')})}` : `:${name}`
  })
}

type Core<D extends RouteDef> = {
  /** The query, checked with the definition's schema. */
  query: () => D['query'] extends core.$ZodType ? core.output<D['query']> : never
  /** The JSON body, read and checked with the definition's schema (call it after the caller's checks: 404 before a body's 400). */
  body: () => Promise<D['body'] extends { json: infer S extends core.$ZodType } ? core.output<S> : never>
  /** The sink for the services' follow-up work (a mail): started after the answer, none of it when the handler throws. */
  later: Later
}

/** What a page read gives: the rows, where the next page starts, and the route's `extra` figures. */
export type PageRead<D extends RouteDef> = { rows: ItemOf<D>[]; paging: Paging } & ExtraOf<D>

/**
 * Which of the definition's messages and statuses; `values` fill a message's `{name}` places
 * ('{n} leads erased' with `{ n: 3 }`), so the words stay the definition's.
 */
type Options<D extends RouteDef> = { message?: MessageOf<D>; status?: StatusOf<D>; values?: Record<string, string | number> }

/** What a handler answers with: the envelope of the definition's message, checked against its schema in the test suites. */
export type Reply<D extends RouteDef> = Core<D> &
  (D['answer'] extends { paged: true }
    ? {
        page: (rows: ItemOf<D>[], paging: Paging, extra?: ExtraOf<D>, options?: Options<D>) => Response
        /** `r.page` of a page read: `r.pageOf(vendorCampaignsPage(db(c), id, r.query()))`. */
        pageOf: (read: PageRead<D> | Promise<PageRead<D>>, options?: Options<D>) => Promise<Response>
      }
    : D['answer'] extends { token: true }
      ? { ok: (data: DataOf<D>, token: string | null, options?: Options<D>) => Response }
      : { ok: (data: DataOf<D>, options?: Options<D>) => Response })

export type RouteHandler<D extends RouteDef> = (c: Context<AppEnv>, reply: Reply<D>) => Response | Promise<Response>

/** A definition and the handler that serves it. */
export type Mounted = { def: RouteDef; handler: RouteHandler<RouteDef> }

export const handle = <D extends RouteDef>(def: D, handler: RouteHandler<D>): Mounted => ({
  def,
  handler: handler as unknown as RouteHandler<RouteDef>,
})

function guardsOf(def: RouteDef): MiddlewareHandler<AppEnv>[] {
  const guards: MiddlewareHandler<AppEnv>[] = []
  if (def.answer.success) guards.push(withSuccessFlag)
  // Who is calling first, then the body's size: a missing credential or the wrong role is 401/403
  // whatever the body weighs, and nobody without access makes the Worker read a large body.
  const { access } = def
  if (access !== 'public' && access !== 'optional') {
    if ('apiKey' in access) {
      const scope = API_KEY_SCOPES.find((s) => s === access.apiKey)
      if (!scope) throw new Error(`${def.path}: ${access.apiKey} is not an API key scope`)
      guards.push(requireScope(scope))
    } else guards.push(requireRole(...access))
  }
  if (def.body) guards.push(limitBody(def.body.maxBytes ?? BODY_LIMITS.json))
  return guards
}

/** The same JSON value, whatever the order of each object's keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]))
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Json)[k], (b as Json)[k]))
}

/** Which of the definition's messages and statuses a handler chose. */
type Chosen = { message?: string; status?: number; values?: Record<string, string | number> }

const firstOf = <T>(value: T | readonly [T, ...T[]]): T => (Array.isArray(value) ? (value as readonly T[])[0] : (value as T))

/**
 * The local test suites set CHECK_ANSWERS: every answer's `data` must parse with the route's
 * schema and lose nothing in the parse (a field the schema does not name is a fault too), so a
 * description that drifts from the code fails a test instead of a store's generated client.
 */
function checkAnswer(c: Context<AppEnv>, def: RouteDef, schema: core.$ZodType | null | undefined, data: unknown) {
  if (c.env.CHECK_ANSWERS !== '1') return
  if (schema === null || schema === undefined) {
    if (data !== null) throw new Error(`${def.method.toUpperCase()} ${def.path}: data should be null`)
    return
  }
  const plain = JSON.parse(JSON.stringify(data)) as unknown
  const parsed = safeParse(schema, plain)
  if (!parsed.success)
    throw new Error(`${def.method.toUpperCase()} ${def.path}: the answer does not match its schema: ${JSON.stringify(parsed.error.issues).slice(0, 600)}`)
  if (!sameJson(JSON.parse(JSON.stringify(parsed.data)), plain)) {
    throw new Error(`${def.method.toUpperCase()} ${def.path}: the answer has fields its schema does not name: ${JSON.stringify(plain).slice(0, 600)}`)
  }
}

/**
 * The envelope's message: one of the definition's, its `{name}` places filled. Under CHECK_ANSWERS
 * a message the definition does not list, or a place left unfilled, fails the test that caused it.
 */
function messageOf(c: Context<AppEnv>, def: RouteDef, options: Chosen | undefined): string {
  const template = options?.message ?? firstOf(def.answer.message)
  const values = options?.values ?? {}
  const message = template.replace(/\{(\w+)\}/g, (place, name: string) => (name in values ? String(values[name]) : place))
  if (c.env.CHECK_ANSWERS === '1') {
    const listed: readonly string[] = typeof def.answer.message === 'string' ? [def.answer.message] : def.answer.message
    const route = `${def.method.toUpperCase()} ${def.path}`
    if (!listed.includes(template)) throw new Error(`${route}: '${template}' is not one of its definition's messages`)
    if (/\{\w+\}/.test(message)) throw new Error(`${route}: '${message}' has a place left unfilled`)
  }
  return message
}

function replyOf(c: Context<AppEnv>, def: RouteDef, later: Later): Reply<RouteDef> & { page: unknown; ok: unknown } {
  const envelope = (options: Chosen | undefined) => ({
    ...(c.get('successFlag') === true ? { success: true } : {}),
    statusCode: 1 as const,
    message: messageOf(c, def, options),
  })
  const status = (options: { status?: number } | undefined) => (options?.status ?? firstOf(def.answer.status ?? 200)) as ContentfulStatusCode
  const page = (rows: unknown[], paging: Paging, extra?: Json, options?: Chosen) => {
    for (const row of rows) checkAnswer(c, def, def.answer.schema, row)
    for (const [key, schema] of Object.entries(def.answer.extra ?? {})) checkAnswer(c, def, schema, extra?.[key])
    return c.json({ ...(extra ?? {}), ...envelope(options), data: rows, paging }, status(options))
  }
  return {
    later,
    query: () => parseWith(def.query as core.$ZodType, queryOf(c)) as never,
    body: async () => {
      const body = def.body
      if (!body || !('json' in body)) throw new Error(`${def.path} takes no JSON body`)
      return parseWith(body.json, await readJson(c)) as never
    },
    ok: (data: unknown, tokenOrOptions?: unknown, maybeOptions?: Chosen) => {
      const hasToken = def.answer.token === true
      const options = (hasToken ? maybeOptions : tokenOrOptions) as Chosen | undefined
      const token = hasToken ? (tokenOrOptions as string | null) : null
      checkAnswer(c, def, def.answer.schema, data)
      return c.json({ ...envelope(options), data, ...(token ? { token } : {}) }, status(options))
    },
    page,
    pageOf: async (read: ({ rows: unknown[]; paging: Paging } & Json) | Promise<{ rows: unknown[]; paging: Paging } & Json>, options?: Chosen) => {
      const { rows, paging, ...rest } = await read
      // Only the figures the definition names go beside `paging`.
      const extra = Object.fromEntries(Object.keys(def.answer.extra ?? {}).map((key) => [key, rest[key]]))
      return page(rows, paging, Object.keys(extra).length > 0 ? extra : undefined, options)
    },
  } as never
}

/** A Hono app serving the definitions at their full paths (mount it at '/'). */
export function mountAll(...routes: Mounted[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  for (const { def, handler } of routes) {
    const serve: Handler<AppEnv> = async (c) => {
      const work: AfterWork[] = []
      const answer = await handler(c, replyOf(c, def, { run: (w) => work.push(w) }))
      for (const w of work) afterAnswer(c, w(c.env))
      return answer
    }
    const path = honoPath(def)
    for (const guard of guardsOf(def)) app.on(def.method.toUpperCase(), [path], guard)
    app.on(def.method.toUpperCase(), [path], serve)
  }
  return app
}
