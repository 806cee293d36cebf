// SQL pieces the paged lists share: keyset ordering over an index, and the search condition over
// one of the FTS5 tables of migration list_search.

import { type AnyColumn, type SQL, sql } from 'drizzle-orm'
import type { ProductSearch, SearchPlan } from '../domain/search'

type Value = string | number

/** One column (or collated expression) of a list's order; the last is always the row's id. */
export type SortKey = { expr: AnyColumn | SQL; dir: 'asc' | 'desc' }

export const orderOf = (keys: readonly SortKey[]): SQL[] => keys.map((k) => (k.dir === 'asc' ? sql`${k.expr} ASC` : sql`${k.expr} DESC`))

/**
 * Rows strictly after the row whose sort values are `values`, in the order of `keys`. Written as
 * `a <= x AND (a < x OR (...))` rather than a plain OR, so the leading column is a range SQLite can
 * seek in the index instead of scanning from the start.
 */
export function after(keys: readonly SortKey[], values: ReadonlyArray<Value>): SQL {
  const [key, ...rest] = keys
  const value = values[0]
  const strict = key.dir === 'asc' ? sql`${key.expr} > ${value}` : sql`${key.expr} < ${value}`
  if (rest.length === 0) return strict
  const loose = key.dir === 'asc' ? sql`${key.expr} >= ${value}` : sql`${key.expr} <= ${value}`
  return sql`(${loose} AND (${strict} OR ${after(rest, values.slice(1))}))`
}

export type SearchTable = 'products_search' | 'marketers_search' | 'leads_search'

/** `id IN (rows of the search table matching the plan)`; undefined when the plan has no terms. */
export function matchesSearch(id: AnyColumn, table: SearchTable, plan: SearchPlan): SQL | undefined {
  const conditions = searchConditions(table, plan)
  return conditions && sql`${id} IN (SELECT rowid FROM ${sql.identifier(table)} WHERE ${conditions})`
}

/** The plan as conditions on the search table's own rows (for a query that reads it directly). */
export function searchConditions(table: SearchTable, plan: SearchPlan): SQL | undefined {
  const conditions: SQL[] = []
  if (plan.match) conditions.push(sql`${sql.identifier(table)} MATCH ${plan.match}`)
  for (const group of plan.like) {
    // The unary + keeps FTS5 from taking each LIKE as a constraint of its own. With some planner
    // statistics SQLite then scans the whole table once per column (a MULTI-INDEX OR: four scans
    // for a product, measured 3.4x slower in node:sqlite on the bench:scale data); this way one
    // scan always tests every column of a row.
    const any = group.map(({ column, pattern }) => sql`+${sql.identifier(table)}.${sql.identifier(column)} LIKE ${pattern} ESCAPE '\\'`)
    conditions.push(sql`(${sql.join(any, sql` OR `)})`)
  }
  if (conditions.length === 0) return undefined
  return sql.join(conditions, sql` AND `)
}

/**
 * The products matching a product search: a short text is one range of product_grams, whose grams
 * are folded by the same lower() (ASCII letters only, as LIKE folds them).
 */
export function matchesProductSearch(id: AnyColumn, search: ProductSearch): SQL | undefined {
  if ('plan' in search) return matchesSearch(id, 'products_search', search.plan)
  return sql`${id} IN (SELECT "ProductID" FROM "product_grams" WHERE "gram" = lower(${search.gram}))`
}

/** The columns of the search tables, as migration list_search creates them. */
export const SEARCH_COLUMNS = {
  products: ['name', 'sku', 'price', 'commission'],
  directoryKeyword: ['name', 'handle', 'marketer_id', 'bio'],
  directoryBio: ['bio'],
  directoryCategory: ['category'],
  directoryLocation: ['location'],
  leadBuyer: ['name', 'phone', 'email'],
  leadBuyerName: ['name'],
  leadVendor: ['vendor'],
  leadMarketer: ['marketer'],
} as const
