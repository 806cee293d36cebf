// Campaigns (decision 220): a vendor creates, lists and closes their campaigns; influencers find the
// open ones they qualify for and see those they joined. Who may read a campaign is decided here.

import {
  CAMPAIGN_MESSAGES,
  type CampaignDTO,
  type CampaignInputParsed,
  type CampaignProductDTO,
  type CampaignStatus,
  campaignDatesProblem,
  groupDeliverables,
  type MemberStatus,
} from '../contract/campaigns'
import { paiseToRupees, paiseToRupeeString, rupeesToPaise } from '../contract/money'
import type { Paging } from '../contract/paging'
import {
  type CampaignRow,
  type CampaignWithMembership,
  type MarketerFacts,
  closeCampaign as closeCampaignRow,
  findCampaign,
  findMember,
  insertCampaign,
  pageJoinedCampaigns,
  pageOpenCampaigns,
  pageVendorCampaigns,
  productsOfCampaigns,
  vendorProducts,
} from '../db/campaigns'
import type { Db } from '../db/client'
import { findMarketer } from '../db/marketers'
import type { CampaignMember, Marketer } from '../db/schema'
import {
  campaignCommissionPaise,
  campaignRunning,
  campaignStatus,
  commissionFloorProblem,
  marketerCategory,
  marketerCountries,
  eligibilityProblem,
  packList,
  unpackList,
} from '../domain/campaigns'
import { Forbidden, InvalidInput, NotFound } from '../domain/errors'
import { indiaToday } from '../domain/working-days'
import { pageThrough } from './paging'
import type { Caller } from '../types'

type Membership = Pick<CampaignWithMembership, 'MemberStatus' | 'DeclinedBy' | 'Pitch' | 'memberCreatedAt' | 'answeredAt'>

const firstImage = (images: string[] | null) => images?.[0] ?? null

export function toCampaignDTO(
  row: CampaignRow,
  products: Awaited<ReturnType<typeof productsOfCampaigns>>,
  today: string,
  membership: Membership | null = null,
): CampaignDTO {
  const reward = { RewardType: row.RewardType, CommissionType: row.CommissionType, CommissionValue: row.CommissionValue }
  const productDTOs: CampaignProductDTO[] = products
    .filter((p) => p.CampaignID === row.CampaignID)
    .map((p) => ({
      ProductID: p.ProductID,
      ProductName: p.ProductName,
      Price: paiseToRupeeString(p.PricePaise),
      Image: firstImage(p.Images),
      IsActive: p.IsActive,
      CommissionAmount: paiseToRupees(p.CommissionAmountPaise),
      CampaignCommissionAmount: paiseToRupees(campaignCommissionPaise(reward, p)),
    }))
  return {
    CampaignID: row.CampaignID,
    VendorID: row.VendorID,
    VendorName: row.VendorName,
    Title: row.Title,
    Brief: row.Brief,
    RewardType: row.RewardType,
    CommissionType: row.RewardType === 'Commission' ? row.CommissionType : null,
    CommissionValue: row.RewardType === 'Commission' ? row.CommissionValue : null,
    FeePerDeliverable: row.RewardType === 'Fee' && row.FeePaise !== null ? paiseToRupees(row.FeePaise) : null,
    Deliverables: row.Deliverables,
    DeliverablesText: groupDeliverables(row.Deliverables),
    StartsOn: row.StartsOn,
    EndsOn: row.EndsOn,
    CreatorsWanted: row.CreatorsWanted,
    AcceptedCount: row.AcceptedCount,
    AppliedCount: row.AppliedCount,
    Eligibility: {
      MinFollowers: row.MinFollowers,
      Categories: unpackList(row.Categories),
      Countries: unpackList(row.Countries),
      VerifiedOnly: row.VerifiedOnly,
    },
    Access: row.Access,
    Status: campaignStatus(row, today),
    ClosedAt: row.ClosedAt,
    createdAt: row.createdAt,
    Products: productDTOs,
    Membership:
      membership?.MemberStatus && membership.memberCreatedAt
        ? {
            Status: membership.MemberStatus,
            DeclinedBy: membership.DeclinedBy,
            Pitch: membership.Pitch,
            createdAt: membership.memberCreatedAt,
            answeredAt: membership.answeredAt,
          }
        : null,
  }
}

