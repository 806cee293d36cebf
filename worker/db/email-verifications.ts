// Email verification links (decision 131) and the accounts' verified-at stamps, for vendors and
// influencers (marketers).

import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from './client'
import { emailVerifications, marketers, vendors } from './schema'

export type VerifyRole = 'vendor' | 'marketer'

/** What verification needs of an account: where to mail, whom to greet, and whether it already is. */
export type VerifiableAccount = { id: number; name: string; email: string; verifiedAt: string | null; blocked: boolean }

const accountColumns = (role: VerifyRole) =>
  role === 'vendor'
    ? { table: vendors, id: vendors.VendorID, name: vendors.VendorName, email: vendors.Email, verifiedAt: vendors.emailVerifiedAt }
    : { table: marketers, id: marketers.MarketerID, name: marketers.MarketerName, email: marketers.Email, verifiedAt: marketers.emailVerifiedAt }

/** One primary-key read. */
export async function findVerifiable(db: Db, role: VerifyRole, id: number): Promise<VerifiableAccount | undefined> {
  const a = accountColumns(role)
  const t = role === 'vendor' ? vendors : marketers
  const [row] = await db
    .select({ id: a.id, name: a.name, email: a.email, verifiedAt: a.verifiedAt, suspendedAt: t.suspendedAt, erasedAt: t.erasedAt })
    .from(a.table)
    .where(eq(a.id, id))
    .limit(1)
  return row && { id: row.id, name: row.name, email: row.email, verifiedAt: row.verifiedAt, blocked: Boolean(row.suspendedAt || row.erasedAt) }
}

/** Whether the account's current address is verified: one primary-key read of one column. */
export async function isEmailVerified(db: Db, role: VerifyRole, id: number): Promise<boolean> {
  const a = accountColumns(role)
  const [row] = await db.select({ verifiedAt: a.verifiedAt }).from(a.table).where(eq(a.id, id)).limit(1)
  return Boolean(row?.verifiedAt)
}

export async function insertVerification(
  db: Db,
  link: { role: VerifyRole; accountId: number; email: string; tokenHash: string; expiresAt: string },
): Promise<number> {
  const [row] = await db.insert(emailVerifications).values(link).returning({ id: emailVerifications.VerificationID })
  return row.id
}

/**
 * Uses a link, in one batch (one transaction): the account is stamped verified only while its
 * address is still the one the link was mailed to; the link is marked used, and so is every other
 * open link of the account to the same address (one verified address needs no more). Two uses at once: the second
 * finds the link used and changes nothing. Answers the account's id and the stamp, or undefined
 * when the link is unknown, used, expired, or for an address the account no longer has.
 */
export async function consumeVerification(db: Db, role: VerifyRole, tokenHash: string, now: string) {
  const a = accountColumns(role)
  const live = and(
    eq(emailVerifications.tokenHash, tokenHash),
    eq(emailVerifications.role, role),
    isNull(emailVerifications.usedAt),
    gt(emailVerifications.expiresAt, now),
  )
  const ofLink = (column: typeof emailVerifications.accountId | typeof emailVerifications.email) =>
    sql`(SELECT ${column} FROM ${emailVerifications} WHERE ${live})`
  const [stamped, claimed] = await db.batch([
    db
      .update(a.table)
      .set({ emailVerifiedAt: sql`coalesce(${a.verifiedAt}, ${now})` })
      .where(and(eq(a.id, ofLink(emailVerifications.accountId)), eq(a.email, ofLink(emailVerifications.email))))
      .returning({ id: a.id, verifiedAt: a.verifiedAt }),
    db.update(emailVerifications).set({ usedAt: now }).where(live).returning({ id: emailVerifications.VerificationID }),
    db
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.role, role),
          isNull(emailVerifications.usedAt),
          // Only the links to the same address: a stale link to an old address must not spend the
          // one just mailed to the new address.
          sql`(${emailVerifications.accountId}, ${emailVerifications.email}) = (SELECT ${emailVerifications.accountId}, ${emailVerifications.email} FROM ${emailVerifications} WHERE ${emailVerifications.tokenHash} = ${tokenHash} AND ${emailVerifications.role} = ${role})`,
        ),
      ),
  ])
  const account = stamped[0]
  return account && claimed[0] ? { accountId: account.id, verifiedAt: account.verifiedAt ?? now } : undefined
}

/** The erasure of an account takes its links (each names the address) with it. */
export const deleteVerifications = (db: Db, role: VerifyRole, accountId: number) =>
  db.delete(emailVerifications).where(and(eq(emailVerifications.role, role), eq(emailVerifications.accountId, accountId)))
