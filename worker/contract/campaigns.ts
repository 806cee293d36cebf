// Campaigns (decision 220): a vendor's brief with products, a reward, deliverables, a window, the
// creators wanted and who may apply; influencers apply or are invited, the vendor accepts or
// declines, accepted creators share campaign links and submit each deliverable for review.
// The server (worker/) and the web (web/) build on this file; /work/campaigns-design.md is the design.
//
// API (all under /api; paged lists take ?limit=&cursor= and answer the okPage envelope):
// Vendor (role vendor, own campaigns only; another vendor's campaign is 403):
//   POST /api/campaigns                                     body CampaignInput      -> 201 CampaignDTO (verified email, else 403)
//   GET  /api/campaigns?status=&q=                          newest first            -> CampaignDTO[] + paging
//   GET  /api/campaigns/{id}                                also a marketer: an Open campaign they qualify for,
//                                                           or one they are a member of / invited to -> CampaignDTO
//   POST /api/campaigns/{id}/close                                                  -> CampaignDTO
//   POST /api/campaigns/{id}/invites                        body { MarketerID }     -> 201 CampaignMemberDTO
//   GET  /api/campaigns/{id}/members?status=                the inbox, oldest first -> CampaignMemberDTO[] + paging
//   POST /api/campaigns/{id}/members/{marketerId}/accept                            -> CampaignMemberDTO
//   POST /api/campaigns/{id}/members/{marketerId}/decline                           -> CampaignMemberDTO
//   GET  /api/campaigns/{id}/deliverables?status=           in the order they were created -> DeliverableDTO[] + paging
//   POST /api/campaigns/{id}/deliverables/{deliverableId}/approve                   -> DeliverableDTO (verified email, else 403)
//   POST /api/campaigns/{id}/deliverables/{deliverableId}/changes  body { Note }    -> DeliverableDTO
//   GET  /api/campaigns/{id}/stats                          per creator (MarketerID order), paged -> CampaignCreatorStatsDTO[] + paging
//                                                           and `totals: CampaignStatsFigures` beside `paging`
// Influencer (role marketer):
//   GET  /api/campaigns/open?q=&category=                   live or upcoming Open campaigns they qualify for
//                                                           and have no membership in, soonest ending first -> CampaignDTO[] + paging
//   GET  /api/campaigns/joined?status=                      their memberships, newest first -> CampaignDTO[] (Membership set) + paging
//   POST /api/campaigns/{id}/apply                          body { Pitch }          -> 201 CampaignMemberDTO
//   POST /api/campaigns/{id}/invitation/accept                                      -> CampaignMemberDTO
//   POST /api/campaigns/{id}/invitation/decline                                     -> CampaignMemberDTO
//   GET  /api/campaigns/{id}/my-deliverables                                        -> MyCampaignDTO
//   POST /api/campaigns/{id}/deliverables/{deliverableId}/submit  body { PostURL, Disclosed } -> DeliverableDTO
//
// Money in answers is rupees (numbers with at most two decimals), like the rest of the API.
// Dates StartsOn/EndsOn are 'YYYY-MM-DD' days in India's time (IST).

import * as z from 'zod/mini'
import { capped } from './fields'
import { searchField } from './list-query'
import { MARKETER_CATEGORIES } from './marketer'
import { DIRECTORY_COUNTRIES } from './directory'
import { hasExtraDecimals, rupeesToPaise } from './money'
import { pageQueryShape } from './paging'
import { COMMISSION_TYPES, type CommissionType, PRODUCT_CATEGORIES } from './product'

export const REWARD_TYPES = ['Commission', 'Fee'] as const
export type RewardType = (typeof REWARD_TYPES)[number]

export const CAMPAIGN_ACCESS = ['Open', 'InviteOnly'] as const
export type CampaignAccess = (typeof CAMPAIGN_ACCESS)[number]

/** Computed from the dates and ClosedAt: only Closed is stored. */
export const CAMPAIGN_STATUSES = ['Upcoming', 'Live', 'Ended', 'Closed'] as const
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number]

export const MEMBER_STATUSES = ['Applied', 'Invited', 'Accepted', 'Declined'] as const
export type MemberStatus = (typeof MEMBER_STATUSES)[number]
export const DECLINED_BY = ['vendor', 'marketer'] as const
export type DeclinedBy = (typeof DECLINED_BY)[number]

export const DELIVERABLE_STATUSES = ['Due', 'Submitted', 'Approved', 'ChangesRequested'] as const
export type DeliverableStatus = (typeof DELIVERABLE_STATUSES)[number]

