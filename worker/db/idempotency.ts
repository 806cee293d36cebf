// Queries of `Idempotency-Key` (decision 289): claim a key for a request, store its answer, or let
// it go when the request failed on our side, so a retry runs again.

import { sql } from 'drizzle-orm'
import { batchOf, type Db } from './client'

export type IdempotencyRow = { RequestHash: string; Status: number | null; Answer: string | null; createdAt: string }

/**
 * Claims the key for this request, taking over a row older than `staleBefore`; answers the row
 * that holds the key afterwards and whether this call claimed it.
 */
export async function claimKey(db: Db, vendorId: number, key: string, hash: string, now: string, staleBefore: string) {
  const [claimed, found] = await batchOf(db, [
    sql`INSERT INTO idempotency_keys (VendorID, IdemKey, RequestHash, createdAt) VALUES (${vendorId}, ${key}, ${hash}, ${now})
      ON CONFLICT (VendorID, IdemKey) DO UPDATE SET RequestHash = excluded.RequestHash, Status = NULL, Answer = NULL, createdAt = excluded.createdAt
      WHERE idempotency_keys.createdAt < ${staleBefore}`,
    sql`SELECT RequestHash, Status, Answer, createdAt FROM idempotency_keys WHERE VendorID = ${vendorId} AND IdemKey = ${key}`,
  ])
  return { claimed: (claimed.meta.changes ?? 0) > 0, row: found.results[0] as IdempotencyRow | undefined }
}

export async function storeAnswer(db: Db, vendorId: number, key: string, hash: string, status: number, answer: string) {
  await batchOf(db, [
    sql`UPDATE idempotency_keys SET Status = ${status}, Answer = ${answer} WHERE VendorID = ${vendorId} AND IdemKey = ${key} AND RequestHash = ${hash}`,
  ])
}

export async function releaseKey(db: Db, vendorId: number, key: string, hash: string) {
  await batchOf(db, [sql`DELETE FROM idempotency_keys WHERE VendorID = ${vendorId} AND IdemKey = ${key} AND RequestHash = ${hash} AND Status IS NULL`])
}
