// The back office (decision 020): messages, request schemas and answer shapes shared by the Worker's
// /api/admin routes and the console.

import * as z from 'zod/mini'
import { choiceField, searchField } from './list-query'
import { pageQueryShape } from './paging'
import {
  capped,
  NEW_PASSWORD_MIN,
  NEW_PASSWORD_TOO_SHORT,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  tenDigitPhoneField,
} from './fields'
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG } from './password'
import { normalizeMobile } from './phone'
import { marketerProfileSchema } from './marketer'
import { dailyPointSchema } from './trends'

export const ADMIN_PASSWORD_CHANGED = 'Password changed successfully'

/**
 * An operator's own password change: the rules and messages of the profile forms' Security part
 * (8 to 30 characters, the current password required and checked), both fields required here.
 */
export const adminPasswordSchema = z.object({
  Password: z
    .string({ error: PASSWORD_TOO_SHORT })
    .check(
      z.minLength(PASSWORD_MIN, { error: PASSWORD_TOO_SHORT, abort: true }),
      z.minLength(NEW_PASSWORD_MIN, { error: NEW_PASSWORD_TOO_SHORT, abort: true }),
      z.maxLength(PASSWORD_MAX, PASSWORD_TOO_LONG),
    ),
  CurrentPassword: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .check(z.minLength(1, CURRENT_PASSWORD_REQUIRED), z.maxLength(PASSWORD_MAX, CURRENT_PASSWORD_WRONG)),
})
export type AdminPasswordInput = z.infer<typeof adminPasswordSchema>

/** Where people reach Collabkart: the legal pages, and a suspended account's messages. */
export const SUPPORT_EMAIL = 'support@collabkart.in'
/** Sign-in of a suspended account (403), told only to someone who knows the password. */
export const SUSPENDED_MESSAGE = `This account is suspended. Please contact support at ${SUPPORT_EMAIL}.`
/** A signed-in session of an account suspended since (401): not 'Your session has expired'. */
export const SESSION_SUSPENDED_MESSAGE = `Your account has been suspended, so you have been signed out. Please contact support at ${SUPPORT_EMAIL}.`
/**
 * A session issued before the account's password was changed (a reset link, or the profile form on
 * another device) (401): told why, not 'Your session has expired' (decision 260).
 */
export const SESSION_PASSWORD_CHANGED_MESSAGE = 'Your password was changed, so you have been signed out. Please sign in with your new password.'
export const DELETED_USER_NAME = 'Deleted user'
export const DELETED_BUYER_NAME = 'Deleted buyer'

export const ADMIN_MESSAGES = {
  reasonRequired: 'Please give a reason.',
  reasonTooLong: 'The reason should be at most 500 characters.',
  reasonCodeInvalid: 'Please choose a reason from the list.',
  otherNeedsNote: 'Please add a note to say what the other reason is.',
  requestInvalid: 'Please choose a data request from the list.',
  confirmEmail: 'Type the account’s email to confirm.',
  confirmEmailMismatch: 'The email you typed is not this account’s email.',
  phoneRequired: 'Please enter the buyer’s phone number.',
  phoneInvalid: 'Mobile number should be exactly 10 digits.',
  marketerNotFound: 'Influencer not found',
  vendorNotFound: 'Vendor not found',
  productNotFound: 'Product not found',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  alreadyErased: 'This account’s personal data was already erased.',
  alreadyTakenDown: 'This product is already taken down.',
  notTakenDown: 'This product is not taken down.',
  alreadyVerified: 'This influencer is already verified.',
  notVerified: 'This influencer is not verified.',
  vendorAlreadyVerified: 'This vendor is already verified.',
  vendorNotVerified: 'This vendor is not verified.',
  takenDownNoReactivate: 'This product was taken down by Collabkart and cannot be reactivated.',
} as const

export const REASON_MAX = 500