/** The countries a campaign may ask for: the directory's Countries filter, matched the same way (see docs/decisions/220). */
export const CAMPAIGN_COUNTRIES = DIRECTORY_COUNTRIES
export type CampaignCountry = (typeof CAMPAIGN_COUNTRIES)[number]

export const CAMPAIGN_TITLE_MIN = 3
export const CAMPAIGN_TITLE_MAX = 100
export const CAMPAIGN_BRIEF_MIN = 10
export const CAMPAIGN_BRIEF_MAX = 5000
export const CAMPAIGN_PRODUCTS_MAX = 20
export const DELIVERABLES_MAX = 10
export const DELIVERABLE_LABEL_MAX = 40
export const MARKETERS_WANTED_MAX = 100
export const PITCH_MIN = 10
export const PITCH_MAX = 1000
export const NOTE_MIN = 3
export const NOTE_MAX = 1000
export const POST_URL_MAX = 2048
/** ₹10,00,000 per deliverable: above any real creator fee, far from float trouble. */
export const FEE_MAX_PAISE = 10_00_000 * 100
/** Days before EndsOn that the creator is reminded of items not yet approved. */
export const DELIVERABLE_DUE_REMINDER_DAYS = 2
/** Applications waiting longer than this many days get the vendor's daily nudge. */
export const APPLICATION_WAITING_DAYS = 2

export const CAMPAIGN_MESSAGES = {
  created: 'Campaign created',
  fetched: 'Campaigns fetched successfully',
  fetchedOne: 'Campaign fetched successfully',
  closed: 'Campaign closed',
  alreadyClosed: 'This campaign is already closed',
  notFound: 'Campaign not found',
  notYours: 'This campaign belongs to another vendor',
  notVisible: 'This campaign is not open to you',
  verifyFirst: 'Verify your email address before running campaigns',

  titleRequired: 'Please enter a campaign title',
  titleLength: `Campaign title should be ${CAMPAIGN_TITLE_MIN} to ${CAMPAIGN_TITLE_MAX} characters`,
  briefRequired: 'Please enter the brief',
  briefLength: `Brief should be ${CAMPAIGN_BRIEF_MIN} to ${CAMPAIGN_BRIEF_MAX} characters`,
  productsRequired: 'Please choose at least one product',
  productsTooMany: `A campaign can have at most ${CAMPAIGN_PRODUCTS_MAX} products`,
  productNotYours: 'Choose products from your own active products',
  productInactive: (name: string) => `${name} is switched off: switch it on or leave it out of the campaign`,
  rewardRequired: 'Please choose a reward: Commission or Fee',
  commissionTypeRequired: 'Please choose the commission type: Fixed or Percentage',
  commissionValueRequired: 'Please enter the campaign commission',
  commissionValueInvalid: 'Campaign commission should be a positive number with at most two decimals',
  percentageTooHigh: 'Percentage should be less than 100',
  commissionBelowProduct: (name: string, own: string) => `The campaign commission for ${name} should be at least its own commission (₹${own})`,
  commissionAbovePrice: (name: string) => `The campaign commission for ${name} should be less than its price`,
  feeRequired: 'Please enter the fee per approved deliverable',
  feeInvalid: 'Fee per deliverable should be a positive amount in rupees with at most two decimals, up to ₹10,00,000',
  deliverablesRequired: 'Please add at least one deliverable',
  deliverablesTooMany: `A campaign can ask for at most ${DELIVERABLES_MAX} deliverables`,
  deliverableLabelInvalid: `Each deliverable should be named in 1 to ${DELIVERABLE_LABEL_MAX} characters (e.g. Reel, Story)`,
  startsOnInvalid: 'Start date should be written as YYYY-MM-DD',
  endsOnInvalid: 'End date should be written as YYYY-MM-DD',
  startsInPast: 'Start date cannot be in the past',
  endsBeforeStart: 'End date cannot be before the start date',
  marketersWantedInvalid: `Creators wanted should be a whole number from 1 to ${MARKETERS_WANTED_MAX}`,
  minFollowersInvalid: 'Minimum followers should be a whole number, 0 or more',
  categoriesInvalid: `Categories should be among ${MARKETER_CATEGORIES.join(', ')}`,
  countriesInvalid: `Countries should be among ${CAMPAIGN_COUNTRIES.join(', ')}`,
  verifiedOnlyInvalid: 'Verified only should be true or false',
  accessInvalid: 'Choose who may join: Open or InviteOnly',
  statusInvalid: `status should be one of ${CAMPAIGN_STATUSES.join(', ')}`,
  memberStatusInvalid: `status should be one of ${MEMBER_STATUSES.join(', ')}`,
  deliverableStatusInvalid: `status should be one of ${DELIVERABLE_STATUSES.join(', ')}`,
  categoryInvalid: 'category should be one of the product categories',

  // Applications and invitations
  pitchRequired: 'Please write a short pitch',
  pitchLength: `Pitch should be ${PITCH_MIN} to ${PITCH_MAX} characters`,
  applied: 'Application sent',
  alreadyMember: 'You have already applied to or been invited to this campaign',
  notAccepting: 'This campaign is not taking applications any more',
  inviteOnly: 'This campaign is by invitation only',
  notEligibleFollowers: (min: string) => `This campaign asks for at least ${min} followers`,
  notEligibleCategory: 'This campaign is for creators of other categories',
  notEligibleCountry: 'This campaign is for creators in other countries',
  notEligibleVerified: 'This campaign is for verified creators only',
  marketerRequired: 'Please choose the influencer to invite',
  marketerNotFound: 'Influencer not found',
  marketerSuspended: 'This influencer cannot be invited',
  alreadyInvited: 'This influencer has already applied or been invited',
  invited: 'Invitation sent',
  memberNotFound: 'This influencer has not applied to or been invited to this campaign',
  notApplied: 'Only an application can be accepted or declined here',
  accepted: 'Creator accepted',
  declined: 'Application declined',
  marketersFull: 'This campaign already has all the creators it wants. Close a place first or raise Creators wanted in a new campaign.',
  noInvitation: 'You have no open invitation to this campaign',
  invitationAccepted: 'Invitation accepted',
  invitationDeclined: 'Invitation declined',
  memberRace: 'This membership was changed at the same moment. Please reload and try again.',

  // Deliverables
  deliverablesFetched: 'Deliverables fetched successfully',
  deliverableNotFound: 'Deliverable not found',
  notAcceptedMember: 'Only accepted creators of this campaign can do this',
  postUrlRequired: 'Please enter the post URL',
  postUrlInvalid: 'Post URL should be a web address starting with http:// or https://',
  disclosureRequired: 'Please confirm the post is marked as an ad (#Ad or an equivalent label, as ASCI asks)',
  submitted: 'Deliverable submitted for review',
  cannotSubmit: 'This deliverable is approved or waiting for review: it cannot be submitted again now',
  noteRequired: 'Please write what should change',
  noteLength: `Note should be ${NOTE_MIN} to ${NOTE_MAX} characters`,
  approved: 'Deliverable approved',
  changesRequested: 'Changes requested',
  notSubmitted: 'Only a submitted deliverable can be reviewed',
  reviewRace: 'This deliverable was reviewed at the same moment. Please reload and try again.',
  statsFetched: 'Campaign stats fetched successfully',
  membersFetched: 'Campaign members fetched successfully',
} as const

