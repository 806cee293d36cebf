// What each money route reads at marketplace scale (decision 050): the balances and the owed
// list read figures the writes keep, and the lists read about what they show, so doubling the
// ledger (more entries, vendors and influencers) leaves each route's rows read where it was.

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { app } from '../../worker/app'
import { makeDb } from '../../worker/db/client'
import { BY_VENDOR_MAX } from '../../worker/db/ledger'
import { DomainError } from '../../worker/domain/errors'
import { indiaDate } from '../../worker/domain/ledger'
import { signToken } from '../../worker/domain/tokens'
import { recordPayout } from '../../worker/services/payouts'
import { ORIGIN } from '../helpers/api'
import { countingD1 } from '../helpers/recording'
import { keptEvents } from '../helpers/events'

const DAY = 86_400_000
let worldSeq = 0

/**
 * A ledger of about `scale` x 600 entries: a big vendor with three entries for every influencer, a
 * big influencer with an entry from every vendor (more than 100 of them), and entries between
 * other pairs, converted over the last 60 days (pending, payable and overdue), some of them paid.
 */
async function ledgerOf(scale: number) {
  const n = worldSeq++
  const vendorCount = 120 * scale
  const marketerCount = 60 * scale
  const now = Date.now()
  const vendorIds = JSON.stringify(Array.from({ length: vendorCount }, (_, i) => i))
  await env.DB.prepare(
    `INSERT INTO vendors (VendorName, Email, MobileNumber, PasswordHash, HoldingDays, PaymentTermsDays, createdAt)
     SELECT 'Vendor ' || value, 'rows-' || ?1 || '-v' || value || '@example.in', '9876543210', 'x', 14, 30, ?3 FROM json_each(?2)`,
  )
    .bind(n, vendorIds, new Date(now).toISOString())
    .run()
  await env.DB.prepare(
    `INSERT INTO marketers (MarketerName, Email, MobileNumber, PasswordHash, DateCreated, updatedAt)
     SELECT 'Creator ' || value, 'rows-' || ?1 || '-m' || value || '@example.in', '9123456780', 'x', ?3, ?3 FROM json_each(?2)`,
  )
    .bind(n, JSON.stringify(Array.from({ length: marketerCount }, (_, i) => i)), new Date(now).toISOString())
    .run()
  const v = await env.DB.prepare(`SELECT max(VendorID) - ? + 1 AS first FROM vendors`).bind(vendorCount).first<{ first: number }>()
  const m = await env.DB.prepare(`SELECT max(MarketerID) - ? + 1 AS first FROM marketers`).bind(marketerCount).first<{ first: number }>()
  if (!v || !m) throw new Error('seed failed')
  const pairs: Array<[number, number]> = []
  for (let i = 0; i < marketerCount; i++) for (let k = 0; k < 3; k++) pairs.push([0, i])
  for (let i = 1; i < vendorCount; i++) pairs.push([i, 0])
  for (let i = 0; i < 240 * scale; i++) pairs.push([1 + (i % (vendorCount - 1)), 1 + ((i * 7) % (marketerCount - 1))])
  const rows = pairs.map(([vi, mi], i) => [
    v.first + vi,
    m.first + mi,
    10_000 + (i % 50) * 100,
    new Date(now - ((i * 37) % 60) * DAY - 3_600_000).toISOString(),
  ])
  for (let i = 0; i < rows.length; i += 500) {
    await env.DB.prepare(
      `INSERT INTO commission_entries (LeadID, VendorID, MarketerID, ProductName, Kind, AmountPaise, convertedAt)
       SELECT 0, json_extract(value, '$[0]'), json_extract(value, '$[1]'), 'Product', 'commission', json_extract(value, '$[2]'), json_extract(value, '$[3]') FROM json_each(?)`,
    )
      .bind(JSON.stringify(rows.slice(i, i + 500)))
      .run()
  }
  // A few payouts by the big vendor, and one to the big influencer by each of a few vendors.
  const db = makeDb(env.DB)
  let paid = 0
  const tryPay = (vendorId: number, marketerId: number, UTR: string) =>
    recordPayout(db, keptEvents(), vendorId, { MarketerID: marketerId, Method: 'UPI', UTR, PaidOn: indiaDate(now) }, now).then(
      () => paid++,
      (err: unknown) => {
        if (!(err instanceof DomainError)) throw err
      },
    )
  for (let i = 0; i < 8; i++) {
    await tryPay(v.first, m.first + 1 + i, `ROWS${n}V${i}XXXXXXXX`)
    await tryPay(v.first + 1 + i, m.first, `ROWS${n}M${i}XXXXXXXX`)
  }
  expect(paid).toBeGreaterThan(4)
  const token = (role: 'vendor' | 'marketer', id: number) => signToken({ id, role, ver: 0 }, env.JWT_SECRET)
  return { entries: rows.length, vendor: await token('vendor', v.first), influencer: await token('marketer', m.first) }
}

/** Rows read by one request, through the Worker's own app with a counting D1. */
async function rowsRead(path: string, token: string): Promise<{ rows: number; body: { data: unknown; paging?: { nextCursor: string | null } } }> {
  const counting = countingD1(env.DB)
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { headers: { authorization: `Bearer ${token}` } }), { ...env, DB: counting.d1 }, ctx)
  await waitOnExecutionContext(ctx)
  expect(res.status).toBe(200)
  return { rows: counting.rowsRead(), body: await res.json() }
}

async function measure(world: Awaited<ReturnType<typeof ledgerOf>>) {
  const out: Record<string, number> = {}
  const read = async (name: string, path: string, token: string) => {
    // Once to let a read bring kept figures up to now, then the figure that counts.
    await rowsRead(path, token)
    const { rows, body } = await rowsRead(path, token)
    out[name] = rows
    return body
  }
  await read('balance (vendor)', '/api/money/balance', world.vendor)
  await read('balance (influencer)', '/api/money/balance', world.influencer)
  const entries = await read('entries (vendor)', '/api/money/entries?limit=10', world.vendor)
  await read('entries (influencer)', '/api/money/entries?limit=10', world.influencer)
  await read('entries payable (vendor)', '/api/money/entries?limit=10&status=payable', world.vendor)
  await read('payouts (vendor)', '/api/money/payouts?limit=10', world.vendor)
  const owed = await read('influencers owed', '/api/money/influencers?limit=10', world.vendor)
  if (entries.paging?.nextCursor) await read('entries page 2 (vendor)', `/api/money/entries?limit=10&cursor=${entries.paging.nextCursor}`, world.vendor)
  if (owed.paging?.nextCursor) await read('influencers owed page 2', `/api/money/influencers?limit=10&cursor=${owed.paging.nextCursor}`, world.vendor)
  return out
}

describe('money routes at two sizes of ledger', () => {
  it('read about the same rows at twice the entries, vendors and influencers, within a small budget', async () => {
    const small = await ledgerOf(1)
    const big = await ledgerOf(2)
    const atN = await measure(small)
    const at2N = await measure(big)
    console.log(JSON.stringify({ entries: [small.entries, big.entries], atN, at2N }))
    expect(Object.keys(at2N)).toEqual(Object.keys(atN))
    for (const route of Object.keys(atN)) {
      expect(at2N[route], route).toBeLessThanOrEqual(Math.ceil(atN[route] * 1.2))
      // The influencer's balance shows up to BY_VENDOR_MAX vendors, a few rows each.
      expect(at2N[route], route).toBeLessThanOrEqual(route === 'balance (influencer)' ? 8 * BY_VENDOR_MAX : 150)
    }
  }, 120_000)
})
