// India's calendar (decision 259): every date a person sees, exports or files, and every
// financial-year rule, is the day it is in India. Stored instants are UTC ISO strings; this is the
// one place that turns them into India's day, shared by the Worker and the SPA so the two cannot
// disagree. India has one time zone and no daylight saving: IST is UTC+5:30 all year, so a fixed
// offset is exact and needs no time-zone database.

export const IST_OFFSET_MS = 330 * 60_000

/** SQLite's date() modifier that turns a stored UTC instant into India's clock: `date(at, '+330 minutes')`. */
export const INDIA_SQL_MODIFIER = `+${IST_OFFSET_MS / 60_000} minutes`

/** The zone every formatter that shows a date to a person names explicitly. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * India's calendar day, 'YYYY-MM-DD', of an instant (ms, ISO text or Date); '' when unreadable.
 * A 'YYYY-MM-DD' day is already India's and comes back as it is.
 */
export function indiaDay(at: number | string | Date = Date.now()): string {
  if (typeof at === 'string' && DAY.test(at)) return at
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at)
  return Number.isFinite(ms) ? new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10) : ''
}

/** The moment (ISO, UTC) a 'YYYY-MM-DD' day of India's calendar begins, for ranges over timestamps. */
export function indiaDayStart(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00+05:30`)).toISOString()
}

/** The hour (0-23) it is in India at an instant. */
export const indiaHour = (now: number): number => new Date(now + IST_OFFSET_MS).getUTCHours()

/**
 * The instant to hand a formatter for a date: noon in India of a 'YYYY-MM-DD' day (so no zone
 * turns it into a neighbouring day), the instant itself otherwise; null when unreadable.
 */
export function instantOf(value: string | number | Date): Date | null {
  const date = typeof value === 'string' && DAY.test(value) ? new Date(`${value}T12:00:00+05:30`) : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}
