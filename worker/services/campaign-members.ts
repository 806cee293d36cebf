// Who takes part in a campaign (decision 220): influencers apply to Open campaigns they qualify for,
// vendors invite from the directory, and each membership is answered once (accepted or declined).

import { CAMPAIGN_MESSAGES, type CampaignMemberDTO, type MemberStatus } from '../contract/campaigns'
import { MARKETER_DEFAULTS } from '../contract/influencer-card'
import { PAGE_LIMIT_DEFAULT, type Paging } from '../contract/paging'
import { marketerPagePath } from '../contract/paths'
import { acceptMember, declineMember, findCampaign, findMember, findMemberCard, insertMember, type MemberCardRow, pageMembers, raised } from '../db/campaigns'
import type { Db } from '../db/client'
import { findMarketer } from '../db/marketers'
import type { Campaign } from '../db/schema'
import { campaignRunning, marketerCategory, eligibilityProblem } from '../domain/campaigns'
import { Conflict, Forbidden, InvalidInput, NotFound } from '../domain/errors'
import { decodeOrderCursor, pageOf } from '../domain/paging'
import { indiaToday } from '../domain/working-days'
import { activeMarketer, ownedCampaign } from './campaigns'
import type { Events } from './event-sink'

export function toMemberDTO(row: MemberCardRow): CampaignMemberDTO {
  return {
    CampaignID: row.CampaignID,
    MarketerID: row.MarketerID,
    Status: row.Status,
    DeclinedBy: row.DeclinedBy,
    Pitch: row.Pitch,
    createdAt: row.createdAt,
    answeredAt: row.answeredAt,
    Creator: {
      MarketerID: row.MarketerID,
      MarketerName: row.MarketerName,
      MarketerProfilePic: row.MarketerProfilePic,
      Category: marketerCategory(row.Category),
      Location: (row.Location ?? '').trim() || MARKETER_DEFAULTS.location,
      Verified: row.Verified,
      totalReach: row.totalReachRaw,
      engagementRate: row.engagementRate,
      profilePath: marketerPagePath(row.MarketerID),
    },
  }
}

async function memberDTO(db: Db, campaignId: number, marketerId: number): Promise<CampaignMemberDTO> {
  const row = await findMemberCard(db, campaignId, marketerId)
  if (!row) throw new NotFound(CAMPAIGN_MESSAGES.memberNotFound)
  return toMemberDTO(row)
}

/** POST campaigns/{id}/apply: an Open campaign still taking applications, whose every rule the creator meets. */
export async function applyToCampaign(
  db: Db,
  events: Events,
  marketerId: number,
  campaignId: number,
  pitch: string,
  now = Date.now(),
): Promise<CampaignMemberDTO> {
  const [campaign, marketer] = await Promise.all([findCampaign(db, campaignId), activeMarketer(db, marketerId)])
  if (!campaign) throw new NotFound(CAMPAIGN_MESSAGES.notFound)
  if (campaign.Access !== 'Open') throw new Forbidden(CAMPAIGN_MESSAGES.inviteOnly)
  if (!campaignRunning(campaign, indiaToday(now)) || campaign.vendorSuspended) throw new Forbidden(CAMPAIGN_MESSAGES.notAccepting)
  const problem = eligibilityProblem(campaign, marketer)
  if (problem) throw new Forbidden(problem)
  const id = await insertMember(db, { CampaignID: campaignId, MarketerID: marketerId, Status: 'Applied', Pitch: pitch, createdAt: new Date(now).toISOString() })
  if (id === null) throw new Conflict(CAMPAIGN_MESSAGES.alreadyMember)
  await events.raise({ type: 'campaign.applied', campaignId, marketerId, at: new Date(now).toISOString() })
  return memberDTO(db, campaignId, marketerId)
}

/** POST campaigns/{id}/invites: any influencer the vendor picks (eligibility does not apply), unless suspended. */
export async function inviteToCampaign(
  db: Db,
  events: Events,
  vendorId: number,
  campaignId: number,
  marketerId: number,
  now = Date.now(),
): Promise<CampaignMemberDTO> {
  const campaign = await ownedCampaign(db, vendorId, campaignId)
  if (!campaignRunning(campaign, indiaToday(now))) throw new InvalidInput(CAMPAIGN_MESSAGES.notAccepting)
  const marketer = await findMarketer(db, marketerId)
  if (!marketer || marketer.erasedAt !== null) throw new NotFound(CAMPAIGN_MESSAGES.marketerNotFound)
  if (marketer.suspendedAt !== null) throw new Forbidden(CAMPAIGN_MESSAGES.marketerSuspended)
  const id = await insertMember(db, { CampaignID: campaignId, MarketerID: marketerId, Status: 'Invited', Pitch: null, createdAt: new Date(now).toISOString() })
  if (id === null) throw new Conflict(CAMPAIGN_MESSAGES.alreadyInvited)
  await events.raise({ type: 'campaign.invited', campaignId, vendorId, marketerId, at: new Date(now).toISOString() })
  return memberDTO(db, campaignId, marketerId)
}

