// TDS under section 194H (decision 019): nothing up to the year's threshold, 2% of the whole year's
// untaxed commission once it is exceeded, 20% without a PAN, each financial year on its own.

import { describe, expect, it } from 'vitest'
import { setLeadStatus } from '../../worker/db/leads'
import { financialYearOf, tdsFor, tdsRuleOn } from '../../worker/domain/tds'
import { saveDetails } from '../../worker/services/payout-details'
import { statementCsv } from '../../worker/services/ledger'
import { previewPayout, recordPayout } from '../../worker/services/payouts'
import { moneyWorld, nextUtr } from '../helpers/money'
import { keptEvents } from '../helpers/events'

const at = (iso: string) => Date.parse(iso)

/** Converts the world's next lead on `day` and pays it the same day; answers the payout. */
async function convertAndPay(world: Awaited<ReturnType<typeof moneyWorld>>, index: number, day: string) {
  const now = at(`${day}T06:00:00Z`)
  await setLeadStatus(world.db, world.leadIds[index], 'Converted', now)
  return recordPayout(world.db, keptEvents(), world.vendorId, { MarketerID: world.marketerId, Method: 'UPI', UTR: nextUtr(), PaidOn: day }, now)
}

const pan = (world: Awaited<ReturnType<typeof moneyWorld>>) =>
  saveDetails(world.db, keptEvents(), world.marketerId, { Method: 'UPI', UpiID: 'creator@okaxis', PAN: 'ABCDE1234F' })

describe('TDS on a payout', () => {
  it('is nothing while the year stays at the ₹20,000 threshold, and 2% of the whole year once it is passed', async () => {
    const world = await moneyWorld([2_000_000, 500_000, 100_000], { HoldingDays: 0, PaymentTermsDays: 30 })
    await pan(world)
    const first = await convertAndPay(world, 0, '2026-05-10')
    expect(first).toMatchObject({ Gross: 20000, TDS: 0, Net: 20000 })
    const second = await convertAndPay(world, 1, '2026-06-10')
    expect(second).toMatchObject({ Gross: 5000, TDS: 500, Net: 4500 })
    // Already taxed up to ₹25,000: only the new ₹1,000 is.
    const third = await convertAndPay(world, 2, '2026-07-10')
    expect(third).toMatchObject({ Gross: 1000, TDS: 20, Net: 980 })
  })

  it('is 20% without a PAN on file', async () => {
    const world = await moneyWorld([2_000_000, 1_000_000], { HoldingDays: 0, PaymentTermsDays: 30 })
    expect(await convertAndPay(world, 0, '2026-05-10')).toMatchObject({ TDS: 0 })
    expect(await convertAndPay(world, 1, '2026-05-11')).toMatchObject({ Gross: 10000, TDS: 6000, Net: 4000 })
  })

  it('starts again in April: payouts on either side of the financial year end are not added up', async () => {
    const split = await moneyWorld([1_500_000, 1_500_000], { HoldingDays: 0, PaymentTermsDays: 30 })
    await pan(split)
    expect(await convertAndPay(split, 0, '2026-03-31')).toMatchObject({ TDS: 0 })
    expect(await convertAndPay(split, 1, '2026-04-01')).toMatchObject({ TDS: 0 })

    const sameYear = await moneyWorld([1_500_000, 1_500_000], { HoldingDays: 0, PaymentTermsDays: 30 })
    await pan(sameYear)
    expect(await convertAndPay(sameYear, 0, '2026-04-01')).toMatchObject({ TDS: 0 })
    expect(await convertAndPay(sameYear, 1, '2027-03-31')).toMatchObject({ Gross: 15000, TDS: 600, Net: 14400 })
  })
})

