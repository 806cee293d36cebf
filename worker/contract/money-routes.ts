// /api/money (decision 018), one definition per route (route.ts, decision 283): the ledger,
// payouts, payout details, disputes and the vendor's money settings. Beside payouts.ts and
// disputes.ts rather than in them: it needs both, and disputes.ts already reads payouts.ts.

import * as z from 'zod/mini'
import { DISPUTE_MESSAGES, disputeNoteSchema, disputeQuerySchema, disputeSchema } from './disputes'
import { VERIFY_MESSAGES } from './email-verification'
import {
  balancesSchema,
  entryDisputeStateSchema,
  entryQuerySchema,
  marketerBalanceSchema,
  listedEntrySchema,
  MONEY_MESSAGES,
  moneySettingsAnswerSchema,
  moneySettingsSchema,
  owedRowSchema,
  payoutDetailsAnswerSchema,
  payoutDetailsSchema,
  payoutPreviewAnswerSchema,
  payoutPreviewSchema,
  payoutQuerySchema,
  payoutSchema,
  rangeQuerySchema,
  recordPayoutSchema,
} from './payouts'
import { defineRoute } from './route'

const both = ['vendor', 'marketer'] as const
const vendorOnly = ['vendor'] as const
const marketerOnly = ['marketer'] as const
const PREVIEW_REFUSALS = [MONEY_MESSAGES.nothingPayable, MONEY_MESSAGES.amountNotPositive]
const NEEDS_VERIFIED = 'Needs a verified email address: 403 otherwise, before the body is read; nothing is written.'

