// The back office (issue 13): messages, request schemas and answer shapes shared by the Worker's
// /api/admin routes and the console.

import * as z from 'zod/mini'
import { choiceField, searchField } from './list-query'
import { pageQueryShape } from './paging'
import { capped, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT, tenDigitPhoneField } from './fields'
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG } from './password'
import type { DailyPoint } from './trends'

export const ADMIN_PASSWORD_CHANGED = 'Password changed successfully'

/**
 * An operator's own password change: the rules and messages of the profile forms' Security part
 * (6 to 30 characters, the current password required and checked), both fields required here.
 */
export const adminPasswordSchema = z.object({
  Password: z.string({ error: PASSWORD_TOO_SHORT }).check(z.minLength(PASSWORD_MIN, PASSWORD_TOO_SHORT), z.maxLength(PASSWORD_MAX, PASSWORD_TOO_LONG)),
  CurrentPassword: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .check(z.minLength(1, CURRENT_PASSWORD_REQUIRED), z.maxLength(PASSWORD_MAX, CURRENT_PASSWORD_WRONG)),
})
export type AdminPasswordInput = z.infer<typeof adminPasswordSchema>

export const SUSPENDED_MESSAGE = 'This account is suspended. Please contact support.'
export const DELETED_USER_NAME = 'Deleted user'
export const DELETED_BUYER_NAME = 'Deleted buyer'

export const ADMIN_MESSAGES = {
  reasonRequired: 'Please give a reason.',
  reasonTooLong: 'The reason should be at most 500 characters.',
  confirmEmail: 'Type the account’s email to confirm.',
  confirmEmailMismatch: 'The email you typed is not this account’s email.',
  phoneRequired: 'Please enter the buyer’s phone number.',
  phoneInvalid: 'Mobile number should be exactly 10 digits.',
  influencerNotFound: 'Influencer not found',
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

const reasonField = z
  .string({ error: ADMIN_MESSAGES.reasonRequired })
  .check(z.trim(), z.minLength(1, ADMIN_MESSAGES.reasonRequired), z.maxLength(REASON_MAX, ADMIN_MESSAGES.reasonTooLong))

/** Suspend, reinstate, take down, restore: a reason is required for each. */
export const reasonSchema = z.object({ reason: reasonField })
export type ReasonInput = z.input<typeof reasonSchema>

/** Verify / remove verification: the reason is optional (kept in the audit log when given). */
export const optionalReasonSchema = z.object({
  reason: z.optional(z.string({ error: ADMIN_MESSAGES.reasonTooLong }).check(z.trim(), z.maxLength(REASON_MAX, ADMIN_MESSAGES.reasonTooLong))),
})

/** Erase personal data: the account's email typed again. */
export const eraseSchema = z.object({
  email: z
    .string({ error: ADMIN_MESSAGES.confirmEmail })
    .check(z.trim(), z.minLength(1, ADMIN_MESSAGES.confirmEmail), capped(254, ADMIN_MESSAGES.confirmEmailMismatch), z.toLowerCase()),
})
export type EraseInput = z.input<typeof eraseSchema>

/** Erase a buyer's contact details from every lead, by the phone number they gave. */
export const buyerEraseSchema = z.object({
  phone: tenDigitPhoneField(ADMIN_MESSAGES.phoneRequired, ADMIN_MESSAGES.phoneInvalid),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(REASON_MAX, ADMIN_MESSAGES.reasonTooLong))),
})
export type BuyerEraseInput = z.input<typeof buyerEraseSchema>

export const ACCOUNT_STATUSES = ['all', 'active', 'suspended'] as const
export const accountListQuerySchema = z.object({
  ...pageQueryShape,
  q: searchField('Search text'),
  status: choiceField(ACCOUNT_STATUSES, 'all', 'status should be one of all, active, suspended'),
})
export type AccountListParams = z.input<typeof accountListQuerySchema>

export const PRODUCT_STATES = ['all', 'active', 'inactive', 'taken-down'] as const
export const adminProductQuerySchema = z.object({
  ...pageQueryShape,
  q: searchField('Search text'),
  state: choiceField(PRODUCT_STATES, 'all', 'state should be one of all, active, inactive, taken-down'),
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
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]
export const AUDIT_TARGETS = ['vendor', 'marketer', 'product', 'buyer', 'dispute'] as const
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

export type AdminSelf = { AdminID: number; Name: string; Email: string }
export type AdminLoginData = { token: string; admin: AdminSelf }

export type AccountStatus = 'active' | 'suspended' | 'erased'

export type AdminInfluencerRow = {
  MarketerID: number
  MarketerName: string
  Email: string
  MobileNumber: string
  handle: string | null
  totalReachRaw: number
  Verified: boolean
  status: AccountStatus
  suspendedReason: string | null
  DateCreated: string
}

export type AdminVendorRow = {
  VendorID: number
  VendorName: string
  Email: string
  MobileNumber: string
  /** Checked by the back office: sees influencers' contact details before working with them. */
  Verified: boolean
  products: number
  leads: number
  status: AccountStatus
  suspendedReason: string | null
  createdAt: string
}

export type AdminProductRow = {
  ProductID: number
  ProductName: string
  SKU: string
  Price: string
  VendorID: number
  VendorName: string
  IsActive: boolean
  takenDownReason: string | null
  takenDownAt: string | null
  createdAt: string
}

export type AuditEntryDTO = {
  id: number
  at: string
  AdminID: number
  adminEmail: string
  action: string
  targetType: string
  targetId: string
  reason: string | null
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

export type AdminOverview = {
  vendors: number
  influencers: { verified: number; unverified: number }
  suspended: { vendors: number; influencers: number }
  activeProducts: number
  leads: { Pending: number; Converted: number; Lost: number }
  /** The last 30 days platform-wide: impressions rolled up into D1, leads, conversions. */
  days: DailyPoint[]
  /** Platform-wide commission in rupees, as the ledger's balances count it (reversed entries excluded). */
  commission: { pending: number; payable: number; overdue: number; paid: number }
}
