// India's tax rules as data (decision 300): GSTINs, the GST split, each TDS section's thresholds
// across a financial year and a budget's change, and the deductor's calendar.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GSTIN_MESSAGES, checkGstin, gstinCheckChar } from '../../worker/contract/gstin'
import { gstSplit } from '../../worker/domain/gst'
import { ANNEXURE_26Q_COLUMNS, annexure26QCsv } from '../../worker/domain/form-26q'
import { depositDue, quarterOf } from '../../worker/domain/tax-calendar'
import { SECTION_RULES, type SectionTdsInput, sectionRuleOn, sectionTds } from '../../worker/domain/tax-sections'
import { tdsFor } from '../../worker/domain/tds'
import { PROPERTY_TIMEOUT } from '../helpers/property'

describe('GSTIN', () => {
  it('accepts real-format numbers and reads the state and the PAN inside', () => {
    expect(checkGstin('27AAPFU0939F1ZV')).toEqual({ ok: true, gstin: '27AAPFU0939F1ZV', stateCode: '27', pan: 'AAPFU0939F' })
    // The same PAN registered in Delhi: another state code, so another check character.
    expect(checkGstin('07aapfu0939f1zx ')).toMatchObject({ ok: true, stateCode: '07' })
  })

  it('refuses a typo, a wrong shape, a state that is not one, and a PAN that is not the creator’s', () => {
    expect(checkGstin('27AAPFU0939F1ZW')).toEqual({ ok: false, message: GSTIN_MESSAGES.checksum })
    expect(checkGstin('27AAPFU0939F1Z')).toEqual({ ok: false, message: GSTIN_MESSAGES.invalid })
    expect(checkGstin('27AAPFU0939F1AV')).toEqual({ ok: false, message: GSTIN_MESSAGES.invalid })
    const noState = `72AAPFU0939F1Z${gstinCheckChar('72AAPFU0939F1Z')}`
    expect(checkGstin(noState)).toEqual({ ok: false, message: GSTIN_MESSAGES.state })
    expect(checkGstin('27AAPFU0939F1ZV', 'ABCDE1234F')).toEqual({ ok: false, message: GSTIN_MESSAGES.panMismatch })
    expect(checkGstin('27AAPFU0939F1ZV', 'aapfu0939f')).toMatchObject({ ok: true })
  })

  it('catches every single changed character of a valid number', () => {
    const valid = '27AAPFU0939F1ZV'
    const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
    for (let i = 0; i < 15; i++) {
      for (const ch of chars) {
        if (ch === valid[i]) continue
        expect(checkGstin(valid.slice(0, i) + ch + valid.slice(i + 1)).ok).toBe(false)
      }
    }
  })
})

describe('GST on a payout', () => {
  it('is IGST at 18 % between states, CGST and SGST at 9 % each within one', () => {
    expect(gstSplit(1_000_000, '29', '27')).toEqual({ taxablePaise: 1_000_000, igstPaise: 180_000, cgstPaise: 0, sgstPaise: 0, totalPaise: 1_180_000 })
    expect(gstSplit(1_000_000, '27', '27')).toEqual({ taxablePaise: 1_000_000, igstPaise: 0, cgstPaise: 90_000, sgstPaise: 90_000, totalPaise: 1_180_000 })
    // ₹3.33: 9 % is 29.97 paise, 30 each; 18 % is 59.94, 60.
    expect(gstSplit(333, '27', '27')).toMatchObject({ cgstPaise: 30, sgstPaise: 30, totalPaise: 393 })
    expect(gstSplit(333, '07', '27')).toMatchObject({ igstPaise: 60, totalPaise: 393 })
  })

  it('always adds up to the taxable value plus its taxes, within a paisa of 18 %', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.boolean(), (taxable, same) => {
        const split = gstSplit(taxable, '27', same ? '27' : '29')
        const taxes = split.igstPaise + split.cgstPaise + split.sgstPaise
        expect(split.totalPaise).toBe(taxable + taxes)
        expect(Math.abs(taxes - taxable * 0.18)).toBeLessThanOrEqual(1)
      }),
      { numRuns: 500 },
    )
  })
})

const pay = (over: Partial<SectionTdsInput>): SectionTdsInput => ({
  section: '194C',
  grossPaise: 0,
  priorGrossPaise: 0,
  priorTaxedPaise: 0,
  hasPan: true,
  individual: true,
  paidOn: '2026-06-01',
  ...over,
})

