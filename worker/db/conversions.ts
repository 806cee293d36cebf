// Queries of the conversion API (decision 163). A conversion and the lead's change to Converted, with
// its ledger entry, are one batch; the unique (VendorID, OrderID) index decides which of two
// identical calls records it, and the other finds the first one's row.

import { and, eq, sql } from 'drizzle-orm'
import type { LeadStatus } from '../contract/lead'
import type { CommissionType } from '../contract/product'
import type { ConversionSource } from '../contract/v1'
import { type Db, batchOf } from './client'
import { ledgerFollowsLead } from './ledger'
import { campaigns, type ConversionRow, conversions, type Lead, leads, products } from './schema'

export async function findConversion(db: Db, vendorId: number, orderId: string): Promise<ConversionRow | undefined> {
  return db.query.conversions.findFirst({ where: and(eq(conversions.VendorID, vendorId), eq(conversions.OrderID, orderId)) })
}

/**
 * The lead and the commission terms an order's amount is priced by: its campaign's when the lead
 * came through a commission campaign, else its product's.
 */
export async function findLeadWithTerms(db: Db, leadId: number) {
  const [row] = await db
    .select({
      lead: leads,
      CommissionType: sql<CommissionType | null>`COALESCE(${campaigns.CommissionType}, ${products.CommissionType})`,
      CommissionValue: sql<number | null>`COALESCE(${campaigns.CommissionValue}, ${products.CommissionValue})`,
    })
    .from(leads)
    .leftJoin(products, eq(products.ProductID, leads.ProductID))
    .leftJoin(campaigns, and(eq(campaigns.CampaignID, leads.CampaignID), eq(campaigns.RewardType, 'Commission')))
    .where(eq(leads.LeadID, leadId))
  return row
}

export type NewConversion = {
  VendorID: number
  OrderID: string
  lead: Lead
  AmountPaise: number | null
  CommissionPaise: number
  occurredAt: string
  source: ConversionSource
  Fingerprint: string
  /** The entries' reason: the order it came from. */
  reason: string
}

const selectConversion = (vendorId: number, orderId: string) => sql`SELECT * FROM conversions WHERE VendorID = ${vendorId} AND OrderID = ${orderId}`

/**
 * Converts the lead while it is still in the status it was read in, stores the conversion only when
 * that happened, and brings the ledger in line, in one transaction; then reads the order's row,
 * this call's or the one that came first. `inserted`: this call recorded it.
 */
export async function insertConversion(db: Db, c: NewConversion, now: string): Promise<{ inserted: boolean; row: ConversionRow | undefined }> {
  const results = await batchOf(db, [
    // convertedAt is this conversion's createdAt exactly: a reversal knows by it that the lead's
    // Converted is still this conversion's (reverseConversionRow, decision 240).
    sql`UPDATE leads SET Status = 'Converted', CommissionAmountPaise = ${c.CommissionPaise},
        convertedAt = ${now}, updatedAt = ${now}
      WHERE LeadID = ${c.lead.LeadID} AND VendorID = ${c.VendorID} AND Status = ${c.lead.Status}`,
    sql`INSERT INTO conversions (VendorID, OrderID, LeadID, AmountPaise, CommissionPaise, occurredAt, source, Fingerprint, createdAt)
      SELECT ${c.VendorID}, ${c.OrderID}, ${c.lead.LeadID}, ${c.AmountPaise}, ${c.CommissionPaise}, ${c.occurredAt}, ${c.source}, ${c.Fingerprint}, ${now}
      WHERE changes() > 0`,
    ...ledgerFollowsLead(c.lead.LeadID, now, c.reason),
    selectConversion(c.VendorID, c.OrderID),
  ])
  const inserted = (results[1]?.meta.changes ?? 0) > 0
  const row = results[results.length - 1]?.results[0] as ConversionRow | undefined
  return { inserted, row }
}

/**
 * Marks the conversion reversed and, when that happened, moves its lead from Converted to `to`,
 * the ledger following as for a dashboard change (reversal before payment, adjustment after).
 * The lead moves only while its Converted is still this conversion's (decision 240): stamped by it
 * (convertedAt is its createdAt, since every status change clears or restamps convertedAt) and no
 * later order converted it. Once the vendor moved the lead, or another order converted it again,
 * this conversion's commission is no longer standing, and the reversal takes nothing else back.
 * `reversed`: this call did it; `leadChanged`: the lead left Converted by it.
 */
export async function reverseConversionRow(db: Db, row: ConversionRow, to: LeadStatus, reason: string, now: string) {
  const results = await batchOf(db, [
    sql`UPDATE conversions SET reversedAt = ${now}, reversedReason = ${reason} WHERE ConversionID = ${row.ConversionID} AND reversedAt IS NULL`,
    sql`UPDATE leads SET Status = ${to}, convertedAt = NULL, updatedAt = ${now}
      WHERE LeadID = ${row.LeadID} AND Status = 'Converted' AND changes() > 0
        AND convertedAt = ${row.createdAt}
        AND NOT EXISTS (SELECT 1 FROM conversions later WHERE later.LeadID = ${row.LeadID} AND later.ConversionID > ${row.ConversionID})`,
    ...ledgerFollowsLead(row.LeadID, now, reason),
    selectConversion(row.VendorID, row.OrderID),
  ])
  return {
    reversed: (results[0]?.meta.changes ?? 0) > 0,
    leadChanged: (results[1]?.meta.changes ?? 0) > 0,
    row: results[results.length - 1]?.results[0] as ConversionRow | undefined,
  }
}
