// Rupee amounts travel as text ("1499.50") or numbers and are kept as integer paise, so sums and
// comparisons never drift. Only plain amounts with at most two decimals are accepted: "1e3",
// "-5" or "12.345" are not prices anyone types.

const AMOUNT = /^(\d{1,12})(?:\.(\d{1,2}))?$/

/** Paise for a rupee amount, or null when the value is not a plain non-negative amount. */
export function rupeesToPaise(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const match = AMOUNT.exec(String(value).trim())
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** A plain amount with three or more decimals ("10.555"): worth its own message, it is not a typo of the kind "abc" is. */
export function hasExtraDecimals(value: string | number | null | undefined): boolean {
  return value !== null && value !== undefined && /^\d{1,12}\.\d{3,}$/.test(String(value).trim())
}

/** Rupees as a number (for amounts the API answers as numbers, e.g. CommissionAmount). */
export const paiseToRupees = (paise: number): number => paise / 100

/** Rupees as text with exactly two decimals, e.g. 149950 -> "1499.50" (the spec's "string number" price). */
export function paiseToRupeeString(paise: number): string {
  const sign = paise < 0 ? '-' : ''
  const abs = Math.abs(paise)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