const membershipOf = (member: CampaignMember | undefined): Membership | null =>
  member
    ? { MemberStatus: member.Status, DeclinedBy: member.DeclinedBy, Pitch: member.Pitch, memberCreatedAt: member.createdAt, answeredAt: member.answeredAt }
    : null

async function withProducts<R extends CampaignRow>(db: Db, rows: R[], today: string, membership: (row: R) => Membership | null = () => null) {
  const products = await productsOfCampaigns(
    db,
    rows.map((r) => r.CampaignID),
  )
  return rows.map((row) => toCampaignDTO(row, products, today, membership(row)))
}

/** POST campaigns: the body checked by the contract, then the dates (IST), the products and the commission floor. */
export async function createCampaign(db: Db, vendorId: number, input: CampaignInputParsed, now = Date.now()): Promise<CampaignDTO> {
  const today = indiaToday(now)
  const datesProblem = campaignDatesProblem(input.StartsOn, input.EndsOn, today)
  if (datesProblem) throw new InvalidInput(datesProblem)
  const ids = [...new Set(input.ProductIDs)]
  const found = await vendorProducts(db, vendorId, ids)
  if (found.length !== ids.length) throw new InvalidInput(CAMPAIGN_MESSAGES.productNotYours)
  const inactive = found.find((p) => !p.IsActive)
  if (inactive) throw new InvalidInput(CAMPAIGN_MESSAGES.productInactive(inactive.ProductName))
  const commission = input.RewardType === 'Commission'
  const reward = {
    RewardType: input.RewardType,
    CommissionType: commission ? (input.CommissionType ?? null) : null,
    // Hundredths as the contract read them: '7.5' is 7.5 (percent or rupees).
    CommissionValue: commission ? (rupeesToPaise(input.CommissionValue ?? null) ?? 0) / 100 : null,
  }
  // In the vendor's order, so the first product named is the first they chose.
  const ordered = ids.map((id) => found.find((p) => p.ProductID === id)).filter((p) => p !== undefined)
  const floor = commissionFloorProblem(reward, ordered)
  if (floor) throw new InvalidInput(floor)
  const id = await insertCampaign(
    db,
    {
      VendorID: vendorId,
      Title: input.Title,
      Brief: input.Brief,
      ...reward,
      FeePaise: commission ? null : rupeesToPaise(input.FeePerDeliverable ?? null),
      Deliverables: input.Deliverables,
      StartsOn: input.StartsOn,
      EndsOn: input.EndsOn,
      CreatorsWanted: input.CreatorsWanted,
      MinFollowers: input.MinFollowers,
      Categories: packList(input.Categories),
      Countries: packList(input.Countries),
      VerifiedOnly: input.VerifiedOnly,
      Access: input.Access,
      ProductCategories: packList(found.map((p) => p.Category)),
      createdAt: new Date(now).toISOString(),
    },
    ids,
  )
  return readCampaign(db, { role: 'vendor', id: vendorId }, id, now)
}

/** The campaign when the vendor owns it: 404 when there is none, 403 when it is another vendor's. */
export async function ownedCampaign(db: Db, vendorId: number, campaignId: number): Promise<CampaignRow> {
  const campaign = await findCampaign(db, campaignId)
  if (!campaign) throw new NotFound(CAMPAIGN_MESSAGES.notFound)
  if (campaign.VendorID !== vendorId) throw new Forbidden(CAMPAIGN_MESSAGES.notYours)
  return campaign
}

export function marketerFacts(marketer: Marketer): MarketerFacts {
  return {
    MarketerID: marketer.MarketerID,
    countries: marketerCountries(marketer.Location),
    category: marketerCategory(marketer.Category),
    reach: marketer.totalReachRaw,
    verified: marketer.Verified,
  }
}

/** The signed-in influencer (a suspended one reads no campaigns). */
export async function activeMarketer(db: Db, marketerId: number): Promise<Marketer> {
  const marketer = await findMarketer(db, marketerId)
  if (!marketer || marketer.suspendedAt !== null) throw new Forbidden(CAMPAIGN_MESSAGES.notVisible)
  return marketer
}

