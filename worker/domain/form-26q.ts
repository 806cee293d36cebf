// The deductee annexure of a quarter's Form 26Q (decision 300): one row per deduction (or per
// payment below the threshold, which the return also lists with reason 'Y'), in the columns the
// annexure and the return preparation utility's deductee sheet ask for, amounts in rupees with
// two decimals and dates as dd/mm/yyyy. Only the vendor and the back office open it (PANs unmasked).

import { indiaDay } from '../contract/india-date'
import { toCsv } from './csv'
import type { TdsSection } from './tax-sections'

export const ANNEXURE_26Q_COLUMNS = [
  'Sr. No.',
  'Deductee Code',
  'PAN of the Deductee',
  'Name of the Deductee',
  'Section Code',
  'Date of Payment/Credit',
  'Amount Paid/Credited (Rs.)',
  'TDS (Rs.)',
  'Surcharge (Rs.)',
  'Health and Education Cess (Rs.)',
  'Total Tax Deducted (Rs.)',
  'Total Tax Deposited (Rs.)',
  'Date of Deduction',
  'Rate at which Tax Deducted (%)',
  'Reason for Non-deduction/Lower Deduction',
] as const

/** The return's section codes (its section-code annexure) for the sections this product deducts under. */
export const SECTION_CODES: Record<TdsSection, string> = { '194H': '94H', '194C': '94C', '194J(b)': '4JB', '194R': '94R' }

export type Deduction = {
  /** The payee is a company (deductee code 01) or anyone else (02). */
  company: boolean
  pan: string | null
  name: string
  section: TdsSection
  paidAt: string
  grossPaise: number
  tdsPaise: number
  rateBps: number
  /** Deposited with the government (the vendor's challan); null while not yet. */
  depositedPaise: number | null
}

const rupees = (paise: number) => (paise / 100).toFixed(2)
const ddmmyyyy = (at: string) => {
  const day = indiaDay(at)
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`
}

/** Reason codes: 'C' higher rate for want of a PAN, 'Y' not deducted below the threshold. */
function reasonOf(d: Deduction): string {
  if (d.pan === null && d.tdsPaise > 0) return 'C'
  if (d.tdsPaise === 0) return 'Y'
  return ''
}

export function annexure26QCsv(deductions: readonly Deduction[]): string {
  return toCsv(
    ANNEXURE_26Q_COLUMNS,
    deductions.map((d, i) => [
      i + 1,
      d.company ? '01' : '02',
      // The return's word for a payee who has given no PAN.
      d.pan ?? 'PANNOTAVBL',
      d.name,
      SECTION_CODES[d.section],
      ddmmyyyy(d.paidAt),
      rupees(d.grossPaise),
      rupees(d.tdsPaise),
      '0.00',
      '0.00',
      rupees(d.tdsPaise),
      d.depositedPaise === null ? '' : rupees(d.depositedPaise),
      d.tdsPaise > 0 ? ddmmyyyy(d.paidAt) : '',
      (d.rateBps / 100).toFixed(2),
      reasonOf(d),
    ]),
  )
}
