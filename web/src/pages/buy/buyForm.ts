// The buy form's rules (spec 001 section 5), in the order the server checks them
// (`leadProblem` in worker/contract/lead.ts). Repeated here rather than imported: the contract
// module pulls in zod (about 7 kB gzip), and this is the route with a 110 KB JavaScript budget.
// tests/web/links.test.ts holds the two in step, message for message. The phone rules come from
// @contract/phone itself, which has no zod in it.
import { INDIAN_MOBILE_PATTERN, MOBILE_NOT_INDIAN_MESSAGE, mobileInput, normalizeMobile } from '@contract/phone'

export const BUY_FORM_MESSAGES = {
  linkInvalid: 'This product link is not valid',
  nameRequired: 'Please Enter Your Name',
  nameTooLong: 'Name should be less than 50 characters.',
  phoneRequired: 'Please Enter Your Mobile Number',
  phoneInvalid: 'Mobile number should be exactly 10 digits',
  phoneNotIndian: MOBILE_NOT_INDIAN_MESSAGE,
  emailInvalid: 'Invalid email format',
} as const

export const BUY_NAME_MAX = 50
// The server's EMAIL_PATTERN (linear: no label of the domain may hold a dot).
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

export type BuyFormValues = {
  productId: number | null
  vendorId: number | null
  marketerId: number | null
  name: string
  email: string
  phone: string
}

/** The first broken rule's message, or null when the form may be sent. Email is optional. */
export function buyFormError(v: BuyFormValues): string | null {
  const m = BUY_FORM_MESSAGES
  if (!v.productId || !v.vendorId || !v.marketerId) return m.linkInvalid
  const name = v.name.trim()
  if (!name) return m.nameRequired
  if (name.length > BUY_NAME_MAX) return m.nameTooLong
  const phone = v.phone.trim()
  if (!phone) return m.phoneRequired
  const national = normalizeMobile(phone)
  if (!/^\d{10}$/.test(national)) return m.phoneInvalid
  if (!INDIAN_MOBILE_PATTERN.test(national)) return m.phoneNotIndian
  const email = v.email.trim()
  if (email && (email.length > 254 || !EMAIL.test(email))) return m.emailInvalid
  return null
}

/** What the phone input keeps: digits only, '+91 98765 43210' pasted becomes its ten digits. */
export const phoneInput = mobileInput
