// The Worker's OpenAPI document is valid OpenAPI 3.1 by the spec's own JSON Schema. A `.node.test.ts`
// runs in Node (the web project, vitest.config.ts), not in workerd: the validator compiles schemas
// into code, which workerd refuses. What the document says route by route: openapi.test.ts.

import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { openApiDocument } from '../../worker/openapi'
import { buildDocument } from '../../worker/openapi/document'
import { defineRoute } from '../../worker/contract/route'

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(openApiDocument()))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('gives every operation its own operationId', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { operationId: string }>>
    const ids = Object.values(paths).flatMap((item) => Object.values(item).map((op) => op.operationId))
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('refuses two entries for one method and path', () => {
    const entry = defineRoute({ method: 'get', path: '/api/health', summary: 'x', access: 'public', answer: { message: 'ok', schema: null } })
    expect(() => buildDocument([entry, entry])).toThrow('Two OpenAPI entries for GET /api/health')
  })

  it('describes a route behind a vendor API key with the scopes it needs, still valid', async () => {
    const doc = buildDocument([
      defineRoute({
        method: 'get',
        path: '/api/v1/leads',
        summary: 'Leads',
        access: { apiKey: 'leads:read' },
        answer: { message: 'Leads fetched successfully', schema: null, paged: true },
      }),
    ]) as { paths: Record<string, Record<string, { security: unknown; description: string }>> }
    expect(doc.paths['/api/v1/leads'].get.security).toEqual([{ apiKey: ['leads:read'] }])
    expect(doc.paths['/api/v1/leads'].get.description).toContain("Who: a vendor's API key with `leads:read`.")
    expect((await new Validator().validate(doc)).valid).toBe(true)
  })

  it('is caught by the validator when it breaks the spec', async () => {
    // The check above could pass by validating nothing: a broken document must fail it.
    const broken = structuredClone(openApiDocument()) as { paths: Record<string, Record<string, Record<string, unknown>>> }
    broken.paths['/api/health'].get.responses = 'none'
    expect((await new Validator().validate(broken)).valid).toBe(false)
  })
})
