// Queries of the vendors' API keys (decision 160). A key's creation and revocation each go in one batch
// with their audit entry, which is also the vendor's own activity (audit_log.ActorVendorID).

import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { ApiKeyScope } from '../contract/api-keys'
import { type Db, batchOf } from './client'
import { cappedQuery, readCapped } from './capped-counts'
import { type ApiKeyRow, apiKeys, auditLog, vendors } from './schema'

export type NewApiKey = { VendorID: number; Name: string; Scopes: ApiKeyScope[]; SecretHash: string; Prefix: string }

/**
 * The audit entry of a vendor's own action on key `keyId` (SQL for a key inserted just before),
 * written only when the statement just before it changed a row. The actor is the vendor: AdminID 0
 * and the vendor's address, read in the same statement.
 */
function vendorAudit(vendorId: number, action: 'create-api-key' | 'revoke-api-key', keyId: SQL | number, now: string) {
  return sql`INSERT INTO audit_log (at, AdminID, adminEmail, action, targetType, targetId, before, after, ActorVendorID)
    SELECT ${now}, 0, v.Email, ${action}, 'api-key', CAST(k.KeyID AS TEXT),
      ${action === 'revoke-api-key' ? sql`json_object('revokedAt', NULL)` : sql`NULL`},
      json_object('Name', k.Name, 'Prefix', k.Prefix, 'Scopes', json(k.Scopes)${action === 'revoke-api-key' ? sql`, 'revokedAt', k.revokedAt` : sql``}),
      v.VendorID
    FROM vendors v JOIN api_keys k ON k.KeyID = ${keyId} AND k.VendorID = v.VendorID
    WHERE v.VendorID = ${vendorId} AND changes() > 0`
}

type SQL = ReturnType<typeof sql>

/**
 * Stores the key while the vendor has fewer than `max` live keys. The count and the insert are one
 * statement (D1 runs statements one at a time), so keys created at the same moment cannot all pass
 * a count taken before any of them was stored. The new key's id, or null at the limit.
 */
export async function insertKeyWithinLimit(db: Db, key: NewApiKey, max: number, now: string): Promise<number | null> {
  const [inserted] = await batchOf(db, [
    sql`INSERT INTO api_keys (VendorID, Name, Scopes, SecretHash, Prefix, createdAt)
      SELECT ${key.VendorID}, ${key.Name}, ${JSON.stringify(key.Scopes)}, ${key.SecretHash}, ${key.Prefix}, ${now}
      WHERE (SELECT count(*) FROM api_keys WHERE VendorID = ${key.VendorID} AND revokedAt IS NULL) < ${max}
      RETURNING KeyID`,
    vendorAudit(key.VendorID, 'create-api-key', sql`last_insert_rowid()`, now),
  ])
  const row = inserted.results[0] as { KeyID: number } | undefined
  return row?.KeyID ?? null
}

/** Revokes the vendor's own live key; false when there is no such live key of theirs (nothing written). */
export async function revokeOwnKey(db: Db, vendorId: number, keyId: number, now: string): Promise<boolean> {
  const [updated] = await batchOf(db, [
    sql`UPDATE api_keys SET revokedAt = ${now} WHERE KeyID = ${keyId} AND VendorID = ${vendorId} AND revokedAt IS NULL`,
    vendorAudit(vendorId, 'revoke-api-key', keyId, now),
  ])
  return updated.meta.changes > 0
}

export async function findOwnKey(db: Db, vendorId: number, keyId: number): Promise<ApiKeyRow | undefined> {
  return db.query.apiKeys.findFirst({ where: and(eq(apiKeys.KeyID, keyId), eq(apiKeys.VendorID, vendorId)) })
}

/**
 * The key a secret's hash belongs to (one index entry, one row) and, in the same statement, whether
 * its vendor is suspended or erased (one more row, by primary key): such a key opens nothing
 * (decision 241).
 */
export async function findKeyByHash(db: Db, secretHash: string) {
  const [row] = await db
    .select({
      KeyID: apiKeys.KeyID,
      VendorID: apiKeys.VendorID,
      Scopes: apiKeys.Scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      vendorHeld: sql<number>`(${vendors.suspendedAt} IS NOT NULL OR ${vendors.erasedAt} IS NOT NULL)`.mapWith(Boolean),
    })
    .from(apiKeys)
    .innerJoin(vendors, eq(vendors.VendorID, apiKeys.VendorID))
    .where(eq(apiKeys.SecretHash, secretHash))
    .limit(1)
  return row
}

/** Moves lastUsedAt on when it is older than `since` (so at most once per interval, whoever races). */
export async function touchKey(db: Db, keyId: number, now: string, since: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.KeyID, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, since))))
}

/** A page of the vendor's keys, newest first, and how many they have. */
export async function pageKeys(db: Db, vendorId: number, afterId: number | null, take: number, count = true) {
  const page = db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.VendorID, vendorId), afterId === null ? undefined : lt(apiKeys.KeyID, afterId)))
    .orderBy(desc(apiKeys.KeyID))
    .limit(take)
  const matching = db.select({ one: sql`1` }).from(apiKeys).where(eq(apiKeys.VendorID, vendorId))
  const [rows, counted] = count ? await db.batch([page, cappedQuery(db, matching)]) : [await page, null]
  return { rows, total: counted ? readCapped(counted) : null }
}

/** A page of what the vendor did on their own account (audit entries they are the actor of). */
export async function pageVendorActivity(db: Db, vendorId: number, beforeId: number | null, take: number, count = true) {
  const page = db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      detail: sql<string | null>`json_extract(${auditLog.after}, '$.Name')`,
    })
    .from(auditLog)
    .where(and(eq(auditLog.ActorVendorID, vendorId), beforeId === null ? undefined : lt(auditLog.id, beforeId)))
    .orderBy(desc(auditLog.id))
    .limit(take)
  const matching = db.select({ one: sql`1` }).from(auditLog).where(eq(auditLog.ActorVendorID, vendorId))
  const [rows, counted] = count ? await db.batch([page, cappedQuery(db, matching)]) : [await page, null]
  return { rows, total: counted ? readCapped(counted) : null }
}

/**
 * For a vendor's erasure: every live key of theirs is revoked, in the erasure's batch, so the next
 * call with one is 401 whatever else the key check looks at (decision 245).
 */
export function revokeKeysOf(db: Db, vendorId: number, at: string) {
  return db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.VendorID, vendorId), isNull(apiKeys.revokedAt)))
}
