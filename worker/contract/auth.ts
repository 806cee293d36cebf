import * as z from 'zod/mini'
import { emailField, mobileField, NAME_MAX, NAME_TOO_LONG, newPasswordField, passwordField, requiredText } from './fields'
import { marketerSelfSchema } from './marketer'
import { vendorSelfSchema } from './vendor'

// Spec 000 section 5 (Login): messages end with a period.
export const loginSchema = z.object({
  Email: emailField('Please enter your email.', 'Invalid email format.'),
  Password: passwordField('Please enter your password.'),
})
export type LoginInput = z.input<typeof loginSchema>

export const ROLE_REQUIRED_MESSAGE = 'Please select whether you are a Vendor or Influencer.'

// Spec 000 section 5 (Vendor registration): messages end with a period. Sign-up, reset and the
// profile's password change share one rule (8 to 30 characters, not a common one; decision 255).
export const vendorRegisterSchema = z.object({
  VendorName: requiredText('Please enter your name.', z.maxLength(NAME_MAX, NAME_TOO_LONG)),
  MobileNumber: mobileField('Please enter your mobile.', 'Invalid number.'),
  Email: emailField('Please enter your email.', 'Invalid email format.'),
  Password: newPasswordField('Please enter your password.'),
})
export type VendorRegisterInput = z.input<typeof vendorRegisterSchema>

// Spec 001 section 5 (Influencer registration): no period, except 'Invalid number.'.
export const marketerRegisterSchema = z.object({
  MarketerName: requiredText('Please enter your name', z.maxLength(NAME_MAX, NAME_TOO_LONG)),
  MobileNumber: mobileField('Please enter your mobile', 'Invalid number.'),
  Email: emailField('Please enter your email', 'Invalid email format'),
  Password: newPasswordField('Please enter your password'),
})
export type MarketerRegisterInput = z.input<typeof marketerRegisterSchema>

export const INVALID_LOGIN_MESSAGE = 'Invalid email or password'
export const TOO_MANY_LOGINS_MESSAGE = 'Too many failed login attempts. Please wait 15 minutes and try again.'
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists'

/** A vendor's sign-in: the bearer token (24 hours) and the vendor. */
export const vendorLoginAnswerSchema = z.object({ token: z.string(), vendor: vendorSelfSchema })
export type VendorLoginData = z.output<typeof vendorLoginAnswerSchema>
/** An influencer's sign-in: the bearer token (24 hours) and the influencer. */
export const marketerLoginAnswerSchema = z.object({ token: z.string(), marketer: marketerSelfSchema })
export type MarketerLoginData = z.output<typeof marketerLoginAnswerSchema>
