import { eq } from 'drizzle-orm'
import type { Role } from '../domain/tokens'
import type { Db } from './client'
import { marketers, vendors } from './schema'

/** What decides whether an account's tokens still work. */
export type AccountState = { tokenVersion: number }

/** One primary-key read per role. */
const STATE_OF: Record<Role, (db: Db, id: number) => Promise<AccountState | undefined>> = {
  vendor: (db, id) => db.select({ tokenVersion: vendors.tokenVersion }).from(vendors).where(eq(vendors.VendorID, id)).get(),
  marketer: (db, id) => db.select({ tokenVersion: marketers.tokenVersion }).from(marketers).where(eq(marketers.MarketerID, id)).get(),
}

/** The account's state, or undefined when the account no longer exists. */
export const accountState = (db: Db, role: Role, id: number) => STATE_OF[role](db, id)
