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
//   GET  /api/campaigns/{id}/stats                          per creator (MarketerID order), paged -> CampaignMarketerStatsDTO[] + paging
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
import { optionalChoiceField, searchField } from './list-query'
import { MARKETER_CATEGORIES } from './marketer'
import { DIRECTORY_COUNTRIES } from './directory'
import { hasCredentials } from './links'
import { hasExtraDecimals, rupeesToPaise } from './money'
import { pageQueryShape } from './paging'
import { COMMISSION_TYPES, PRODUCT_CATEGORIES } from './product'
import { defineRoute } from './route'

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
  postUrlCredentials: 'Post URL should not contain a user name or password',
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

export const campaignEligibilitySchema = z.object({
  /** The creator's total reach (the directory's figure); 0 = any. */
  MinFollowers: z.number(),
  /** marketers.Category values; empty = any. */
  Categories: z.array(z.string()),
  /** CAMPAIGN_COUNTRIES values matched against the creator's Location; empty = any. */
  Countries: z.array(z.string()),
  VerifiedOnly: z.boolean(),
})
export type CampaignEligibility = z.output<typeof campaignEligibilitySchema>

export const campaignProductSchema = z.object({
  ProductID: z.number(),
  ProductName: z.string(),
  /** Rupees with two decimals. */
  Price: z.string(),
  /** The product's first image (media path), or null. */
  Image: z.nullable(z.string()),
  IsActive: z.boolean(),
  /** The product's own commission per lead, rupees. */
  CommissionAmount: z.number(),
  /** What a campaign lead earns per conversion, rupees: the campaign's commission, or the product's own for a Fee campaign. */
  CampaignCommissionAmount: z.number(),
})
export type CampaignProductDTO = z.output<typeof campaignProductSchema>

export const campaignMembershipSchema = z.object({
  Status: z.enum(MEMBER_STATUSES),
  DeclinedBy: z.nullable(z.enum(DECLINED_BY)),
  Pitch: z.nullable(z.string()),
  createdAt: z.string(),
  answeredAt: z.nullable(z.string()),
})
export type CampaignMembershipDTO = z.output<typeof campaignMembershipSchema>

export const campaignSchema = z.object({
  CampaignID: z.number(),
  VendorID: z.number(),
  VendorName: z.string(),
  Title: z.string(),
  Brief: z.string(),
  RewardType: z.enum(REWARD_TYPES),
  /** Set for a Commission campaign, else null. */
  CommissionType: z.nullable(z.enum(COMMISSION_TYPES)),
  /** Rupees for Fixed, percent for Percentage; null for a Fee campaign. */
  CommissionValue: z.nullable(z.number()),
  /** Rupees per approved deliverable for a Fee campaign; null for a Commission campaign. */
  FeePerDeliverable: z.nullable(z.number()),
  /** The items each accepted creator owes, in order, e.g. ['Reel', 'Story', 'Story']. */
  Deliverables: z.array(z.string()),
  /** The same grouped for reading: '1 Reel + 2 Stories' (groupDeliverables). */
  DeliverablesText: z.string(),
  /** India's day, YYYY-MM-DD. */
  StartsOn: z.string(),
  /** India's day, YYYY-MM-DD. */
  EndsOn: z.string(),
  CreatorsWanted: z.number(),
  AcceptedCount: z.number(),
  /** Applications waiting for the vendor's answer. */
  AppliedCount: z.number(),
  Eligibility: campaignEligibilitySchema,
  Access: z.enum(CAMPAIGN_ACCESS),
  Status: z.enum(CAMPAIGN_STATUSES),
  ClosedAt: z.nullable(z.string()),
  createdAt: z.string(),
  Products: z.array(campaignProductSchema),
  /** The calling influencer's membership; null for the vendor or an influencer without one. */
  Membership: z.nullable(campaignMembershipSchema),
})
export type CampaignDTO = z.output<typeof campaignSchema>

/** The creator card the inbox shows (the directory's figures). */
export const campaignMarketerCardSchema = z.object({
  MarketerID: z.number(),
  MarketerName: z.string(),
  MarketerProfilePic: z.nullable(z.string()),
  Category: z.string(),
  Location: z.string(),
  Verified: z.boolean(),
  totalReach: z.number(),
  engagementRate: z.number(),
  /** App path of the public profile, /influencer/{id}. */
  profilePath: z.string(),
})
export type CampaignMarketerCard = z.output<typeof campaignMarketerCardSchema>

export const campaignMemberSchema = z.extend(campaignMembershipSchema, {
  CampaignID: z.number(),
  MarketerID: z.number(),
  Creator: campaignMarketerCardSchema,
})
export type CampaignMemberDTO = z.output<typeof campaignMemberSchema>

