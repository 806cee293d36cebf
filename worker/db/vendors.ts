import { and, eq, isNull, sql } from 'drizzle-orm'
import type { VendorPublic, VendorSelf } from '../contract/vendor'
import type { Db } from './client'
import { leads, payouts, type Vendor, vendors } from './schema'

export function toVendorSelf(row: Vendor): VendorSelf {
  return {
    VendorID: row.VendorID,
    VendorName: row.VendorName,
    Email: row.Email,
    MobileNumber: row.MobileNumber,
    VendorProfilePic: row.VendorProfilePic,
    createdAt: row.createdAt,
    emailVerified: row.emailVerifiedAt !== null,
  }
}

export function toVendorPublic(row: Vendor): VendorPublic {
  return { VendorID: row.VendorID, VendorName: row.VendorName, VendorProfilePic: row.VendorProfilePic }
}

export async function findVendor(db: Db, id: number): Promise<Vendor | undefined> {
  return db.query.vendors.findFirst({ where: eq(vendors.VendorID, id) })
}

export async function findVendorByEmail(db: Db, email: string): Promise<Vendor | undefined> {
  return db.query.vendors.findFirst({ where: eq(vendors.Email, email) })
}

export type VendorProfileInput = { VendorName: string; MobileNumber: string; Email: string }

/** A new password hash, written only while the account still has the hash it `replaces`. */
export type NewPassword = { hash: string; replaces: string }

/** The new vendor; the unique Email index may refuse it in a race. */
export async function insertVendor(db: Db, input: VendorProfileInput & { PasswordHash: string }): Promise<Vendor> {
  const [row] = await db.insert(vendors).values(input).returning()
  return row
}

/**
 * Saves the profile (the unique Email index may refuse it). With `password` the hash changes and
 * tokenVersion goes up in the same statement, only while the account still has the hash it
 * replaces. Undefined when nothing matched.
 */
export async function updateVendorProfile(db: Db, id: number, input: VendorProfileInput, password?: NewPassword): Promise<Vendor | undefined> {
  // A new address is unverified until its own link is used; the old value is the row's
  // as it was before this statement, so an unchanged address keeps its stamp.
  const verified = { emailVerifiedAt: sql`CASE WHEN ${vendors.Email} = ${input.Email} THEN ${vendors.emailVerifiedAt} ELSE NULL END` }
  const set = password ? { ...input, ...verified, PasswordHash: password.hash, tokenVersion: sql`${vendors.tokenVersion} + 1` } : { ...input, ...verified }
  const where = password ? and(eq(vendors.VendorID, id), eq(vendors.PasswordHash, password.replaces)) : eq(vendors.VendorID, id)
  const [row] = await db.update(vendors).set(set).where(where).returning()
  return row
}

/** Points the profile picture at `path` if it is still `previous`; undefined when it was not. */
export async function replaceProfilePic(db: Db, id: number, previous: string | null, path: string): Promise<Vendor | undefined> {
  const [row] = await db
    .update(vendors)
    .set({ VendorProfilePic: path })
    .where(and(eq(vendors.VendorID, id), previous === null ? isNull(vendors.VendorProfilePic) : eq(vendors.VendorProfilePic, previous)))
    .returning()
  return row
}

/**
 * Whether vendor `vendorId` may see influencer `marketerId`'s contact details: verified by the back
 * office, or they have worked together (a lead through the influencer's link for one of the
 * vendor's products, or a payout between them). One statement; each EXISTS is one index probe.
 */
export async function sharesContacts(db: Db, vendorId: number, marketerId: number): Promise<boolean> {
  const [row] = await db.all<{ shares: number }>(sql`
    SELECT (
      ${vendors.Verified} = 1
      OR EXISTS (SELECT 1 FROM ${leads} WHERE ${leads.VendorID} = ${vendors.VendorID} AND ${leads.MarketerID} = ${marketerId})
      OR EXISTS (SELECT 1 FROM ${payouts} WHERE ${payouts.VendorID} = ${vendors.VendorID} AND ${payouts.MarketerID} = ${marketerId})
    ) AS shares
    FROM ${vendors} WHERE ${vendors.VendorID} = ${vendorId}`)
  return row?.shares === 1
}
