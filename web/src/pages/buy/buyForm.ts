// The buy form's rules (spec 001 section 5), in the order the server checks them
// (`leadProblem` in worker/contract/lead.ts), and the creator-code check (decision 248).
// Repeated here rather than imported: the contract module pulls in zod (about 7 kB gzip), and this
// is the route with a 75 kB JavaScript budget. tests/web/links.test.ts holds the two in step,
// message for message. The phone rules come from @contract/phone itself, which has no zod in it.
import type { BuyFieldName } from '@contract/buy-page'
import { INDIAN_MOBILE_PATTERN, MOBILE_NOT_INDIAN_MESSAGE, mobileInput, normalizeMobile } from '@contract/phone'
import { checkMarketerCode } from '../../api/buy-code'

export const BUY_FORM_MESSAGES = {
  linkInvalid: 'This product link is not valid',
  nameRequired: 'Please Enter Your Name',
  nameTooShort: 'Name should be at least 2 characters.',
  nameTooLong: 'Name should be less than 50 characters.',
  phoneRequired: 'Please Enter Your Mobile Number',
  phoneInvalid: 'Mobile number should be exactly 10 digits',
  phoneNotIndian: MOBILE_NOT_INDIAN_MESSAGE,
  emailInvalid: 'Invalid email format',
} as const

/** The lookup's word for a code that cannot be one (COUPON_MESSAGES.unknown; a unit test keeps them equal). */
export const BUY_CODE_MESSAGES = { unknown: 'This creator code is not known: check its spelling.' } as const

export const BUY_NAME_MIN = 2
export const BUY_NAME_MAX = 50
// The server's EMAIL_PATTERN (linear: no label of the domain may hold a dot).
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/
// contract/coupons.ts isCodeShape: what could be a code at all (anything else is 'not known' without asking).
const CODE_SHAPE = /^[A-Za-z0-9]{4,20}$/

export type BuyFormValues = {
  productId: number | null
  vendorId: number | null
  marketerId: number | null
  name: string
  email: string
  phone: string
}

type ClientField = Exclude<BuyFieldName, 'CreatorCode'>
export type BuyFieldErrors = Partial<Record<BuyFieldName, string>>

const nameError = (typed: string): string | null => {
  const name = typed.trim()
  if (!name) return BUY_FORM_MESSAGES.nameRequired
  if (name.length < BUY_NAME_MIN) return BUY_FORM_MESSAGES.nameTooShort
  return name.length > BUY_NAME_MAX ? BUY_FORM_MESSAGES.nameTooLong : null
}

const phoneError = (typed: string): string | null => {
  const phone = typed.trim()
  if (!phone) return BUY_FORM_MESSAGES.phoneRequired
  const national = normalizeMobile(phone)
  if (!/^\d{10}$/.test(national)) return BUY_FORM_MESSAGES.phoneInvalid
  return INDIAN_MOBILE_PATTERN.test(national) ? null : BUY_FORM_MESSAGES.phoneNotIndian
}

/** Email is optional; what is typed must look like an address. */
const emailError = (typed: string): string | null => {
  const email = typed.trim()
  return email && (email.length > 254 || !EMAIL.test(email)) ? BUY_FORM_MESSAGES.emailInvalid : null
}

/** Each field's message, in the order the server checks them (name, phone, email): the first is the toast's. */
export function buyFieldErrors(v: BuyFormValues): Array<[ClientField, string]> {
  const found: Array<[ClientField, string | null]> = [
    ['ClientName', nameError(v.name)],
    ['ClientPhone', phoneError(v.phone)],
    ['ClientEmail', emailError(v.email)],
  ]
  return found.filter((f): f is [ClientField, string] => f[1] !== null)
}

/** The first broken rule's message, or null when the form may be sent. */
export function buyFormError(v: BuyFormValues): string | null {
  if (!v.productId || !v.vendorId || !v.marketerId) return BUY_FORM_MESSAGES.linkInvalid
  return buyFieldErrors(v)[0]?.[1] ?? null
}

/** Whether a typed code is worth asking the lookup about (blank is no code; a malformed one is not known). */
export const codeShapeOk = (typed: string) => CODE_SHAPE.test(typed.trim())

/** What the phone input keeps: digits only, '+91 98765 43210' pasted becomes its ten digits. */
export const phoneInput = mobileInput

/** What the lookup said of the code text `text`: it works (what it gives), it cannot be used (why), or it could not say. */
export type CodeState = { text: string; status: 'ok'; hint: string } | { text: string; status: 'bad'; message: string } | { text: string; status: 'unchecked' }

/** Asks the public lookup about a typed code; a malformed one is 'not known' without asking. */
export async function codeStateOf(productId: number, text: string): Promise<CodeState> {
  if (!codeShapeOk(text)) return { text, status: 'bad', message: BUY_CODE_MESSAGES.unknown }
  const check = await checkMarketerCode(productId, text.trim())
  if (check === null) return { text, status: 'unchecked' }
  return check.usable ? { text, status: 'ok', hint: `${check.Code}: ${check.BuyerText}` } : { text, status: 'bad', message: check.message }
}