export const deliverableSchema = z.object({
  DeliverableID: z.number(),
  CampaignID: z.number(),
  MarketerID: z.number(),
  MarketerName: z.string(),
  /** The item's label, e.g. 'Reel'. */
  Item: z.string(),
  /** Position of the item in the campaign's Deliverables (0-based). */
  ItemIndex: z.number(),
  Status: z.enum(DELIVERABLE_STATUSES),
  PostURL: z.nullable(z.string()),
  Disclosed: z.boolean(),
  /** The vendor's note when changes were requested, else null. */
  Note: z.nullable(z.string()),
  submittedAt: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
  /** Rupees the approval pays (Fee campaigns), else null. */
  Fee: z.nullable(z.number()),
})
export type DeliverableDTO = z.output<typeof deliverableSchema>

export const campaignLinkSchema = z.object({
  ProductID: z.number(),
  ProductName: z.string(),
  /** The full buy page URL with campaignId (campaignLinkPath in contract/paths.ts, on the app's origin). */
  Link: z.string(),
})
export type CampaignLinkDTO = z.output<typeof campaignLinkSchema>

/** GET campaigns/{id}/my-deliverables: an accepted (or any) member's view of their items and links. */
export const myCampaignSchema = z.object({
  Campaign: campaignSchema,
  /** Empty until the creator is accepted. */
  Deliverables: z.array(deliverableSchema),
  /** Empty until the creator is accepted. */
  Links: z.array(campaignLinkSchema),
})
export type MyCampaignDTO = z.output<typeof myCampaignSchema>

export const campaignStatsFiguresSchema = z.object({
  /** Views of the creator's links to the campaign's products from StartsOn to EndsOn (or today), IST days. */
  impressions: z.number(),
  /** Leads that carry the campaign. */
  leads: z.number(),
  conversions: z.number(),
  /** Rupees: commission of converted campaign leads. */
  commissions: z.number(),
  /** Rupees: fees of approved deliverables. */
  fees: z.number(),
})
export type CampaignStatsFigures = z.output<typeof campaignStatsFiguresSchema>

export const campaignMarketerStatsSchema = z.extend(campaignStatsFiguresSchema, { MarketerID: z.number(), MarketerName: z.string() })
export type CampaignMarketerStatsDTO = z.output<typeof campaignMarketerStatsSchema>

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
    PostURL: z.string({ error: m.postUrlRequired }).check(
      z.trim(),
      z.minLength(1, { error: m.postUrlRequired, abort: true }),
      z.refine(isPostUrl, m.postUrlInvalid),
      z.refine((v: string) => !hasCredentials(v), m.postUrlCredentials),
    ),
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

export const vendorCampaignsQuerySchema = z.object({
  ...pageQueryShape,
  status: optionalChoiceField(CAMPAIGN_STATUSES, m.statusInvalid),
  q: searchField('Search text'),
})
export const openCampaignsQuerySchema = z.object({
  ...pageQueryShape,
  q: searchField('Search text'),
  /** A product category (contract/product.ts): campaigns with at least one product of it. */
  category: optionalChoiceField(PRODUCT_CATEGORIES, m.categoryInvalid),
})
export const joinedCampaignsQuerySchema = z.object({ ...pageQueryShape, status: optionalChoiceField(MEMBER_STATUSES, m.memberStatusInvalid) })
export const membersQuerySchema = z.object({ ...pageQueryShape, status: optionalChoiceField(MEMBER_STATUSES, m.memberStatusInvalid) })
export const deliverablesQuerySchema = z.object({ ...pageQueryShape, status: optionalChoiceField(DELIVERABLE_STATUSES, m.deliverableStatusInvalid) })
export const statsQuerySchema = z.object(pageQueryShape)

// ---------------------------------------------------------------------------------------------
// Routes

const vendor = ['vendor'] as const
const marketer = ['marketer'] as const
const CAMPAIGN =
  'A Commission campaign pays `CommissionType`/`CommissionValue`, a Fee campaign `FeePerDeliverable` rupees per approved deliverable; each product carries its own and its campaign commission; `Membership` is the calling influencer’s (null for the vendor).'
const ID = { id: { description: 'The campaign (CampaignID).' } }
const MEMBER_PARAMS = { ...ID, marketerId: { description: 'The influencer (MarketerID) whose membership is answered.' } }
const ITEM = { ...ID, deliverableId: { description: 'The deliverable (DeliverableID) of this campaign.' } }
const OWNED = { 403: [m.notYours], 404: [m.notFound] }

