// Due dates of data requests (docs/decisions/091): a request is answered within 10 working days,
// counted Monday to Friday in India's calendar, public holidays not skipped.

/** Today's date in India, 'YYYY-MM-DD': the one helper of India's calendar (decision 259). */
export { indiaDay as indiaToday } from '../contract/india-date'

/**
 * The `n`th working day (Monday to Friday) after `day` ('YYYY-MM-DD'). The day a request comes in
 * is day 0, whatever day of the week it is: a request of Friday is due on the second Friday after,
 * one of Saturday on the second Friday after too.
 */
export function addWorkingDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  let left = n
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1)
    const weekday = date.getUTCDay()
    if (weekday !== 0 && weekday !== 6) left -= 1
  }
  return date.toISOString().slice(0, 10)
}