/**
 * Why the back office acted: one of a few fixed codes, plus an optional note (required for
 * 'other'). The code stays in the audit log for good; the note is free text that could name a
 * person, so it is removed when that person's data is erased (docs/decisions/090).
 */
// Moderation's reasons first: suspending or taking down is mostly about fraud, abuse or policy; a
// data request comes before 'Other' (the erasure dialogs list it first, DATA_REQUEST_REASONS).
export const REASON_CODES = ['fraud', 'abuse', 'policy', 'data-request', 'other'] as const
export type ReasonCode = (typeof REASON_CODES)[number]
export const REASON_LABELS: Record<ReasonCode, string> = {
  'data-request': 'Data request',
  fraud: 'Fraud',
  abuse: 'Abuse or spam',
  policy: 'Breaks the policies',
  other: 'Other',
}
export type Reason = { code: ReasonCode; note: string | null }

/** The list where the back office acts on a data request: that reason first. */
export const DATA_REQUEST_REASONS: readonly ReasonCode[] = ['data-request', 'fraud', 'abuse', 'policy', 'other']

/** What an audit entry's note reads once the person it was about has been erased. */
export const REDACTED_NOTE = 'Note removed when the person’s data was erased'

/** The reason as one line, for a suspended account or a taken-down product ('Fraud: fake invoices'). */
export const reasonText = (reason: Reason): string =>
  reason.code === 'other' && reason.note ? reason.note : reason.note ? `${REASON_LABELS[reason.code]}: ${reason.note}` : REASON_LABELS[reason.code]

/**
 * A stored reason line read back for the person it is about: its label, and the note in quotes
 * when there is one ('Fraud: fake invoices' becomes 'Fraud', 'fake invoices'); a line written as
 * free text (Other) is all note.
 */
export function readReasonText(text: string): { label: string | null; note: string | null } {
  const label = Object.values(REASON_LABELS).find((l) => text === l || text.startsWith(`${l}: `)) ?? null
  if (!label) return { label: null, note: text || null }
  return { label, note: text.length > label.length ? text.slice(label.length + 2) : null }
}

const noteField = z.optional(z.string({ error: ADMIN_MESSAGES.reasonTooLong }).check(z.trim(), z.maxLength(REASON_MAX, ADMIN_MESSAGES.reasonTooLong)))
const reasonCodeField = z.optional(
  z.string({ error: ADMIN_MESSAGES.reasonCodeInvalid }).check(
    z.trim(),
    z.refine((v) => v === '' || (REASON_CODES as readonly string[]).includes(v), ADMIN_MESSAGES.reasonCodeInvalid),
  ),
)
/**
 * `reasonCode` and `note`; `reason` is the note under its older name (a reason sent without a code
 * is 'other' with that text as its note).
 */
const reasonShape = { reasonCode: reasonCodeField, note: noteField, reason: noteField }
type ReasonFields = { reasonCode?: string; note?: string; reason?: string }

/** The reason the fields give, or null when they give none. */
export function reasonOf(input: ReasonFields): Reason | null {
  const note = input.note || input.reason || null
  const code = (input.reasonCode || (note ? 'other' : '')) as ReasonCode | ''
  return code ? { code, note } : null
}

const reasonGiven = z.refine<ReasonFields>((v) => reasonOf(v) !== null, { message: ADMIN_MESSAGES.reasonRequired, abort: true })
const otherHasNote = z.refine<ReasonFields>((v) => reasonOf(v)?.code !== 'other' || Boolean(reasonOf(v)?.note), ADMIN_MESSAGES.otherNeedsNote)

/** Suspend, reinstate, take down, restore: a reason is required for each. */
export const reasonSchema = z.object(reasonShape).check(reasonGiven, otherHasNote)
export type ReasonInput = z.input<typeof reasonSchema>

/** Verify / remove verification: the reason is optional (kept in the audit log when given). */
export const optionalReasonSchema = z.object(reasonShape).check(otherHasNote)

