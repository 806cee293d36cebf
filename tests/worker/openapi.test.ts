// The OpenAPI document (decision 170): every mounted /api route is in it and nothing else is, each with
// its callers, its schemas and the messages it refuses with. Its validity as OpenAPI 3.1 is checked
// in openapi-valid.node.test.ts, under Node (the validator compiles schemas to code, which workerd refuses).

import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { vendorRegisterSchema } from '../../worker/contract/auth'
import { LEAD_NOT_FOUND_MESSAGE } from '../../worker/contract/lead'
import { WEBHOOK_EVENTS } from '../../worker/contract/webhooks'
import { app } from '../../worker/app'
import { API_ROUTES } from '../../worker/openapi'
import { schemaMessages } from '../../worker/openapi/messages'
import { call } from '../helpers/api'
import { makeVendor } from '../helpers/factories'

type Operation = {
  security: Record<string, string[]>[]
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[]
  requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> }
  responses: Record<string, { content?: Record<string, { schema: { properties: Record<string, { enum?: string[] }> } }> }>
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> }

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])

/** Hono's pattern as OpenAPI writes it: `/:kind{vendors|influencers}/:id` is `/{kind}/{id}`. */
const asOpenApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')

/** Every method and path mounted under /api, middleware excluded (it is registered as ALL). */
function mountedRoutes(): string[] {
  const routes = app.routes.filter((r) => METHODS.has(r.method) && r.path.startsWith('/api/')).map((r) => `${r.method} ${asOpenApiPath(r.path)}`)
  return [...new Set(routes)].sort()
}

async function document(): Promise<Document> {
  const res = await call('GET', '/api/openapi.json')
  expect(res.status).toBe(200)
  return res.body as unknown as Document
}

const operationOf = (doc: Document, method: string, path: string) => {
  const op = doc.paths[path]?.[method]
  if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the document`)
  return op
}

const messagesOf = (op: Operation, status: number) => op.responses[String(status)]?.content?.['application/json']?.schema.properties.message.enum ?? []

describe('GET /api/openapi.json', () => {
  it('documents every route mounted under /api, and no route that is not mounted', async () => {
    const doc = await document()
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort()
    const mounted = mountedRoutes()
    // Named both ways so a failure says which: add the route's definition to API_ROUTES, or remove a stale one.
    expect({ missingFromDocument: mounted.filter((r) => !documented.includes(r)) }).toEqual({ missingFromDocument: [] })
    expect({ documentedButNotMounted: documented.filter((r) => !mounted.includes(r)) }).toEqual({ documentedButNotMounted: [] })
    expect(documented.length).toBe(API_ROUTES.length)
  })

  it('is an OpenAPI 3.1 document naming each path parameter of its route', async () => {
    const doc = await document()
    expect(doc.openapi).toBe('3.1.0')
    for (const [path, item] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      for (const op of Object.values(item)) {
        expect(
          (op.parameters ?? [])
            .filter((p) => p.in === 'path')
            .map((p) => p.name)
            .sort(),
          path,
        ).toEqual(names)
      }
    }
  })

  it('shows vendor registration as public, with its fields and the spec’s messages', async () => {
    const op = operationOf(await document(), 'post', '/api/vendors/register')
    expect(op.security).toEqual([])
    const body = op.requestBody?.content['application/json'].schema
    expect(Object.keys(body?.properties ?? {})).toEqual(['VendorName', 'MobileNumber', 'Email', 'Password'])
    expect(body?.required).toEqual(['VendorName', 'MobileNumber', 'Email', 'Password'])
    // Spec 000 section 5's wording, as the contract holds it.
    expect(messagesOf(op, 400)).toEqual(
      expect.arrayContaining([
        'Please enter your name.',
        'Please enter your mobile.',
        'Invalid number.',
        'Please enter your email.',
        'Invalid email format.',
        'Please enter your password.',
      ]),
    )
    expect(messagesOf(op, 400)).toEqual(expect.arrayContaining(schemaMessages(vendorRegisterSchema)))
    expect(messagesOf(op, 409)).toEqual(['An account with this email already exists'])
    expect(op.responses['201']).toBeDefined()
  })

  it('shows which roles a dashboard route serves, and its 401, 403 and own refusals', async () => {
    const doc = await document()
    const status = operationOf(doc, 'put', '/api/leads/status/{id}')
    expect(status.security).toEqual([{ bearerAuth: ['vendor'] }])
    expect(messagesOf(status, 401)).toContain('Please log in to continue')
    expect(messagesOf(status, 403)).toContain('You are not allowed to do this')
    expect(messagesOf(status, 404)).toEqual([LEAD_NOT_FOUND_MESSAGE])
    expect(messagesOf(status, 400)).toContain('Status should be Pending, Lost or Converted')
    expect(operationOf(doc, 'get', '/api/money/balance').security).toEqual([{ bearerAuth: ['vendor', 'marketer'] }])
    expect(operationOf(doc, 'get', '/api/admin/audit').security).toEqual([{ bearerAuth: ['admin'] }])
    expect(operationOf(doc, 'post', '/api/leads/create').responses['401']).toBeUndefined()
  })

  it('gives lists their paging and query parameters', async () => {
    const op = operationOf(await document(), 'get', '/api/leads/leadsbyvendorid/{vendorId}')
    const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
    expect(query).toEqual(expect.arrayContaining(['limit', 'cursor', 'status', 'productId', 'marketerId', 'from', 'to', 'q', 'sort']))
    expect(Object.keys(op.responses['200'].content?.['application/json'].schema.properties ?? {})).toContain('paging')
    expect(messagesOf(op, 400)).toContain('limit should be a whole number from 1 to 100')
  })

  it('lists the messages the routes actually refuse with', async () => {
    const doc = await document()
    const vendor = await makeVendor()
    const refusals = [
      {
        method: 'post',
        path: '/api/vendors/register',
        doc: '/api/vendors/register',
        json: { VendorName: 'Asha', MobileNumber: '12345', Email: 'a@b.in', Password: 'secret-12' },
      },
      { method: 'post', path: '/api/vendors/register', doc: '/api/vendors/register', json: {} },
      { method: 'post', path: '/api/leads/create', doc: '/api/leads/create', json: { ProductID: 1, VendorID: 1, MarketerID: 1 } },
      { method: 'put', path: '/api/money/settings', doc: '/api/money/settings', json: { HoldingDays: 400, PaymentTermsDays: 10 }, token: vendor.token },
      { method: 'get', path: '/api/money/entries?status=lost', doc: '/api/money/entries', token: vendor.token },
      { method: 'get', path: '/api/products?limit=500', doc: '/api/products' },
      { method: 'put', path: '/api/leads/status/999999', doc: '/api/leads/status/{id}', json: { Status: 'Lost' }, token: vendor.token },
      { method: 'get', path: '/api/admin/overview', doc: '/api/admin/overview', token: vendor.token },
      { method: 'get', path: '/api/analytics/daily', doc: '/api/analytics/daily' },
    ]
    for (const r of refusals) {
      const res = await call(r.method.toUpperCase(), r.path, { json: r.json, token: r.token })
      expect(res.status, r.path).toBeGreaterThanOrEqual(400)
      expect(messagesOf(operationOf(doc, r.method, r.doc), res.status), `${r.method} ${r.path} answered ${res.status}`).toContain(res.body.message)
    }
  })
})

describe('GET /docs/api', () => {
  it('loads the reference from our own origin under a policy that allows no eval and no other script', async () => {
    const res = await exports.default.fetch(new Request('http://collabkart.test/docs/api'))
    expect(res.status).toBe(200)
    const html = await res.text()
    const policy = res.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
    expect(nonce).toBeTruthy()
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}';`)
    expect(policy).toContain("connect-src 'self'")
    expect(policy).not.toContain('unsafe-eval')
    expect(html).toContain(`<script type="module" nonce="${nonce}">`)
    expect(html).toContain("from '/docs/api/scalar/standalone.esm.js'")
    expect(html).toContain('"url":"/api/openapi.json"')
    // Each answer has its own nonce.
    const again = await exports.default.fetch(new Request('http://collabkart.test/docs/api'))
    expect(again.headers.get('content-security-policy')).not.toBe(policy)
  })
})

