// India's calendar (decision 259): the day a person sees or exports, and the financial year a
// payout falls in, are India's (UTC+5:30), whatever the clock of the machine says.

import { describe, expect, it } from 'vitest'
import { setLeadStatus } from '../../worker/db/leads'
import { indiaDay, indiaDayStart, instantOf } from '../../worker/contract/india-date'
import { financialYearOf } from '../../worker/domain/tds'
import { payoutsCsv, previewPayout, recordPayout } from '../../worker/services/payouts'
import { moneyWorld, nextUtr } from '../helpers/money'
import { keptEvents } from '../helpers/events'

describe("India's calendar day", () => {
  it('turns over at midnight in India, which is 18:30 UTC', () => {
    expect(indiaDay('2026-12-01T18:29:59.999Z')).toBe('2026-12-01')
    expect(indiaDay('2026-12-01T18:30:00.000Z')).toBe('2026-12-02')
    // 02:15 IST on 2 December is 20:45 UTC on 1 December.
    expect(indiaDay(Date.parse('2026-12-01T20:45:00Z'))).toBe('2026-12-02')
    expect(indiaDay(new Date('2026-12-02T18:29:00Z'))).toBe('2026-12-02')
  })

  it('keeps a day that is already India’s, and reads nothing from an unreadable value', () => {
    expect(indiaDay('2027-03-31')).toBe('2027-03-31')
    expect(indiaDay('not a date')).toBe('')
    expect(indiaDayStart('2026-12-02')).toBe('2026-12-01T18:30:00.000Z')
    expect(instantOf('2027-03-31')?.toISOString()).toBe('2027-03-31T06:30:00.000Z')
    expect(instantOf('nonsense')).toBeNull()
  })

  it('puts 20:00 UTC on 31 March in the next financial year: it is already 1 April in India', () => {
    expect(financialYearOf(indiaDay('2027-03-31T18:29:00Z')).label).toBe('2026-27')
    expect(financialYearOf(indiaDay('2027-03-31T20:00:00Z')).label).toBe('2027-28')
    // Handed an instant, the rule still reads India's day, never the UTC one.
    expect(financialYearOf('2027-03-31T20:00:00.000Z')).toEqual({ label: '2027-28', start: '2027-04-01', end: '2028-03-31' })
    expect(financialYearOf('2027-03-31T18:00:00.000Z').label).toBe('2026-27')
  })
})

describe('a payout recorded at 19:00 UTC on 31 March', () => {
  it('is dated 1 April, counts in the next financial year, and the CSV says so', async () => {
    const world = await moneyWorld([150_00], { HoldingDays: 0, PaymentTermsDays: 30 })
    const converted = Date.parse('2027-03-31T10:00:00Z')
    await setLeadStatus(world.db, world.leadIds[0], 'Converted', converted)
    const now = Date.parse('2027-03-31T19:00:00Z')
    const preview = await previewPayout(world.db, world.vendorId, { MarketerID: world.marketerId }, now)
    expect(preview.financialYear).toBe('2027-28')
    // 1 April is today in India, not a date in the future.
    const payout = await recordPayout(
      world.db,
      keptEvents(),
      world.vendorId,
      { MarketerID: world.marketerId, Method: 'UPI', UTR: nextUtr(), PaidOn: indiaDay(now) },
      now,
    )
    expect(payout.PaidOn).toBe('2027-04-01')
    const csv = await payoutsCsv(world.db, { role: 'vendor', id: world.vendorId }, '2027-04-01', '2027-04-01')
    const [head, row] = csv.trim().split('\r\n')
    // Headers in words, as the statement's are: 'Paid on' beside 'Financial year'.
    expect(head.replace('\uFEFF', '').split(',').slice(0, 3)).toEqual(['Payout ID', 'Paid on', 'Financial year'])
    expect(row.split(',').slice(1, 3)).toEqual(['2027-04-01', '2027-28'])
  })
})
