import { eq } from 'drizzle-orm'
import type { Role } from '../domain/tokens'
import type { Db } from './client'
import { admins, marketers, vendors } from './schema'

/** What decides whether an account's tokens still work. */
export type AccountState = { tokenVersion: number; suspended: boolean }

const blocked = (row: { suspendedAt: string | null; erasedAt: string | null }) => row.suspendedAt !== null || row.erasedAt !== null

/** One primary-key read per role. */
const STATE_OF: Record<Role, (db: Db, id: number) => Promise<AccountState | undefined>> = {
  vendor: async (db, id) => {
    const row = await db
      .select({ tokenVersion: vendors.tokenVersion, suspendedAt: vendors.suspendedAt, erasedAt: vendors.erasedAt })
      .from(vendors)
      .where(eq(vendors.VendorID, id))
      .get()
    return row && { tokenVersion: row.tokenVersion, suspended: blocked(row) }
  },
  marketer: async (db, id) => {
    const row = await db
      .select({ tokenVersion: marketers.tokenVersion, suspendedAt: marketers.suspendedAt, erasedAt: marketers.erasedAt })
      .from(marketers)
      .where(eq(marketers.MarketerID, id))
      .get()
    return row && { tokenVersion: row.tokenVersion, suspended: blocked(row) }
  },
  admin: async (db, id) => {
    const row = await db.select({ tokenVersion: admins.tokenVersion }).from(admins).where(eq(admins.AdminID, id)).get()
    return row && { tokenVersion: row.tokenVersion, suspended: false }
  },
}

/** The account's state, or undefined when the account no longer exists. */
export const accountState = (db: Db, role: Role, id: number) => STATE_OF[role](db, id)