describe('what the reference tells a developer', () => {
  type Full = Document & {
    info: { description: string }
    servers?: { url: string }[]
    tags?: { name: string; description: string }[]
    components: { securitySchemes: Record<string, { description: string }> }
    webhooks?: Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } }>
  }
  const fetchDoc = async () => (await (await exports.default.fetch(new Request('http://collabkart.test/api/openapi.json'))).json()) as Full

  it('says how ck_live_ keys authenticate, what the limit answers, and lists every webhook event with its retry schedule', async () => {
    const doc = await fetchDoc()
    expect(doc.components.securitySchemes.apiKey.description).toContain('Authorization: Bearer ck_live_...')
    expect(doc.info.description).toContain('Authorization: Bearer ck_live_...')
    expect(doc.info.description).toContain('RateLimit-Policy: "default";q=600;w=60')
    expect(doc.info.description).toContain('immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 24 h after each failed attempt')
    expect(Object.keys(doc.webhooks ?? {})).toEqual([...WEBHOOK_EVENTS, 'webhook.test'])
    expect(Object.keys(doc.webhooks?.['lead.created'].post.requestBody.content['application/json'].schema.properties ?? {})).toEqual([
      'type',
      'timestamp',
      'sequence',
      'data',
    ])
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })])
    const tags = new Set((doc.tags ?? []).map((t) => t.name))
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item) as unknown as Array<{ tags: string[] }>) expect(tags).toContain(op.tags[0])
  })

  it('gives the conversion example one body, the same as its curl', async () => {
    const doc = await fetchDoc()
    const body = doc.paths['/api/v1/conversions'].post.requestBody?.content['application/json'] as unknown as { example: unknown }
    expect(body.example).toEqual({ leadId: 1042, orderId: 'SHOP-1001', amount: 249900 })
    expect(doc.info.description).toContain(`-d '${JSON.stringify(body.example)}'`)
  })

  it('points to nothing a reader cannot open: no repository files or decision records', async () => {
    const text = JSON.stringify(await fetchDoc())
    expect(text).not.toMatch(/docs\/[\w-]+(\.md|\/)|\bdecisions?\b[ /]\d|\bworker\/|\btests\/|[\w-]+\.ts\b/i)
  })
})
