// India's time (IST, UTC+5:30) for the back office and the notifications: stored timestamps are UTC ISO strings.

import { INDIA_TIME_ZONE, indiaDay } from '@contract/india-date'

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: INDIA_TIME_ZONE })
const dateOnly = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' })

/** '26 Nov 2026, 4:05 pm IST' from an ISO timestamp. */
export const formatIstDateTime = (iso: string): string => `${dateTime.format(new Date(iso))} IST`

/** '26 Nov 2026' from a 'YYYY-MM-DD' date that is already India's. */
export const formatIstDate = (day: string): string => dateOnly.format(new Date(`${day}T00:00:00Z`))

/** Today's date in India, 'YYYY-MM-DD' (the helper the Worker uses too, decision 259). */
export const indiaToday = (): string => indiaDay(Date.now())

/** '9:00 AM IST' for a whole hour (0-23) of India's day. */
export const formatIstHour = (hour: number): string => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'} IST`
