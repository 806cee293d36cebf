// Builds the OpenAPI 3.1 document (GET /api/openapi.json) from the route definitions
// (worker/contract/route.ts, decision 283): their input schemas become JSON Schema through zod's
// own conversion (the input side: what a caller sends, before transforms), their answer schemas the
// output side, and each route's refusals are the messages of its schemas plus those it names.
// Built once per isolate.

import { toJSONSchema } from 'zod/mini'
import type * as core from 'zod/v4/core'
import { SESSION_PASSWORD_CHANGED_MESSAGE, SESSION_SUSPENDED_MESSAGE } from '../contract/admin'
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../contract/paging'
import type { Body, RouteDef } from '../contract/route'
import { documentedAs } from '../contract/route'
import { missingScopeMessage, V1_AUTH_MESSAGES } from '../contract/v1'
import { Forbidden, Unauthenticated } from '../domain/errors'
import { BODY_LIMITS, bodyTooLargeMessage } from '../middleware/body-limit'
import { MALFORMED_JSON_MESSAGE, MALFORMED_MULTIPART_MESSAGE, NOT_AN_OBJECT_MESSAGE, NOT_JSON_MESSAGE, NOT_MULTIPART_MESSAGE } from '../middleware/validate'
import { schemaMessages } from './messages'
import { AUTH_TEXT, TAGS, tagOf, WEBHOOKS_TEXT, webhooksSection } from './webhooks'

type Json = Record<string, unknown>

const UNAUTHENTICATED = new Unauthenticated().message
const FORBIDDEN = new Forbidden().message

const ROLE_NAMES = { vendor: 'a vendor', marketer: 'an influencer (role `marketer`)', admin: 'a back-office operator (role `admin`)' } as const

const INTRO = `Every answer under \`/api\` is the envelope \`{ statusCode, message, data }\`: \`statusCode\` 1 is success,
0 is failure, and the HTTP status says which failure. \`message\` is a contract: the web app shows it as it is.
Lists answer one page (\`limit\` 1 to ${PAGE_LIMIT_MAX}, ${PAGE_LIMIT_DEFAULT} when absent; \`cursor\` from the previous page's
\`paging.nextCursor\`) with \`paging { limit, nextCursor, total }\` beside \`data\`. Every answer carries what it cost in D1
in \`Server-Timing\`.

${AUTH_TEXT}

${WEBHOOKS_TEXT}`

/** A schema's own description where the definitions gave one (documentAs), in place of zod's. */
function documented(ctx: { zodSchema: core.$ZodType; jsonSchema: Json }) {
  const given = documentedAs.get(ctx.zodSchema)?.jsonSchema
  if (!given) return
  for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key]
  Object.assign(ctx.jsonSchema, given)
}

/**
 * zod's JSON Schema of what a caller sends (`input`) or what an answer holds (`output`); anything
 * JSON cannot say (a File, a transform) is left open.
 */
function jsonSchemaOf(schema: core.$ZodType, io: 'input' | 'output' = 'input'): Json {
  const out = toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline', target: 'draft-2020-12', override: documented }) as Json
  delete out.$schema
  return out
}

const failure = (messages: readonly string[]): Json => ({
  type: 'object',
  required: ['statusCode', 'message', 'data'],
  properties: {
    statusCode: { const: 0 },
    message: messages.length > 0 ? { type: 'string', enum: [...messages] } : { type: 'string' },
    data: { type: 'null' },
  },
})

const paging: Json = {
  type: 'object',
  required: ['limit', 'nextCursor', 'total', 'totalCapped'],
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX },
    nextCursor: { type: ['string', 'null'], description: 'Send it back as `cursor` for the next page; null on the last page.' },
    total: { type: 'integer', minimum: 0, description: 'Rows matching the filters, counted on the first page; at most 1000 when filtered.' },
    totalCapped: { type: 'boolean', description: 'More than 1000 rows match: total is 1000 (shown as 1,000+).' },
  },
}

const messagesOf = (route: RouteDef): string[] => (typeof route.answer.message === 'string' ? [route.answer.message] : [...route.answer.message])
const statusesOf = (route: RouteDef): number[] => {
  const status = route.answer.status ?? 200
  return typeof status === 'number' ? [status] : [...status]
}

