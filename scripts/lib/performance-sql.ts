// bench:scale, issue 14: the statements behind 'My Links' and 'Performance' run straight on the
// generated SQLite file (node:sqlite, the engine D1 runs), so their own cost shows apart from
// wrangler dev's and the machine's. Median of 9 runs after one warm-up, the biggest accounts.
import { DatabaseSync } from 'node:sqlite'
import { type AggregateQuery, aggregateStatement } from '../../worker/db/performance-sql.ts'
import { periodStart } from '../../worker/domain/performance.ts'
import type { ScaleIds } from './scale-data.ts'

export function performanceSqlStage(dbFile: string, ids: ScaleIds, now: number): Array<{ name: string; ms: number; rows: number }> {
  const db = new DatabaseSync(dbFile, { readOnly: true })
  const page = { pending: new Map<number, number>(), order: 'desc' as const, after: null, limit: 21 }
  const marketer = { owner: { column: 'MarketerID' as const, id: ids.bigMarketer }, group: 'ProductID' as const, universe: 'activeProducts' as const }
  const vendor = { owner: { column: 'VendorID' as const, id: ids.bigVendor } }
  const cases: Array<[string, AggregateQuery]> = [
    ['My Links, 30 days, by impressions', { ...marketer, ...page, fromDay: periodStart('30', now), sort: 'impressions' }],
    ['My Links, all time, by commission', { ...marketer, ...page, fromDay: periodStart('all', now), sort: 'commission' }],
    ['Performance by influencer, 30 days', { ...vendor, ...page, group: 'MarketerID', universe: 'influencersWithActivity', fromDay: periodStart('30', now), sort: 'impressions' }],
    ['Performance by product, 90 days, by revenue', { ...vendor, ...page, group: 'ProductID', universe: 'ownProducts', fromDay: periodStart('90', now), sort: 'revenue' }],
    ['Performance by influencer, all time (CSV, every row)', { ...vendor, ...page, limit: null, group: 'MarketerID', universe: 'influencersWithActivity', fromDay: '', sort: 'impressions' }],
  ]
  const out = cases.map(([name, q]) => {
    const { sql, params } = aggregateStatement(q)
    const statement = db.prepare(sql)
    const rows = statement.all(...params).length
    const times: number[] = []
    for (let i = 0; i < 9; i++) {
      const t0 = performance.now()
      statement.all(...params)
      times.push(performance.now() - t0)
    }
    times.sort((a, b) => a - b)
    return { name, ms: times[4] ?? 0, rows }
  })
  db.close()
  return out
}
