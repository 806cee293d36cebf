// What one request costs in D1, counted in one thin wrapper around the binding: the statements it
// sent and the rows they read and wrote (D1 bills by rows read, and reports them per statement as
// `meta.rows_read`, exactly in the local runtime too), with D1's own time for them. The middleware
// (middleware/server-timing.ts) puts one wrapper in front of the request's binding and writes the
// figures into the answer's Server-Timing header.
//
// The wrapper sits under everything else that wraps the binding (the session gate of a GET,
// db/session-gate.ts): their statements are this wrapper's, so whatever they send is counted once.

/** The figures of one request. `ms` is the sum of D1's `meta.duration` (time spent in SQLite). */
export type D1Cost = { queries: number; rowsRead: number; rowsWritten: number; ms: number }

export const noCost = (): D1Cost => ({ queries: 0, rowsRead: 0, rowsWritten: 0, ms: 0 })

type Meta = { rows_read?: number; rows_written?: number; duration?: number }

function add(cost: D1Cost, meta: Meta | undefined): void {
  cost.queries++
  cost.rowsRead += meta?.rows_read ?? 0
  cost.rowsWritten += meta?.rows_written ?? 0
  cost.ms += meta?.duration ?? 0
}

// raw() answers rows without meta. The binding's statement keeps its SQL and parameters in public
// fields, and a D1 session's `_sendOrThrow` is what raw() itself sends them through (workerd's
// d1-api.ts): asking a fresh 'first-primary' session (the primary, as the plain binding always
// asks) gives the same rows with the meta. Drizzle reads every select with fields through raw(),
// so without this most reads would go uncounted. Rows stay arrays: names may repeat in a join.
type Upstream = { meta?: Meta; results?: unknown[] | { columns: string[]; rows: unknown[][] } }
type Send = (endpoint: string, sql: string, params: unknown[], format: string) => Promise<Upstream | Upstream[]>

async function rawWithMeta(d1: D1Database, real: D1PreparedStatement, cost: D1Cost, options?: { columnNames?: boolean }): Promise<unknown[]> {
  const { statement, params } = real as unknown as { statement?: unknown; params?: unknown }
  const session = typeof d1.withSession === 'function' ? (d1.withSession('first-primary') as unknown as { _sendOrThrow?: Send }) : undefined
  if (typeof session?._sendOrThrow !== 'function' || typeof statement !== 'string' || !Array.isArray(params)) {
    // Another binding shape: the statement still counts, its rows cannot be known.
    add(cost, undefined)
    return options?.columnNames ? real.raw({ columnNames: true }) : real.raw()
  }
  const answer = await session._sendOrThrow('/query', statement, params, 'ROWS_AND_COLUMNS')
  const first = Array.isArray(answer) ? answer[0] : answer
  add(cost, first?.meta)
  const results = first?.results
  if (results === undefined) return []
  if (Array.isArray(results)) {
    const rows = results.map((row) => Object.values(row as Record<string, unknown>))
    return options?.columnNames && results.length > 0 ? [Object.keys(results[0] as object), ...rows] : rows
  }
  return options?.columnNames ? [results.columns, ...results.rows] : results.rows
}

/** A D1 binding that behaves like `d1` and adds every statement it runs to `cost`. */
export function costedD1(d1: D1Database, cost: D1Cost): D1Database {
  const realOf = new WeakMap<object, D1PreparedStatement>()

  const wrap = (real: D1PreparedStatement): D1PreparedStatement => {
    const statement = {
      bind: (...values: unknown[]) => wrap(real.bind(...values)),
      first: async (column?: string) => {
        const result = await real.all()
        add(cost, result.meta)
        const row = (result.results[0] as Record<string, unknown> | undefined) ?? null
        if (column === undefined || row === null) return row
        if (!(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`)
        return row[column]
      },
      all: async () => {
        const result = await real.all()
        add(cost, result.meta)
        return result
      },
      run: async () => {
        const result = await real.run()
        add(cost, result.meta)
        return result
      },
      raw: (options?: { columnNames?: boolean }) => rawWithMeta(d1, real, cost, options),
    } as unknown as D1PreparedStatement
    realOf.set(statement, real)
    return statement
  }

  return new Proxy(d1, {
    get(target, key) {
      if (key === 'prepare') return (sql: string) => wrap(target.prepare(sql))
      if (key === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements.map((s) => realOf.get(s) ?? s))
          for (const result of results) add(cost, result.meta)
          return results
        }
      }
      const value = Reflect.get(target, key, target) as unknown
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** The Server-Timing header's value for `cost`. */
export function serverTiming(cost: D1Cost): string {
  return [
    `d1;dur=${cost.ms.toFixed(2)}`,
    `d1-queries;desc="${cost.queries}"`,
    `d1-rows-read;desc="${cost.rowsRead}"`,
    `d1-rows-written;desc="${cost.rowsWritten}"`,
  ].join(', ')
}
