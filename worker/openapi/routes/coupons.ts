import {
  codeLookupQuerySchema,
  codeStateSchema,
  codeUsesQuerySchema,
  COUPON_MESSAGES,
  createCodeSchema,
  editCodeSchema,
  marketerCodesQuerySchema,
  vendorCodesQuerySchema,
} from '../../contract/coupons'
import { CAMPAIGN_MESSAGES } from '../../contract/campaigns'
import { routes } from '../registry'

const vendorOnly = ['vendor'] as const
const CODE =
  '`CodeDTO`: CodeID, Code (as typed), BuyerText, VendorID, VendorName, MarketerID, MarketerName, AllProducts, Products ([{ ProductID, ProductName }], empty when AllProducts), startsAt, endsAt, UseLimit, Uses, Active, CampaignID and CampaignTitle (set for a campaign code, else null), createdAt.'
const CODE_ID = { id: { description: "One of the caller's creator codes" } }
const BUYER_REFUSALS = [
  COUPON_MESSAGES.unknown,
  COUPON_MESSAGES.notYetActive,
  COUPON_MESSAGES.expired,
  COUPON_MESSAGES.usedUp,
  COUPON_MESSAGES.switchedOffForBuyer,
  COUPON_MESSAGES.notForProduct,
]

export const couponRoutes = routes(
  {
    method: 'get',
    path: '/api/coupons/lookup',
    summary: 'Check a creator code a buyer typed',
    description:
      "The buy page's check as the buyer types a code and before the form is sent. Case does not matter. A code that cannot be used for the product now is 400 with the buyer's message. The answer names the code and what it gives, never whose code it is. One network may try 30 codes that do not work in 10 minutes (codes that work do not count), then 429.",
    access: 'public',
    query: codeLookupQuerySchema,
    answer: { message: COUPON_MESSAGES.found, data: '`PublicCodeDTO`: Code, BuyerText.' },
    errors: { 400: BUYER_REFUSALS, 429: [COUPON_MESSAGES.tooManyLookups] },
  },
  {
    method: 'get',
    path: '/api/coupons/mine',
    summary: "The creator's codes and their uses (My Links)",
    description: 'Newest first, switched-off ones included (Active false).',
    access: ['marketer'],
    query: marketerCodesQuerySchema,
    answer: { message: COUPON_MESSAGES.listed, data: CODE, paged: true },
  },
  {
    method: 'get',
    path: '/api/coupons',
    summary: "The vendor's creator codes and their uses",
    description: '`q`: the start of a code (any case); `marketerId`: one creator; `state`: all, active (switched on) or off. Newest first.',
    access: vendorOnly,
    query: vendorCodesQuerySchema,
    answer: { message: COUPON_MESSAGES.listed, data: CODE, paged: true },
  },
  {
    method: 'post',
    path: '/api/coupons',
    summary: 'Give a creator a coupon code',
    description:
      "Unique per vendor whatever the case (the database enforces it: of two creations at once, one is 201 and the other 409). `AllProducts: true` covers every active product now and later; otherwise `ProductIDs` (the vendor's own active products, at most 100). Any creator who is not suspended. With `CampaignID`: the vendor's own campaign, not ended or closed, and the creator accepted into it; the code then covers exactly the campaign's products (send neither AllProducts nor ProductIDs) and its leads carry the campaign and its commission while it runs.",
    access: vendorOnly,
    body: { json: createCodeSchema },
    answer: { status: 201, message: COUPON_MESSAGES.created, data: CODE },
    errors: {
      400: [
        COUPON_MESSAGES.marketerNotFound,
        COUPON_MESSAGES.productNotYours,
        COUPON_MESSAGES.endPassed,
        COUPON_MESSAGES.campaignMarketerNotAccepted,
        COUPON_MESSAGES.campaignEnded,
        COUPON_MESSAGES.campaignProductsGiven,
      ],
      403: [CAMPAIGN_MESSAGES.notYours],
      404: [CAMPAIGN_MESSAGES.notFound],
      409: [COUPON_MESSAGES.clash],
    },
  },
  {
    method: 'get',
    path: '/api/coupons/{id}/uses',
    summary: 'The leads a code brought',
    description: "Newest first; `paging.total` is the code's use count. Another vendor's code: 404, as one that does not exist.",
    access: vendorOnly,
    params: CODE_ID,
    query: codeUsesQuerySchema,
    answer: { message: COUPON_MESSAGES.usesListed, data: '`CodeUseDTO`: LeadID, Status, ClientName, ProductName, Price, createdAt.', paged: true },
    errors: { 404: [COUPON_MESSAGES.notFound] },
  },
  {
    method: 'put',
    path: '/api/coupons/{id}',
    summary: "Edit a code's buyer text, end or use limit",
    description: "Null clears the end or the limit. Another vendor's code: 404, as one that does not exist.",
    access: vendorOnly,
    params: CODE_ID,
    body: { json: editCodeSchema },
    answer: { message: COUPON_MESSAGES.updated, data: 'null' },
    errors: { 400: [COUPON_MESSAGES.endBeforeStart, COUPON_MESSAGES.endPassed], 404: [COUPON_MESSAGES.notFound] },
  },
  {
    method: 'put',
    path: '/api/coupons/{id}/status',
    summary: 'Switch a code off or on',
    description: 'A switched-off code is refused to buyers and orders; its uses stay.',
    access: vendorOnly,
    params: CODE_ID,
    body: { json: codeStateSchema },
    answer: { message: [COUPON_MESSAGES.switchedOff, COUPON_MESSAGES.switchedOn], data: '`{ CodeID, Active }`' },
    errors: { 404: [COUPON_MESSAGES.notFound] },
  },
)
