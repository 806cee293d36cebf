// The formatters the public buy page needs (rupees, media addresses), apart from format.ts so
// that its server render takes only these and its browser entry only media-url.ts (its 75 kB
// JavaScript budget). format.ts re-exports them: the rest of the app imports from there.

const rupeeFormatters = new Map<string, Intl.NumberFormat>()

function rupeeFormatter(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`
  let formatter = rupeeFormatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    })
    rupeeFormatters.set(key, formatter)
  }
  return formatter
}

export const toNumber = (value: number | string | null | undefined) => {
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? n : 0
}

/**
 * ₹1,49,999 style (en-IN grouping). `decimals` fixes the fraction digits; by default whole rupees
 * show none and an amount with paise shows both digits (₹249.90, never ₹249.9).
 */
export function formatRupees(value: number | string | null | undefined, decimals?: number): string {
  const n = toNumber(value)
  const digits = decimals ?? (Math.round(n * 100) % 100 === 0 ? 0 : 2)
  return rupeeFormatter(digits, digits).format(n)
}

export { mediaUrl } from './media-url'