describe('TDS by section', () => {
  it('194C: a payment above ₹30,000 is taxed on its own; past ₹1,00,000 a year the whole year is', () => {
    expect(sectionTds(pay({ grossPaise: 3_000_000 })).tdsPaise).toBe(0)
    expect(sectionTds(pay({ grossPaise: 3_000_100 })).tdsPaise).toBe(30_000)
    expect(sectionTds(pay({ grossPaise: 3_000_100, individual: false })).tdsPaise).toBe(60_000)
    // ₹90,000 paid untaxed in pieces of ₹30,000, then ₹20,000: ₹1,10,000 in the year, 1 % of it.
    expect(sectionTds(pay({ grossPaise: 2_000_000, priorGrossPaise: 9_000_000 })).tdsPaise).toBe(110_000)
    // Without a PAN, 20 % of ₹1,10,000 is more than this payment: the whole payment, the rest later.
    expect(sectionTds(pay({ grossPaise: 2_000_000, priorGrossPaise: 9_000_000, hasPan: false })).tdsPaise).toBe(2_000_000)
    expect(sectionTds(pay({ grossPaise: 3_000_000, priorGrossPaise: 9_000_000, hasPan: false })).tdsPaise).toBe(2_400_000)
  })

  it('194J(b): the threshold was ₹30,000 to 31 March 2025 and is ₹50,000 from 1 April 2025', () => {
    const fee = { section: '194J(b)' as const, grossPaise: 4_000_000 }
    expect(sectionTds(pay({ ...fee, paidOn: '2025-03-31' })).tdsPaise).toBe(400_000)
    expect(sectionTds(pay({ ...fee, paidOn: '2025-04-01' })).tdsPaise).toBe(0)
    expect(sectionTds(pay({ ...fee, paidOn: '2025-04-01', priorGrossPaise: 1_500_000 })).tdsPaise).toBe(550_000)
  })

  it('194R: benefits above ₹20,000 in a year, 10 %, and nothing before the section began', () => {
    expect(sectionTds(pay({ section: '194R', grossPaise: 2_500_000 })).tdsPaise).toBe(250_000)
    expect(sectionTds(pay({ section: '194R', grossPaise: 2_000_000 })).tdsPaise).toBe(0)
    expect(sectionTds(pay({ section: '194R', grossPaise: 2_500_000, paidOn: '2022-06-30' })).rule).toBeNull()
  })

  it('each section has its own rows in date order, and a new row is all a rule change needs', () => {
    expect(sectionRuleOn('194H', '2024-09-30')?.individualBps).toBe(500)
    expect(sectionRuleOn('194H', '2024-10-01')?.individualBps).toBe(200)
    const budget = [...SECTION_RULES, { ...(sectionRuleOn('194C', '2026-01-01') ?? SECTION_RULES[0]), from: '2027-04-01', yearThresholdPaise: 20_000_000 }]
    expect(sectionTds(pay({ grossPaise: 1_500_000, priorGrossPaise: 9_000_000, paidOn: '2027-04-01' }), budget).tdsPaise).toBe(0)
    expect(sectionTds(pay({ grossPaise: 1_500_000, priorGrossPaise: 9_000_000, paidOn: '2027-03-31' }), budget).tdsPaise).toBe(105_000)
  })

  it(
    '194H through the section table deducts exactly what the payout dialog deducts',
    () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 10_000_000 }),
          fc.integer({ min: 0, max: 10_000_000 }),
          fc.integer({ min: 0, max: 100 }),
          fc.boolean(),
          fc.constantFrom('2024-09-30', '2024-10-01', '2025-03-31', '2025-04-01', '2026-12-02'),
          (gross, prior, taxedPct, hasPan, paidOn) => {
            const priorTaxed = Math.floor((prior * taxedPct) / 100)
            const dialog = tdsFor({ grossPaise: gross, priorGrossPaise: prior, priorTaxedPaise: priorTaxed, hasPan, paidOn })
            const table = sectionTds(pay({ section: '194H', grossPaise: gross, priorGrossPaise: prior, priorTaxedPaise: priorTaxed, hasPan, paidOn }))
            expect(table.tdsPaise).toBe(dialog.tdsPaise)
            expect(table.basePaise).toBe(dialog.basePaise)
          },
        ),
        { numRuns: 1000 },
      )
    },
    PROPERTY_TIMEOUT,
  )

  it(
    'accumulates per section: never more than a payment, never more than the rate over the year, all of it once past',
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: 1, max: 6_000_000 }), { minLength: 1, maxLength: 12 }),
          fc.constantFrom('194C', '194J(b)', '194R' as const),
          (payments, section) => {
            let prior = 0
            let taxed = 0
            let deducted = 0
            let capped = false
            for (const gross of payments) {
              const r = sectionTds(pay({ section, grossPaise: gross, priorGrossPaise: prior, priorTaxedPaise: taxed }))
              expect(r.tdsPaise).toBeLessThanOrEqual(gross)
              capped = r.tdsPaise > 0 && r.tdsPaise === Math.floor(gross / 100) * 100 && r.basePaise < prior + gross - taxed
              prior += gross
              taxed += r.basePaise
              deducted += r.tdsPaise
            }
            const rule = sectionRuleOn(section, '2026-06-01')
            if (!rule) throw new Error(`no ${section} rule`)
            const due = (prior * rule.individualBps) / 10_000
            expect(deducted).toBeLessThanOrEqual(due + 50 * payments.length)
            if (prior > rule.yearThresholdPaise && !capped) expect(deducted).toBeGreaterThanOrEqual(due - 50 * payments.length)
          },
        ),
        { numRuns: 300 },
      )
    },
    PROPERTY_TIMEOUT,
  )
})

