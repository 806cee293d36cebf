// TDS on commission under section 194H of the Income-tax Act, as a calculation aid for vendors
// (not tax advice). Rates and the yearly threshold change with budgets, so they live in one table
// with the day each row takes effect; a payout uses the row in force on its payment date.

import { indiaDay } from '../contract/india-date'

export type TdsRule = { from: string; panBps: number; noPanBps: number; thresholdPaise: number }

export const TDS_194H: readonly TdsRule[] = [
  { from: '2016-06-01', panBps: 500, noPanBps: 2000, thresholdPaise: 1_500_000 },
  // Finance (No. 2) Act 2024: 5% to 2% from 1 October 2024.
  { from: '2024-10-01', panBps: 200, noPanBps: 2000, thresholdPaise: 1_500_000 },
  // Finance Act 2025: threshold ₹15,000 to ₹20,000 from 1 April 2025.
  { from: '2025-04-01', panBps: 200, noPanBps: 2000, thresholdPaise: 2_000_000 },
]

export function tdsRuleOn(date: string, table: readonly TdsRule[] = TDS_194H): TdsRule {
  let rule = table[0]
  for (const row of table) if (row.from <= date) rule = row
  return rule
}

/**
 * The Indian financial year (April to March) holding a YYYY-MM-DD day of India's calendar; an
 * instant (ISO text) is first read as India's day, so 20:00 UTC on 31 March is already next year.
 */
export function financialYearOf(dayOrInstant: string): { label: string; start: string; end: string } {
  const date = indiaDay(dayOrInstant)
  const year = Number(date.slice(0, 4))
  const startYear = date.slice(5) >= '04-01' ? year : year - 1
  return {
    label: `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`,
    start: `${startYear}-04-01`,
    end: `${startYear + 1}-03-31`,
  }
}

export type TdsInput = {
  grossPaise: number
  /** This vendor's earlier payouts to this influencer in the same financial year. */
  priorGrossPaise: number
  /** The part of those already covered by a deduction. */
  priorTaxedPaise: number
  hasPan: boolean
  paidOn: string
}

export type TdsResult = {
  tdsPaise: number
  basePaise: number
  rateBps: number
  /** What the dialog explains: the year's total with this pair including this payout, the threshold, the rate for this PAN status. */
  yearTotalPaise: number
  thresholdPaise: number
  ruleRateBps: number
}

/** Section 288B: the deduction is rounded to the nearest rupee (50 paise up). */
export const toNearestRupee = (paise: number) => Math.round(paise / 100) * 100

/**
 * Nothing while the year's commission from this vendor stays at or below the threshold; once it
 * exceeds it, the rate (2%, or 20% without a PAN) applies to the whole year's amount not yet
 * taxed, this payout's included, rounded to the nearest rupee. The deduction never exceeds the
 * payout's gross; when capped (to the whole rupees of the gross), only the part it covers counts
 * as taxed, and the rest is taken from later payouts.
 */
export function tdsFor(input: TdsInput, table: readonly TdsRule[] = TDS_194H): TdsResult {
  const rule = tdsRuleOn(input.paidOn, table)
  const ruleRateBps = input.hasPan ? rule.panBps : rule.noPanBps
  const yearTotal = input.priorGrossPaise + input.grossPaise
  const explained = { yearTotalPaise: yearTotal, thresholdPaise: rule.thresholdPaise, ruleRateBps }
  if (input.grossPaise <= 0 || yearTotal <= rule.thresholdPaise) return { tdsPaise: 0, basePaise: 0, rateBps: 0, ...explained }
  const base = Math.max(0, yearTotal - input.priorTaxedPaise)
  const tds = toNearestRupee((base * ruleRateBps) / 10_000)
  if (tds <= input.grossPaise) return { tdsPaise: tds, basePaise: base, rateBps: ruleRateBps, ...explained }
  const capped = Math.floor(input.grossPaise / 100) * 100
  return { tdsPaise: capped, basePaise: Math.floor((capped * 10_000) / ruleRateBps), rateBps: ruleRateBps, ...explained }
}
