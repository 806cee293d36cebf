// Leads: the buyer's enquiry from the buy page, the vendor's and the influencer's lists, and the
// vendor's status changes, one definition per route (route.ts, decision 283).

import {
  createLeadSchema,
  LEAD_MESSAGES,
  LEAD_NOT_FOUND_MESSAGE,
  LEAD_REASON_MESSAGES,
  leadCreatedSchema,
  leadSchema,
  leadStatusChangedSchema,
  leadStatusEffectQuerySchema,
  leadStatusEffectSchema,
  leadStatusSchema,
} from './lead'
import { marketerLeadQuerySchema, vendorLeadQuerySchema } from './lead-list'
import { MONEY_MESSAGES } from './payouts'
import { defineRoute } from './route'

const FETCHED = 'Leads fetched successfully'
const leadId = { id: { description: 'The LeadID.' } }

export const LEAD_ROUTES = {
  create: defineRoute({
    method: 'post',
    path: '/api/leads/create',
    summary: "A buyer's enquiry from the buy page",
    description:
      "The same enquiry again answers 201 with the duplicate message and data null. Limited per network. `CreatorCode` (optional): a creator code of the product's vendor usable now for the product gives the lead to the code's creator and counts one use; any other code leaves the lead with the link's creator and `CodeNotice` says why.",
    access: 'optional',
    body: { json: createLeadSchema },
    answer: { status: 201, message: [LEAD_MESSAGES.created, LEAD_MESSAGES.duplicate], schema: leadCreatedSchema },
    errors: { 403: [LEAD_MESSAGES.ownLink], 404: [LEAD_MESSAGES.unavailable], 429: [LEAD_MESSAGES.tooMany] },
  }),
  byVendor: defineRoute({
    method: 'get',
    path: '/api/leads/leadsbyvendorid/{vendorId}',
    summary: "A vendor's leads",
    access: ['vendor'],
    params: { vendorId: { description: "The vendor's own VendorID." } },
    query: vendorLeadQuerySchema,
    answer: { message: FETCHED, schema: leadSchema, paged: true, description: 'Newest first unless sorted.' },
  }),
  byMarketer: defineRoute({
    method: 'get',
    path: '/api/leads/leadsbymarketerid/{marketerId}',
    summary: "An influencer's leads",
    access: ['marketer'],
    params: { marketerId: { description: "The influencer's own MarketerID." } },
    query: marketerLeadQuerySchema,
    answer: { message: FETCHED, schema: leadSchema, paged: true, description: 'Buyer contact masked.' },
  }),
  own: defineRoute({
    method: 'get',
    path: '/api/leads/leadsdata',
    summary: "The caller's own leads",
    description: "A vendor sends the vendor list's query, an influencer the influencer list's (shown here).",
    access: ['vendor', 'marketer'],
    query: marketerLeadQuerySchema,
    answer: { message: FETCHED, schema: leadSchema, paged: true },
  }),
  changeStatus: defineRoute({
    method: 'put',
    path: '/api/leads/status/{id}',
    summary: "Change a lead's status",
    description:
      'Converted writes the commission entry; leaving Converted reverses it, or deducts it from the next payout once paid. A change that moves money needs a Reason.',
    access: ['vendor'],
    params: leadId,
    body: { json: leadStatusSchema },
    answer: { message: 'Lead status updated successfully', schema: leadStatusChangedSchema },
    errors: { 400: [LEAD_REASON_MESSAGES.required], 404: [LEAD_NOT_FOUND_MESSAGE], 409: [MONEY_MESSAGES.statusRace] },
  }),
  statusEffect: defineRoute({
    method: 'get',
    path: '/api/leads/status/{id}/effect',
    summary: 'What a status change would move',
    access: ['vendor'],
    params: leadId,
    query: leadStatusEffectQuerySchema,
    answer: { message: 'Status change worked out', schema: leadStatusEffectSchema, description: 'Money in rupees.' },
    errors: { 404: [LEAD_NOT_FOUND_MESSAGE] },
  }),
}