function dataSchema(route: RouteDef): Json {
  const { answer } = route
  const item = answer.schema === null ? { type: 'null' } : jsonSchemaOf(answer.schema, 'output')
  const described = answer.description ? { description: answer.description } : {}
  return answer.paged ? { type: 'array', items: item, ...described } : { ...item, ...described }
}

function success(route: RouteDef): Json {
  const { answer } = route
  const extra = Object.fromEntries(Object.entries(answer.extra ?? {}).map(([key, schema]) => [key, jsonSchemaOf(schema, 'output')]))
  const properties: Json = {
    ...(answer.success ? { success: { const: true } } : {}),
    statusCode: { const: 1 },
    message: { type: 'string', enum: messagesOf(route) },
    data: dataSchema(route),
    ...(answer.paged ? { paging } : {}),
    ...extra,
    ...(answer.token ? { token: { type: 'string', description: 'A fresh token, only after a password change.' } } : {}),
  }
  const required = ['statusCode', 'message', 'data', ...(answer.success ? ['success'] : []), ...(answer.paged ? ['paging'] : []), ...Object.keys(extra)]
  return { type: 'object', required, properties }
}

/** The query schema's fields as query parameters. */
function queryParameters(schema: core.$ZodType): Json[] {
  const json = jsonSchemaOf(schema)
  const properties = (json.properties ?? {}) as Record<string, Json>
  const required = new Set((json.required ?? []) as string[])
  return Object.entries(properties).map(([name, fieldSchema]) => ({ name, in: 'query', required: required.has(name), schema: fieldSchema }))
}

function pathParameters(route: RouteDef): Json[] {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
  return names.map((name) => {
    const given = route.params?.[name]
    const schema: Json = given?.values
      ? { type: 'string', enum: [...given.values] }
      : given?.schema
        ? jsonSchemaOf(given.schema)
        : { type: 'integer', minimum: 1 }
    return { name, in: 'path', required: true, description: given?.description ?? 'A positive whole number.', schema }
  })
}

function requestBody(body: Body): Json {
  if ('json' in body) {
    // The entry's example is what Scalar's curl and the examples show: one body the route takes.
    const example = body.example === undefined ? {} : { example: body.example }
    return { required: body.optional !== true, content: { 'application/json': { schema: jsonSchemaOf(body.json), ...example } } }
  }
  const fields = body.multipart ? jsonSchemaOf(body.multipart) : { type: 'object', properties: {} }
  const properties = { ...((fields.properties ?? {}) as Record<string, Json>) }
  const binary = { type: 'string', contentMediaType: 'application/octet-stream' }
  for (const [name, count] of Object.entries(body.files)) {
    properties[name] = count === 'many' ? { type: 'array', items: binary } : binary
  }
  return { required: true, content: { 'multipart/form-data': { schema: { ...fields, type: 'object', properties } } } }
}

/** Every refusal the route can answer, by status: its schemas' messages, the body's and the caller's checks, and its own. */
export function refusalsOf(route: RouteDef): Map<number, string[]> {
  const byStatus = new Map<number, Set<string>>()
  const add = (status: number, messages: readonly string[]) => {
    const set = byStatus.get(status) ?? new Set<string>()
    for (const m of messages) set.add(m)
    byStatus.set(status, set)
  }
  if (Array.isArray(route.access)) {
    add(401, [UNAUTHENTICATED, SESSION_SUSPENDED_MESSAGE, SESSION_PASSWORD_CHANGED_MESSAGE])
    add(403, [FORBIDDEN])
  }
  if (typeof route.access === 'object' && 'apiKey' in route.access) {
    add(401, [V1_AUTH_MESSAGES.missing, V1_AUTH_MESSAGES.notAKey, V1_AUTH_MESSAGES.invalid, V1_AUTH_MESSAGES.suspended])
    add(403, [missingScopeMessage(route.access.apiKey)])
    add(429, [V1_AUTH_MESSAGES.rateLimited])
  }
  if (route.body) {
    add(413, [bodyTooLargeMessage(route.body.maxBytes ?? BODY_LIMITS.json)])
    if ('json' in route.body) add(400, [NOT_JSON_MESSAGE, MALFORMED_JSON_MESSAGE, NOT_AN_OBJECT_MESSAGE, ...schemaMessages(route.body.json)])
    else add(400, [NOT_MULTIPART_MESSAGE, MALFORMED_MULTIPART_MESSAGE, ...(route.body.multipart ? schemaMessages(route.body.multipart) : [])])
  }
  if (route.query) add(400, schemaMessages(route.query))
  for (const [status, messages] of Object.entries(route.errors ?? {})) add(Number(status), messages ?? [])
  return new Map([...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, set]) => [status, [...set]]))
}