// ---------------------------------------------------------------------------------------------
// Shapes the API answers

export type CampaignEligibility = {
  /** The creator's total reach (the directory's figure); 0 = any. */
  MinFollowers: number
  /** marketers.Category values; empty = any. */
  Categories: string[]
  /** CAMPAIGN_COUNTRIES values matched against the creator's Location; empty = any. */
  Countries: string[]
  VerifiedOnly: boolean
}

export type CampaignProductDTO = {
  ProductID: number
  ProductName: string
  /** Rupees with two decimals. */
  Price: string
  /** The product's first image (media path), or null. */
  Image: string | null
  IsActive: boolean
  /** The product's own commission per lead, rupees. */
  CommissionAmount: number
  /** What a campaign lead earns per conversion, rupees: the campaign's commission, or the product's own for a Fee campaign. */
  CampaignCommissionAmount: number
}

export type CampaignMembershipDTO = {
  Status: MemberStatus
  DeclinedBy: DeclinedBy | null
  Pitch: string | null
  createdAt: string
  answeredAt: string | null
}

export type CampaignDTO = {
  CampaignID: number
  VendorID: number
  VendorName: string
  Title: string
  Brief: string
  RewardType: RewardType
  /** Set for a Commission campaign, else null. */
  CommissionType: CommissionType | null
  /** Rupees for Fixed, percent for Percentage; null for a Fee campaign. */
  CommissionValue: number | null
  /** Rupees per approved deliverable for a Fee campaign; null for a Commission campaign. */
  FeePerDeliverable: number | null
  /** The items each accepted creator owes, in order, e.g. ['Reel', 'Story', 'Story']. */
  Deliverables: string[]
  /** The same grouped for reading: '1 Reel + 2 Stories' (groupDeliverables). */
  DeliverablesText: string
  StartsOn: string
  EndsOn: string
  CreatorsWanted: number
  AcceptedCount: number
  /** Applications waiting for the vendor's answer. */
  AppliedCount: number
  Eligibility: CampaignEligibility
  Access: CampaignAccess
  Status: CampaignStatus
  ClosedAt: string | null
  createdAt: string
  Products: CampaignProductDTO[]
  /** The calling influencer's membership; null for the vendor or an influencer without one. */
  Membership: CampaignMembershipDTO | null
}