/** The open data request an erasure answers, if any (it is completed with the erasure). */
const requestIdField = z.optional(
  z
    .union([z.number(), z.string()], { error: ADMIN_MESSAGES.requestInvalid })
    .check(z.refine((v) => v === '' || /^[1-9]\d{0,9}$/.test(String(v)), ADMIN_MESSAGES.requestInvalid)),
)

/** Erase personal data: the account's email typed again, the reason, and the request it answers. */
export const eraseSchema = z
  .object({
    email: z
      .string({ error: ADMIN_MESSAGES.confirmEmail })
      .check(z.trim(), z.minLength(1, ADMIN_MESSAGES.confirmEmail), capped(254, ADMIN_MESSAGES.confirmEmailMismatch), z.toLowerCase()),
    ...reasonShape,
    requestId: requestIdField,
  })
  .check(reasonGiven, otherHasNote)
export type EraseInput = z.input<typeof eraseSchema>

/** Erase a buyer's contact details from every lead, by the phone number they gave. */
export const buyerEraseSchema = z
  .object({
    phone: tenDigitPhoneField(ADMIN_MESSAGES.phoneRequired, ADMIN_MESSAGES.phoneInvalid),
    ...reasonShape,
    requestId: requestIdField,
  })
  .check(reasonGiven, otherHasNote)
export type BuyerEraseInput = z.input<typeof buyerEraseSchema>

/** A request id as the schemas above give it (blank: none). */
export const requestIdOf = (v: string | number | undefined): number | null => (v === undefined || v === '' ? null : Number(v))

export const ACCOUNT_STATUSES = ['all', 'active', 'suspended'] as const
export const accountListQuerySchema = z.object({
  ...pageQueryShape,
  q: searchField('Search text'),
  status: choiceField(ACCOUNT_STATUSES, 'all', 'status should be one of all, active, suspended'),
})
export type AccountListParams = z.input<typeof accountListQuerySchema>

export const PRODUCT_STATES = ['all', 'active', 'inactive', 'suspended', 'taken-down'] as const
export const adminProductQuerySchema = z.object({
  ...pageQueryShape,
  q: searchField('Search text'),
  state: choiceField(PRODUCT_STATES, 'all', 'state should be one of all, active, inactive, suspended, taken-down'),
})
export type AdminProductParams = z.input<typeof adminProductQuerySchema>

export const AUDIT_ACTIONS = [
  'verify',
  'unverify',
  'suspend',
  'reinstate',
  'take-down',
  'restore',
  'export',
  'erase',
  'erase-buyer',
  'resolve-dispute',
  'log-request',
  'complete-request',
  // A vendor's own actions on their API keys: the vendor is the actor.
  'create-api-key',
  'revoke-api-key',
  // An operator sent a dead event back to be followed (docs/decisions/232).
  'replay-event',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]
export const AUDIT_TARGETS = ['vendor', 'marketer', 'product', 'buyer', 'dispute', 'data-request', 'api-key', 'event'] as const
export type AuditTarget = (typeof AUDIT_TARGETS)[number]

export const auditQuerySchema = z.object({
  ...pageQueryShape,
  action: z.optional(
    z.string({ error: `action should be one of ${AUDIT_ACTIONS.join(', ')}` }).check(
      z.trim(),
      z.refine((v) => v === '' || (AUDIT_ACTIONS as readonly string[]).includes(v), `action should be one of ${AUDIT_ACTIONS.join(', ')}`),
    ),
  ),
  targetType: z.optional(
    z.string({ error: `targetType should be one of ${AUDIT_TARGETS.join(', ')}` }).check(
      z.trim(),
      z.refine((v) => v === '' || (AUDIT_TARGETS as readonly string[]).includes(v), `targetType should be one of ${AUDIT_TARGETS.join(', ')}`),
    ),
  ),
  targetId: z.optional(
    z.string({ error: 'targetId should be at most 40 characters' }).check(z.trim(), z.maxLength(40, 'targetId should be at most 40 characters')),
  ),
})
export type AuditParams = z.input<typeof auditQuerySchema>

