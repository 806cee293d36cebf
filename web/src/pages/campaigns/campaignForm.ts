import { CAMPAIGN_MESSAGES, type CampaignAccess, type CampaignInput, campaignDatesProblem, campaignInputSchema } from '@contract/campaigns'
import { type FieldIssue, schemaIssues } from '../../lib/fieldErrors'
import type { ChosenProduct } from './ProductChooser'

// The 'New campaign' form's state (text as typed) and how it becomes the contract's input.

export type CampaignFormValues = {
  Title: string
  Brief: string
  Products: ChosenProduct[]
  RewardType: 'Commission' | 'Fee'
  CommissionType: 'Fixed' | 'Percentage'
  CommissionValue: string
  FeePerDeliverable: string
  /** Each item with a key of its own: the same label may be asked for twice ('Story', 'Story'). */
  Deliverables: { key: number; label: string }[]
  StartsOn: string
  EndsOn: string
  CreatorsWanted: string
  MinFollowers: string
  Categories: string[]
  Countries: string[]
  VerifiedOnly: boolean
  Access: CampaignAccess
}

export const DELIVERABLE_SUGGESTIONS = ['Reel', 'Story', 'Post', 'YouTube video'] as const

export const emptyCampaignForm = (today: string): CampaignFormValues => ({
  Title: '',
  Brief: '',
  Products: [],
  RewardType: 'Commission',
  CommissionType: 'Percentage',
  CommissionValue: '',
  FeePerDeliverable: '',
  Deliverables: [],
  StartsOn: today,
  EndsOn: '',
  CreatorsWanted: '5',
  MinFollowers: '0',
  Categories: [],
  Countries: [],
  VerifiedOnly: false,
  Access: 'Open',
})

/** A typed number, or the text itself so the schema names what is wrong ('' stays '' for 'required'). */
const num = (text: string): number | string => {
  const t = text.trim()
  if (t === '') return ''
  const n = Number(t)
  return Number.isFinite(n) ? n : t
}

/** The body as typed, before the contract's schema has judged it. */
export function formBody(v: CampaignFormValues): Record<string, unknown> {
  const reward =
    v.RewardType === 'Commission'
      ? { RewardType: 'Commission', CommissionType: v.CommissionType, CommissionValue: num(v.CommissionValue) }
      : { RewardType: 'Fee', FeePerDeliverable: num(v.FeePerDeliverable) }
  return {
    Title: v.Title,
    Brief: v.Brief,
    ProductIDs: v.Products.map((p) => p.ProductID),
    ...reward,
    Deliverables: v.Deliverables.map((d) => d.label),
    StartsOn: v.StartsOn,
    EndsOn: v.EndsOn,
    CreatorsWanted: num(v.CreatorsWanted),
    MinFollowers: num(v.MinFollowers || '0'),
    Categories: v.Categories,
    Countries: v.Countries,
    VerifiedOnly: v.VerifiedOnly,
    Access: v.Access,
  }
}

/**
 * The form checked with the schema the server validates with, then the dates against today in
 * India: the body to send, or the contract's first message. The products' own commissions are the
 * server's check (its message names the product).
 */
export function readCampaignForm(v: CampaignFormValues, today: string): { input: CampaignInput; problem: null } | { input: null; problem: string } {
  const parsed = campaignInputSchema.safeParse(formBody(v))
  if (!parsed.success) return { input: null, problem: parsed.error.issues[0]?.message ?? CAMPAIGN_MESSAGES.titleRequired }
  const dates = campaignDatesProblem(parsed.data.StartsOn, parsed.data.EndsOn, today)
  return dates ? { input: null, problem: dates } : { input: parsed.data, problem: null }
}

const m = CAMPAIGN_MESSAGES
/** Messages of the contract's rules across fields, and of the dates' check, with the field each is about. */
export const CAMPAIGN_FIELDS: Readonly<Record<string, string>> = {
  [m.commissionTypeRequired]: 'CommissionType',
  [m.commissionValueRequired]: 'CommissionValue',
  [m.percentageTooHigh]: 'CommissionValue',
  [m.feeRequired]: 'FeePerDeliverable',
  [m.feeInvalid]: 'FeePerDeliverable',
  [m.startsOnInvalid]: 'StartsOn',
  [m.startsInPast]: 'StartsOn',
  [m.endsOnInvalid]: 'EndsOn',
  [m.endsBeforeStart]: 'EndsOn',
  [m.productNotYours]: 'ProductIDs',
}

const inputIssues = schemaIssues(campaignInputSchema)

/** Every problem of the form (readCampaignForm's first message is the first of these). */
export function campaignFormIssues(v: CampaignFormValues, today: string): readonly FieldIssue[] {
  const issues = inputIssues(formBody(v))
  if (issues.length > 0) return issues
  const dates = campaignDatesProblem(v.StartsOn.trim(), v.EndsOn.trim(), today)
  return dates ? [{ path: [], message: dates }] : []
}