/** The creator card the inbox shows (the directory's figures). */
export type CampaignMarketerCard = {
  MarketerID: number
  MarketerName: string
  MarketerProfilePic: string | null
  Category: string
  Location: string
  Verified: boolean
  totalReach: number
  engagementRate: number
  /** App path of the public profile, /influencer/{id}. */
  profilePath: string
}

export type CampaignMemberDTO = CampaignMembershipDTO & {
  CampaignID: number
  MarketerID: number
  Creator: CampaignMarketerCard
}

export type DeliverableDTO = {
  DeliverableID: number
  CampaignID: number
  MarketerID: number
  MarketerName: string
  /** The item's label, e.g. 'Reel'. */
  Item: string
  /** Position of the item in the campaign's Deliverables (0-based). */
  ItemIndex: number
  Status: DeliverableStatus
  PostURL: string | null
  Disclosed: boolean
  /** The vendor's note when changes were requested, else null. */
  Note: string | null
  submittedAt: string | null
  reviewedAt: string | null
  /** Rupees the approval pays (Fee campaigns), else null. */
  Fee: number | null
}

export type CampaignLinkDTO = {
  ProductID: number
  ProductName: string
  /** The full buy page URL with campaignId (campaignLinkPath in contract/paths.ts, on the app's origin). */
  Link: string
}

/** GET campaigns/{id}/my-deliverables: an accepted (or any) member's view of their items and links. */
export type MyCampaignDTO = {
  Campaign: CampaignDTO
  /** Empty until the creator is accepted. */
  Deliverables: DeliverableDTO[]
  /** Empty until the creator is accepted. */
  Links: CampaignLinkDTO[]
}

export type CampaignStatsFigures = {
  /** Views of the creator's links to the campaign's products from StartsOn to EndsOn (or today), IST days. */
  impressions: number
  /** Leads that carry the campaign. */
  leads: number
  conversions: number
  /** Rupees: commission of converted campaign leads. */
  commissions: number
  /** Rupees: fees of approved deliverables. */
  fees: number
}

export type CampaignMarketerStatsDTO = CampaignStatsFigures & { MarketerID: number; MarketerName: string }

/** GET campaigns/{id}/stats: okPage of CampaignCreatorStatsDTO with `totals` beside `paging`. */
export type CampaignStatsTotals = { totals: CampaignStatsFigures }

// ---------------------------------------------------------------------------------------------
// Pure helpers shared by the server and the web

const plural = (label: string, n: number) => {
  if (n === 1) return label
  if (/[^aeiou]y$/i.test(label)) return `${label.slice(0, -1)}ies`
  if (/(s|x|z|ch|sh)$/i.test(label)) return `${label}es`
  return `${label}s`
}

/** ['Reel', 'Story', 'Story'] -> '1 Reel + 2 Stories' (first appearance order, case-insensitive grouping). */
export function groupDeliverables(items: readonly string[]): string {
  const groups: { label: string; n: number }[] = []
  for (const item of items) {
    const found = groups.find((g) => g.label.toLowerCase() === item.toLowerCase())
    if (found) found.n++
    else groups.push({ label: item, n: 1 })
  }
  return groups.map((g) => `${g.n} ${plural(g.label, g.n)}`).join(' + ')
}