function accessText(route: RouteDef): string {
  const { access } = route
  if (access === 'public') return 'Who: anyone, no token.'
  if (access === 'optional') return 'Who: anyone; a valid token gives the caller their own view.'
  if ('apiKey' in access) return `Who: a vendor's API key with \`${access.apiKey}\`.`
  return `Who: ${access.map((role) => ROLE_NAMES[role]).join(' or ')}, with a bearer token.`
}

/** OpenAPI 3.1 lets a bearer requirement name the roles or scopes it needs; `optional`: the empty requirement too. */
function securityOf(access: RouteDef['access']): Json[] {
  if (access === 'public') return []
  if (access === 'optional') return [{}, { bearerAuth: [] }]
  if ('apiKey' in access) return [{ apiKey: [access.apiKey] }]
  return [{ bearerAuth: [...access] }]
}

const quoteList = (messages: readonly string[]) => messages.map((m) => `- ${m}`).join('\n')

function operation(route: RouteDef): Json {
  const refusals = refusalsOf(route)
  const answer = route.answer
  const successContent =
    answer.content === 'text/csv'
      ? { 'text/csv': { schema: { type: 'string' } } }
      : answer.content === 'openapi'
        ? { 'application/json': { schema: { type: 'object', description: answer.description ?? 'The document.' } } }
        : { 'application/json': { schema: success(route) } }
  const responses: Json = {}
  const said = [messagesOf(route).join(' / '), answer.description].filter(Boolean).join(': ')
  for (const status of statusesOf(route)) responses[String(status)] = { description: said, content: successContent }
  for (const [code, messages] of refusals) {
    responses[String(code)] = { description: quoteList(messages), content: { 'application/json': { schema: failure(messages) } } }
  }
  const parameters = [...pathParameters(route), ...(route.query ? queryParameters(route.query) : [])]
  const roles = Array.isArray(route.access) ? [...route.access] : null
  return {
    operationId: `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: route.summary,
    description: [accessText(route), route.description].filter(Boolean).join('\n\n'),
    tags: [tagOf(route.path)],
    security: securityOf(route.access),
    ...(roles ? { 'x-roles': roles } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: requestBody(route.body) } : {}),
    responses,
  }
}

export function buildDocument(routes: readonly RouteDef[]): Json {
  const paths: Record<string, Json> = {}
  for (const route of routes) {
    const item = paths[route.path] ?? {}
    if (item[route.method]) throw new Error(`Two OpenAPI entries for ${route.method.toUpperCase()} ${route.path}`)
    item[route.method] = operation(route)
    paths[route.path] = item
  }
  const used = new Set(Object.values(paths).flatMap((item) => Object.values(item).map((op) => ((op as Json).tags as string[])[0])))
  for (const tag of used) if (!TAGS.some((t) => t.name === tag)) throw new Error(`The OpenAPI tag ${tag} has no description (openapi/webhooks.ts TAGS)`)
  return {
    openapi: '3.1.0',
    info: { title: 'Collabkart API', version: '1', description: INTRO },
    // Relative: the API is at the address this document was read from (https://collabkart.in in production).
    servers: [{ url: '/', description: 'This site: the address the reference was opened at.' }],
    tags: TAGS.filter((t) => used.has(t.name) || t.name === 'webhooks'),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The dashboard token: `Authorization: Bearer <token>`, the JWT a login answers (24 hours). The roles each route serves are listed on it; any other role is 403.',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'ck_live_...',
          description:
            "A vendor's API key, for /api/v1 only: `Authorization: Bearer ck_live_...`. Made in the vendor's profile ('API keys') and shown once; the scope each route needs is listed on it (403 without it). A dashboard token on /api/v1, or a key anywhere else, is 401.",
        },
      },
    },
    paths,
    webhooks: webhooksSection(),
  }
}
