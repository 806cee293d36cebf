// Short link rows: created on first use, one per influencer + product pair, never changed.

import { and, eq, sql } from 'drizzle-orm'
import { newShortCode, type ShortTarget } from '../domain/short-links'
import type { Db } from './client'
import { shortLinks } from './schema'

/** Rows per INSERT: 5 bound values each, under D1's 100 per statement. */
const INSERT_CHUNK = 19
const ATTEMPTS = 3

type Pair = { ProductID: number; VendorID: number }

const codesOf = (db: Db, marketerId: number, productIds: number[]) =>
  db
    .select({ ProductID: shortLinks.ProductID, Code: shortLinks.Code })
    .from(shortLinks)
    // One parameter for the ids, however many: a page of 100 plus the influencer would pass D1's 100.
    .where(and(eq(shortLinks.MarketerID, marketerId), sql`${shortLinks.ProductID} IN (SELECT value FROM json_each(${JSON.stringify(productIds)}))`))

function insertsFor(db: Db, marketerId: number, pairs: Pair[]) {
  const createdAt = new Date().toISOString()
  const inserts = []
  for (let i = 0; i < pairs.length; i += INSERT_CHUNK) {
    const rows = pairs.slice(i, i + INSERT_CHUNK).map((p) => ({
      Code: newShortCode(),
      ProductID: p.ProductID,
      VendorID: p.VendorID,
      MarketerID: marketerId,
      createdAt,
    }))
    // DO NOTHING on either constraint: the pair already has a code (perhaps from a concurrent
    // first use an instant earlier), or, very rarely, this random code is another pair's.
    inserts.push(db.insert(shortLinks).values(rows).onConflictDoNothing())
  }
  return inserts
}

/**
 * The codes of `marketerId`'s links to `pairs`, creating the missing ones. The pairs usually have
 * codes already, so the first step only reads. Then each attempt is one transaction: insert a
 * random code per missing pair, ignoring conflicts, and read the pairs back. Whoever inserted first
 * wins and everybody reads that code; a pair whose random code was taken tries again with another.
 */
export async function shortCodesFor(db: Db, marketerId: number, pairs: Pair[]): Promise<Map<number, string>> {
  const unique = [...new Map(pairs.map((p) => [p.ProductID, p])).values()]
  if (unique.length === 0) return new Map()
  const rows = await codesOf(
    db,
    marketerId,
    unique.map((p) => p.ProductID),
  )
  return completeShortCodes(db, marketerId, unique, new Map(rows.map((r) => [r.ProductID, r.Code])))
}

/**
 * `known` (codes already read, e.g. with the page that shows them) completed with codes for the
 * rest of `pairs`: nothing is written when every pair has one.
 */
export async function completeShortCodes(db: Db, marketerId: number, pairs: Pair[], known: Map<number, string>): Promise<Map<number, string>> {
  const codes = new Map(known)
  const keep = (rows: Array<{ ProductID: number; Code: string }>) => {
    for (const r of rows) codes.set(r.ProductID, r.Code)
  }
  const unique = [...new Map(pairs.map((p) => [p.ProductID, p])).values()]
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const missing = unique.filter((p) => !codes.has(p.ProductID))
    if (missing.length === 0) return codes
    const read = codesOf(
      db,
      marketerId,
      missing.map((p) => p.ProductID),
    )
    const results = await db.batch([...insertsFor(db, marketerId, missing), read] as unknown as [typeof read])
    keep(results[results.length - 1] as Awaited<typeof read>)
  }
  if (unique.some((p) => !codes.has(p.ProductID))) throw new Error('No short code could be stored for some links')
  return codes
}

/** The pair behind a code, or null for a code nobody was given. */
export async function shortLinkTarget(db: Db, code: string): Promise<ShortTarget | null> {
  const [row] = await db
    .select({ ProductID: shortLinks.ProductID, VendorID: shortLinks.VendorID, MarketerID: shortLinks.MarketerID })
    .from(shortLinks)
    .where(eq(shortLinks.Code, code))
    .limit(1)
  return row ?? null
}
