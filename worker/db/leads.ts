import { desc, eq, sql } from 'drizzle-orm'
import type { LeadDTO, LeadInput, LeadStatus } from '../contract/lead'
import { paiseToRupees, paiseToRupeeString } from '../contract/money'
import { duplicateCutoff, maskContact } from '../domain/leads'
import type { Db } from './client'
import { type Lead, leads, marketers, products, vendors } from './schema'

type LeadRow = Lead & { MarketerName: string; VendorName: string; CurrentName: string | null; Images: string[] | null }

/** `forMarketer` masks the buyer's email and phone: they were given to the vendor. */
export function toLeadDTO(row: LeadRow, forMarketer: boolean): LeadDTO {
  const mask = (value: string) => (forMarketer ? maskContact(value) : value)
  const price = paiseToRupeeString(row.PricePaise)
  return {
    LeadID: row.LeadID,
    Status: row.Status,
    ClientName: row.ClientName,
    ClientEmail: row.ClientEmail === null ? null : mask(row.ClientEmail),
    ClientPhone: mask(row.ClientPhone),
    createdAt: row.createdAt,
    ProductID: row.ProductID,
    VendorID: row.VendorID,
    MarketerID: row.MarketerID,
    Price: price,
    CommissionAmount: paiseToRupees(row.CommissionAmountPaise),
    Product: {
      ProductID: row.ProductID,
      // The product's current name while it exists; the snapshot once it has been deleted.
      ProductName: row.CurrentName ?? row.ProductName,
      Price: price,
      ImageURL: (row.Images ?? []).join(','),
    },
    Marketer: { MarketerID: row.MarketerID, MarketerName: row.MarketerName },
    Vendor: { VendorID: row.VendorID, VendorName: row.VendorName },
  }
}

/** Newest first, for one vendor or one influencer. */
export async function listLeads(db: Db, owner: { VendorID: number } | { MarketerID: number }): Promise<LeadRow[]> {
  const where = 'VendorID' in owner ? eq(leads.VendorID, owner.VendorID) : eq(leads.MarketerID, owner.MarketerID)
  const rows = await db
    .select({
      lead: leads,
      MarketerName: marketers.MarketerName,
      VendorName: vendors.VendorName,
      CurrentName: products.ProductName,
      Images: products.Images,
    })
    .from(leads)
    .innerJoin(marketers, eq(marketers.MarketerID, leads.MarketerID))
    .innerJoin(vendors, eq(vendors.VendorID, leads.VendorID))
    .leftJoin(products, eq(products.ProductID, leads.ProductID))
    .where(where)
    .orderBy(desc(leads.LeadID))
  return rows.map(({ lead, ...rest }) => ({ ...lead, ...rest }))
}

export type Snapshot = { ProductName: string; PricePaise: number; CommissionAmountPaise: number }

/**
 * Stores the lead unless the same phone asked about the same product through the same influencer
 * within 24 hours. One statement, so two identical submissions at once still store one lead.
 */
export async function insertLeadOnce(db: Db, input: LeadInput, snapshot: Snapshot, now = Date.now()): Promise<number | null> {
  const at = new Date(now).toISOString()
  const rows = await db.all<{ LeadID: number }>(sql`
    INSERT INTO ${leads} (ProductID, VendorID, MarketerID, ClientName, ClientEmail, ClientPhone, Status,
                          ProductName, PricePaise, CommissionAmountPaise, createdAt, updatedAt)
    SELECT ${input.ProductID}, ${input.VendorID}, ${input.MarketerID}, ${input.ClientName}, ${input.ClientEmail},
           ${input.ClientPhone}, 'Pending', ${snapshot.ProductName}, ${snapshot.PricePaise},
           ${snapshot.CommissionAmountPaise}, ${at}, ${at}
    WHERE NOT EXISTS (
      SELECT 1 FROM ${leads}
      WHERE ProductID = ${input.ProductID} AND MarketerID = ${input.MarketerID}
        AND ClientPhone = ${input.ClientPhone} AND createdAt > ${duplicateCutoff(now)}
    )
    RETURNING LeadID`)
  return rows[0]?.LeadID ?? null
}

export async function findLead(db: Db, id: number): Promise<Lead | undefined> {
  return db.query.leads.findFirst({ where: eq(leads.LeadID, id) })
}

/** Sets the status; convertedAt is stamped on becoming Converted and cleared on leaving it. */
export async function setLeadStatus(db: Db, id: number, status: LeadStatus): Promise<void> {
  const now = new Date().toISOString()
  await db
    .update(leads)
    .set({
      Status: status,
      convertedAt: status === 'Converted' ? sql`COALESCE(${leads.convertedAt}, ${now})` : null,
      updatedAt: now,
    })
    .where(eq(leads.LeadID, id))
}
