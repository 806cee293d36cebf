// The OpenAPI document passes Redocly's `recommended` rules with no errors (the rules API tools and
// readers of /docs/api lean on: servers, tags, security schemes, unique operation ids, valid
// examples). Runs in Node beside openapi-valid.node.test.ts; warnings are printed, not failed.

import { createConfig, lintFromString } from '@redocly/openapi-core'
import { describe, expect, it } from 'vitest'
import { openApiDocument } from '../../worker/openapi'

async function problemsOf(doc: unknown) {
  // Recommended, and every operation's tag declared with a description (the reference's sections).
  const config = await createConfig({ extends: ['recommended'], rules: { 'operation-tag-defined': 'error' } })
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config })
  const describe = (p: (typeof problems)[number]) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`
  return {
    errors: problems.filter((p) => p.severity === 'error').map(describe),
    warnings: problems.filter((p) => p.severity === 'warn').map(describe),
  }
}

describe("the OpenAPI document under Redocly's recommended rules", () => {
  it('has no errors', async () => {
    const { errors, warnings } = await problemsOf(openApiDocument())
    if (warnings.length) console.info(`${warnings.length} warnings:\n${warnings.join('\n')}`)
    expect(errors).toEqual([])
  }, 60_000)

  it('fails a document that breaks them', async () => {
    // The check above could pass by checking nothing: without servers the rules must object.
    const broken = structuredClone(openApiDocument()) as Record<string, unknown>
    delete broken.servers
    delete broken.tags
    const { errors } = await problemsOf(broken)
    expect(errors.length).toBeGreaterThan(0)
  }, 60_000)
})
