// The money lists as SQLite plans them: each owner's page of entries or payouts is read from that
// owner's index in order, never a scan of the whole table or a sort of every matching row.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { parse } from 'zod/mini'
import { entryQuerySchema, payoutQuerySchema } from '../../worker/contract/payouts'
import { makeDb } from '../../worker/db/client'
import { entryPage } from '../../worker/services/ledger'
import { payoutPage } from '../../worker/services/payouts'
import { queryPlan, recordingD1 } from '../helpers/recording'

async function plans(run: (d: ReturnType<typeof makeDb>) => Promise<unknown>): Promise<string[]> {
  const { d1, statements } = recordingD1(env.DB)
  await run(makeDb(d1))
  const out: string[] = []
  for (const statement of statements) out.push(...(await queryPlan(env.DB, statement)))
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
