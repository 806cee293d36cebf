// One name in code (decision 274): the person the screens call an influencer is `marketer` in every
// identifier of worker/, web/src, tests/ and scripts/. Strings, comments and template text are not
// identifiers, so UI copy and page paths (/influencer/{id}) pass; names on the wire or in a column
// are listed below by name, and the list may only shrink.

import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = path.join(import.meta.dirname, '../..')
const OTHER_NAMES = /influencer|creator/i

/** Identifiers that keep the old word, and why. */
const ALLOWED = new Set([
  // The buy form's field and the coupon API's field (docs/api.md), and the coupons' column.
  'CreatorCode',
  // The campaign's field in the API and its column.
  'CreatorsWanted',
  // A campaign member answer's field (contract/campaigns.ts).
  'Creator',
])

/**
 * Names on the wire or in a path, by file: the webhook payloads' `influencer`/`influencerId` (stores
 * read them), the back office's `/api/admin/influencers` and its overview counts, the spec's client
 * cache key 'influencers', and maps keyed by a page path's segment (`/reset-password/influencer`).
 */
const WIRE_IN = new Set([
  'worker/domain/webhook-payloads.ts influencer',
  'worker/domain/webhook-payloads.ts influencerId',
  'worker/openapi/webhooks.ts influencer',
  'worker/openapi/webhooks.ts influencerId',
  'tests/worker/webhooks.test.ts influencer',
  'tests/worker/webhooks.test.ts influencerId',
  'tests/worker/erasure-reach.test.ts influencer',
  'tests/worker/erasure-reach.test.ts influencerId',
  'worker/contract/admin.ts influencers',
  'worker/services/admin.ts influencers',
  'worker/routes/admin.ts influencers',
  'web/src/pages/admin/adminApi.ts influencers',
  'web/src/pages/admin/OverviewScreen.tsx influencers',
  'web/src/pages/admin/InfluencersScreen.tsx influencers',
  'web/src/pages/vendor-dashboard/PerformanceTab.tsx influencers',
  'web/src/lib/cache.ts influencers',
  'tests/web/cache.test.ts influencers',
  'tests/e2e/directory-cache.test.ts influencers',
  'tests/e2e/public-influencers.test.ts influencers',
  'worker/contract/email-verification.ts influencer',
  'worker/contract/password-reset.ts influencer',
  'web/src/pages/password-reset/roles.ts influencer',
  'web/src/pages/admin/AdminDialogs.tsx influencer',
  'web/src/pages/admin/adminApi.ts influencer',
  'web/src/pages/admin/InfluencersScreen.tsx influencer',
])

/** Names not renamed yet, by file (a `marketer` already in scope, or a React prop): this list only shrinks. */
const NOT_YET = new Set([
  'tests/worker/campaigns-deliverables.test.ts creator',
  'tests/worker/campaigns-links.test.ts creator',
  'tests/worker/coupon-attribution-property.test.ts creators',
  'tests/worker/list-hostile-query.test.ts creator',
  'tests/worker/list-paging.test.ts creator',
  'worker/db/campaigns.ts creator',
  'worker/services/campaigns.ts creator',
  'scripts/seed-data.ts influencer',
  'scripts/seed.ts influencer',
  'tests/e2e/dead-mail.test.ts influencer',
  'tests/worker/money-rows-read.test.ts influencer',
  'tests/worker/route-guards.test.ts influencer',
  'web/src/components/InfluencerStats.tsx influencer',
  'web/src/pages/dashboard-shared/LeadFilters.tsx influencer',
  'web/src/pages/directory/DirectoryPage.tsx influencer',
  'web/src/pages/directory/InfluencerCard.tsx influencer',
  'web/src/pages/home/FeaturedInfluencers.tsx influencer',
  'web/src/pages/vendor-dashboard/LeadsTab.tsx influencer',
])

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : []
  })
}

/** Every identifier of a source that contains influencer or creator, as `file:line name`. */
function otherNames(file: string, source: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && OTHER_NAMES.test(node.text)) {
      found.push(`${path.relative(ROOT, file)}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1} ${node.text}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}

describe('identifiers', () => {
  it('say marketer, never influencer or creator, outside strings and the listed wire names', () => {
    const files = ['worker', 'web/src', 'tests', 'scripts'].flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
    expect(files.length).toBeGreaterThan(300)
    const offenders = files
      .flatMap((file) => otherNames(file, readFileSync(file, 'utf8')))
      .filter((hit) => {
        const [where, name] = hit.split(' ')
        const inFile = `${where.split(':')[0]} ${name}`
        return !ALLOWED.has(name) && !WIRE_IN.has(inFile) && !NOT_YET.has(inFile)
      })
    expect(offenders).toEqual([])
  })

  it('are told apart from copy, paths and comments', () => {
    const source = [
      "// the influencer's card",
      "const title = 'Influencer Not Found'",
      'const path = `/influencer/` + id',
      'export function influencerCard(creator: number) { return creator }',
    ].join('\n')
    expect(otherNames(path.join(ROOT, 'x.ts'), source).map((hit) => hit.split(' ')[1])).toEqual(['influencerCard', 'creator', 'creator'])
  })
})
