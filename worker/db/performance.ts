// Runs the aggregate statement of 'My Links' and 'Performance' (performance-sql.ts) on D1.

import type { Db } from './client'
import { type AggregateQuery, type AggregateRow, aggregateStatement, type Universe } from './performance-sql'
import { productTotal } from './products'

export type { AggregateQuery, AggregateRow }

export async function aggregateRows(d1: D1Database, q: AggregateQuery): Promise<AggregateRow[]> {
  const { sql, params } = aggregateStatement(q)
  const { results } = await d1
    .prepare(sql)
    .bind(...params)
    .all<AggregateRow>()
  return results
}

/**
 * A product table's total (its universe: the active catalogue, or the vendor's products, as the
 * product lists count them: a kept count), to batch beside the page; null for the influencer table,
 * whose rows are its figures (the statement counts those). Counting the 10,000 active products
 * was half of a 'My Links' page's SQLite time at 10k.
 */
export function productTableTotal(db: Db, universe: Universe, ownerId: number) {
  if (universe === 'activeProducts') return productTotal(db, { activeOnly: true })
  if (universe === 'ownProducts') return productTotal(db, { vendorId: ownerId, activeOnly: false })
  return null
}
