import { EMAIL_PATTERN, MOBILE_PATTERN, NAME_MAX } from '@contract/fields'

// The profile-edit messages of spec 000 section 5 (vendor) and spec 001 section 5 (influencer);
// both dashboards check in this order: name, mobile, email, then the password when one is given.

export const PROFILE_MESSAGES = {
  name: 'Name should be less than 50 characters.',
  mobile: 'Mobile number should be exactly 10 digits.',
  email: 'Invalid email format.',
  password: 'Password should be at least 6 characters.',
  picture: 'Please select an image',
} as const

export const PASSWORD_MIN = 6

export function profileError(values: { name: string; mobile: string; email: string; password?: string }): string | null {
  if (values.name.trim().length > NAME_MAX) return PROFILE_MESSAGES.name
  if (!MOBILE_PATTERN.test(values.mobile)) return PROFILE_MESSAGES.mobile
  if (!EMAIL_PATTERN.test(values.email.trim())) return PROFILE_MESSAGES.email
  if (values.password && values.password.length < PASSWORD_MIN) return PROFILE_MESSAGES.password
  return null
}
