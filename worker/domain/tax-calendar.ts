// The deductor's calendar for TDS (decision 300): quarters of the financial year, the day tax
// deducted in a month must be deposited (the 7th of the next month; 30 April for March, rule 30 of
// the Income-tax Rules) and the day each quarter's 26Q return is due (rule 31A). Days are India's.

import { indiaDay } from '../contract/india-date'
import { financialYearOf } from './tds'

export type TdsQuarter = { fy: string; quarter: 1 | 2 | 3 | 4; start: string; end: string; returnDue: string }

const pad = (n: number) => String(n).padStart(2, '0')

/** The quarter holding a day or an instant: Q1 April-June ... Q4 January-March. */
export function quarterOf(dayOrInstant: string): TdsQuarter {
  const day = indiaDay(dayOrInstant)
  const fy = financialYearOf(day)
  const startYear = Number(fy.start.slice(0, 4))
  const month = Number(day.slice(5, 7))
  const quarter = (month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4) as 1 | 2 | 3 | 4
  const firstMonth = [4, 7, 10, 1][quarter - 1]
  const year = quarter === 4 ? startYear + 1 : startYear
  const lastMonth = firstMonth + 2
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate()
  const returnDue = [`${startYear}-07-31`, `${startYear}-10-31`, `${startYear + 1}-01-31`, `${startYear + 1}-05-31`][quarter - 1]
  return { fy: fy.label, quarter, start: `${year}-${pad(firstMonth)}-01`, end: `${year}-${pad(lastMonth)}-${pad(lastDay)}`, returnDue }
}

/** The last day to deposit tax deducted on `dayOrInstant`. */
export function depositDue(dayOrInstant: string): string {
  const day = indiaDay(dayOrInstant)
  const year = Number(day.slice(0, 4))
  const month = Number(day.slice(5, 7))
  if (month === 3) return `${year}-04-30`
  return month === 12 ? `${year + 1}-01-07` : `${year}-${pad(month + 1)}-07`
}
