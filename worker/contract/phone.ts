// Indian mobile numbers as people type, paste and autofill them: '+91 98765 43210', '098765-43210',
// '919876543210'. No zod here: the buy page imports this (its JavaScript budget is tight).

/** The spec's messages cover the length; this is the rule Indian mobiles add. */
export const MOBILE_NOT_INDIAN_MESSAGE = 'Mobile number should start with 6, 7, 8 or 9'

/** A national mobile number: ten digits, the first 6 to 9 (numbering plan of India). */
export const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/

// An optional country code (+91, 0091 or 91) and an optional trunk 0, then the ten digits. A plain
// ten-digit entry never loses a digit: the prefixes only match when more than ten digits are given.
const PREFIXED = /^(?:\+91|0091|91)?0?(\d{10})$/

/**
 * The ten national digits of a mobile number written with spaces, dashes, dots, brackets or a
 * +91 / 91 / 0 prefix; anything else comes back without its separators, for the length rule to refuse.
 */
export function normalizeMobile(raw: string): string {
  const compact = raw.trim().replace(/[\s\-.()]/g, '')
  return PREFIXED.exec(compact)?.[1] ?? compact
}

/**
 * What a mobile input keeps as the visitor types or pastes. A pasted or autofilled '+91 98765 43210'
 * (any form normalizeMobile reads) becomes its ten digits. Otherwise digits only, cut at ten (spec:
 * digits only, at most 10), except while a prefix is being typed: an entry starting with '+' keeps
 * its '+', and one starting with 0 (no mobile does) keeps up to 13 digits, so '+91 98765 43210' or
 * '098765 43210' typed key by key is not cut before its last digits arrive.
 */
export function mobileInput(raw: string): string {
  const kept = raw.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')
  const national = normalizeMobile(kept)
  return /^\d{10}$/.test(national) ? national : kept.slice(0, /^[+0]/.test(kept) ? 14 : 10)
}
