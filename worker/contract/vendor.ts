// Vendor shapes as the API returns them, and the profile form rules. A password hash never leaves the server.

import * as z from 'zod/mini'
import { emailField, mobileField, NAME_MAX, requiredText } from './fields'
import { currentPasswordField, currentPasswordRule, optionalNewPassword } from './password'

/** The vendor's own record (sign-up, sign-in, GET/PUT vendors/{id} for themself): no password. */
export const vendorSelfSchema = z.object({
  VendorID: z.number(),
  VendorName: z.string(),
  Email: z.string(),
  MobileNumber: z.string(),
  VendorProfilePic: z.nullable(z.string()),
  createdAt: z.string(),
  /** Whether the account proved it reads mail at Email: the dashboard's banner and the money gates. */
  emailVerified: z.boolean(),
})
export type VendorSelf = z.output<typeof vendorSelfSchema>

/** What anyone may see of a vendor (the product page shows the vendor's name to visitors). */
export const vendorPublicSchema = z.pick(vendorSelfSchema, { VendorID: true, VendorName: true, VendorProfilePic: true })
export type VendorPublic = z.output<typeof vendorPublicSchema>

/** The dashboard's totals; totalRevenue in rupees, the sum of the price snapshots of converted leads. */
export const vendorAnalyticsSchema = z.object({
  totalProducts: z.number(),
  totalLeads: z.number(),
  totalConvertedLead: z.number(),
  totalPendingLead: z.number(),
  totalRevenue: z.number(),
  totalImpressions: z.number(),
})
export type VendorAnalytics = z.output<typeof vendorAnalyticsSchema>

// Spec 000 section 5 (Update vendor profile), in the form's order: name, mobile, email.
export const VENDOR_PROFILE_MESSAGES = {
  nameRequired: 'Please enter your name.',
  nameTooLong: 'Name should be less than 50 characters.',
  mobileInvalid: 'Mobile number should be exactly 10 digits.',
  emailInvalid: 'Invalid email format.',
  pictureRequired: 'Please select an image',
} as const

export const VENDOR_NOT_FOUND_MESSAGE = 'Vendor not found'

/**
 * PUT vendors/{id}: the spec's payload names the mobile field `Mobile`. VendorID, when sent, must be
 * the profile's. Password (with CurrentPassword) changes the password; blank or absent keeps it.
 */
export const vendorUpdateSchema = z
  .object(
    {
      VendorName: requiredText(VENDOR_PROFILE_MESSAGES.nameRequired, z.maxLength(NAME_MAX, VENDOR_PROFILE_MESSAGES.nameTooLong)),
      Mobile: mobileField(VENDOR_PROFILE_MESSAGES.mobileInvalid, VENDOR_PROFILE_MESSAGES.mobileInvalid),
      Email: emailField(VENDOR_PROFILE_MESSAGES.emailInvalid, VENDOR_PROFILE_MESSAGES.emailInvalid),
      VendorID: z.optional(z.union([z.string(), z.number()])),
      Password: optionalNewPassword,
      CurrentPassword: currentPasswordField,
    },
    { error: VENDOR_PROFILE_MESSAGES.nameRequired },
  )
  .check(currentPasswordRule)
export type VendorUpdateInput = z.input<typeof vendorUpdateSchema>
export type VendorUpdate = z.output<typeof vendorUpdateSchema>
