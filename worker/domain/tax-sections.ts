// TDS sections a vendor deducts under when paying creators (decision 300), as dated rows: a budget's
// change is a new row with its start date, never a code change. A payment uses the row of its
// section in force on its payment day (India's day). The 194H rows are those of tds.ts.

import { TDS_194H } from './tds'
import { toNearestRupee } from './tds'

export const TDS_SECTIONS = ['194H', '194C', '194J(b)', '194R'] as const
export type TdsSection = (typeof TDS_SECTIONS)[number]

/** What a vendor's campaign fees may be deducted under (a setting per vendor); 194C by default. */
export const FEE_SECTIONS = ['194C', '194J(b)'] as const satisfies readonly TdsSection[]
export type FeeSection = (typeof FEE_SECTIONS)[number]
export const DEFAULT_FEE_SECTION: FeeSection = '194C'

export type SectionRule = {
  section: TdsSection
  from: string
  /** The rate with a valid PAN for an individual or HUF payee, and for any other payee. */
  individualBps: number
  otherBps: number
  /** Section 206AA: 20 % when the payee has given no valid PAN. */
  noPanBps: number
  /** Nothing is deducted while the financial year's total to this payee stays at or below this. */
  yearThresholdPaise: number
  /** 194C only: a single payment above this is taxed even while the year stays below its threshold. */
  singleThresholdPaise: number | null
}

export const SECTION_RULES: readonly SectionRule[] = [
  ...TDS_194H.map(
    (r): SectionRule => ({
      section: '194H',
      from: r.from,
      individualBps: r.panBps,
      otherBps: r.panBps,
      noPanBps: r.noPanBps,
      yearThresholdPaise: r.thresholdPaise,
      singleThresholdPaise: null,
    }),
  ),
  // Finance Act 2016: the yearly aggregate ₹75,000 to ₹1,00,000 from 1 June 2016; ₹30,000 a payment.
  { section: '194C', from: '2016-06-01', individualBps: 100, otherBps: 200, noPanBps: 2000, yearThresholdPaise: 10_000_000, singleThresholdPaise: 3_000_000 },
  // Finance Act 2020 split 194J: professional fees (b) stay at 10 %, technical services (a) 2 %.
  { section: '194J(b)', from: '2020-04-01', individualBps: 1000, otherBps: 1000, noPanBps: 2000, yearThresholdPaise: 3_000_000, singleThresholdPaise: null },
  // Finance Act 2025: the 194J threshold ₹30,000 to ₹50,000 from 1 April 2025.
  { section: '194J(b)', from: '2025-04-01', individualBps: 1000, otherBps: 1000, noPanBps: 2000, yearThresholdPaise: 5_000_000, singleThresholdPaise: null },
  // Finance Act 2022: benefits or perquisites of a business, from 1 July 2022, 10 % above ₹20,000 a year.
  { section: '194R', from: '2022-07-01', individualBps: 1000, otherBps: 1000, noPanBps: 2000, yearThresholdPaise: 2_000_000, singleThresholdPaise: null },
]

/** The row of `section` in force on `day` (YYYY-MM-DD, India's); null before the section existed. */
export function sectionRuleOn(section: TdsSection, day: string, rules: readonly SectionRule[] = SECTION_RULES): SectionRule | null {
  let found: SectionRule | null = null
  for (const row of rules) if (row.section === section && row.from <= day && (found === null || row.from >= found.from)) found = row
  return found
}

export type SectionTdsInput = {
  section: TdsSection
  grossPaise: number
  /** This vendor's earlier payments to this payee under the same section in the same financial year. */
  priorGrossPaise: number
  /** The part of those already covered by a deduction. */
  priorTaxedPaise: number
  hasPan: boolean
  /** An individual or HUF (every creator account today); 194C asks 2 % of anyone else. */
  individual: boolean
  paidOn: string
}

export type SectionTds = { section: TdsSection; tdsPaise: number; basePaise: number; rateBps: number; rule: SectionRule | null }

/**
 * The deduction on one payment. Once the year's total passes its threshold the rate applies to the
 * whole year's amount not yet taxed (this payment included); a 194C payment above its single
 * threshold is taxed on its own even below the yearly one. Rounded to the rupee (section 288B),
 * never more than the payment's whole rupees; when capped, only the part it covers counts as taxed.
 */
export function sectionTds(input: SectionTdsInput, rules: readonly SectionRule[] = SECTION_RULES): SectionTds {
  const rule = sectionRuleOn(input.section, input.paidOn, rules)
  const none = { section: input.section, tdsPaise: 0, basePaise: 0, rateBps: 0, rule }
  if (rule === null || input.grossPaise <= 0) return none
  const rateBps = !input.hasPan ? rule.noPanBps : input.individual ? rule.individualBps : rule.otherBps
  const yearTotal = input.priorGrossPaise + input.grossPaise
  const overYear = yearTotal > rule.yearThresholdPaise
  const overSingle = rule.singleThresholdPaise !== null && input.grossPaise > rule.singleThresholdPaise
  if (!overYear && !overSingle) return none
  const base = overYear ? Math.max(0, yearTotal - input.priorTaxedPaise) : input.grossPaise
  const tds = toNearestRupee((base * rateBps) / 10_000)
  if (tds <= input.grossPaise) return { section: input.section, tdsPaise: tds, basePaise: base, rateBps, rule }
  const capped = Math.floor(input.grossPaise / 100) * 100
  return { section: input.section, tdsPaise: capped, basePaise: Math.floor((capped * 10_000) / rateBps), rateBps, rule }
}
