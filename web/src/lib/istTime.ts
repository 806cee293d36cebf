// India's time (IST, UTC+5:30) for the back office and the notifications: stored timestamps are UTC ISO strings.

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' })
const dateOnly = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' })

/** '26 Nov 2026, 4:05 pm IST' from an ISO timestamp. */
export const formatIstDateTime = (iso: string): string => `${dateTime.format(new Date(iso))} IST`

/** '26 Nov 2026' from a 'YYYY-MM-DD' date that is already India's. */
export const formatIstDate = (day: string): string => dateOnly.format(new Date(`${day}T00:00:00Z`))

/** Today's date in India, 'YYYY-MM-DD'. */
export const indiaToday = (): string => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)

/** '9:00 AM IST' for a whole hour (0-23) of India's day. */
export const formatIstHour = (hour: number): string => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'} IST`