// ---- Answers ------------------------------------------------------------------------------------

export const adminSelfSchema = z.object({ AdminID: z.number(), Name: z.string(), Email: z.string() })
export type AdminSelf = z.output<typeof adminSelfSchema>
export const adminLoginSchema = z.object({ token: z.string(), admin: adminSelfSchema })
export type AdminLoginData = z.output<typeof adminLoginSchema>

export const ACCOUNT_STATES = ['active', 'suspended', 'erased'] as const
export type AccountStatus = (typeof ACCOUNT_STATES)[number]

export const adminMarketerRowSchema = z.object({
  MarketerID: z.number(),
  MarketerName: z.string(),
  Email: z.string(),
  MobileNumber: z.string(),
  handle: z.nullable(z.string()),
  totalReachRaw: z.number(),
  Verified: z.boolean(),
  status: z.enum(ACCOUNT_STATES),
  suspendedReason: z.nullable(z.string()),
  DateCreated: z.string(),
})
export type AdminMarketerRow = z.output<typeof adminMarketerRowSchema>

export const adminVendorRowSchema = z.object({
  VendorID: z.number(),
  VendorName: z.string(),
  Email: z.string(),
  MobileNumber: z.string(),
  /** Checked by the back office: sees influencers' contact details before working with them. */
  Verified: z.boolean(),
  products: z.number(),
  leads: z.number(),
  status: z.enum(ACCOUNT_STATES),
  suspendedReason: z.nullable(z.string()),
  createdAt: z.string(),
})
export type AdminVendorRow = z.output<typeof adminVendorRowSchema>

export const adminProductRowSchema = z.object({
  ProductID: z.number(),
  ProductName: z.string(),
  SKU: z.string(),
  Price: z.string(),
  VendorID: z.number(),
  VendorName: z.string(),
  IsActive: z.boolean(),
  takenDownReason: z.nullable(z.string()),
  takenDownAt: z.nullable(z.string()),
  /** The vendor is suspended: the product is held off until they are reinstated. */
  vendorSuspended: z.boolean(),
  createdAt: z.string(),
})
export type AdminProductRow = z.output<typeof adminProductRowSchema>

const recordState = z.nullable(z.record(z.string(), z.unknown()))

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  AdminID: z.number(),
  adminEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reasonCode: z.nullable(z.string()),
  /** The operator's note (REDACTED_NOTE once the person it was about has been erased). */
  reason: z.nullable(z.string()),
  /** What the record is called now: the product's or account's name, 'Request #3', a masked phone. */
  targetName: z.nullable(z.string()),
  /** The record's fields the action changed, before and after it. */
  before: recordState,
  after: recordState,
  /** The vendor who acted (their own API keys); null when an operator did. */
  ActorVendorID: z.nullable(z.number()),
})
export type AuditEntryDTO = z.output<typeof auditEntrySchema>

export const adminOverviewSchema = z.object({
  vendors: z.number(),
  influencers: z.object({ verified: z.number(), unverified: z.number() }),
  suspended: z.object({ vendors: z.number(), influencers: z.number() }),
  activeProducts: z.number(),
  leads: z.object({ Pending: z.number(), Converted: z.number(), Lost: z.number() }),
  /** The last 30 days platform-wide: impressions rolled up into D1, leads, conversions. */
  days: z.array(dailyPointSchema),
  /** Platform-wide commission in rupees, as the ledger's balances count it (reversed entries excluded). */
  commission: z.object({ pending: z.number(), payable: z.number(), overdue: z.number(), paid: z.number() }),
})
export type AdminOverview = z.output<typeof adminOverviewSchema>

/** One influencer as the back office sees them: the public profile with contact details, and the account's state. */
export const marketerDetailSchema = z.extend(marketerProfileSchema, {
  status: z.enum(ACCOUNT_STATES),
  suspendedReason: z.nullable(z.string()),
  suspendedAt: z.nullable(z.string()),
})
export type MarketerDetail = z.output<typeof marketerDetailSchema>

