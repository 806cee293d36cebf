// Leads through campaign links (decision 222): the lead carries the campaign and its commission only
// while the link is a campaign link of an accepted creator, for one of the campaign's products,
// on or before EndsOn (IST) and not closed; otherwise it is an ordinary lead of the product.

import { campaignLinkFacts } from '../db/campaigns'
import type { Db } from '../db/client'
import { campaignCommissionPaise, campaignRunning, type PricedProduct } from '../domain/campaigns'
import { indiaToday } from '../domain/working-days'

export type LeadCampaign = { CampaignID: number; CommissionAmountPaise: number }

/** The campaign and its commission a new lead carries, or null: then the product's own commission (the fallback). */
export async function campaignTermsFor(
  db: Db,
  lead: { CampaignID?: number | null; MarketerID: number; ProductID: number; VendorID: number },
  product: PricedProduct,
  now = Date.now(),
): Promise<LeadCampaign | null> {
  if (lead.CampaignID === null || lead.CampaignID === undefined) return null
  const { campaign, accepted, inCampaign } = await campaignLinkFacts(db, lead.CampaignID, lead.MarketerID, lead.ProductID)
  if (!campaign || campaign.VendorID !== lead.VendorID || !accepted || !inCampaign || !campaignRunning(campaign, indiaToday(now))) return null
  return { CampaignID: campaign.CampaignID, CommissionAmountPaise: campaignCommissionPaise(campaign, product) }
}
