// Runs the aggregate statement of 'My Links' and 'Performance' (performance-sql.ts) on D1.

import { count, eq } from 'drizzle-orm'
import type { Db } from './client'
import { type AggregateQuery, type AggregateRow, aggregateStatement, type Universe } from './performance-sql'
import { products } from './schema'
import { stampedCount } from './stamped-counts'

export type { AggregateQuery, AggregateRow }

export async function aggregateRows(d1: D1Database, q: AggregateQuery): Promise<AggregateRow[]> {
  const { sql, params } = aggregateStatement(q)
  const { results } = await d1.prepare(sql).bind(...params).all<AggregateRow>()
  return results
}

/**
 * A product table's total (its universe: the active catalogue, or the vendor's products) as a count
 * remembered under the products list's stamp, to batch beside the page; null for the influencer
 * table, whose rows are its figures (the statement counts those). Counting the 10,000 active
 * products was half of a 'My Links' page's SQLite time at 10k.
 */
export function productTableTotal(db: Db, universe: Universe, ownerId: number) {
  if (universe === 'activeProducts') return stampedCount(db, { list: 'products' }, 'performance:active', db.select({ n: count() }).from(products).where(eq(products.IsActive, true)).getSQL())
  if (universe === 'ownProducts') return stampedCount(db, { list: 'products' }, `performance:vendor:${ownerId}`, db.select({ n: count() }).from(products).where(eq(products.VendorID, ownerId)).getSQL())
  return null
}
