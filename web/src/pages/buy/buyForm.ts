// The buy form's rules of spec 001 section 5, checked in order; the first failure is the toast.
// Plain checks rather than the zod contract: this is the lightest route and its JavaScript budget
// (110 KB gzip in all) has no room for a validation library.

export const BUY_FORM_MESSAGES = {
  nameRequired: 'Please Enter Your Name',
  nameTooLong: 'Name should be less than 50 characters.',
  phoneRequired: 'Please Enter Your Mobile Number',
  phoneInvalid: 'Mobile number should be exactly 10 digits',
} as const

export const BUY_NAME_MAX = 50
export const PHONE_DIGITS = 10

export type BuyFormValues = { name: string; email: string; phone: string }

/** The first broken rule's message, or null when the form may be sent. Email is optional. */
export function buyFormError(values: BuyFormValues): string | null {
  const name = values.name.trim()
  if (!name) return BUY_FORM_MESSAGES.nameRequired
  if (name.length > BUY_NAME_MAX) return BUY_FORM_MESSAGES.nameTooLong
  if (!values.phone.trim()) return BUY_FORM_MESSAGES.phoneRequired
  if (!/^\d{10}$/.test(values.phone.trim())) return BUY_FORM_MESSAGES.phoneInvalid
  return null
}

/** What the phone input keeps: digits only, at most 10. */
export const phoneInput = (raw: string) => raw.replace(/\D/g, '').slice(0, PHONE_DIGITS)
