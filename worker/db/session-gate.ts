// A D1 binding for one GET request whose token has a valid signature but whose session has not
// been checked yet (services/session.ts decides what "current" means). The check, one primary-key
// read of the caller's account, rides along with the request's first batch, or runs beside its
// first single query, instead of costing a round trip of its own before the route starts. Reads
// never wait for it; a write does (and is refused with StaleSession when the session is not
// current), so nothing is ever written for a stale token. The middleware that set the gate up
// awaits the verdict before the answer goes out (middleware/auth.ts).

import { Unauthenticated } from '../domain/errors'

/**
 * Thrown instead of running a write for a token whose session is no longer current: a 401 (the
 * middleware then answers the request as if it had come without the token).
 */
export class StaleSession extends Unauthenticated {
  constructor() {
    super('Please log in to continue')
  }
}

/** Only plain reads may run before the verdict: anything that could write waits for it. */
const isRead = (sql: string) => /^\s*(select|with)\b/i.test(sql) && !/\b(insert|update|delete|replace)\b/i.test(sql)

type Judge = (row: Record<string, unknown> | null) => boolean

export class SessionGate {
  private verdict: Promise<boolean> | null = null
  /** Each statement handed out: the real one behind it, and whether it may write. */
  private readonly wrapped = new WeakMap<object, { real: D1PreparedStatement; write: boolean }>()
  readonly binding: D1Database

  /** `check` reads the account's state; `judge` says whether that state keeps the session current. */
  constructor(
    private readonly d1: D1Database,
    private readonly check: D1PreparedStatement,
    private readonly judge: Judge,
  ) {
    this.binding = this.wrapDatabase()
  }

  /** Whether the session is current: the verdict of the check, running it now if nothing has yet. */
  current(): Promise<boolean> {
    this.verdict ??= this.check.first<Record<string, unknown>>().then((row) => this.judge(row ?? null))
    return this.verdict
  }

  private async beforeWrite(): Promise<void> {
    if (!(await this.current())) throw new StaleSession()
  }

  private wrapStatement(real: D1PreparedStatement, write: boolean): D1PreparedStatement {
    const gate = this
    const proxy = new Proxy(real, {
      get(target, key) {
        if (key === 'bind') return (...values: unknown[]) => gate.wrapStatement(target.bind(...values), write)
        if (key === 'first' || key === 'all' || key === 'raw' || key === 'run') {
          const method = Reflect.get(target, key, target) as (...args: unknown[]) => Promise<unknown>
          return async (...args: unknown[]) => {
            if (write) await gate.beforeWrite()
            else void gate.current().catch(() => {}) // beside the read, not before it
            return method.apply(target, args)
          }
        }
        const value = Reflect.get(target, key, target) as unknown
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    this.wrapped.set(proxy, { real, write })
    return proxy
  }

  private async batch(statements: D1PreparedStatement[]): Promise<D1Result[]> {
    // A statement this binding did not hand out is taken for a write.
    const known = statements.map((s) => this.wrapped.get(s) ?? { real: s, write: true })
    const reals = known.map((k) => k.real)
    const writes = known.some((k) => k.write)
    if (this.verdict === null && !writes) {
      // The check goes first in the same transaction: one round trip for both.
      const answer = this.d1.batch([this.check, ...reals])
      this.verdict = answer.then(([state]) => this.judge((state.results[0] as Record<string, unknown> | undefined) ?? null))
      return (await answer).slice(1)
    }
    if (writes) await this.beforeWrite()
    return this.d1.batch(reals)
  }

  private wrapDatabase(): D1Database {
    const gate = this
    return new Proxy(this.d1, {
      get(target, key) {
        if (key === 'prepare') {
          return (sql: string) => gate.wrapStatement(target.prepare(sql), !isRead(sql))
        }
        if (key === 'batch') return (statements: D1PreparedStatement[]) => gate.batch(statements)
        if (key === 'withSession') {
          return () => {
            throw new Error('D1 sessions are not available on a session-gated binding')
          }
        }
        if (key === 'exec' || key === 'dump') {
          // Not used by the routes; anything that reaches them waits for the verdict like a write.
          const method = Reflect.get(target, key, target) as (...args: unknown[]) => unknown
          return async (...args: unknown[]) => {
            await gate.beforeWrite()
            return method.apply(target, args)
          }
        }
        const value = Reflect.get(target, key, target) as unknown
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  }
}
