import { VERIFY_MESSAGES } from '../../contract/email-verification'
import { DISPUTE_MESSAGES, disputeNoteSchema, disputeQuerySchema } from '../../contract/disputes'
import {
  entryQuerySchema,
  MONEY_MESSAGES,
  moneySettingsSchema,
  payoutDetailsSchema,
  payoutPreviewSchema,
  payoutQuerySchema,
  rangeQuerySchema,
  recordPayoutSchema,
} from '../../contract/payouts'
import { routes } from '../registry'

const both = ['vendor', 'marketer'] as const
const vendorOnly = ['vendor'] as const
const marketerOnly = ['marketer'] as const
const PREVIEW_REFUSALS = [MONEY_MESSAGES.nothingPayable, MONEY_MESSAGES.amountNotPositive]
const DISPUTE =
  '`DisputeDTO`: DisputeID, EntryID, LeadID, VendorID, VendorName, MarketerID, MarketerName, ProductName, Kind, Amount, Reason, reversed, Note, createdAt, resolvedAt, resolvedBy, ResolutionNote.'

export const moneyRoutes = routes(
  {
    method: 'get',
    path: '/api/money/balance',
    summary: "The caller's balances",
    access: both,
    answer: {
      message: 'Balances fetched successfully',
      data: 'Rupees: `{ pending, payable, overdue, paid, adjustments, lifetime, tdsThisYear, financialYear, netReceived, needsPayoutDetails, byVendor[] }` for an influencer; the same totals over what a vendor owes.',
    },
  },
  {
    method: 'get',
    path: '/api/money/entries',
    summary: "The caller's ledger entries",
    access: both,
    query: entryQuerySchema,
    answer: {
      message: 'Entries fetched successfully',
      data: '`ListedEntryDTO`: the entry (status, clearsAt, dueAt, overdue, PayoutID, UTR), `Reason`, `reversedReason` and its latest `dispute`.',
      paged: true,
    },
  },
  {
    method: 'post',
    path: '/api/money/entries/{id}/dispute',
    summary: 'Dispute a ledger entry',
    access: marketerOnly,
    body: { json: disputeNoteSchema },
    answer: { status: 201, message: DISPUTE_MESSAGES.opened, data: '`{ DisputeID, Note, createdAt, resolvedAt, resolvedBy, ResolutionNote }`.' },
    errors: { 404: [DISPUTE_MESSAGES.entryNotFound], 409: [DISPUTE_MESSAGES.alreadyOpen] },
  },
  {
    method: 'get',
    path: '/api/money/disputes',
    summary: "Disputes on the vendor's entries",
    access: vendorOnly,
    query: disputeQuerySchema,
    answer: { message: 'Disputes fetched successfully', data: DISPUTE, paged: true },
  },
  {
    method: 'post',
    path: '/api/money/disputes/{id}/resolve',
    summary: 'Resolve a dispute (vendor)',
    access: vendorOnly,
    body: { json: disputeNoteSchema },
    answer: { message: DISPUTE_MESSAGES.resolved, data: "The dispute's new state (`resolvedBy: 'vendor'`)." },
    errors: { 404: [DISPUTE_MESSAGES.disputeNotFound], 409: [DISPUTE_MESSAGES.alreadyResolved] },
  },
  {
    method: 'get',
    path: '/api/money/payouts',
    summary: "The caller's payouts",
    access: both,
    query: payoutQuerySchema,
    answer: { message: 'Payouts fetched successfully', data: '`PayoutDTO`: Gross, TDS, Net, Method, UTR, PaidOn, entries.', paged: true },
  },
  {
    method: 'get',
    path: '/api/money/payouts.csv',
    summary: 'Payouts as CSV',
    access: both,
    query: rangeQuerySchema,
    answer: {
      message: 'CSV attachment',
      data: 'Every payout paid in the range (`collabkart-payouts.csv`), the PAN in full for the TDS return.',
      content: 'text/csv',
    },
  },
  {
    method: 'get',
    path: '/api/money/statement.csv',
    summary: "The influencer's statement as CSV",
    access: marketerOnly,
    query: rangeQuerySchema,
    answer: { message: 'CSV attachment', data: "Entries and payouts in the range, then one 'TDS for the year' row per financial year.", content: 'text/csv' },
  },
  {
    method: 'get',
    path: '/api/money/influencers',
    summary: 'What the vendor owes each influencer',
    access: vendorOnly,
    query: payoutQuerySchema,
    answer: {
      message: 'Payouts owed fetched successfully',
      data: '`OwedRow`: payable, overdue, pending, adjustments, lastPayout, payoutDetails (PAN masked); overdue first.',
      paged: true,
    },
  },
  {
    method: 'post',
    path: '/api/money/payouts/preview',
    summary: 'Work out a payout before recording it',
    access: vendorOnly,
    body: { json: payoutPreviewSchema },
    answer: {
      message: 'Payout worked out',
      data: 'The entries it settles, gross, TDS, net, rate, PAN on file, financial year, payout details and `tdsBasis`.',
    },
    errors: { 400: PREVIEW_REFUSALS, 404: ['Influencer not found'], 409: [MONEY_MESSAGES.entryNotPayable] },
  },
  {
    method: 'post',
    path: '/api/money/payouts',
    summary: 'Record a payout',
    access: vendorOnly,
    body: { json: recordPayoutSchema },
    answer: { status: 201, message: MONEY_MESSAGES.payoutRecorded, data: 'The `PayoutDTO`.' },
    description: 'Needs a verified email address: 403 otherwise, before the body is read; nothing is written.',
    errors: {
      403: [VERIFY_MESSAGES.payoutNeedsVerified],
      400: [...PREVIEW_REFUSALS, MONEY_MESSAGES.dateFuture, MONEY_MESSAGES.dateBeforeEntries],
      404: ['Influencer not found'],
      409: [MONEY_MESSAGES.entryNotPayable, MONEY_MESSAGES.payoutRace, MONEY_MESSAGES.utrUsed],
    },
  },
  {
    method: 'get',
    path: '/api/money/details',
    summary: "The influencer's payout details",
    access: marketerOnly,
    answer: { message: 'Payout details fetched successfully', data: '`PayoutDetailsDTO`, or null.' },
  },
  {
    method: 'put',
    path: '/api/money/details',
    summary: "Save the influencer's payout details",
    access: marketerOnly,
    body: { json: payoutDetailsSchema },
    answer: { message: MONEY_MESSAGES.detailsSaved, data: "The details (the other method's fields cleared)." },
    description: 'Needs a verified email address: 403 otherwise, before the body is read; nothing is written.',
    errors: { 403: [VERIFY_MESSAGES.detailsNeedVerified] },
  },
  {
    method: 'get',
    path: '/api/money/settings',
    summary: "The vendor's payout terms",
    access: vendorOnly,
    answer: { message: 'Payout settings fetched successfully', data: '`{ HoldingDays, PaymentTermsDays }`.' },
    errors: { 404: ['Vendor not found'] },
  },
  {
    method: 'put',
    path: '/api/money/settings',
    summary: "Save the vendor's payout terms",
    access: vendorOnly,
    body: { json: moneySettingsSchema },
    answer: { message: MONEY_MESSAGES.settingsSaved, data: '`{ HoldingDays, PaymentTermsDays }`.' },
  },
)
