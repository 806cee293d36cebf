// bench:scale, issue 14: the statements behind 'My Links' and 'Performance' run straight on the
// generated SQLite file (node:sqlite, the engine D1 runs), so their own cost shows apart from
// wrangler dev's and the machine's. Median of 9 runs after one warm-up, the biggest accounts, each
// from the kept figures (report_figures, what the app reads) and counted from the rows.
import { DatabaseSync } from 'node:sqlite'
import { type AggregateQuery, aggregateStatement } from '../../worker/db/performance-sql.ts'
import type { Period } from '../../worker/contract/performance.ts'
import { periodStart } from '../../worker/domain/performance.ts'
import type { ScaleIds } from './scale-data.ts'

export function performanceSqlStage(dbFile: string, ids: ScaleIds, now: number): Array<{ name: string; ms: number; rowsMs: number; rows: number }> {
  const db = new DatabaseSync(dbFile, { readOnly: true })
  const page = { pending: new Map<number, number>(), order: 'desc' as const, after: null, limit: 21 }
  const marketer = { owner: { column: 'MarketerID' as const, id: ids.bigMarketer }, group: 'ProductID' as const, universe: 'activeProducts' as const }
  const vendor = { owner: { column: 'VendorID' as const, id: ids.bigVendor } }
  const period = (p: Period) => ({ period: p, fromDay: periodStart(p, now), source: 'figures' as const })
  const cases: Array<[string, AggregateQuery]> = [
    ['My Links, 30 days, by impressions', { ...marketer, ...page, ...period('30'), sort: 'impressions' }],
    ['My Links, all time, by commission', { ...marketer, ...page, ...period('all'), sort: 'commission' }],
    [
      'Performance by influencer, 30 days',
      { ...vendor, ...page, group: 'MarketerID', universe: 'influencersWithActivity', ...period('30'), sort: 'impressions' },
    ],
    ['Performance by product, 90 days, by revenue', { ...vendor, ...page, group: 'ProductID', universe: 'ownProducts', ...period('90'), sort: 'revenue' }],
    [
      'Performance by influencer, all time (CSV, every row)',
      { ...vendor, ...page, limit: null, group: 'MarketerID', universe: 'influencersWithActivity', ...period('all'), sort: 'impressions' },
    ],
  ]
  const time = (q: AggregateQuery) => {
    const { sql, params } = aggregateStatement(q)
    const statement = db.prepare(sql)
    const rows = statement.all(...params)
    const times: number[] = []
    for (let i = 0; i < 9; i++) {
      const t0 = performance.now()
      statement.all(...params)
      times.push(performance.now() - t0)
    }
    times.sort((a, b) => a - b)
    return { ms: times[4] ?? 0, rows }
  }
  const out = cases.map(([name, q]) => {
    const kept = time(q)
    const counted = time({ ...q, source: 'rows' })
    // The kept figures must say what counting says, row for row.
    if (JSON.stringify(kept.rows) !== JSON.stringify(counted.rows)) throw new Error(`${name}: the kept figures differ from the rows' count`)
    return { name, ms: kept.ms, rowsMs: counted.ms, rows: kept.rows.length }
  })
  db.close()
  return out
}