export const MONEY_ROUTES = {
  balance: defineRoute({
    method: 'get',
    path: '/api/money/balance',
    summary: "The caller's balances",
    access: both,
    answer: {
      message: 'Balances fetched successfully',
      // An influencer's first: it names every field a vendor's has and more.
      schema: z.union([marketerBalanceSchema, balancesSchema]),
      description: "Rupees: an influencer's balances with `netReceived`, `needsPayoutDetails` and `byVendor[]`; the same totals over what a vendor owes.",
    },
  }),
  entries: defineRoute({
    method: 'get',
    path: '/api/money/entries',
    summary: "The caller's ledger entries",
    access: both,
    query: entryQuerySchema,
    answer: { message: 'Entries fetched successfully', schema: listedEntrySchema, paged: true },
  }),
  dispute: defineRoute({
    method: 'post',
    path: '/api/money/entries/{id}/dispute',
    summary: 'Dispute a ledger entry',
    access: marketerOnly,
    params: { id: { description: 'The EntryID.' } },
    body: { json: disputeNoteSchema },
    answer: { status: 201, message: DISPUTE_MESSAGES.opened, schema: entryDisputeStateSchema },
    errors: { 404: [DISPUTE_MESSAGES.entryNotFound], 409: [DISPUTE_MESSAGES.alreadyOpen] },
  }),
  disputes: defineRoute({
    method: 'get',
    path: '/api/money/disputes',
    summary: "Disputes on the vendor's entries",
    access: vendorOnly,
    query: disputeQuerySchema,
    answer: { message: 'Disputes fetched successfully', schema: disputeSchema, paged: true },
  }),
  resolveDispute: defineRoute({
    method: 'post',
    path: '/api/money/disputes/{id}/resolve',
    summary: 'Resolve a dispute (vendor)',
    access: vendorOnly,
    params: { id: { description: 'The DisputeID.' } },
    body: { json: disputeNoteSchema },
    answer: { message: DISPUTE_MESSAGES.resolved, schema: entryDisputeStateSchema, description: "The dispute's new state (`resolvedBy: 'vendor'`)." },
    errors: { 404: [DISPUTE_MESSAGES.disputeNotFound], 409: [DISPUTE_MESSAGES.alreadyResolved] },
  }),
  payouts: defineRoute({
    method: 'get',
    path: '/api/money/payouts',
    summary: "The caller's payouts",
    access: both,
    query: payoutQuerySchema,
    answer: { message: 'Payouts fetched successfully', schema: payoutSchema, paged: true },
  }),
  payoutsCsv: defineRoute({
    method: 'get',
    path: '/api/money/payouts.csv',
    summary: 'Payouts as CSV',
    access: both,
    query: rangeQuerySchema,
    answer: {
      message: 'CSV attachment',
      schema: null,
      description: 'Every payout paid in the range (`collabkart-payouts.csv`), the PAN in full for the TDS return.',
      content: 'text/csv',
    },
  }),
  statementCsv: defineRoute({
    method: 'get',
    path: '/api/money/statement.csv',
    summary: "The influencer's statement as CSV",
    access: marketerOnly,
    query: rangeQuerySchema,
    answer: {
      message: 'CSV attachment',
      schema: null,
      description: "Entries and payouts in the range, then one 'TDS for the year' row per financial year.",
      content: 'text/csv',
    },
  }),
  owed: defineRoute({
    method: 'get',
    path: '/api/money/influencers',
    summary: 'What the vendor owes each influencer',
    access: vendorOnly,
    query: payoutQuerySchema,
    answer: { message: 'Payouts owed fetched successfully', schema: owedRowSchema, paged: true, description: 'PAN masked; overdue first.' },
  }),
  preview: defineRoute({
    method: 'post',
    path: '/api/money/payouts/preview',
    summary: 'Work out a payout before recording it',
    access: vendorOnly,
    body: { json: payoutPreviewSchema },
    answer: { message: 'Payout worked out', schema: payoutPreviewAnswerSchema },
    errors: { 400: PREVIEW_REFUSALS, 404: ['Influencer not found'], 409: [MONEY_MESSAGES.entryNotPayable] },
  }),
  recordPayout: defineRoute({
    method: 'post',
    path: '/api/money/payouts',
    summary: 'Record a payout',
    description: NEEDS_VERIFIED,
    access: vendorOnly,
    body: { json: recordPayoutSchema },
    answer: { status: 201, message: MONEY_MESSAGES.payoutRecorded, schema: payoutSchema },
    errors: {
      403: [VERIFY_MESSAGES.payoutNeedsVerified],
      400: [...PREVIEW_REFUSALS, MONEY_MESSAGES.dateFuture, MONEY_MESSAGES.dateBeforeEntries],
      404: ['Influencer not found'],
      409: [MONEY_MESSAGES.entryNotPayable, MONEY_MESSAGES.payoutRace, MONEY_MESSAGES.utrUsed],
    },
  }),
  details: defineRoute({
    method: 'get',
    path: '/api/money/details',
    summary: "The influencer's payout details",
    access: marketerOnly,
    answer: { message: 'Payout details fetched successfully', schema: z.nullable(payoutDetailsAnswerSchema), description: 'Null before any are saved.' },
  }),
  saveDetails: defineRoute({
    method: 'put',
    path: '/api/money/details',
    summary: "Save the influencer's payout details",
    description: NEEDS_VERIFIED,
    access: marketerOnly,
    body: { json: payoutDetailsSchema },
    answer: { message: MONEY_MESSAGES.detailsSaved, schema: payoutDetailsAnswerSchema, description: "The other method's fields cleared." },
    errors: { 403: [VERIFY_MESSAGES.detailsNeedVerified] },
  }),
  settings: defineRoute({
    method: 'get',
    path: '/api/money/settings',
    summary: "The vendor's payout terms",
    access: vendorOnly,
    answer: { message: 'Payout settings fetched successfully', schema: moneySettingsAnswerSchema },
    errors: { 404: ['Vendor not found'] },
  }),
  saveSettings: defineRoute({
    method: 'put',
    path: '/api/money/settings',
    summary: "Save the vendor's payout terms",
    access: vendorOnly,
    body: { json: moneySettingsSchema },
    answer: { message: MONEY_MESSAGES.settingsSaved, schema: moneySettingsAnswerSchema },
  }),
}
