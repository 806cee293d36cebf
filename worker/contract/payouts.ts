// Money (decision 018): the ledger's shapes as the API answers them (rupees, like the rest of the API),
// and the rules of payout details, payouts and the vendor's money settings, with their messages.

import * as z from 'zod/mini'
import { capped, positiveId } from './fields'
import { pageQueryShape } from './paging'

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

export const ENTRY_STATUSES = ['pending', 'payable', 'paid', 'reversed', 'adjustment'] as const
export type EntryStatus = (typeof ENTRY_STATUSES)[number]

/**
 * What an entry is: a lead's commission, a deduction after a paid lead left Converted, or a
 * campaign's fee for an approved deliverable (LeadID is 0 for a fee: it has no lead).
 */
export type EntryKind = 'commission' | 'adjustment' | 'fee'

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

export const isCalendarDate = (v: string) => {
  if (!DATE_PATTERN.test(v)) return false
  const date = new Date(`${v}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v)
}

const upper = z.string().check(z.trim(), z.toUpperCase())
const optionalPan = z
  .pipe(
    z.optional(z.nullable(z.string({ error: MONEY_MESSAGES.panInvalid }).check(capped(32, MONEY_MESSAGES.panInvalid), z.trim(), z.toUpperCase()))),
    z.transform((v: string | null | undefined) => (v ? v : null)),
  )
  .check(z.refine((v: string | null) => v === null || PAN_PATTERN.test(v), MONEY_MESSAGES.panInvalid))

type DetailsFields = {
  Method: 'UPI' | 'Bank'
  UpiID?: string | null
  AccountHolder?: string | null
  AccountNumber?: string | null
  ConfirmAccountNumber?: string | null
  IFSC?: string | null
}

/** The first rule the details break, in the form's order, or null. */
export function payoutDetailsProblem(v: DetailsFields): string | null {
  if (v.Method === 'UPI') return UPI_PATTERN.test(v.UpiID ?? '') ? null : MONEY_MESSAGES.upiInvalid
  if (!v.AccountHolder) return MONEY_MESSAGES.holderRequired
  if (v.AccountHolder.length > 100) return MONEY_MESSAGES.holderTooLong
  if (!ACCOUNT_PATTERN.test(v.AccountNumber ?? '')) return MONEY_MESSAGES.accountInvalid
  if (v.ConfirmAccountNumber !== v.AccountNumber) return MONEY_MESSAGES.accountMismatch
  if (!IFSC_PATTERN.test(v.IFSC ?? '')) return MONEY_MESSAGES.ifscInvalid
  return null
}

/** PUT /api/money/details: UPI or bank account, and an optional PAN. */
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
export type PayoutDetailsDTO = {
  Method: 'UPI' | 'Bank'
  UpiID: string | null
  AccountHolder: string | null
  AccountNumber: string | null
  IFSC: string | null
  PAN: string | null
  updatedAt: string
}

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
export type MoneySettings = { HoldingDays: number; PaymentTermsDays: number }

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

const optionalId = (message: string) =>
  z.pipe(
    z.optional(
      z.string({ error: message }).check(
        z.trim(),
        z.refine((v) => v === '' || positiveId(v) !== null, message),
      ),
    ),
    z.transform((v: string | undefined) => positiveId(v) ?? undefined),
  )

const optionalDate = z.pipe(
  z.optional(
    z.string({ error: MONEY_MESSAGES.rangeInvalid }).check(
      capped(10, MONEY_MESSAGES.rangeInvalid),
      z.trim(),
      z.refine((v) => v === '' || isCalendarDate(v), MONEY_MESSAGES.rangeInvalid),
    ),
  ),
  z.transform((v: string | undefined) => v || undefined),
)

/** GET /api/money/entries: newest first; an influencer filters by vendor, a vendor by influencer. */
export const entryQuerySchema = z.object({
  ...pageQueryShape,
  status: z.pipe(
    z.optional(
      z.string({ error: MONEY_MESSAGES.statusInvalid }).check(
        z.trim(),
        z.refine((v) => v === '' || (ENTRY_STATUSES as readonly string[]).includes(v), MONEY_MESSAGES.statusInvalid),
      ),
    ),
    z.transform((v: string | undefined) => (v ? (v as EntryStatus) : undefined)),
  ),
  vendorId: optionalId(MONEY_MESSAGES.vendorIdInvalid),
  marketerId: optionalId(MONEY_MESSAGES.marketerIdInvalid),
})
export type EntryQuery = z.output<typeof entryQuerySchema>

/** GET /api/money/payouts and /api/money/influencers. */
export const payoutQuerySchema = z.object({
  ...pageQueryShape,
  vendorId: optionalId(MONEY_MESSAGES.vendorIdInvalid),
  marketerId: optionalId(MONEY_MESSAGES.marketerIdInvalid),
})
export type PayoutQuery = z.output<typeof payoutQuerySchema>

/** GET /api/money/statement.csv and /api/money/payouts.csv: an inclusive date range, both optional. */
export const rangeQuerySchema = z.object({ from: optionalDate, to: optionalDate })

export type EntryDTO = {
  EntryID: number
  /** 0 for a campaign fee (Kind 'fee'): it is paid for a deliverable, not a lead. */
  LeadID: number
  VendorID: number
  VendorName: string
  MarketerID: number
  MarketerName: string
  ProductName: string
  Kind: EntryKind
  /** Rupees; negative for an adjustment. */
  Amount: number
  convertedAt: string
  status: EntryStatus
  /** When it becomes (became) payable, and the day by which the vendor promised to pay. */
  clearsAt: string
  dueAt: string
  overdue: boolean
  reversedAt: string | null
  PayoutID: number | null
  UTR: string | null
}

/** An entry as GET /api/money/entries lists it: with the vendor's reasons and the latest dispute. */
export type ListedEntryDTO = EntryDTO & {
  /** Why the vendor wrote this entry (an adjustment, a commission given again), and why they reversed it. */
  Reason: string | null
  reversedReason: string | null
  /** The latest dispute the influencer raised about it, open or resolved. */
  dispute: EntryDisputeState | null
}

export type PayoutDTO = {
  PayoutID: number
  VendorID: number
  VendorName: string
  MarketerID: number
  MarketerName: string
  Gross: number
  TDS: number
  Net: number
  Method: PayoutMethod
  UTR: string
  PaidOn: string
  createdAt: string
  entries: number
}

/** Rupees. `adjustments` is the open (not yet deducted) total, zero or negative. */
export type Balances = {
  pending: number
  payable: number
  overdue: number
  paid: number
  adjustments: number
  lifetime: number
  tdsThisYear: number
  financialYear: string
}

export type MarketerBalanceDTO = Balances & {
  /** What reached the influencer's account, all time: the payouts' net after TDS. */
  netReceived: number
  needsPayoutDetails: boolean
  byVendor: Array<Balances & { VendorID: number; VendorName: string }>
}

/** A row of the vendor's Payouts tab: what they owe one influencer. */
export type OwedRow = {
  MarketerID: number
  MarketerName: string
  pending: number
  payable: number
  overdue: number
  adjustments: number
  lastPayout: { PaidOn: string; Net: number; UTR: string } | null
  /** Only while something is payable to them; otherwise null (privacy rule). */
  payoutDetails: PayoutDetailsDTO | null
}

export type PayoutPreview = {
  MarketerID: number
  MarketerName: string
  entries: EntryDTO[]
  gross: number
  tds: number
  net: number
  tdsRatePercent: number
  panOnFile: boolean
  financialYear: string
  payoutDetails: PayoutDetailsDTO | null
  /** How the TDS was worked out (section 194H), for the dialog to explain it. Rupees. */
  tdsBasis: TdsBasis
}

export type TdsBasis = {
  section: '194H'
  /** This vendor's payouts to the influencer in the financial year, this one included. */
  yearTotal: number
  /** TDS applies once the year's total passes this. */
  threshold: number
  /** The rate for the influencer's PAN status (2%, or 20% without a PAN), applied or not. */
  ratePercent: number
  /** The part of the year's total earlier payouts' TDS already covered. */
  taxedBefore: number
  /** What the rate was applied to (zero under the threshold); TDS is rounded to the nearest rupee (section 288B). */
  base: number
}
