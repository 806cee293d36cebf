// A store's engineer generates TypeScript from /api/openapi.json with openapi-typescript and calls
// the versioned API through openapi-fetch: the program below must compile with no error, and a
// program that misreads an answer must not (the answers are typed, not `unknown`). Decision 283.
// Node only (the web project): the TypeScript compiler runs here, not in workerd.

import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { openApiDocument } from '../../worker/openapi'

const dir = path.join(import.meta.dirname, '../../.tmp/openapi-client')

/** A store's integration: list leads, record an order, reverse it, read products. */
const STORE_PROGRAM = `
import createClient from 'openapi-fetch'
import type { paths } from './schema'

const client = createClient<paths>({ baseUrl: 'https://collabkart.in', headers: { authorization: 'Bearer ck_live_x' } })

export async function sync(): Promise<number> {
  const leads = await client.GET('/api/v1/leads', { params: { query: { limit: 50, status: 'Pending' } } })
  if (leads.error) throw new Error(leads.error.message)
  const ids: number[] = leads.data.data.map((lead) => lead.LeadID)
  const status: 'Pending' | 'Lost' | 'Converted' = leads.data.data[0].Status
  const next: string | null = leads.data.paging.nextCursor
  const email: string | null = leads.data.data[0].ClientEmail

  const one = await client.GET('/api/v1/leads/{id}', { params: { path: { id: ids[0] } } })
  const product: string | undefined = one.data?.data.Product.ProductName

  const order = await client.POST('/api/v1/conversions', { body: { orderId: 'SHOP-1001', leadId: ids[0], amount: 249900 } })
  const commission: number | undefined = order.data?.data.Commission
  const source: 'api' | 'shopify' | 'woocommerce' | undefined = order.data?.data.source

  const reversed = await client.POST('/api/v1/conversions/{orderId}/reverse', { params: { path: { orderId: 'SHOP-1001' } } })
  const when: string | null | undefined = reversed.data?.data.reversedAt

  const changed = await client.PUT('/api/v1/leads/{id}/status', { params: { path: { id: ids[0] } }, body: { Status: 'Lost', Reason: 'Buyer cancelled' } })
  const reason: string | null | undefined = changed.data?.data.Reason

  const products = await client.GET('/api/v1/products', { params: { query: { limit: 20 } } })
  const prices: string[] = (products.data?.data ?? []).map((p) => p.Price)

  return ids.length + (commission ?? 0) + prices.length + [status, next, email, product, source, when, reason].length
}
`

/** Misreads an answer: a lead's id is a number, so this must not compile. */
const WRONG_PROGRAM = `
import createClient from 'openapi-fetch'
import type { paths } from './schema'

const client = createClient<paths>({ baseUrl: 'https://collabkart.in' })

export async function wrong(): Promise<string> {
  const leads = await client.GET('/api/v1/leads')
  const id: string = leads.data?.data[0].LeadID ?? ''
  const order = await client.POST('/api/v1/conversions', { body: { orderId: 42, leadId: 'one' } })
  return id + String(order.data)
}
`

/** Both programs in one compilation (the compiler's start-up is most of the cost); errors by file. */
function compile(): Record<'store.ts' | 'wrong.ts', string[]> {
  const program = ts.createProgram([path.join(dir, 'store.ts'), path.join(dir, 'wrong.ts')], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  })
  const errors: Record<'store.ts' | 'wrong.ts', string[]> = { 'store.ts': [], 'wrong.ts': [] }
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName.split('/').pop()
    const list = file === 'wrong.ts' ? errors['wrong.ts'] : errors['store.ts']
    list.push(`${file ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
  }
  return errors
}

let errors: Record<'store.ts' | 'wrong.ts', string[]>

describe('a client generated from /api/openapi.json', () => {
  beforeAll(async () => {
    mkdirSync(dir, { recursive: true })
    const ast = await openapiTS(structuredClone(openApiDocument()) as unknown as OpenAPI3)
    writeFileSync(path.join(dir, 'schema.ts'), astToString(ast))
    writeFileSync(path.join(dir, 'store.ts'), STORE_PROGRAM)
    writeFileSync(path.join(dir, 'wrong.ts'), WRONG_PROGRAM)
    errors = compile()
  }, 120_000)

  it('compiles a store integration of the v1 routes with no type errors', () => {
    expect(errors['store.ts']).toEqual([])
  })

  it('refuses a program that misreads an answer or sends the wrong types', () => {
    const wrong = errors['wrong.ts']
    expect(wrong.some((e) => e.includes("'number' is not assignable to type 'string'"))).toBe(true)
    expect(wrong.length).toBeGreaterThanOrEqual(2)
  })
})
