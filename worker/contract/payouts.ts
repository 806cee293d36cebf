// Money (decision 018): the ledger's shapes as the API answers them (rupees, like the rest of the API),
// and the rules of payout details, payouts and the vendor's money settings, with their messages.

import * as z from 'zod/mini'
import { capped, positiveId } from './fields'
import { GSTIN_MESSAGES, checkGstin } from './gstin'
import { isCalendarDate, optionalChoiceField, optionalDayField, optionalIdField } from './list-query'
import { pageQueryShape } from './paging'

export const ENTRY_STATUSES = ['pending', 'payable', 'paid', 'reversed', 'adjustment'] as const
export type EntryStatus = (typeof ENTRY_STATUSES)[number]

/**
 * What an entry is: a lead's commission, a deduction after a paid lead left Converted, or a
 * campaign's fee for an approved deliverable (LeadID is 0 for a fee: it has no lead).
 */
export const ENTRY_KINDS = ['commission', 'adjustment', 'fee'] as const
export type EntryKind = (typeof ENTRY_KINDS)[number]

export const PAYOUT_METHOD_VALUES = ['UPI', 'Bank transfer'] as const
export type PayoutMethod = (typeof PAYOUT_METHOD_VALUES)[number]

export const MONEY_MESSAGES = {
  holdingInvalid: 'Holding period should be a whole number of days from 0 to 90',
  termsInvalid: 'Payment terms should be a whole number of days from 7 to 45',
  detailsMethod: 'Choose UPI or bank account',
  upiInvalid: 'UPI ID should look like name@bank: 2 to 256 letters, digits, dots, hyphens or underscores, then @ and 2 to 64 letters',
  holderRequired: 'Please enter the account holder name',
  holderTooLong: 'Account holder name should be less than 100 characters',
  accountInvalid: 'Account number should be 9 to 18 digits',
  accountMismatch: 'Account numbers do not match',
  ifscInvalid: 'IFSC should be 4 letters, a zero and 6 letters or digits (e.g. HDFC0001234)',
  panInvalid: 'PAN should be 5 letters, 4 digits and 1 letter (e.g. ABCDE1234F)',
  marketerRequired: 'Please choose the influencer to pay',
  entriesInvalid: 'Choose the entries this payout settles',
  methodInvalid: 'Choose UPI or Bank transfer',
  utrInvalid: 'Transaction reference (UTR) should be 12 to 22 letters and digits',
  dateInvalid: 'Date paid should be written as YYYY-MM-DD',
  dateFuture: 'Date paid cannot be in the future',
  dateBeforeEntries: 'Date paid cannot be before the oldest entry it settles',
  nothingPayable: 'Nothing is payable to this influencer yet',
  entryNotPayable: 'One of the chosen entries is not payable any more. Please reload and try again.',
  amountNotPositive: 'The adjustments owed by this influencer cover the amount: there is nothing to pay yet',
  payoutRace: 'These entries were changed or paid at the same moment. Please reload and try again.',
  utrUsed: 'This transaction reference was already recorded for another payout',
  statusRace: 'This lead was changed at the same moment. Please reload and try again.',
  detailsSaved: 'Payout details saved',
  settingsSaved: 'Payout settings saved',
  payoutRecorded: 'Payout recorded',
  marketerIdInvalid: 'Please provide a valid marketerId',
  vendorIdInvalid: 'Please provide a valid vendorId',
  statusInvalid: `status should be one of ${ENTRY_STATUSES.join(', ')}`,
  rangeInvalid: 'Dates should be written as YYYY-MM-DD',
} as const

export const UPI_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z]{2,64}$/
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/
export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/
export const ACCOUNT_PATTERN = /^\d{9,18}$/
export const UTR_PATTERN = /^[A-Za-z0-9]{12,22}$/
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

const upper = z.string().check(z.trim(), z.toUpperCase())
const optionalPan = z
  .pipe(
    z.optional(z.nullable(z.string({ error: MONEY_MESSAGES.panInvalid }).check(capped(32, MONEY_MESSAGES.panInvalid), z.trim(), z.toUpperCase()))),
    z.transform((v: string | null | undefined) => (v ? v : null)),
  )
  .check(z.refine((v: string | null) => v === null || PAN_PATTERN.test(v), MONEY_MESSAGES.panInvalid))

const optionalGstin = z.pipe(
  z.optional(z.nullable(z.string({ error: GSTIN_MESSAGES.invalid }).check(capped(40, GSTIN_MESSAGES.invalid), z.trim()))),
  z.transform((v: string | null | undefined) => (v ? v.replace(/\s+/g, '').toUpperCase() : null)),
)

