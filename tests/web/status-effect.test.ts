import { describe, expect, it } from 'vitest'
import type { LeadStatusEffect } from '../../worker/contract/lead'
import { describeStatusEffect } from '../../web/src/pages/vendor-dashboard/statusEffect'

const effect = (moves: Partial<LeadStatusEffect>): LeadStatusEffect => ({
  LeadID: 1,
  from: 'Converted',
  to: 'Lost',
  MarketerName: 'Kavya Iyer',
  reversed: 0,
  deducted: 0,
  restored: 0,
  commission: 0,
  reasonRequired: true,
  ...moves,
})

describe('the status change confirmation', () => {
  it('says which money moves, naming the influencer and the amount in rupees', () => {
    expect(describeStatusEffect(effect({ reversed: 150 }))).toEqual(['This reverses the ₹150.00 commission Kavya Iyer earned on this lead.'])
    expect(describeStatusEffect(effect({ deducted: 1500 }))).toEqual([
      "Kavya Iyer was already paid for this lead: this deducts ₹1,500.00 from Kavya Iyer's next payout.",
    ])
    expect(describeStatusEffect(effect({ to: 'Converted', restored: 150 }))).toEqual(["This cancels the ₹150.00 deduction from Kavya Iyer's next payout."])
    expect(describeStatusEffect(effect({ to: 'Converted', commission: 80 }))).toEqual(['This gives Kavya Iyer the ₹80.00 commission again.'])
  })

  it('says nothing for a change that moves no money', () => {
    expect(describeStatusEffect(effect({ reasonRequired: false }))).toEqual([])
  })
})
