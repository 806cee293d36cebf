// Campaign rules as plain functions (decision 220): the status from the IST dates, who may apply, what a
// campaign lead earns, and the commission floor a campaign must keep on each of its products.

import { CAMPAIGN_COUNTRIES, CAMPAIGN_MESSAGES, type CampaignStatus } from '../contract/campaigns'
import { MARKETER_DEFAULTS } from '../contract/influencer-card'
import { paiseToRupeeString } from '../contract/money'
import type { CommissionType } from '../contract/product'
import { commissionPaise } from './commission'

export type CampaignDates = { StartsOn: string; EndsOn: string; ClosedAt: string | null }

/** Closed when the vendor closed it; else by today's IST date against the window (both days included). */
export function campaignStatus(c: CampaignDates, today: string): CampaignStatus {
  if (c.ClosedAt !== null) return 'Closed'
  if (today < c.StartsOn) return 'Upcoming'
  if (today > c.EndsOn) return 'Ended'
  return 'Live'
}

/** Applications, invitations and campaign leads are taken until the end of EndsOn (IST), unless closed. */
export const campaignRunning = (c: CampaignDates, today: string) => c.ClosedAt === null && today <= c.EndsOn

/** '|a|b|' for a list kept in one text column ('' for an empty list = any). */
export const packList = (values: readonly string[]) => (values.length === 0 ? '' : `|${[...new Set(values)].join('|')}|`)
export const unpackList = (packed: string): string[] => packed.split('|').filter(Boolean)

/**
 * The campaign countries a creator is in: each whose name their Location contains
 * (case-insensitive), the directory's Countries rule; a blank Location is the card's default.
 */
export function marketerCountries(location: string | null): string[] {
  const shown = (location ?? '').trim() || MARKETER_DEFAULTS.location
  const lower = shown.toLowerCase()
  return CAMPAIGN_COUNTRIES.filter((country) => lower.includes(country.toLowerCase()))
}

/** A blank category is shown (and matched) as the card's default. */
export const marketerCategory = (category: string | null) => (category ?? '').trim() || MARKETER_DEFAULTS.category

export type Eligibility = { MinFollowers: number; Categories: string; Countries: string; VerifiedOnly: boolean }
export type Marketer = { totalReachRaw: number; Category: string | null; Location: string | null; Verified: boolean }

/** The first rule of the campaign the creator does not meet (its message), or null when they qualify. */
export function eligibilityProblem(rules: Eligibility, marketer: Marketer): string | null {
  if (marketer.totalReachRaw < rules.MinFollowers) return CAMPAIGN_MESSAGES.notEligibleFollowers(rules.MinFollowers.toLocaleString('en-IN'))
  const categories = unpackList(rules.Categories)
  if (categories.length > 0 && !categories.includes(marketerCategory(marketer.Category))) return CAMPAIGN_MESSAGES.notEligibleCategory
  const countries = unpackList(rules.Countries)
  if (countries.length > 0 && !marketerCountries(marketer.Location).some((c) => countries.includes(c))) return CAMPAIGN_MESSAGES.notEligibleCountry
  if (rules.VerifiedOnly && !marketer.Verified) return CAMPAIGN_MESSAGES.notEligibleVerified
  return null
}

export type CampaignReward = { RewardType: 'Commission' | 'Fee'; CommissionType: CommissionType | null; CommissionValue: number | null }
export type PricedProduct = { ProductName: string; PricePaise: number; CommissionAmountPaise: number }

/** What a campaign lead of `product` earns on conversion: the campaign's commission, or the product's own for a Fee campaign. */
export function campaignCommissionPaise(reward: CampaignReward, product: PricedProduct): number {
  if (reward.RewardType === 'Fee' || reward.CommissionType === null || reward.CommissionValue === null) return product.CommissionAmountPaise
  return commissionPaise(product.PricePaise, reward.CommissionType, reward.CommissionValue)
}

/**
 * A Commission campaign must give each product at least its own commission, and (Fixed) less than
 * its price, as a product's own commission must: the first product that breaks it is named.
 */
export function commissionFloorProblem(reward: CampaignReward, products: readonly PricedProduct[]): string | null {
  if (reward.RewardType !== 'Commission') return null
  for (const product of products) {
    const amount = campaignCommissionPaise(reward, product)
    if (amount < product.CommissionAmountPaise)
      return CAMPAIGN_MESSAGES.commissionBelowProduct(product.ProductName, paiseToRupeeString(product.CommissionAmountPaise))
    if (reward.CommissionType === 'Fixed' && amount >= product.PricePaise) return CAMPAIGN_MESSAGES.commissionAbovePrice(product.ProductName)
  }
  return null
}

/** The 'deliverable due' reminder's day: DELIVERABLE_DUE_REMINDER_DAYS before EndsOn (IST days). */
export function daysBefore(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() - n)
  return date.toISOString().slice(0, 10)
}

/** The label a fee entry carries in the ledger (its ProductName column). */
export const feeEntryLabel = (title: string, item: string) => `Campaign fee: ${title} (${item})`
