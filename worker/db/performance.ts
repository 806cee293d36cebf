// Runs the aggregate statement of 'My Links' and 'Performance' (performance-sql.ts) on D1.

import { type AggregateQuery, type AggregateRow, aggregateStatement } from './performance-sql'

export type { AggregateQuery, AggregateRow }

export async function aggregateRows(d1: D1Database, q: AggregateQuery): Promise<AggregateRow[]> {
  const { sql, params } = aggregateStatement(q)
  const { results } = await d1.prepare(sql).bind(...params).all<AggregateRow>()
  return results
}
