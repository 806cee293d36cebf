// The kept-figure triggers are written by `npm run db:triggers` from worker/db/kept-figures.ts. The
// database must hold exactly what that definition writes: a trigger edited by hand in a migration,
// or a definition changed without a new migration, fails here. (Whether the figures they keep are
// right is account-totals.test.ts and report-figures.test.ts.)

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { keptFigureTriggers } from '../../worker/db/kept-figures'

describe('the kept-figure triggers', () => {
  it('are exactly the ones worker/db/kept-figures.ts writes', async () => {
    const expected = keptFigureTriggers()
    const names = expected.map((t) => t.name)
    const { results } = await env.DB.prepare(
      `SELECT name, tbl_name AS "table", sql FROM sqlite_master WHERE type = 'trigger' AND name IN (${names.map(() => '?').join(', ')})`,
    )
      .bind(...names)
      .all<{ name: string; table: string; sql: string }>()
    const stored = new Map(results.map((t) => [t.name, t]))
    for (const trigger of expected) expect(stored.get(trigger.name), trigger.name).toEqual(trigger)
  })

  it('store each report view under its API name, marketer rather than influencer', async () => {
    const { results } = await env.DB.prepare('SELECT DISTINCT view FROM report_windows ORDER BY view').all<{ view: string }>()
    expect(results.map((r) => r.view)).toEqual(['link', 'marketer', 'product'])
  })
})
