import type { LeadStatusEffect } from '@contract/lead'
import { formatRupees } from '../../lib/format'

const rupees = (value: number) => formatRupees(value, 2)

/**
 * What a lead status change will do to the influencer's money, in the vendor's words, one sentence
 * per movement. Empty when it moves nothing.
 */
export function describeStatusEffect(effect: LeadStatusEffect): string[] {
  const name = effect.MarketerName || 'the influencer'
  const lines: string[] = []
  if (effect.reversed > 0) lines.push(`This reverses the ${rupees(effect.reversed)} commission ${name} earned on this lead.`)
  if (effect.deducted > 0) lines.push(`${name} was already paid for this lead: this deducts ${rupees(effect.deducted)} from ${name}'s next payout.`)
  if (effect.restored > 0) lines.push(`This cancels the ${rupees(effect.restored)} deduction from ${name}'s next payout.`)
  if (effect.commission > 0) lines.push(`This gives ${name} the ${rupees(effect.commission)} commission again.`)
  return lines
}
