import {
  createLeadSchema,
  LEAD_MESSAGES,
  LEAD_NOT_FOUND_MESSAGE,
  LEAD_REASON_MESSAGES,
  leadStatusEffectQuerySchema,
  leadStatusSchema,
} from '../../contract/lead'
import { marketerLeadQuerySchema, vendorLeadQuerySchema } from '../../contract/lead-list'
import { MONEY_MESSAGES } from '../../contract/payouts'
import { routes } from '../registry'

const LEAD =
  'Leads (`LeadDTO`): LeadID, Status, ClientName, ClientEmail, ClientPhone, createdAt, the ids, the `Price` and `CommissionAmount` snapshots, and `Product`, `Marketer`, `Vendor`.'
const FETCHED = 'Leads fetched successfully'

export const leadRoutes = routes(
  {
    method: 'post',
    path: '/api/leads/create',
    summary: "A buyer's enquiry from the buy page",
    description:
      "The same enquiry again answers 201 with the duplicate message and data null. Limited per network. `CreatorCode` (optional): a creator code of the product's vendor usable now for the product gives the lead to the code's creator and counts one use; any other code leaves the lead with the link's creator and `CodeNotice` says why.",
    access: 'optional',
    body: { json: createLeadSchema },
    answer: {
      status: 201,
      message: [LEAD_MESSAGES.created, LEAD_MESSAGES.duplicate],
      data: '`{ LeadID, CodeNotice }` (CodeNotice: why the typed creator code was not applied, else null), or null for an enquiry already received.',
    },
    errors: { 403: [LEAD_MESSAGES.ownLink], 404: [LEAD_MESSAGES.unavailable], 429: [LEAD_MESSAGES.tooMany] },
  },
  {
    method: 'get',
    path: '/api/leads/leadsbyvendorid/{vendorId}',
    summary: "A vendor's leads",
    access: ['vendor'],
    params: { vendorId: { description: "The vendor's own VendorID." } },
    query: vendorLeadQuerySchema,
    answer: { message: FETCHED, data: `${LEAD} Newest first unless sorted.`, paged: true },
  },
  {
    method: 'get',
    path: '/api/leads/leadsbymarketerid/{marketerId}',
    summary: "An influencer's leads",
    access: ['marketer'],
    params: { marketerId: { description: "The influencer's own MarketerID." } },
    query: marketerLeadQuerySchema,
    answer: { message: FETCHED, data: `${LEAD} Buyer contact masked.`, paged: true },
  },
  {
    method: 'get',
    path: '/api/leads/leadsdata',
    summary: "The caller's own leads",
    description: "A vendor sends the vendor list's query, an influencer the influencer list's (shown here).",
    access: ['vendor', 'marketer'],
    query: marketerLeadQuerySchema,
    answer: { message: FETCHED, data: LEAD, paged: true },
  },
  {
    method: 'put',
    path: '/api/leads/status/{id}',
    summary: "Change a lead's status",
    description:
      'Converted writes the commission entry; leaving Converted reverses it, or deducts it from the next payout once paid. A change that moves money needs a Reason.',
    access: ['vendor'],
    body: { json: leadStatusSchema },
    answer: { message: 'Lead status updated successfully', data: '`{ LeadID, Status, Reason }`.' },
    errors: { 400: [LEAD_REASON_MESSAGES.required], 404: [LEAD_NOT_FOUND_MESSAGE], 409: [MONEY_MESSAGES.statusRace] },
  },
  {
    method: 'get',
    path: '/api/leads/status/{id}/effect',
    summary: 'What a status change would move',
    access: ['vendor'],
    query: leadStatusEffectQuerySchema,
    answer: {
      message: 'Status change worked out',
      data: '`{ LeadID, from, to, MarketerName, reversed, deducted, restored, commission, reasonRequired }` (rupees).',
    },
    errors: { 404: [LEAD_NOT_FOUND_MESSAGE] },
  },
)