describe('TDS rounded to the nearest rupee (section 288B)', () => {
  it('is ₹494, not ₹493.95, on a year of ₹24,697.35, and 50 paise go up', () => {
    const year = tdsFor({ grossPaise: 1_200_000, priorGrossPaise: 1_269_735, priorTaxedPaise: 0, hasPan: true, paidOn: '2026-06-01' })
    expect(year).toEqual({ tdsPaise: 49_400, basePaise: 2_469_735, rateBps: 200, yearTotalPaise: 2_469_735, thresholdPaise: 2_000_000, ruleRateBps: 200 })
    expect(tdsFor({ grossPaise: 2_502_500, priorGrossPaise: 0, priorTaxedPaise: 0, hasPan: true, paidOn: '2026-06-01' }).tdsPaise).toBe(50_100)
    expect(tdsFor({ grossPaise: 2_502_400, priorGrossPaise: 0, priorTaxedPaise: 0, hasPan: true, paidOn: '2026-06-01' }).tdsPaise).toBe(50_000)
  })

  it('is explained in the preview, recorded rounded, and the same in the statement', async () => {
    const world = await moneyWorld([1_269_735, 1_200_000], { HoldingDays: 0, PaymentTermsDays: 30 })
    await pan(world)
    expect(await convertAndPay(world, 0, '2026-05-10')).toMatchObject({ TDS: 0 })
    const now = at('2026-06-10T06:00:00Z')
    await setLeadStatus(world.db, world.leadIds[1], 'Converted', now)
    const preview = await previewPayout(world.db, world.vendorId, { MarketerID: world.marketerId, PaidOn: '2026-06-10' }, now)
    expect(preview).toMatchObject({ gross: 12_000, tds: 494, net: 11_506, tdsRatePercent: 2 })
    expect(preview.tdsBasis).toEqual({ section: '194H', yearTotal: 24_697.35, threshold: 20_000, ratePercent: 2, taxedBefore: 0, base: 24_697.35 })
    const paid = await recordPayout(
      world.db,
      keptEvents(),
      world.vendorId,
      { MarketerID: world.marketerId, Method: 'UPI', UTR: nextUtr(), PaidOn: '2026-06-10' },
      now,
    )
    expect(paid).toMatchObject({ Gross: 12_000, TDS: 494, Net: 11_506 })
    const statement = await statementCsv(world.db, world.marketerId, {}, now)
    expect(statement).toContain('TDS for the year')
    expect(statement.split('\r\n').filter((line) => line.includes(',494,') || line.endsWith(',494,2026-27'))).not.toEqual([])
  })

  it('says under the threshold that no TDS is due yet, with the rate that will apply', async () => {
    const world = await moneyWorld([1_000_000], { HoldingDays: 0, PaymentTermsDays: 30 })
    const now = at('2026-06-10T06:00:00Z')
    await setLeadStatus(world.db, world.leadIds[0], 'Converted', now)
    const preview = await previewPayout(world.db, world.vendorId, { MarketerID: world.marketerId, PaidOn: '2026-06-10' }, now)
    expect(preview).toMatchObject({ tds: 0, tdsRatePercent: 0, panOnFile: false })
    expect(preview.tdsBasis).toEqual({ section: '194H', yearTotal: 10_000, threshold: 20_000, ratePercent: 20, taxedBefore: 0, base: 0 })
  })
})

describe('the TDS table and financial years', () => {
  it('uses the rule in force on the payment date', () => {
    expect(tdsRuleOn('2024-09-30')).toMatchObject({ panBps: 500, thresholdPaise: 1_500_000 })
    expect(tdsRuleOn('2024-10-01')).toMatchObject({ panBps: 200, thresholdPaise: 1_500_000 })
    expect(tdsRuleOn('2025-04-01')).toMatchObject({ panBps: 200, noPanBps: 2000, thresholdPaise: 2_000_000 })
  })

  it('names April to March years', () => {
    expect(financialYearOf('2026-03-31')).toEqual({ label: '2025-26', start: '2025-04-01', end: '2026-03-31' })
    expect(financialYearOf('2026-04-01')).toEqual({ label: '2026-27', start: '2026-04-01', end: '2027-03-31' })
  })

  it('never deducts more than the payout, and counts only what it covered as taxed', () => {
    const r = tdsFor({ grossPaise: 10_000, priorGrossPaise: 2_000_000, priorTaxedPaise: 0, hasPan: false, paidOn: '2026-06-01' })
    expect(r).toMatchObject({ tdsPaise: 10_000, basePaise: 50_000, rateBps: 2000 })
    expect(tdsFor({ grossPaise: 1, priorGrossPaise: 1_999_999, priorTaxedPaise: 0, hasPan: true, paidOn: '2026-06-01' })).toMatchObject({ tdsPaise: 0 })
  })
})
