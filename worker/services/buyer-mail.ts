// The buyer's confirmation (decision 135): when they gave an email on the buy form, they hear that
// their request reached the vendor, what they agreed to, and how to have their details erased.
// A follower of 'lead.created', run by the events queue's consumer; the event is raised only for a
// new lead (a duplicate enquiry raises none), and the event key makes it one mail per lead anyway.

import { dpdpNotice } from '../contract/dpdp'
import { makeDb } from '../db/client'
import { buyerMailFacts } from '../db/leads'
import { buyerRequestSentMail } from '../domain/mail-templates'
import type { Bindings } from '../env'
import type { MailOutbox } from './mail-outbox'
import type { MarketplaceEvent } from '../types'

/** The address the notice itself names for erasure (contract/dpdp.ts). */
export const PRIVACY_EMAIL = 'privacy@collabkart.in'

export async function mailBuyerOfLead(env: Bindings, event: MarketplaceEvent, mails: MailOutbox): Promise<void> {
  if (event.type !== 'lead.created') return
  const lead = await buyerMailFacts(makeDb(env.DB), event.leadId)
  if (!lead?.ClientEmail) return
  // As the buy form words it (web/src/pages/buy/BuyPage.tsx).
  const brand = lead.VendorName || 'the seller'
  await mails.add({
    eventKey: `lead-buyer:${event.leadId}`,
    kind: 'buyer-request-sent',
    to: lead.ClientEmail,
    content: buyerRequestSentMail({
      buyerName: lead.ClientName,
      productName: lead.ProductName,
      pricePaise: lead.PricePaise,
      vendorName: brand,
      at: lead.createdAt,
      notice: dpdpNotice(brand),
      privacyEmail: PRIVACY_EMAIL,
      phoneEnding: lead.ClientPhone.slice(-2),
    }),
  })
}