describe('the deductor’s calendar', () => {
  it('names the quarter and its 26Q return date', () => {
    expect(quarterOf('2026-04-01')).toEqual({ fy: '2026-27', quarter: 1, start: '2026-04-01', end: '2026-06-30', returnDue: '2026-07-31' })
    expect(quarterOf('2026-12-02')).toMatchObject({ quarter: 3, start: '2026-10-01', end: '2026-12-31', returnDue: '2027-01-31' })
    expect(quarterOf('2027-03-31')).toMatchObject({ fy: '2026-27', quarter: 4, start: '2027-01-01', end: '2027-03-31', returnDue: '2027-05-31' })
    // 20:00 UTC on 31 March is 1 April in India: the next year's first quarter.
    expect(quarterOf('2027-03-31T20:00:00Z')).toMatchObject({ fy: '2027-28', quarter: 1 })
  })

  it('deposit by the 7th of the next month, and 30 April for March', () => {
    expect(depositDue('2026-06-15')).toBe('2026-07-07')
    expect(depositDue('2026-12-31')).toBe('2027-01-07')
    expect(depositDue('2027-03-10')).toBe('2027-04-30')
    // 00:30 on 1 December in India: December's tax, due on 7 January.
    expect(depositDue('2026-11-30T19:00:00Z')).toBe('2027-01-07')
  })
})

describe('the 26Q deductee annexure', () => {
  it('lists each deduction in the return’s columns, India’s dates, rupees to the paisa, reasons', () => {
    const csv = annexure26QCsv([
      {
        company: false,
        pan: 'ABCDE1234F',
        name: 'Ananya Rao',
        section: '194H',
        paidAt: '2026-12-01T20:00:00Z',
        grossPaise: 2_512_345,
        tdsPaise: 50_200,
        rateBps: 200,
        depositedPaise: 50_200,
      },
      {
        company: false,
        pan: null,
        name: 'Ravi K',
        section: '194C',
        paidAt: '2026-11-03T06:00:00Z',
        grossPaise: 4_000_000,
        tdsPaise: 800_000,
        rateBps: 2000,
        depositedPaise: null,
      },
      {
        company: true,
        pan: 'AAPFU0939F',
        name: '=Weaves Pvt Ltd',
        section: '194J(b)',
        paidAt: '2026-10-10',
        grossPaise: 1_000_000,
        tdsPaise: 0,
        rateBps: 0,
        depositedPaise: null,
      },
    ])
    const [header, ...rows] = csv.trimEnd().split('\r\n')
    expect(header.split(',')).toEqual([...ANNEXURE_26Q_COLUMNS])
    // 20:00 UTC on 1 December is 2 December in India.
    expect(rows[0]).toBe('1,02,ABCDE1234F,Ananya Rao,94H,02/12/2026,25123.45,502.00,0.00,0.00,502.00,502.00,02/12/2026,2.00,')
    expect(rows[1]).toBe('2,02,PANNOTAVBL,Ravi K,94C,03/11/2026,40000.00,8000.00,0.00,0.00,8000.00,,03/11/2026,20.00,C')
    // A name a spreadsheet would run as a formula is defused.
    expect(rows[2]).toBe("3,01,AAPFU0939F,'=Weaves Pvt Ltd,4JB,10/10/2026,10000.00,0.00,0.00,0.00,0.00,,,0.00,Y")
  })
})