export const CAMPAIGN_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/
const isDay = (v: string) => {
  if (!CAMPAIGN_DATE_PATTERN.test(v)) return false
  const d = new Date(`${v}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v)
}

/** The dates rule of a new campaign; `today` is today's date in IST ('YYYY-MM-DD'). */
export function campaignDatesProblem(startsOn: string, endsOn: string, today: string): string | null {
  if (!isDay(startsOn)) return CAMPAIGN_MESSAGES.startsOnInvalid
  if (!isDay(endsOn)) return CAMPAIGN_MESSAGES.endsOnInvalid
  if (startsOn < today) return CAMPAIGN_MESSAGES.startsInPast
  if (endsOn < startsOn) return CAMPAIGN_MESSAGES.endsBeforeStart
  return null
}

/** http(s) only, a real URL, at most POST_URL_MAX characters. */
export function isPostUrl(value: string): boolean {
  if (value.length > POST_URL_MAX || !/^https?:\/\/\S+$/i.test(value)) return false
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

// ---------------------------------------------------------------------------------------------
// Bodies

const m = CAMPAIGN_MESSAGES
const isIn =
  <T extends readonly string[]>(list: T) =>
  (v: string) =>
    (list as readonly string[]).includes(v)

const amount = (required: string, invalid: string) =>
  z.union([z.string({ error: required }), z.number({ error: required })], { error: required }).check(
    z.refine((v) => String(v).trim() !== '', { error: required, abort: true }),
    z.refine((v) => !hasExtraDecimals(v) && (rupeesToPaise(v) ?? 0) > 0, invalid),
  )

const stringList = (message: string, max: number, itemCheck: (v: string) => boolean) =>
  z.array(z.string({ error: message }).check(z.trim(), z.refine(itemCheck, message)), { error: message }).check(z.maxLength(max, message))

/**
 * POST campaigns. The dates against today (IST), the commission floor per product and the products'
 * ownership are the server's checks (campaignDatesProblem is the shared part of the first).
 */
export const campaignInputSchema = z
  .object(
    {
      Title: z
        .string({ error: m.titleRequired })
        .check(
          z.trim(),
          z.minLength(1, { error: m.titleRequired, abort: true }),
          z.minLength(CAMPAIGN_TITLE_MIN, m.titleLength),
          z.maxLength(CAMPAIGN_TITLE_MAX, m.titleLength),
        ),
      Brief: z
        .string({ error: m.briefRequired })
        .check(
          z.trim(),
          z.minLength(1, { error: m.briefRequired, abort: true }),
          z.minLength(CAMPAIGN_BRIEF_MIN, m.briefLength),
          capped(CAMPAIGN_BRIEF_MAX, m.briefLength),
        ),
      ProductIDs: z
        .array(z.number({ error: m.productsRequired }).check(z.int({ error: m.productsRequired }), z.positive({ error: m.productsRequired })), {
          error: m.productsRequired,
        })
        .check(z.minLength(1, m.productsRequired), z.maxLength(CAMPAIGN_PRODUCTS_MAX, m.productsTooMany)),
      RewardType: z.enum(REWARD_TYPES, { error: m.rewardRequired }),
      CommissionType: z.optional(z.nullable(z.enum(COMMISSION_TYPES, { error: m.commissionTypeRequired }))),
      CommissionValue: z.optional(z.nullable(amount(m.commissionValueRequired, m.commissionValueInvalid))),
      FeePerDeliverable: z.optional(z.nullable(amount(m.feeRequired, m.feeInvalid))),
      Deliverables: z
        .array(
          z
            .string({ error: m.deliverableLabelInvalid })
            .check(z.trim(), z.minLength(1, m.deliverableLabelInvalid), z.maxLength(DELIVERABLE_LABEL_MAX, m.deliverableLabelInvalid)),
          {
            error: m.deliverablesRequired,
          },
        )
        .check(z.minLength(1, m.deliverablesRequired), z.maxLength(DELIVERABLES_MAX, m.deliverablesTooMany)),
      StartsOn: z.string({ error: m.startsOnInvalid }).check(z.trim(), z.refine(isDay, m.startsOnInvalid)),
      EndsOn: z.string({ error: m.endsOnInvalid }).check(z.trim(), z.refine(isDay, m.endsOnInvalid)),
      CreatorsWanted: z
        .number({ error: m.marketersWantedInvalid })
        .check(z.int({ error: m.marketersWantedInvalid }), z.gte(1, m.marketersWantedInvalid), z.lte(MARKETERS_WANTED_MAX, m.marketersWantedInvalid)),
      MinFollowers: z._default(
        z
          .number({ error: m.minFollowersInvalid })
          .check(z.int({ error: m.minFollowersInvalid }), z.gte(0, m.minFollowersInvalid), z.lte(Number.MAX_SAFE_INTEGER, m.minFollowersInvalid)),
        0,
      ),
      Categories: z._default(stringList(m.categoriesInvalid, MARKETER_CATEGORIES.length, isIn(MARKETER_CATEGORIES)), []),
      Countries: z._default(stringList(m.countriesInvalid, CAMPAIGN_COUNTRIES.length, isIn(CAMPAIGN_COUNTRIES)), []),
      VerifiedOnly: z._default(z.boolean({ error: m.verifiedOnlyInvalid }), false),
      Access: z.enum(CAMPAIGN_ACCESS, { error: m.accessInvalid }),
    },
    { error: m.titleRequired },
  )
  .check(
    z.superRefine((v, ctx) => {
      const problem = (() => {
        if (v.RewardType === 'Commission') {
          if (!v.CommissionType) return m.commissionTypeRequired
          if (v.CommissionValue === undefined || v.CommissionValue === null) return m.commissionValueRequired
          if (v.CommissionType === 'Percentage' && (rupeesToPaise(v.CommissionValue) ?? 0) >= 100_00) return m.percentageTooHigh
          return null
        }
        if (v.FeePerDeliverable === undefined || v.FeePerDeliverable === null) return m.feeRequired
        return (rupeesToPaise(v.FeePerDeliverable) ?? 0) > FEE_MAX_PAISE ? m.feeInvalid : null
      })()
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v })
      else if (v.EndsOn < v.StartsOn) ctx.addIssue({ code: 'custom', message: m.endsBeforeStart, input: v })
    }),
  )
export type CampaignInput = z.input<typeof campaignInputSchema>
export type CampaignInputParsed = z.output<typeof campaignInputSchema>

export const inviteSchema = z.object(
  { MarketerID: z.number({ error: m.marketerRequired }).check(z.int({ error: m.marketerRequired }), z.positive({ error: m.marketerRequired })) },
  { error: m.marketerRequired },
)
export type InviteInput = z.input<typeof inviteSchema>

export const applySchema = z.object(
  {
    Pitch: z
      .string({ error: m.pitchRequired })
      .check(z.trim(), z.minLength(1, { error: m.pitchRequired, abort: true }), z.minLength(PITCH_MIN, m.pitchLength), capped(PITCH_MAX, m.pitchLength)),
  },
  { error: m.pitchRequired },
)
export type ApplyInput = z.input<typeof applySchema>

export const submitDeliverableSchema = z.object(
  {
    PostURL: z
      .string({ error: m.postUrlRequired })
      .check(z.trim(), z.minLength(1, { error: m.postUrlRequired, abort: true }), z.refine(isPostUrl, m.postUrlInvalid)),
    Disclosed: z.literal(true, { error: m.disclosureRequired }),
  },
  { error: m.postUrlRequired },
)
export type SubmitDeliverableInput = z.input<typeof submitDeliverableSchema>

export const changesSchema = z.object(
  {
    Note: z
      .string({ error: m.noteRequired })
      .check(z.trim(), z.minLength(1, { error: m.noteRequired, abort: true }), z.minLength(NOTE_MIN, m.noteLength), capped(NOTE_MAX, m.noteLength)),
  },
  { error: m.noteRequired },
)
export type ChangesInput = z.input<typeof changesSchema>

// ---------------------------------------------------------------------------------------------
// Queries

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.pipe(
    z.optional(
      z.string({ error: message }).check(
        z.trim(),
        z.refine((v) => v === '' || (values as readonly string[]).includes(v), message),
      ),
    ),
    z.transform((v: string | undefined): T[number] | undefined => (v ? (v as T[number]) : undefined)),
  )

export const vendorCampaignsQuerySchema = z.object({
  ...pageQueryShape,
  status: optionalChoice(CAMPAIGN_STATUSES, m.statusInvalid),
  q: searchField('Search text'),
})
export const openCampaignsQuerySchema = z.object({
  ...pageQueryShape,
  q: searchField('Search text'),
  /** A product category (contract/product.ts): campaigns with at least one product of it. */
  category: optionalChoice(PRODUCT_CATEGORIES, m.categoryInvalid),
})
export const joinedCampaignsQuerySchema = z.object({ ...pageQueryShape, status: optionalChoice(MEMBER_STATUSES, m.memberStatusInvalid) })
export const membersQuerySchema = z.object({ ...pageQueryShape, status: optionalChoice(MEMBER_STATUSES, m.memberStatusInvalid) })
export const deliverablesQuerySchema = z.object({ ...pageQueryShape, status: optionalChoice(DELIVERABLE_STATUSES, m.deliverableStatusInvalid) })
export const statsQuerySchema = z.object(pageQueryShape)
