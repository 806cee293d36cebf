import { COUPON_MESSAGES } from '../../contract/coupons'
import { API_KEY_MESSAGES, createApiKeySchema } from '../../contract/api-keys'
import { LEAD_NOT_FOUND_MESSAGE, LEAD_REASON_MESSAGES, leadStatusSchema } from '../../contract/lead'
import { vendorLeadQuerySchema } from '../../contract/lead-list'
import { pageQuerySchema } from '../../contract/paging'
import { MONEY_MESSAGES } from '../../contract/payouts'
import { productListQuerySchema } from '../../contract/product-list'
import { CONVERSION_MESSAGES, conversionSchema, missingScopeMessage, reverseConversionSchema, V1_AUTH_MESSAGES } from '../../contract/v1'
import type { ApiKeyScope } from '../../contract/api-keys'
import { routes } from '../registry'

const vendorOnly = ['vendor'] as const
/** What every /api/v1 route refuses before it looks at anything else (middleware/api-key.ts). */
const keyRefusals = (scope: ApiKeyScope) => ({
  401: [V1_AUTH_MESSAGES.missing, V1_AUTH_MESSAGES.notAKey, V1_AUTH_MESSAGES.invalid, V1_AUTH_MESSAGES.suspended],
  403: [missingScopeMessage(scope)],
  429: [V1_AUTH_MESSAGES.rateLimited],
})
const LIMIT =
  'Each key has a bucket of 600 calls refilled at 600 a minute; every answer carries `RateLimit-Policy` and `RateLimit`, and an empty bucket answers 429 with `Retry-After` (seconds).'
const KEY = 'A key (`ApiKeyDTO`): KeyID, Name, Prefix (`ck_live_` and 6 characters), Scopes, createdAt, lastUsedAt (moved at most once a minute), revokedAt.'
/** One conversion body, used wherever the reference shows one. */
export const CONVERSION_EXAMPLE = { leadId: 1042, orderId: 'SHOP-1001', amount: 249900 }
const CONVERSION = '`ConversionDTO`: ConversionID, orderId, LeadID, amount (paise or null), Commission (rupees), occurredAt, source, createdAt, reversedAt.'
const LEAD =
  'Leads (`LeadDTO`): LeadID, Status, ClientName, ClientEmail, ClientPhone, createdAt, the ids, the `Price` and `CommissionAmount` snapshots, and `Product`, `Marketer`, `Vendor`.'

export const apiKeyRoutes = routes(
  {
    method: 'get',
    path: '/api/vendors/api-keys',
    summary: "The vendor's API keys",
    access: vendorOnly,
    query: pageQuerySchema,
    answer: { message: API_KEY_MESSAGES.listed, data: `${KEY} Newest first, revoked ones included; never the secret.`, paged: true },
  },
  {
    method: 'post',
    path: '/api/vendors/api-keys',
    summary: 'Create an API key',
    description: 'The secret (`ck_live_...`) is in this answer only; Collabkart keeps its SHA-256. At most 10 live keys.',
    access: vendorOnly,
    body: { json: createApiKeySchema },
    answer: { status: 201, message: API_KEY_MESSAGES.created, data: `${KEY} And \`Secret\`, this once.` },
    errors: { 409: [API_KEY_MESSAGES.tooMany] },
  },
  {
    method: 'post',
    path: '/api/vendors/api-keys/{keyId}/revoke',
    summary: 'Revoke an API key',
    description: "Another vendor's key is not found, and nothing changes.",
    access: vendorOnly,
    params: { keyId: { description: 'The key to revoke.' } },
    answer: { message: API_KEY_MESSAGES.revoked, data: KEY },
    errors: { 404: [API_KEY_MESSAGES.notFound], 409: [API_KEY_MESSAGES.alreadyRevoked] },
  },
  {
    method: 'get',
    path: '/api/vendors/activity',
    summary: "The vendor's own actions (API keys made and revoked)",
    access: vendorOnly,
    query: pageQuerySchema,
    answer: {
      message: API_KEY_MESSAGES.activity,
      data: "`{ id, at, action, targetType, targetId, detail }`, newest first; detail is the key's name.",
      paged: true,
    },
  },
)