type DetailsFields = {
  Method: 'UPI' | 'Bank'
  UpiID?: string | null
  AccountHolder?: string | null
  AccountNumber?: string | null
  ConfirmAccountNumber?: string | null
  IFSC?: string | null
  PAN?: string | null
  GSTIN?: string | null
}

/** A GSTIN's own rule: its shape and check character, and the PAN inside it equal to the PAN given. */
export function gstinProblem(v: Pick<DetailsFields, 'PAN' | 'GSTIN'>): string | null {
  if (!v.GSTIN) return null
  if (!v.PAN) return GSTIN_MESSAGES.panRequired
  const checked = checkGstin(v.GSTIN, v.PAN)
  return checked.ok ? null : checked.message
}

/** The first rule the details break, in the form's order, or null. */
export function payoutDetailsProblem(v: DetailsFields): string | null {
  if (v.Method === 'UPI') return UPI_PATTERN.test(v.UpiID ?? '') ? gstinProblem(v) : MONEY_MESSAGES.upiInvalid
  if (!v.AccountHolder) return MONEY_MESSAGES.holderRequired
  if (v.AccountHolder.length > 100) return MONEY_MESSAGES.holderTooLong
  if (!ACCOUNT_PATTERN.test(v.AccountNumber ?? '')) return MONEY_MESSAGES.accountInvalid
  if (v.ConfirmAccountNumber !== v.AccountNumber) return MONEY_MESSAGES.accountMismatch
  if (!IFSC_PATTERN.test(v.IFSC ?? '')) return MONEY_MESSAGES.ifscInvalid
  return gstinProblem(v)
}

/** PUT /api/money/details: UPI or bank account, an optional PAN, and a GSTIN for a GST-registered creator. */
export const payoutDetailsSchema = z
  .object(
    {
      Method: z.enum(['UPI', 'Bank'], { error: MONEY_MESSAGES.detailsMethod }),
      UpiID: z.optional(z.nullable(z.string({ error: MONEY_MESSAGES.upiInvalid }).check(capped(330, MONEY_MESSAGES.upiInvalid), z.trim()))),
      AccountHolder: z.optional(z.nullable(z.string({ error: MONEY_MESSAGES.holderRequired }).check(capped(200, MONEY_MESSAGES.holderTooLong), z.trim()))),
      AccountNumber: z.optional(z.nullable(z.string({ error: MONEY_MESSAGES.accountInvalid }).check(capped(40, MONEY_MESSAGES.accountInvalid), z.trim()))),
      ConfirmAccountNumber: z.optional(
        z.nullable(z.string({ error: MONEY_MESSAGES.accountMismatch }).check(capped(40, MONEY_MESSAGES.accountMismatch), z.trim())),
      ),
      IFSC: z.optional(z.nullable(upper.check(capped(40, MONEY_MESSAGES.ifscInvalid)))),
      PAN: optionalPan,
      GSTIN: optionalGstin,
    },
    { error: MONEY_MESSAGES.detailsMethod },
  )
  .check(
    z.superRefine((v, ctx) => {
      const message = payoutDetailsProblem(v)
      if (message) ctx.issues.push({ code: 'custom', message, input: v })
    }),
  )
export type PayoutDetailsInput = z.input<typeof payoutDetailsSchema>
export type PayoutDetailsSave = z.output<typeof payoutDetailsSchema>

/** What the influencer (and, while something is payable, the vendor who owes them) sees. */
export const payoutDetailsAnswerSchema = z.object({
  Method: z.enum(['UPI', 'Bank']),
  UpiID: z.nullable(z.string()),
  AccountHolder: z.nullable(z.string()),
  AccountNumber: z.nullable(z.string()),
  IFSC: z.nullable(z.string()),
  /** Masked for a vendor. */
  PAN: z.nullable(z.string()),
  /** Null for a creator not registered for GST; masked for a vendor but its state code. */
  GSTIN: z.nullable(z.string()),
  updatedAt: z.string(),
})
export type PayoutDetailsDTO = z.output<typeof payoutDetailsAnswerSchema>

const wholeDays = (min: number, max: number, message: string) =>
  z
    .pipe(
      z.union([z.number({ error: message }), z.string({ error: message }).check(capped(8, message), z.trim(), z.regex(/^\d{1,3}$/, message))], {
        error: message,
      }),
      z.transform((v: number | string) => Number(v)),
    )
    .check(z.refine((n: number) => Number.isInteger(n) && n >= min && n <= max, message))

