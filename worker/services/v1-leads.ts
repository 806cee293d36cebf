// The v1 API's leads: the dashboard's own services, seen from an API key. A lead of
// another vendor is answered as no lead (404), never as forbidden: a key cannot probe for ids.

import { LEAD_NOT_FOUND_MESSAGE, type LeadDTO } from '../contract/lead'
import type { Db } from '../db/client'
import { findLead, findLeadRow, toLeadDTO } from '../db/leads'
import type { Lead } from '../db/schema'
import { NotFound } from '../domain/errors'

export async function vendorLead(db: Db, vendorId: number, leadId: number): Promise<LeadDTO> {
  const row = await findLeadRow(db, leadId)
  if (!row || row.VendorID !== vendorId) throw new NotFound(LEAD_NOT_FOUND_MESSAGE)
  return toLeadDTO(row, false)
}

export async function ownLeadOr404(db: Db, vendorId: number, leadId: number): Promise<Lead> {
  const lead = await findLead(db, leadId)
  if (!lead || lead.VendorID !== vendorId) throw new NotFound(LEAD_NOT_FOUND_MESSAGE)
  return lead
}