/**
 * GET campaigns/{id}: the owning vendor; an influencer who is a member (any status), or who
 * qualifies for an Open campaign still taking applications. Anyone else: 403.
 */
export async function readCampaign(db: Db, caller: Caller, campaignId: number, now = Date.now()): Promise<CampaignDTO> {
  const today = indiaToday(now)
  if (caller.role === 'vendor') {
    const campaign = await ownedCampaign(db, caller.id, campaignId)
    return (await withProducts(db, [campaign], today))[0]
  }
  if (caller.role !== 'marketer') throw new Forbidden(CAMPAIGN_MESSAGES.notVisible)
  const [campaign, member, marketer] = await Promise.all([findCampaign(db, campaignId), findMember(db, campaignId, caller.id), activeMarketer(db, caller.id)])
  if (!campaign) throw new NotFound(CAMPAIGN_MESSAGES.notFound)
  const listed = campaign.Access === 'Open' && !campaign.vendorSuspended && campaignRunning(campaign, today)
  if (!member && !(listed && eligibilityProblem(campaign, marketer) === null)) {
    throw new Forbidden(CAMPAIGN_MESSAGES.notVisible)
  }
  return (await withProducts(db, [campaign], today, () => membershipOf(member)))[0]
}

export async function closeCampaign(db: Db, vendorId: number, campaignId: number, now = Date.now()): Promise<CampaignDTO> {
  const campaign = await ownedCampaign(db, vendorId, campaignId)
  if (campaign.ClosedAt !== null) throw new InvalidInput(CAMPAIGN_MESSAGES.alreadyClosed)
  await closeCampaignRow(db, campaignId, new Date(now).toISOString())
  return readCampaign(db, { role: 'vendor', id: vendorId }, campaignId, now)
}

type Page<T> = { rows: T[]; paging: Paging }

export async function vendorCampaignsPage(
  db: Db,
  vendorId: number,
  query: { limit?: number; cursor?: string; status?: CampaignStatus; q?: string },
  now = Date.now(),
): Promise<Page<CampaignDTO>> {
  const today = indiaToday(now)
  const page = await pageThrough<CampaignRow>({
    cursor: query.cursor,
    limit: query.limit,
    order: 'newest',
    kinds: ['number'],
    fetch: (from, take, count) => pageVendorCampaigns(db, { vendorId, status: query.status, q: query.q, today }, from ? Number(from[0]) : null, take, count),
    keyOf: (row) => [row.CampaignID],
  })
  return { rows: await withProducts(db, page.rows, today), paging: page.paging }
}

export async function openCampaignsPage(
  db: Db,
  marketerId: number,
  query: { limit?: number; cursor?: string; q?: string; category?: string },
  now = Date.now(),
): Promise<Page<CampaignDTO>> {
  const today = indiaToday(now)
  const marketer = marketerFacts(await activeMarketer(db, marketerId))
  const page = await pageThrough<CampaignRow>({
    cursor: query.cursor,
    limit: query.limit,
    order: 'ending',
    kinds: ['string', 'number'],
    fetch: (from, take, count) =>
      pageOpenCampaigns(db, { creator: marketer, today, q: query.q, category: query.category }, from ? [String(from[0]), Number(from[1])] : null, take, count),
    keyOf: (row) => [row.EndsOn, row.CampaignID],
  })
  return { rows: await withProducts(db, page.rows, today), paging: page.paging }
}

export async function joinedCampaignsPage(
  db: Db,
  marketerId: number,
  query: { limit?: number; cursor?: string; status?: MemberStatus },
  now = Date.now(),
): Promise<Page<CampaignDTO>> {
  const today = indiaToday(now)
  const page = await pageThrough<CampaignWithMembership>({
    cursor: query.cursor,
    limit: query.limit,
    order: 'newest',
    kinds: ['number'],
    fetch: (from, take, count) => pageJoinedCampaigns(db, { marketerId, status: query.status }, from ? Number(from[0]) : null, take, count),
    keyOf: (row) => [row.MemberID ?? 0],
  })
  return { rows: await withProducts(db, page.rows, today, (row) => row), paging: page.paging }
}
