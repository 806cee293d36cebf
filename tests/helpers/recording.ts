// Wrappers around the KV and D1 bindings that record what a function asked of them, so a test can
// check that an account's analytics only ever touch that account's keys and rows.

export type KvAccess = { op: 'list' | 'get'; key: string }

/** A KV namespace that behaves like `kv` and records every listed prefix and every key read. */
export function recordingKv(kv: KVNamespace): { kv: KVNamespace; accesses: KvAccess[] } {
  const accesses: KvAccess[] = []
  const wrapper = new Proxy(kv, {
    get(target, prop) {
      if (prop === 'list') {
        return (options?: KVNamespaceListOptions) => {
          accesses.push({ op: 'list', key: options?.prefix ?? '' })
          return target.list(options)
        }
      }
      if (prop === 'get' || prop === 'getWithMetadata') {
        return (key: string | string[], ...rest: unknown[]) => {
          for (const k of Array.isArray(key) ? key : [key]) accesses.push({ op: 'get', key: k })
          return (Reflect.get(target, prop) as (...args: unknown[]) => unknown).call(target, key, ...rest)
        }
      }
      const value: unknown = Reflect.get(target, prop)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { kv: wrapper, accesses }
}

export type Statement = { sql: string; params: unknown[] }

/** A D1 database that behaves like `d1` and records every statement prepared through it, with its parameters. */
export function recordingD1(d1: D1Database): { d1: D1Database; statements: Statement[] } {
  const statements: Statement[] = []
  const wrapper = new Proxy(d1, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          const statement: Statement = { sql, params: [] }
          statements.push(statement)
          const prepared = target.prepare(sql)
          return new Proxy(prepared, {
            get(stmt, p) {
              if (p === 'bind') {
                return (...params: unknown[]) => {
                  statement.params = params
                  return stmt.bind(...params)
                }
              }
              const value: unknown = Reflect.get(stmt, p)
              return typeof value === 'function' ? value.bind(stmt) : value
            },
          })
        }
      }
      const value: unknown = Reflect.get(target, prop)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { d1: wrapper, statements }
}

/** SQLite's plan for a recorded statement, one line per step ('SEARCH leads USING COVERING INDEX … (VendorID=?)'). */
export async function queryPlan(d1: D1Database, statement: Statement): Promise<string[]> {
  const { results } = await d1
    .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>()
  return results.map((r) => r.detail)
}

/**
 * A D1 database that behaves like `d1` and adds up the rows each statement read (`meta.rows_read`,
 * what D1 bills). Drizzle reads selects through `raw()`, which answers rows without `meta`: those
 * are run once more through `all()` for their count (reads only, so the figure is unchanged).
 */
export function countingD1(d1: D1Database): { d1: D1Database; rowsRead: () => number } {
  let rows = 0
  const targets = new WeakMap<object, D1PreparedStatement>()
  const add = (result: { meta?: { rows_read?: number } } | null | undefined) => {
    rows += result?.meta?.rows_read ?? 0
  }
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === 'bind') return (...params: unknown[]) => wrap(target.bind(...params), sql)
        if (prop === 'all' || prop === 'run') {
          return async () => {
            const result = await target[prop]()
            add(result)
            return result
          }
        }
        if (prop === 'first') {
          return async (column?: string) => {
            const result = await target.all()
            add(result)
            const row = (result.results[0] ?? null) as Record<string, unknown> | null
            return column === undefined || row === null ? row : row[column]
          }
        }
        if (prop === 'raw') {
          return async (options?: { columnNames?: boolean }) => {
            if (/^\s*(select|with)\b/i.test(sql)) add(await target.all())
            return options?.columnNames ? target.raw({ columnNames: true }) : target.raw()
          }
        }
        const value: unknown = Reflect.get(target, prop)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    targets.set(proxy, stmt)
    return proxy
  }
  const wrapper = new Proxy(d1, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql)
      if (prop === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements.map((s) => targets.get(s) ?? s))
          for (const result of results) add(result)
          return results
        }
      }
      const value: unknown = Reflect.get(target, prop)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { d1: wrapper, rowsRead: () => rows }
}
