// For the paged lists' suites: accounts written straight into D1 (registering through the
// API hashes a password each time, too slow for fixtures of dozens of rows), tokens for them, and
// a reader that follows a list's cursors to the end.

import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Paging } from '../../worker/contract/paging'
import { makeDb } from '../../worker/db/client'
import { type Marketer, marketers, vendors } from '../../worker/db/schema'
import { engagementRate } from '../../worker/domain/engagement'
import { totalReach } from '../../worker/domain/social'
import { signToken } from '../../worker/domain/tokens'
import { call } from './api'

let seq = 0

export type Account = { id: number; token: string }

export async function insertVendor(VendorName = 'Asha Textiles'): Promise<Account> {
  const [row] = await makeDb(env.DB)
    .insert(vendors)
    .values({ VendorName, Email: `list-vendor-${seq++}@example.in`, MobileNumber: '9876543210', PasswordHash: 'not-a-login' })
    .returning()
  return { id: row.VendorID, token: await signToken({ id: row.VendorID, role: 'vendor', ver: row.tokenVersion }, env.JWT_SECRET) }
}

type MarketerFields = Partial<Omit<typeof marketers.$inferInsert, 'MarketerID' | 'totalReachRaw' | 'engagementRate'>>

/** An influencer as the app would have saved it: reach and engagement rate follow from the counts. */
export async function insertMarketer(fields: MarketerFields = {}): Promise<Marketer & { token: string }> {
  const d = makeDb(env.DB)
  const [row] = await d
    .insert(marketers)
    .values({ MarketerName: 'Riya Sharma', Email: `list-creator-${seq++}@example.in`, MobileNumber: '9123456780', PasswordHash: 'not-a-login', ...fields })
    .returning()
  const reach = totalReach(row)
  const [saved] = await d
    .update(marketers)
    .set({ totalReachRaw: reach, engagementRate: engagementRate(row.MarketerID, reach) })
    .where(eq(marketers.MarketerID, row.MarketerID))
    .returning()
  return { ...saved, token: await signToken({ id: row.MarketerID, role: 'marketer', ver: row.tokenVersion }, env.JWT_SECRET) }
}

export type Page<T> = { status: number; message: string; data: T[]; paging: Paging; success?: boolean }

/** One page of a list route; `query` values are sent as given. */
export async function getPage<T>(path: string, query: Record<string, string | string[]> = {}, token?: string): Promise<Page<T>> {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) for (const v of Array.isArray(value) ? value : [value]) params.append(key, v)
  const text = params.toString()
  const res = await call<T[]>('GET', text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path, { token })
  const body = res.body as unknown as Page<T>
  return { ...body, status: res.status }
}

/** Every row of a list, page after page (each page checked: 200, a full page unless it is the last). */
export async function readAll<T>(path: string, query: Record<string, string | string[]> = {}, token?: string): Promise<{ rows: T[]; total: number }> {
  const rows: T[] = []
  let cursor: string | null = null
  let total = -1
  for (let guard = 0; guard < 1000; guard++) {
    const page: Page<T> = await getPage<T>(path, cursor ? { ...query, cursor } : query, token)
    expect(page.status, page.message).toBe(200)
    total = page.paging.total
    rows.push(...page.data)
    if (page.paging.nextCursor === null) return { rows, total }
    expect(page.data).toHaveLength(page.paging.limit)
    cursor = page.paging.nextCursor
  }
  throw new Error(`${path}: no last page after 1000 pages`)
}
