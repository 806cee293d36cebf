// Reset links and the accounts they reset, for the three kinds of account.

import { and, eq, type SQL, sql } from 'drizzle-orm'
import { type Db, batchOf } from './client'
import { admins, marketers, passwordResets, vendors } from './schema'

export type ResetRole = 'vendor' | 'marketer' | 'admin'

export type ResettableAccount = { id: number; name: string; email: string; blocked: boolean }

/** The account behind an address, if it may reset its password at all (not suspended or erased). */
export async function findResettable(db: Db, role: ResetRole, email: string): Promise<ResettableAccount | undefined> {
  switch (role) {
    case 'vendor': {
      const row = await db.query.vendors.findFirst({ where: eq(vendors.Email, email) })
      return row && { id: row.VendorID, name: row.VendorName, email: row.Email, blocked: Boolean(row.suspendedAt || row.erasedAt) }
    }
    case 'marketer': {
      const row = await db.query.marketers.findFirst({ where: eq(marketers.Email, email) })
      return row && { id: row.MarketerID, name: row.MarketerName, email: row.Email, blocked: Boolean(row.suspendedAt || row.erasedAt) }
    }
    case 'admin': {
      const row = await db.query.admins.findFirst({ where: eq(admins.Email, email) })
      return row && { id: row.AdminID, name: row.Name, email: row.Email, blocked: false }
    }
  }
}

export async function insertReset(db: Db, reset: { role: ResetRole; accountId: number; tokenHash: string; expiresAt: string }): Promise<number> {
  const [row] = await db.insert(passwordResets).values(reset).returning({ ResetID: passwordResets.ResetID })
  return row.ResetID
}

const accountTable = (role: ResetRole) => {
  switch (role) {
    case 'vendor':
      return { table: vendors, id: vendors.VendorID, hash: vendors.PasswordHash, version: vendors.tokenVersion, email: vendors.Email, name: vendors.VendorName }
    case 'marketer':
      return {
        table: marketers,
        id: marketers.MarketerID,
        hash: marketers.PasswordHash,
        version: marketers.tokenVersion,
        email: marketers.Email,
        name: marketers.MarketerName,
      }
    case 'admin':
      return { table: admins, id: admins.AdminID, hash: admins.PasswordHash, version: admins.tokenVersion, email: admins.Email, name: admins.Name }
  }
}

/**
 * The vendor's live API keys, revoked by a reset of their password (decision 257), with one entry
 * each in the audit log (their activity feed, decision 161) saying why. `vendorId` is the account
 * behind a still-live token, so nothing happens for a link that changed no password.
 */
function revokeKeysOfReset(vendorId: SQL, now: string) {
  return [
    sql`UPDATE api_keys SET revokedAt = ${now} WHERE VendorID = ${vendorId} AND revokedAt IS NULL RETURNING KeyID, Name, Prefix`,
    sql`INSERT INTO audit_log (at, AdminID, adminEmail, action, targetType, targetId, before, after, ActorVendorID)
      SELECT ${now}, 0, v.Email, 'revoke-api-key', 'api-key', CAST(k.KeyID AS TEXT), json_object('revokedAt', NULL),
        json_object('Name', k.Name, 'Prefix', k.Prefix, 'Scopes', json(k.Scopes), 'revokedAt', k.revokedAt, 'reason', 'password-reset'),
        v.VendorID
      FROM vendors v JOIN api_keys k ON k.VendorID = v.VendorID AND k.revokedAt = ${now}
      WHERE v.VendorID = ${vendorId}`,
  ]
}

/** An API key a reset revoked, as the 'password changed' notice names it. */
export type RevokedKey = { KeyID: number; Name: string; Prefix: string }

/**
 * Uses a link: in one batch (one transaction) the account behind a live, unused token gets the new
 * password and a raised token version (every older session ends), a vendor's live API keys are
 * revoked (decision 257), the token is marked used, and so is every other open link of the
 * account. Two uses at once: the second finds it used and changes nothing. Answers the account,
 * or undefined when the token is unknown, used or expired.
 */
export async function consumeReset(db: Db, role: ResetRole, tokenHash: string, passwordHash: string, now: string) {
  const a = accountTable(role)
  const col = (c: { name: string }) => sql.identifier(c.name)
  const live = sql`tokenHash = ${tokenHash} AND role = ${role} AND usedAt IS NULL AND expiresAt > ${now}`
  const accountOfToken = sql`(SELECT accountId FROM password_resets WHERE ${live})`
  // Statements that find the account through the live token run before it is marked used.
  const keys = role === 'vendor' ? revokeKeysOfReset(accountOfToken, now) : []
  const results = await batchOf(db, [
    sql`UPDATE ${a.table} SET PasswordHash = ${passwordHash}, tokenVersion = tokenVersion + 1
      WHERE ${col(a.id)} = ${accountOfToken}
      RETURNING ${col(a.id)} AS id, ${col(a.email)} AS email, ${col(a.name)} AS name, tokenVersion`,
    ...keys,
    sql`UPDATE password_resets SET usedAt = ${now} WHERE ${live} RETURNING ResetID`,
    sql`UPDATE password_resets SET usedAt = ${now}
      WHERE role = ${role} AND usedAt IS NULL AND accountId = (SELECT accountId FROM password_resets WHERE tokenHash = ${tokenHash})`,
  ])
  const account = results[0].results[0] as { id: number; email: string; name: string; tokenVersion: number } | undefined
  const revoked = keys.length > 0 ? (results[1].results as RevokedKey[]) : []
  const reset = results[1 + keys.length].results[0] as { ResetID: number } | undefined
  return account && reset ? { ...account, resetId: reset.ResetID, revokedKeys: revoked } : undefined
}

/** For an erasure: the account's reset links go, so none mailed before can give it a password again. */
export function deleteResetsOf(db: Db, role: 'vendor' | 'marketer', accountId: number) {
  return db.delete(passwordResets).where(and(eq(passwordResets.role, role), eq(passwordResets.accountId, accountId)))
}
