// Reset links and the accounts they reset, for the three kinds of account.

import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from './client'
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
 * Uses a link: in one batch (one transaction) the account behind a live, unused token gets the new
 * password and a raised token version (every older session ends), the token is marked used, and
 * so is every other open link of the account. Two uses at once: the second finds it used and
 * changes nothing. Answers the account, or undefined when the token is unknown, used or expired.
 */
export async function consumeReset(db: Db, role: ResetRole, tokenHash: string, passwordHash: string, now: string) {
  const a = accountTable(role)
  const live = and(eq(passwordResets.tokenHash, tokenHash), eq(passwordResets.role, role), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now))
  const accountOfToken = sql`(SELECT ${passwordResets.accountId} FROM ${passwordResets} WHERE ${live})`
  const [changed, claimed] = await db.batch([
    db
      .update(a.table)
      .set({ PasswordHash: passwordHash, tokenVersion: sql`${a.version} + 1` })
      .where(eq(a.id, accountOfToken))
      .returning({ id: a.id, email: a.email, name: a.name, tokenVersion: a.version }),
    db.update(passwordResets).set({ usedAt: now }).where(live).returning({ ResetID: passwordResets.ResetID, accountId: passwordResets.accountId }),
    db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.role, role),
          isNull(passwordResets.usedAt),
          eq(passwordResets.accountId, sql`(SELECT ${passwordResets.accountId} FROM ${passwordResets} WHERE ${passwordResets.tokenHash} = ${tokenHash})`),
        ),
      ),
  ])
  const account = changed[0]
  const reset = claimed[0]
  return account && reset ? { ...account, resetId: reset.ResetID } : undefined
}

/** For an erasure: the account's reset links go, so none mailed before can give it a password again. */
export function deleteResetsOf(db: Db, role: 'vendor' | 'marketer', accountId: number) {
  return db.delete(passwordResets).where(and(eq(passwordResets.role, role), eq(passwordResets.accountId, accountId)))
}