export const CAMPAIGN_ROUTES = {
  create: defineRoute({
    method: 'post',
    path: '/api/campaigns',
    summary: 'Create a campaign',
    description:
      'Products: the vendor’s own active ones (1-20). StartsOn not before today in India, EndsOn not before StartsOn. A Commission campaign must give each product at least its own commission (400 names the product); a Fee campaign pays `FeePerDeliverable` per approved deliverable and its links earn the products’ own commission. Needs a verified email address.',
    access: vendor,
    body: { json: campaignInputSchema },
    answer: { status: 201, message: m.created, schema: campaignSchema, description: CAMPAIGN },
    errors: { 400: [m.startsInPast, m.endsBeforeStart, m.productNotYours, m.commissionBelowProduct('{ProductName}', '{amount}')], 403: [m.verifyFirst] },
  }),
  list: defineRoute({
    method: 'get',
    path: '/api/campaigns',
    summary: 'The vendor’s campaigns, newest first',
    description: '`status` filters by the computed status; `q` matches the title.',
    access: vendor,
    query: vendorCampaignsQuerySchema,
    answer: { message: m.fetched, schema: campaignSchema, paged: true, description: CAMPAIGN },
  }),
  open: defineRoute({
    method: 'get',
    path: '/api/campaigns/open',
    summary: 'Open campaigns the influencer qualifies for',
    description:
      'Open campaigns still taking applications (live or upcoming, not closed) whose every rule the influencer meets and in which they have no membership, soonest ending first. `category` is a product category; `q` matches the title.',
    access: marketer,
    query: openCampaignsQuerySchema,
    answer: { message: m.fetched, schema: campaignSchema, paged: true, description: CAMPAIGN },
  }),
  joined: defineRoute({
    method: 'get',
    path: '/api/campaigns/joined',
    summary: 'The influencer’s campaigns: applied, invited, accepted, declined',
    access: marketer,
    query: joinedCampaignsQuerySchema,
    answer: { message: m.fetched, schema: campaignSchema, paged: true, description: `${CAMPAIGN} \`Membership\` is set.` },
  }),
  one: defineRoute({
    method: 'get',
    path: '/api/campaigns/{id}',
    summary: 'One campaign',
    description: 'The owning vendor; an influencer who is a member or invited, or who qualifies for an Open campaign still taking applications.',
    access: ['vendor', 'marketer'],
    params: ID,
    answer: { message: m.fetchedOne, schema: campaignSchema, description: CAMPAIGN },
    errors: { 403: [m.notYours, m.notVisible], 404: [m.notFound] },
  }),
  close: defineRoute({
    method: 'post',
    path: '/api/campaigns/{id}/close',
    summary: 'Close a campaign early',
    description: 'No more applications, invitations or campaign leads: links fall back to the products’ own commission.',
    access: vendor,
    params: ID,
    answer: { message: m.closed, schema: campaignSchema, description: CAMPAIGN },
    errors: { ...OWNED, 400: [m.alreadyClosed] },
  }),
  invite: defineRoute({
    method: 'post',
    path: '/api/campaigns/{id}/invites',
    summary: 'Invite an influencer',
    description: 'Eligibility does not apply to an invitation; a suspended influencer cannot be invited.',
    access: vendor,
    params: ID,
    body: { json: inviteSchema },
    answer: { status: 201, message: m.invited, schema: campaignMemberSchema },
    errors: { 403: [m.notYours, m.marketerSuspended], 404: [m.notFound, m.marketerNotFound], 409: [m.alreadyInvited] },
  }),
  members: defineRoute({
    method: 'get',
    path: '/api/campaigns/{id}/members',
    summary: 'The campaign’s inbox, oldest first',
    access: vendor,
    params: ID,
    query: membersQuerySchema,
    answer: { message: m.membersFetched, schema: campaignMemberSchema, paged: true },
    errors: OWNED,
  }),
  acceptMember: defineRoute({
    method: 'post',
    path: '/api/campaigns/{id}/members/{marketerId}/accept',
    summary: 'Accept an application',
    description: 'The accepted creator owes each deliverable once (created now). Never more than CreatorsWanted accepted, whatever arrives at once.',
    access: vendor,
    params: MEMBER_PARAMS,
    answer: { message: m.accepted, schema: campaignMemberSchema },
    errors: { ...OWNED, 409: [m.marketersFull, m.notApplied, m.memberRace, m.notAccepting] },
  }),
  declineMember: defineRoute({
    method: 'post',
    path: '/api/campaigns/{id}/members/{marketerId}/decline',
    summary: 'Decline an application',
    access: vendor,
    params: MEMBER_PARAMS,
    answer: { message: m.declined, schema: campaignMemberSchema },
    errors: { ...OWNED, 409: [m.notApplied, m.memberRace] },
  }),
  deliverables: defineRoute({
    method: 'get',
    path: '/api/campaigns/{id}/deliverables',
    summary: 'Every accepted creator’s deliverables',
    access: vendor,
    params: ID,
    query: deliverablesQuerySchema,
    answer: { message: m.deliverablesFetched, schema: deliverableSchema, paged: true },
    errors: OWNED,
  }),
  approve: defineRoute({
    method: 'post',
    path: '/api/campaigns/{id}/deliverables/{deliverableId}/approve',
    summary: 'Approve a submitted deliverable',
    description:
      'Final. For a Fee campaign the fee becomes a ledger entry (Kind `fee`, held, paid and taxed like a commission) in the same transaction; two approvals at once write one entry (the other gets 409). Needs a verified email address.',
    access: vendor,
    params: ITEM,
    answer: { message: m.approved, schema: deliverableSchema },
    errors: { 403: [m.notYours, m.verifyFirst], 404: [m.notFound, m.deliverableNotFound], 409: [m.notSubmitted, m.reviewRace] },
  }),
  changes: defineRoute({
    method: 'post',
    path: '/api/campaigns/{id}/deliverables/{deliverableId}/changes',
    summary: 'Ask for changes to a submitted deliverable',
    access: vendor,
    params: ITEM,
    body: { json: changesSchema },
    answer: { message: m.changesRequested, schema: deliverableSchema },
    errors: { ...OWNED, 409: [m.notSubmitted, m.reviewRace] },
  }),
  stats: defineRoute({
    method: 'get',
    path: '/api/campaigns/{id}/stats',
    summary: 'Impressions, leads, conversions, commissions and fees per creator and in total',
    description:
      'Per accepted creator (by MarketerID), with `totals` beside `paging`. Impressions: the creator’s link views of the campaign’s products on India’s days from StartsOn to EndsOn; leads, conversions and commissions: leads that carry the campaign; fees: approved deliverables. Money in rupees.',
    access: vendor,
    params: ID,
    query: statsQuerySchema,
    answer: { message: m.statsFetched, schema: campaignMarketerStatsSchema, paged: true, extra: { totals: campaignStatsFiguresSchema } },
    errors: OWNED,
  }),
  apply: defineRoute({
    method: 'post',
    path: '/api/campaigns/{id}/apply',
    summary: 'Apply to an open campaign',
    access: marketer,
    params: ID,
    body: { json: applySchema },
    answer: { status: 201, message: m.applied, schema: campaignMemberSchema },
    errors: {
      403: [m.inviteOnly, m.notAccepting, m.notEligibleFollowers('{n}'), m.notEligibleCategory, m.notEligibleCountry, m.notEligibleVerified],
      404: [m.notFound],
      409: [m.alreadyMember],
    },
  }),
  acceptInvitation: defineRoute({
    method: 'post',
    path: '/api/campaigns/{id}/invitation/accept',
    summary: 'Accept an invitation',
    access: marketer,
    params: ID,
    answer: { message: m.invitationAccepted, schema: campaignMemberSchema },
    errors: { 404: [m.notFound], 409: [m.noInvitation, m.marketersFull, m.notAccepting] },
  }),
  declineInvitation: defineRoute({
    method: 'post',
    path: '/api/campaigns/{id}/invitation/decline',
    summary: 'Decline an invitation',
    access: marketer,
    params: ID,
    answer: { message: m.invitationDeclined, schema: campaignMemberSchema },
    errors: { 404: [m.notFound], 409: [m.noInvitation] },
  }),
  mine: defineRoute({
    method: 'get',
    path: '/api/campaigns/{id}/my-deliverables',
    summary: 'The influencer’s deliverables and campaign links',
    access: marketer,
    params: ID,
    answer: { message: m.deliverablesFetched, schema: myCampaignSchema, description: 'Links: per product, the buy page URL with campaignId.' },
    errors: { 403: [m.notVisible], 404: [m.notFound] },
  }),
  submit: defineRoute({
    method: 'post',
    path: '/api/campaigns/{id}/deliverables/{deliverableId}/submit',
    summary: 'Submit a deliverable’s post',
    description: '`PostURL` must be http(s); `Disclosed` must be true (the post is marked as an ad, as ASCI asks). Again after changes were asked for.',
    access: marketer,
    params: ITEM,
    body: { json: submitDeliverableSchema },
    answer: { message: m.submitted, schema: deliverableSchema },
    errors: { 403: [m.notAcceptedMember], 404: [m.notFound, m.deliverableNotFound], 409: [m.cannotSubmit] },
  }),
}