// ---- Data requests ----------------------------------------------------------

/** The law's promise (legal pages): every data request answered within this many working days. */
export const DATA_REQUEST_WORKING_DAYS = 10

export const DATA_REQUEST_KINDS = ['access', 'correction', 'erasure', 'grievance'] as const
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number]
export const DATA_REQUEST_KIND_LABELS: Record<DataRequestKind, string> = {
  access: 'Access (a copy of their data)',
  correction: 'Correction',
  erasure: 'Erasure',
  grievance: 'Grievance',
}
export const DATA_REQUEST_SUBJECTS = ['vendor', 'marketer', 'buyer'] as const
export type DataRequestSubject = (typeof DATA_REQUEST_SUBJECTS)[number]
export const DATA_REQUEST_OUTCOMES = ['done', 'declined'] as const
export type DataRequestOutcome = (typeof DATA_REQUEST_OUTCOMES)[number]
export const DATA_REQUEST_STATES = ['open', 'done'] as const

export const DATA_REQUEST_MESSAGES = {
  kindInvalid: 'Please choose what the person asked for.',
  subjectInvalid: 'Please choose whose data the request is about.',
  accountInvalid: 'Please enter the account’s ID (a number).',
  receivedInvalid: 'Please enter the date the request came in (today or earlier).',
  outcomeInvalid: 'Please choose how the request was answered.',
  notFound: 'Data request not found',
  alreadyDone: 'This data request is already completed.',
  notForThis: 'That data request is not an open erasure request about this person.',
  logged: 'Data request logged',
  completed: 'Data request completed',
} as const

const oneOf = <T extends readonly string[]>(values: T, message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.refine((v) => (values as readonly string[]).includes(v), message),
  )

export const dataRequestCreateSchema = z
  .object({
    kind: oneOf(DATA_REQUEST_KINDS, DATA_REQUEST_MESSAGES.kindInvalid),
    subjectType: oneOf(DATA_REQUEST_SUBJECTS, DATA_REQUEST_MESSAGES.subjectInvalid),
    /** The account's id, or the buyer's 10-digit mobile number. */
    subjectRef: z.string({ error: DATA_REQUEST_MESSAGES.accountInvalid }).check(z.trim(), capped(20, DATA_REQUEST_MESSAGES.accountInvalid)),
    /** 'YYYY-MM-DD' in India; blank or absent: today. */
    receivedOn: z.optional(
      z.string({ error: DATA_REQUEST_MESSAGES.receivedInvalid }).check(
        z.trim(),
        z.refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), DATA_REQUEST_MESSAGES.receivedInvalid),
      ),
    ),
    note: noteField,
  })
  .check(
    // A buyer's phone by the buy form's rules (spaces, dashes, +91 or 0 taken off): '98290 12345' is ten digits.
    z.overwrite((v) => (v.subjectType === 'buyer' ? { ...v, subjectRef: normalizeMobile(v.subjectRef) } : v)),
    z.refine<{ subjectType: string; subjectRef: string }>(
      (v) => v.subjectType === 'buyer' || /^[1-9]\d{0,9}$/.test(v.subjectRef),
      DATA_REQUEST_MESSAGES.accountInvalid,
    ),
    z.refine<{ subjectType: string; subjectRef: string }>((v) => v.subjectType !== 'buyer' || /^\d{10}$/.test(v.subjectRef), ADMIN_MESSAGES.phoneInvalid),
  )
export type DataRequestCreateInput = z.input<typeof dataRequestCreateSchema>

export const dataRequestCompleteSchema = z.object({
  outcome: oneOf(DATA_REQUEST_OUTCOMES, DATA_REQUEST_MESSAGES.outcomeInvalid),
  note: noteField,
})
export type DataRequestCompleteInput = z.input<typeof dataRequestCompleteSchema>

