// The money lists as SQLite plans them: each owner's page of entries or payouts is read from that
// owner's index in order, never a scan of the whole table or a sort of every matching row.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { parse } from 'zod/mini'
import { entryQuerySchema, payoutQuerySchema } from '../../worker/contract/payouts'
import { makeDb } from '../../worker/db/client'
import { entryPage } from '../../worker/services/ledger'
import { payoutPage } from '../../worker/services/payouts'

type Recorded = { sql: string; params: unknown[] }

function recording(seen: Recorded[]): D1Database {
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          const statement = target.prepare(sql)
          const entry: Recorded = { sql, params: [] }
          seen.push(entry)
          return new Proxy(statement, {
            get(inner, key) {
              if (key === 'bind') {
                return (...params: unknown[]) => {
                  entry.params = params
                  return inner.bind(...params)
                }
              }
              const value = Reflect.get(inner, key, inner) as unknown
              return typeof value === 'function' ? value.bind(inner) : value
            },
          })
        }
      }
      const value = Reflect.get(target, prop, target) as unknown
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

async function plans(run: (d: ReturnType<typeof makeDb>) => Promise<unknown>): Promise<string[]> {
  const seen: Recorded[] = []
  await run(makeDb(recording(seen)))
  const out: string[] = []
  for (const { sql, params } of seen) {
    const rows = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>()
    out.push(...rows.results.map((r) => r.detail))
  }
  return out
}

const expectIndexed = (lines: string[], table: string) => {
  expect(lines.filter((l) => new RegExp(`^SCAN ${table}\\b`).test(l) && !/USING (COVERING )?INDEX/.test(l))).toEqual([])
  expect(lines.some((l) => new RegExp(`^(SEARCH|SCAN) ${table}\\b.*USING (COVERING )?INDEX`).test(l))).toBe(true)
  expect(lines.filter((l) => /USE TEMP B-TREE FOR ORDER BY/.test(l))).toEqual([])
}

describe('money list plans', () => {
  const now = Date.parse('2026-06-01T00:00:00Z')
  it("page an influencer's and a vendor's entries on their own index, filtered by the other side too", async () => {
    for (const [caller, query] of [
      [{ role: 'marketer', id: 1 }, {}],
      [{ role: 'marketer', id: 1 }, { vendorId: '2' }],
      [{ role: 'vendor', id: 2 }, {}],
      [
        { role: 'vendor', id: 2 },
        { marketerId: '1', status: 'payable' },
      ],
    ] as const) {
      const lines = await plans((d) => entryPage(d, caller, parse(entryQuerySchema, query), now))
      expectIndexed(lines, 'commission_entries')
    }
  })

  it("page payouts on the payer's or payee's index", async () => {
    for (const [caller, query] of [
      [{ role: 'marketer', id: 1 }, {}],
      [{ role: 'vendor', id: 2 }, {}],
      [{ role: 'vendor', id: 2 }, { marketerId: '1' }],
    ] as const) {
      const lines = await plans((d) => payoutPage(d, caller, parse(payoutQuerySchema, query)))
      expectIndexed(lines, 'payouts')
    }
  })
})
