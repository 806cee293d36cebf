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