/** PUT /api/money/settings (vendor). */
export const moneySettingsSchema = z.object(
  {
    HoldingDays: wholeDays(0, 90, MONEY_MESSAGES.holdingInvalid),
    PaymentTermsDays: wholeDays(7, 45, MONEY_MESSAGES.termsInvalid),
  },
  { error: MONEY_MESSAGES.holdingInvalid },
)
export const moneySettingsAnswerSchema = z.object({ HoldingDays: z.number(), PaymentTermsDays: z.number() })
export type MoneySettings = z.output<typeof moneySettingsAnswerSchema>

const idValue = (message: string) =>
  z
    .pipe(
      z.union([z.number({ error: message }), z.string({ error: message })], { error: message }),
      z.transform((v: number | string) => positiveId(v) ?? 0),
    )
    .check(z.refine((n: number) => n > 0, message))

/** The preview and the record share the influencer and the chosen entries (absent: every payable one). */
export const payoutPreviewSchema = z.object(
  {
    MarketerID: idValue(MONEY_MESSAGES.marketerRequired),
    EntryIDs: z.optional(
      z
        .array(idValue(MONEY_MESSAGES.entriesInvalid), { error: MONEY_MESSAGES.entriesInvalid })
        .check(z.minLength(1, MONEY_MESSAGES.entriesInvalid), z.maxLength(500, MONEY_MESSAGES.entriesInvalid)),
    ),
    PaidOn: z.optional(
      z.string({ error: MONEY_MESSAGES.dateInvalid }).check(capped(10, MONEY_MESSAGES.dateInvalid), z.refine(isCalendarDate, MONEY_MESSAGES.dateInvalid)),
    ),
  },
  { error: MONEY_MESSAGES.marketerRequired },
)

/** POST /api/money/payouts (vendor). */
export const recordPayoutSchema = z.object(
  {
    MarketerID: idValue(MONEY_MESSAGES.marketerRequired),
    EntryIDs: z.optional(
      z
        .array(idValue(MONEY_MESSAGES.entriesInvalid), { error: MONEY_MESSAGES.entriesInvalid })
        .check(z.minLength(1, MONEY_MESSAGES.entriesInvalid), z.maxLength(500, MONEY_MESSAGES.entriesInvalid)),
    ),
    Method: z.enum(PAYOUT_METHOD_VALUES, { error: MONEY_MESSAGES.methodInvalid }),
    UTR: z
      .string({ error: MONEY_MESSAGES.utrInvalid })
      .check(capped(64, MONEY_MESSAGES.utrInvalid), z.trim(), z.toUpperCase(), z.regex(UTR_PATTERN, MONEY_MESSAGES.utrInvalid)),
    PaidOn: z.string({ error: MONEY_MESSAGES.dateInvalid }).check(capped(10, MONEY_MESSAGES.dateInvalid), z.refine(isCalendarDate, MONEY_MESSAGES.dateInvalid)),
  },
  { error: MONEY_MESSAGES.marketerRequired },
)
export type RecordPayoutInput = z.input<typeof recordPayoutSchema>
export type RecordPayout = z.output<typeof recordPayoutSchema>

const optionalDate = optionalDayField(MONEY_MESSAGES.rangeInvalid)

/** GET /api/money/entries: newest first; an influencer filters by vendor, a vendor by influencer. */
export const entryQuerySchema = z.object({
  ...pageQueryShape,
  status: optionalChoiceField(ENTRY_STATUSES, MONEY_MESSAGES.statusInvalid),
  vendorId: optionalIdField(MONEY_MESSAGES.vendorIdInvalid),
  marketerId: optionalIdField(MONEY_MESSAGES.marketerIdInvalid),
})
export type EntryQuery = z.output<typeof entryQuerySchema>

/** GET /api/money/payouts and /api/money/influencers. */
export const payoutQuerySchema = z.object({
  ...pageQueryShape,
  vendorId: optionalIdField(MONEY_MESSAGES.vendorIdInvalid),
  marketerId: optionalIdField(MONEY_MESSAGES.marketerIdInvalid),
})
export type PayoutQuery = z.output<typeof payoutQuerySchema>

/** GET /api/money/statement.csv and /api/money/payouts.csv: an inclusive date range, both optional. */
export const rangeQuerySchema = z.object({ from: optionalDate, to: optionalDate })

/** The latest dispute of an entry, as the entries list shows it beside the entry. */
export const entryDisputeStateSchema = z.object({
  DisputeID: z.number(),
  Note: z.string(),
  createdAt: z.string(),
  resolvedAt: z.nullable(z.string()),
  resolvedBy: z.nullable(z.enum(['vendor', 'admin'])),
  ResolutionNote: z.nullable(z.string()),
})
export type EntryDisputeState = z.output<typeof entryDisputeStateSchema>

