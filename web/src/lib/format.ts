// Display rules of spec 000/001 section 9, in one place so every screen formats alike.

import { INDIA_TIME_ZONE, instantOf } from '@contract/india-date'
import { formatRupees, toNumber } from './format-core'

// The buy page's own entry imports these two from format-core.ts directly: it then downloads only
// them, not every formatter of the app (its JavaScript budget is 75 kB).
export { formatRupees, mediaUrl } from './format-core'

/** Fixed commission is prefixed with the rupee sign, Percentage suffixed with %. */
export function formatCommission(type: 'Fixed' | 'Percentage', value: number | string): string {
  const n = toNumber(value)
  return type === 'Percentage' ? `${n}%` : formatRupees(n)
}

/** 1,000+ as one-decimal K, 1,000,000+ as one-decimal M. */
/** A list's total as 'Showing 1-10 of …' reads it: '1,000+' when the server stopped counting at its cap (decision 295). */
export const formatTotal = (total: number, capped = false): string => `${total.toLocaleString('en-IN')}${capped ? '+' : ''}`

export function formatCount(value: number | null | undefined): string {
  const n = toNumber(value)
  // 999,950 and up would round to '1000.0K': it reads as the 1.0M it rounds to.
  if (n >= 999_950) return `${(n / 1_000_000).toFixed(1)}M`
  if (n >= 1_000) return `${(n / 1_000).toFixed(1)}K`
  return String(n)
}

// India's date whatever zone the device is in (decision 259): a lead of 02:15 IST on 2 December
// reads December 2 on a laptop set to UTC too.
const dateFormatter = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: INDIA_TIME_ZONE })

/** 'Month D, YYYY' of India's day; a 'YYYY-MM-DD' day (PaidOn) is India's already. Empty when missing or unreadable. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const date = instantOf(value)
  return date ? dateFormatter.format(date) : ''
}

/** Cuts at `max` characters and adds an ellipsis only when something was cut. */
export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? ''
  return value.length > max ? `${value.slice(0, max)}...` : value
}

export function truncateWords(text: string | null | undefined, maxWords: number): string {
  const words = (text ?? '').trim().split(/\s+/).filter(Boolean)
  return words.length > maxWords ? `${words.slice(0, maxWords).join(' ')}...` : words.join(' ')
}

/** Lowercased title with runs of non-alphanumerics replaced by one hyphen (spec 001 section 2). */
export function slugify(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
}

/** Keeps the first 2 and last 2 characters (influencer lead table). */
export function mask(value: string | null | undefined): string {
  const text = value ?? ''
  if (text.length <= 4) return text
  return `${text.slice(0, 2)}${'*'.repeat(text.length - 4)}${text.slice(-2)}`
}

/** ImageURL is a comma-separated list of media paths; the first is the thumbnail. */
export function imageList(imageUrl: string | null | undefined): string[] {
  return (imageUrl ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
}

export function initials(name: string | null | undefined, fallback = 'I'): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return fallback
  return parts
    .slice(0, 2)
    .map((part) => part[0].toUpperCase())
    .join('')
}
