import { eq } from 'drizzle-orm'
import type { VendorPublic, VendorSelf } from '../contract/vendor'
import type { Db } from './client'
import { type Vendor, vendors } from './schema'

export function toVendorSelf(row: Vendor): VendorSelf {
  return {
    VendorID: row.VendorID,
    VendorName: row.VendorName,
    Email: row.Email,
    MobileNumber: row.MobileNumber,
    VendorProfilePic: row.VendorProfilePic,
    createdAt: row.createdAt,
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