/** Accepts within CreatorsWanted: the database refuses the accept past it (409), whatever races. */
async function accept(db: Db, campaign: Campaign, marketerId: number, from: 'Applied' | 'Invited', now: number) {
  if (campaign.AcceptedCount >= campaign.CreatorsWanted) throw new Conflict(CAMPAIGN_MESSAGES.marketersFull)
  let done: boolean
  try {
    done = await acceptMember(db, campaign, marketerId, from, new Date(now).toISOString())
  } catch (err) {
    if (raised(err, 'campaign: full')) throw new Conflict(CAMPAIGN_MESSAGES.marketersFull)
    throw err
  }
  if (!done) throw new Conflict(CAMPAIGN_MESSAGES.memberRace)
}

/** The vendor answers an application ('Applied' only: an invitation is the creator's to answer). */
export async function answerApplication(
  db: Db,
  events: Events,
  vendorId: number,
  campaignId: number,
  marketerId: number,
  answer: 'Accepted' | 'Declined',
  now = Date.now(),
): Promise<CampaignMemberDTO> {
  const campaign = await ownedCampaign(db, vendorId, campaignId)
  const member = await findMember(db, campaignId, marketerId)
  if (!member) throw new NotFound(CAMPAIGN_MESSAGES.memberNotFound)
  if (member.Status !== 'Applied') throw new Conflict(CAMPAIGN_MESSAGES.notApplied)
  if (answer === 'Accepted') {
    if (!campaignRunning(campaign, indiaToday(now))) throw new Conflict(CAMPAIGN_MESSAGES.notAccepting)
    await accept(db, campaign, marketerId, 'Applied', now)
  } else if (!(await declineMember(db, campaignId, marketerId, 'Applied', 'vendor', new Date(now).toISOString()))) {
    throw new Conflict(CAMPAIGN_MESSAGES.memberRace)
  }
  await events.raise({ type: 'campaign.member_answered', campaignId, marketerId, status: answer, by: 'vendor', at: new Date(now).toISOString() })
  return memberDTO(db, campaignId, marketerId)
}

/** The creator answers their invitation. */
export async function answerInvitation(
  db: Db,
  events: Events,
  marketerId: number,
  campaignId: number,
  answer: 'Accepted' | 'Declined',
  now = Date.now(),
): Promise<CampaignMemberDTO> {
  const [campaign, member] = await Promise.all([findCampaign(db, campaignId), findMember(db, campaignId, marketerId)])
  if (!campaign) throw new NotFound(CAMPAIGN_MESSAGES.notFound)
  if (member?.Status !== 'Invited') throw new Conflict(CAMPAIGN_MESSAGES.noInvitation)
  await activeMarketer(db, marketerId)
  if (answer === 'Accepted') {
    if (!campaignRunning(campaign, indiaToday(now))) throw new Conflict(CAMPAIGN_MESSAGES.notAccepting)
    await accept(db, campaign, marketerId, 'Invited', now)
  } else if (!(await declineMember(db, campaignId, marketerId, 'Invited', 'marketer', new Date(now).toISOString()))) {
    throw new Conflict(CAMPAIGN_MESSAGES.memberRace)
  }
  await events.raise({ type: 'campaign.member_answered', campaignId, marketerId, status: answer, by: 'marketer', at: new Date(now).toISOString() })
  return memberDTO(db, campaignId, marketerId)
}

const COUNT_OF: Record<MemberStatus, (c: Campaign) => number> = {
  Applied: (c) => c.AppliedCount,
  Invited: (c) => c.InvitedCount,
  Accepted: (c) => c.AcceptedCount,
  Declined: (c) => c.DeclinedCount,
}

/** The inbox, oldest first; its total is the campaign's kept count of that status. */
export async function campaignMembersPage(
  db: Db,
  vendorId: number,
  campaignId: number,
  query: { limit?: number; cursor?: string; status?: MemberStatus },
): Promise<{ rows: CampaignMemberDTO[]; paging: Paging }> {
  const campaign = await ownedCampaign(db, vendorId, campaignId)
  const limit = query.limit ?? PAGE_LIMIT_DEFAULT
  const from = decodeOrderCursor(query.cursor, 'oldest', ['number'])
  const rows = await pageMembers(db, campaignId, query.status, from ? Number(from[0]) : null, limit + 1)
  const page = pageOf(rows, limit, (row) => ['oldest', row.MemberID])
  const total = query.status
    ? COUNT_OF[query.status](campaign)
    : campaign.AppliedCount + campaign.InvitedCount + campaign.AcceptedCount + campaign.DeclinedCount
  return { rows: page.rows.map(toMemberDTO), paging: { limit, nextCursor: page.nextCursor, total, totalCapped: false } }
}
