// GSTIN, the 15-character GST registration number (decision 300): the state code (two digits), the
// holder's PAN (ten characters), the registration's number within the state, 'Z' by default, and a
// check character computed from the first fourteen. No zod here, so the SPA's forms and the
// Worker's schemas share one rule and one set of messages.

/** State and union-territory codes GSTINs use (the GST state code list), by code. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
}

export const GSTIN_MESSAGES = {
  invalid: 'GSTIN should be 15 characters: state code, PAN, entity number, Z and a check character (e.g. 27ABCDE1234F1Z0)',
  state: 'The first two digits of the GSTIN are not an Indian state code',
  checksum: 'This GSTIN has a typo: its last character does not match the rest',
  panMismatch: 'The PAN inside the GSTIN does not match the PAN in your payout details',
  panRequired: 'Add your PAN too: a GSTIN is issued on a PAN',
} as const

const SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/
const CODE_POINTS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/**
 * The check character for the first fourteen characters: each character's value (0-9, A-Z as
 * 10-35) times 1 or 2 alternately, the product's quotient and remainder by 36 added, and the
 * character whose value brings the sum to a multiple of 36.
 */
export function gstinCheckChar(first14: string): string {
  let sum = 0
  for (let i = 0; i < first14.length; i++) {
    const product = CODE_POINTS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return CODE_POINTS[(36 - (sum % 36)) % 36]
}

/** A GSTIN as a vendor sees it on screen: the state code and the last three characters. */
export const maskGstin = (gstin: string) => `${gstin.slice(0, 2)}${'X'.repeat(Math.max(0, gstin.length - 5))}${gstin.slice(-3)}`

export type GstinCheck = { ok: true; gstin: string; stateCode: string; pan: string } | { ok: false; message: string }

/** A GSTIN as typed (spaces and case forgiven), checked for shape, state code and check character. */
export function checkGstin(raw: string, pan: string | null = null): GstinCheck {
  const gstin = raw.replace(/\s+/g, '').toUpperCase()
  if (!SHAPE.test(gstin)) return { ok: false, message: GSTIN_MESSAGES.invalid }
  const stateCode = gstin.slice(0, 2)
  if (!(stateCode in GST_STATES)) return { ok: false, message: GSTIN_MESSAGES.state }
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return { ok: false, message: GSTIN_MESSAGES.checksum }
  const inside = gstin.slice(2, 12)
  if (pan !== null && inside !== pan.trim().toUpperCase()) return { ok: false, message: GSTIN_MESSAGES.panMismatch }
  return { ok: true, gstin, stateCode, pan: inside }
}
