// The buy form's enquiry: checked, limited per network, stored once.

import { LEAD_MESSAGES, type LeadInput } from '../contract/lead'
import type { Db } from '../db/client'
import { insertLeadAttributed } from '../db/leads'
import { findMarketer } from '../db/marketers'
import { findProduct } from '../db/products'
import { LEADS_PER_IP, takeSlot } from '../db/rate-limit'
import { NotFound, RateLimited } from '../domain/errors'
import { rateSubject } from '../domain/subjects'
import { campaignTermsFor } from './campaign-links'
import { attributeLead, codeLostNotice } from './coupons'
import type { Events } from './event-sink'

/**
 * Stores the lead and answers its id, or null when the same enquiry was already received. A
 * product that is gone, switched off or not the vendor's, or an unknown influencer, is 404 and
 * does not count; every other enquiry, duplicates included, takes one of the network's 20 an
 * hour, taken and counted in one statement so a burst cannot store more than 20. A creator code
 * the buyer typed gives the lead to the code's creator when usable, else a notice.
 */
export type StoredLead = { LeadID: number; MarketerID: number; CodeNotice: string | null }

export async function createLead(
  db: Db,
  events: Events,
  secret: string,
  input: LeadInput,
  network: string,
  callerMarketerId: number | null = null,
): Promise<StoredLead | null> {
  const [product, marketer] = await Promise.all([findProduct(db, input.ProductID), findMarketer(db, input.MarketerID)])
  if (!product?.IsActive || product.VendorID !== input.VendorID || !marketer || marketer.suspendedAt !== null) {
    throw new NotFound(LEAD_MESSAGES.unavailable)
  }
  if ((await takeSlot(db, LEADS_PER_IP, await rateSubject(secret, LEADS_PER_IP.scope, network))) === null) throw new RateLimited(LEAD_MESSAGES.tooMany)
  const [code, campaign] = await Promise.all([attributeLead(db, input, callerMarketerId), campaignTermsFor(db, input, product)])
  // A campaign's code (decision 213) brings its campaign's terms by the same rule as a link.
  const codeCampaign = code.code?.CampaignID ? await campaignTermsFor(db, { ...input, ...code.code }, product) : null
  const stored = await insertLeadAttributed(
    db,
    input,
    { ProductName: product.ProductName, PricePaise: product.PricePaise, CommissionAmountPaise: product.CommissionAmountPaise, campaign, codeCampaign },
    code.codeId,
  )
  if (!stored) return null
  await events.raise({
    type: 'lead.created',
    leadId: stored.LeadID,
    vendorId: input.VendorID,
    marketerId: stored.MarketerID,
    productId: input.ProductID,
    at: new Date().toISOString(),
  })
  const lost = code.codeId !== null && stored.CodeID === null
  return { LeadID: stored.LeadID, MarketerID: stored.MarketerID, CodeNotice: lost ? codeLostNotice() : code.notice }
}