export const v1Routes = routes(
  {
    method: 'get',
    path: '/api/v1/leads',
    summary: "The key's vendor's leads",
    description: `The dashboard's vendor lead list, its filters and messages. ${LIMIT}`,
    access: { apiKey: ['leads:read'] },
    query: vendorLeadQuerySchema,
    answer: { message: 'Leads fetched successfully', data: `${LEAD} Newest first unless sorted.`, paged: true },
    errors: keyRefusals('leads:read'),
  },
  {
    method: 'get',
    path: '/api/v1/leads/{id}',
    summary: 'One lead',
    description: "Another vendor's lead is not found.",
    access: { apiKey: ['leads:read'] },
    params: { id: { description: 'The LeadID.' } },
    answer: { message: 'Lead fetched successfully', data: LEAD },
    errors: { ...keyRefusals('leads:read'), 404: [LEAD_NOT_FOUND_MESSAGE] },
  },
  {
    method: 'put',
    path: '/api/v1/leads/{id}/status',
    summary: "Change a lead's status",
    description: "As `PUT /api/leads/status/{id}`: the same ledger and reason rules; another vendor's lead is not found.",
    access: { apiKey: ['leads:write'] },
    params: { id: { description: 'The LeadID.' } },
    body: { json: leadStatusSchema, example: { Status: 'Lost', Reason: 'Buyer cancelled the order' } },
    answer: { message: 'Lead status updated successfully', data: '`{ LeadID, Status, Reason }`' },
    errors: { ...keyRefusals('leads:write'), 400: [LEAD_REASON_MESSAGES.required], 404: [LEAD_NOT_FOUND_MESSAGE], 409: [MONEY_MESSAGES.statusRace] },
  },
  {
    method: 'get',
    path: '/api/v1/products',
    summary: "The key's vendor's products",
    description: 'Inactive ones included, newest first.',
    access: { apiKey: ['products:read'] },
    query: productListQuerySchema,
    answer: { message: 'Products fetched successfully', data: 'Products (`ProductDTO`).', paged: true },
    errors: keyRefusals('products:read'),
  },
  {
    method: 'post',
    path: '/api/v1/conversions',
    summary: 'Report a conversion (an order)',
    description:
      "Send exactly one of leadId, ref or coupon. `orderId` is unique per vendor: the same body again answers the first result (200), a different body with the same orderId is 409. `amount` (paise) is the base of a Percentage commission; otherwise the lead's snapshot applies. The lead becomes Converted with its commission entry in one batch. `coupon`: a creator code of the vendor (any case) usable at the order's time; the order becomes a lead of the code's creator (one per orderId) and counts one use; `productId` names the product when the code covers more than one.",
    access: { apiKey: ['conversions:write'] },
    // The same body as the curl in the reference's introduction and docs/api.md.
    body: { json: conversionSchema, example: CONVERSION_EXAMPLE },
    answer: { status: 201, message: [CONVERSION_MESSAGES.recorded, CONVERSION_MESSAGES.replayed], data: CONVERSION },
    errors: {
      ...keyRefusals('conversions:write'),
      400: [COUPON_MESSAGES.unknown, COUPON_MESSAGES.expired, COUPON_MESSAGES.usedUp, COUPON_MESSAGES.severalProducts, COUPON_MESSAGES.notForProduct],
      404: [LEAD_NOT_FOUND_MESSAGE, CONVERSION_MESSAGES.refNotFound],
      409: [CONVERSION_MESSAGES.orderConflict, CONVERSION_MESSAGES.leadConverted, CONVERSION_MESSAGES.leadChanged],
    },
  },
  {
    method: 'post',
    path: '/api/v1/conversions/{orderId}/reverse',
    summary: 'Reverse a conversion (refund or cancellation)',
    description:
      "The lead goes from Converted to Lost: its commission is reversed if unpaid, or deducted from the next payout if paid. Only while the lead's Converted is still this order's: after the vendor changed the lead or a later order converted it again, the conversion is marked reversed and nothing else moves. A second call answers the reversed conversion. The JSON body is optional.",
    access: { apiKey: ['conversions:write'] },
    params: { orderId: { description: 'The orderId the conversion was reported with.' } },
    body: { json: reverseConversionSchema, example: { reason: 'Refunded: order returned' } },
    answer: { message: [CONVERSION_MESSAGES.reversed, CONVERSION_MESSAGES.reversedLeadMovedOn, CONVERSION_MESSAGES.alreadyReversed], data: CONVERSION },
    errors: { ...keyRefusals('conversions:write'), 400: [CONVERSION_MESSAGES.orderIdInvalid], 404: [CONVERSION_MESSAGES.notFound] },
  },
)
