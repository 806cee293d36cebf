// A read checks its session in the same round trip as its first query (db/session-gate.ts), and a
// stale token never gets more than a request without it would: the answer is the anonymous one,
// and nothing is written for it.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { SESSION_PASSWORD_CHANGED_MESSAGE } from '../../worker/contract/admin'
import type { ProductDTO } from '../../worker/contract/product'
import { SessionGate, StaleSession } from '../../worker/db/session-gate'
import { call } from '../helpers/api'
import { makeMarketer, makeProduct, makeVendor } from '../helpers/factories'

type Trip = { kind: 'batch' | 'single'; sql: string[] }

/** A D1 binding that notes each round trip (a batch, or one statement run alone) on the way to the real one. */
function countingD1(): { d1: D1Database; trips: Trip[] } {
  const trips: Trip[] = []
  const behind = new WeakMap<object, { real: D1PreparedStatement; sql: string }>()
  const wrap = (real: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy: D1PreparedStatement = new Proxy(real, {
      get(target, key) {
        if (key === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), sql)
        if (key === 'first' || key === 'all' || key === 'raw' || key === 'run') {
          return (...args: unknown[]) => {
            trips.push({ kind: 'single', sql: [sql] })
            return (Reflect.get(target, key, target) as (...a: unknown[]) => unknown).apply(target, args)
          }
        }
        const value = Reflect.get(target, key, target) as unknown
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    behind.set(proxy, { real, sql })
    return proxy
  }
  const d1 = new Proxy(env.DB, {
    get(target, key) {
      if (key === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql)
      if (key === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          trips.push({ kind: 'batch', sql: statements.map((s) => behind.get(s)?.sql ?? '?') })
          return target.batch(statements.map((s) => behind.get(s)?.real ?? s))
        }
      }
      const value = Reflect.get(target, key, target) as unknown
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { d1, trips }
}

const CHECK = "SELECT 'current' AS state"

describe('the session gate', () => {
  it('sends the check in the same batch as the first reads: one round trip for both', async () => {
    const { d1, trips } = countingD1()
    const gate = new SessionGate(d1, d1.prepare(CHECK), (row) => row?.state === 'current')
    const [a, b] = await gate.binding.batch([gate.binding.prepare('SELECT 1 AS n'), gate.binding.prepare('SELECT 2 AS n')])
    expect([a.results, b.results]).toEqual([[{ n: 1 }], [{ n: 2 }]])
    expect(await gate.current()).toBe(true)
    expect(trips).toEqual([{ kind: 'batch', sql: [CHECK, 'SELECT 1 AS n', 'SELECT 2 AS n'] }])
  })

  it('runs nothing that writes before the verdict, and nothing at all for a stale session', async () => {
    const { d1, trips } = countingD1()
    const gate = new SessionGate(d1, d1.prepare("SELECT 'stale' AS state"), (row) => row?.state === 'current')
    const write = gate.binding.prepare('INSERT INTO audit_log (action) VALUES (?)').bind('never')
    await expect(write.run()).rejects.toBeInstanceOf(StaleSession)
    await expect(gate.binding.batch([gate.binding.prepare('UPDATE vendors SET VendorName = VendorName')])).rejects.toBeInstanceOf(StaleSession)
    expect(trips.map((t) => t.sql)).toEqual([["SELECT 'stale' AS state"]])
  })

  it('checks beside a single read rather than before it, and once per request', async () => {
    const { d1, trips } = countingD1()
    const gate = new SessionGate(d1, d1.prepare(CHECK), (row) => row?.state === 'current')
    expect(await gate.binding.prepare('SELECT 3 AS n').first()).toEqual({ n: 3 })
    expect(await gate.current()).toBe(true)
    await gate.binding.batch([gate.binding.prepare('SELECT 4 AS n')])
    expect(trips.flatMap((t) => t.sql).filter((s) => s === CHECK)).toHaveLength(1)
  })
})

describe('reads with a token that is no longer current', () => {
  it('answer the public catalogue as to a visitor: no affiliate links for a suspended influencer', async () => {
    const vendor = await makeVendor()
    await makeProduct(vendor)
    const marketer = await makeMarketer()
    const signedIn = await call<ProductDTO[]>('GET', '/api/products', { token: marketer.token })
    expect(signedIn.body.data.every((p) => p.Link !== null)).toBe(true)
    await env.DB.prepare("UPDATE marketers SET suspendedAt = '2026-11-24T00:00:00Z' WHERE MarketerID = ?").bind(marketer.id).run()
    const stale = await call<ProductDTO[]>('GET', '/api/products', { token: marketer.token })
    const visitor = await call<ProductDTO[]>('GET', '/api/products')
    expect(stale.status).toBe(200)
    expect(stale.body).toEqual(visitor.body)
    expect(stale.body.data.every((p) => p.Link === null && p.ShortLink === null)).toBe(true)
  })

  it('answer 401 where a token is needed, and store no short link for it', async () => {
    const vendor = await makeVendor()
    const product = await makeProduct(vendor)
    const marketer = await makeMarketer()
    await env.DB.prepare('UPDATE marketers SET tokenVersion = tokenVersion + 1 WHERE MarketerID = ?').bind(marketer.id).run()
    const res = await call('GET', `/api/affiliate/product-links?marketerId=${marketer.id}`, { token: marketer.token })
    expect(res.status).toBe(401)
    // Only a password change or reset moves tokenVersion, so the answer says so (decision 260).
    expect(res.body).toEqual({ statusCode: 0, message: SESSION_PASSWORD_CHANGED_MESSAGE, data: null })
    const stored = await env.DB.prepare('SELECT count(*) AS n FROM short_links WHERE MarketerID = ? AND ProductID = ?')
      .bind(marketer.id, product.ProductID)
      .first<{ n: number }>()
    expect(stored?.n).toBe(0)
  })
})