export const entrySchema = z.object({
  EntryID: z.number(),
  /** 0 for a campaign fee (Kind 'fee'): it is paid for a deliverable, not a lead. */
  LeadID: z.number(),
  VendorID: z.number(),
  VendorName: z.string(),
  MarketerID: z.number(),
  MarketerName: z.string(),
  ProductName: z.string(),
  Kind: z.enum(ENTRY_KINDS),
  /** Rupees; negative for an adjustment. */
  Amount: z.number(),
  convertedAt: z.string(),
  status: z.enum(ENTRY_STATUSES),
  /** When it becomes (became) payable, and the day by which the vendor promised to pay. */
  clearsAt: z.string(),
  dueAt: z.string(),
  overdue: z.boolean(),
  reversedAt: z.nullable(z.string()),
  PayoutID: z.nullable(z.number()),
  UTR: z.nullable(z.string()),
})
export type EntryDTO = z.output<typeof entrySchema>

/** An entry as GET /api/money/entries lists it: with the vendor's reasons and the latest dispute. */
export const listedEntrySchema = z.extend(entrySchema, {
  /** Why the vendor wrote this entry (an adjustment, a commission given again), and why they reversed it. */
  Reason: z.nullable(z.string()),
  reversedReason: z.nullable(z.string()),
  /** The latest dispute the influencer raised about it, open or resolved. */
  dispute: z.nullable(entryDisputeStateSchema),
})
export type ListedEntryDTO = z.output<typeof listedEntrySchema>

export const payoutSchema = z.object({
  PayoutID: z.number(),
  VendorID: z.number(),
  VendorName: z.string(),
  MarketerID: z.number(),
  MarketerName: z.string(),
  Gross: z.number(),
  TDS: z.number(),
  Net: z.number(),
  Method: z.enum(PAYOUT_METHOD_VALUES),
  UTR: z.string(),
  PaidOn: z.string(),
  createdAt: z.string(),
  entries: z.number(),
})
export type PayoutDTO = z.output<typeof payoutSchema>

/** Rupees. `adjustments` is the open (not yet deducted) total, zero or negative. */
export const balancesSchema = z.object({
  pending: z.number(),
  payable: z.number(),
  overdue: z.number(),
  paid: z.number(),
  adjustments: z.number(),
  lifetime: z.number(),
  tdsThisYear: z.number(),
  financialYear: z.string(),
})
export type Balances = z.output<typeof balancesSchema>

export const marketerBalanceSchema = z.extend(balancesSchema, {
  /** What reached the influencer's account, all time: the payouts' net after TDS. */
  netReceived: z.number(),
  needsPayoutDetails: z.boolean(),
  byVendor: z.array(z.extend(balancesSchema, { VendorID: z.number(), VendorName: z.string() })),
})
export type MarketerBalanceDTO = z.output<typeof marketerBalanceSchema>

/** A row of the vendor's Payouts tab: what they owe one influencer. */
export const owedRowSchema = z.object({
  MarketerID: z.number(),
  MarketerName: z.string(),
  pending: z.number(),
  payable: z.number(),
  overdue: z.number(),
  adjustments: z.number(),
  lastPayout: z.nullable(z.object({ PaidOn: z.string(), Net: z.number(), UTR: z.string() })),
  /** Only while something is payable to them; otherwise null (privacy rule). */
  payoutDetails: z.nullable(payoutDetailsAnswerSchema),
})
export type OwedRow = z.output<typeof owedRowSchema>

export const tdsBasisSchema = z.object({
  section: z.literal('194H'),
  /** This vendor's payouts to the influencer in the financial year, this one included. */
  yearTotal: z.number(),
  /** TDS applies once the year's total passes this. */
  threshold: z.number(),
  /** The rate for the influencer's PAN status (2%, or 20% without a PAN), applied or not. */
  ratePercent: z.number(),
  /** The part of the year's total earlier payouts' TDS already covered. */
  taxedBefore: z.number(),
  /** What the rate was applied to (zero under the threshold); TDS is rounded to the nearest rupee (section 288B). */
  base: z.number(),
})
export type TdsBasis = z.output<typeof tdsBasisSchema>

export const payoutPreviewAnswerSchema = z.object({
  MarketerID: z.number(),
  MarketerName: z.string(),
  entries: z.array(entrySchema),
  gross: z.number(),
  tds: z.number(),
  net: z.number(),
  tdsRatePercent: z.number(),
  panOnFile: z.boolean(),
  financialYear: z.string(),
  payoutDetails: z.nullable(payoutDetailsAnswerSchema),
  /** How the TDS was worked out (section 194H), for the dialog to explain it. Rupees. */
  tdsBasis: tdsBasisSchema,
})
export type PayoutPreview = z.output<typeof payoutPreviewAnswerSchema>