export const dataRequestQuerySchema = z.object({
  ...pageQueryShape,
  state: choiceField(DATA_REQUEST_STATES, 'open', 'state should be one of open, done'),
  subjectType: z.optional(
    z.string().check(
      z.trim(),
      z.refine((v) => v === '' || (DATA_REQUEST_SUBJECTS as readonly string[]).includes(v), 'subjectType should be one of vendor, influencer, buyer'),
    ),
  ),
  subjectRef: z.optional(z.string().check(z.trim(), z.maxLength(20, 'subjectRef should be at most 20 characters'))),
})
export type DataRequestParams = z.input<typeof dataRequestQuerySchema>

export const dataRequestSchema = z.object({
  id: z.number(),
  kind: z.enum(DATA_REQUEST_KINDS),
  subjectType: z.enum(DATA_REQUEST_SUBJECTS),
  /** The account's id, or the buyer's phone (masked once the buyer's data is erased). */
  subjectRef: z.string(),
  /** The account's name now ('Deleted user' once erased); for a buyer, the phone as above. */
  subjectName: z.nullable(z.string()),
  receivedOn: z.string(),
  dueOn: z.string(),
  /** Open and past its due date (in India's calendar). */
  overdue: z.boolean(),
  note: z.nullable(z.string()),
  loggedAt: z.string(),
  loggedByEmail: z.string(),
  doneAt: z.nullable(z.string()),
  doneByEmail: z.nullable(z.string()),
  outcome: z.nullable(z.enum(DATA_REQUEST_OUTCOMES)),
  outcomeNote: z.nullable(z.string()),
})
export type DataRequestDTO = z.output<typeof dataRequestSchema>

// ---- Dead mail ----------------------------------------------------------------------

export const DEAD_MAIL_FETCHED = 'Dead mails fetched successfully'

export const deadMailQuerySchema = z.object({ ...pageQueryShape })
export type DeadMailParams = z.input<typeof deadMailQuerySchema>

/**
 * A mail that never went out (retries used up, or the queue refused it). The address is only a
 * hint ('a•••@example.com'); the message itself is not kept (docs/decisions/135), so there is no
 * resend: the person asks again, or an operator writes to them.
 */
export const deadMailSchema = z.object({
  MailID: z.number(),
  /** e.g. 'password-reset', 'lead-new', 'buyer-request-sent'. */
  kind: z.string(),
  recipientHint: z.string(),
  subject: z.string(),
  /** Tries the queue made before giving up (0 when the queue refused it outright). */
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  /** When the mail was raised (ISO). */
  createdAt: z.string(),
})
export type DeadMailDTO = z.output<typeof deadMailSchema>

// ---- Dead events (decision 232) -------------------------------------------------

export const DEAD_EVENT_MESSAGES = {
  fetched: 'Dead events fetched successfully',
  replayed: 'Event sent to be followed again',
  notFound: 'Dead event not found',
  queueDown: 'The events queue did not take the event. Nothing was changed: try again in a minute.',
} as const

export const deadEventQuerySchema = z.object({ ...pageQueryShape })
export type DeadEventParams = z.input<typeof deadEventQuerySchema>

/**
 * An event whose followers (bell, mails, webhooks) failed every try. It is kept whole until an
 * operator sends it back to be followed; the followers do nothing twice, so a replay only does what
 * is missing. A status change's reason is not shown: a vendor typed it.
 */
export const deadEventSchema = z.object({
  DeadEventID: z.number(),
  /** e.g. 'lead.created', 'payout.recorded'. */
  type: z.string(),
  /** What it is about, in words ('Lead #12'). */
  about: z.string(),
  VendorID: z.nullable(z.number()),
  MarketerID: z.nullable(z.number()),
  /** Tries the queue made before giving up. */
  attempts: z.number(),
  /** When it happened, and when it was given up (ISO). */
  eventAt: z.string(),
  diedAt: z.string(),
})
export type DeadEventDTO = z.output<typeof deadEventSchema>
