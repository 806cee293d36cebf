// What accepted creators owe a campaign (decision 221): each deliverable is submitted with its post URL
// and the ad disclosure, then approved (a Fee campaign pays its fee into the ledger in the same
// batch) or sent back with a note. Also the creator's campaign links and the campaign's stats.

import { withoutCredentials } from '../contract/links'
import {
  CAMPAIGN_MESSAGES,
  type CampaignMarketerStatsDTO,
  type CampaignStatsFigures,
  type DeliverableDTO,
  type DeliverableStatus,
  type MyCampaignDTO,
} from '../contract/campaigns'
import { paiseToRupees } from '../contract/money'
import { PAGE_LIMIT_DEFAULT, type Paging } from '../contract/paging'
import { campaignLinkPath } from '../contract/paths'
import {
  approveDeliverable as approveRow,
  type DeliverableRow,
  findCampaign,
  findDeliverable,
  findMember,
  memberDeliverables,
  pageDeliverables,
  pageFigures,
  requestChanges as requestChangesRow,
  submitDeliverable as submitRow,
} from '../db/campaigns'
import { isUniqueViolation, type Db } from '../db/client'
import type { Campaign } from '../db/schema'
import { feeEntryLabel } from '../domain/campaigns'
import { Conflict, Forbidden, NotFound } from '../domain/errors'
import { decodeOrderCursor, pageOf } from '../domain/paging'
import { ownedCampaign, readCampaign } from './campaigns'
import type { Events } from './event-sink'
import { pageThrough } from './paging'

export function toDeliverableDTO(row: DeliverableRow, campaign: Pick<Campaign, 'RewardType' | 'FeePaise'>): DeliverableDTO {
  return {
    DeliverableID: row.DeliverableID,
    CampaignID: row.CampaignID,
    MarketerID: row.MarketerID,
    MarketerName: row.MarketerName,
    Item: row.Item,
    ItemIndex: row.ItemIndex,
    Status: row.Status,
    PostURL: withoutCredentials(row.PostURL),
    Disclosed: row.Disclosed,
    Note: row.Note,
    submittedAt: row.submittedAt,
    reviewedAt: row.reviewedAt,
    Fee: campaign.RewardType === 'Fee' && campaign.FeePaise !== null ? paiseToRupees(campaign.FeePaise) : null,
  }
}

export async function campaignDeliverablesPage(
  db: Db,
  vendorId: number,
  campaignId: number,
  query: { limit?: number; cursor?: string; status?: DeliverableStatus },
): Promise<{ rows: DeliverableDTO[]; paging: Paging }> {
  const campaign = await ownedCampaign(db, vendorId, campaignId)
  const page = await pageThrough<DeliverableRow>({
    cursor: query.cursor,
    limit: query.limit,
    order: 'oldest',
    kinds: ['number'],
    fetch: (from, take, count) => pageDeliverables(db, campaignId, query.status, from ? Number(from[0]) : null, take, count),
    keyOf: (row) => [row.DeliverableID],
  })
  return { rows: page.rows.map((row) => toDeliverableDTO(row, campaign)), paging: page.paging }
}

/** GET campaigns/{id}/my-deliverables: the campaign as the creator sees it, their items and (accepted) their links. */
export async function myCampaign(db: Db, marketerId: number, campaignId: number, origin: string, now = Date.now()): Promise<MyCampaignDTO> {
  const campaign = await readCampaign(db, { role: 'marketer', id: marketerId }, campaignId, now)
  if (campaign.Membership?.Status !== 'Accepted') return { Campaign: campaign, Deliverables: [], Links: [] }
  const rows = await memberDeliverables(db, campaignId, marketerId)
  const fee = { RewardType: campaign.RewardType, FeePaise: campaign.FeePerDeliverable === null ? null : Math.round(campaign.FeePerDeliverable * 100) }
  return {
    Campaign: campaign,
    Deliverables: rows.map((row) => toDeliverableDTO(row, fee)),
    Links: campaign.Products.map((p) => ({
      ProductID: p.ProductID,
      ProductName: p.ProductName,
      Link: `${origin}${campaignLinkPath({ productId: p.ProductID, vendorId: campaign.VendorID, marketerId, campaignId })}`,
    })),
  }
}

/** The creator's own item of an accepted membership: 404 for another's or an unknown one. */
async function ownItem(db: Db, marketerId: number, campaignId: number, deliverableId: number) {
  const [campaign, member, item] = await Promise.all([
    findCampaign(db, campaignId),
    findMember(db, campaignId, marketerId),
    findDeliverable(db, campaignId, deliverableId),
  ])
  if (!campaign) throw new NotFound(CAMPAIGN_MESSAGES.notFound)
  if (member?.Status !== 'Accepted') throw new Forbidden(CAMPAIGN_MESSAGES.notAcceptedMember)
  if (!item || item.MarketerID !== marketerId) throw new NotFound(CAMPAIGN_MESSAGES.deliverableNotFound)
  return { campaign, item }
}

export async function submitDeliverable(
  db: Db,
  events: Events,
  marketerId: number,
  campaignId: number,
  deliverableId: number,
  postUrl: string,
  now = Date.now(),
): Promise<DeliverableDTO> {
  const { campaign } = await ownItem(db, marketerId, campaignId, deliverableId)
  const at = new Date(now).toISOString()
  if (!(await submitRow(db, deliverableId, marketerId, postUrl, at))) throw new Conflict(CAMPAIGN_MESSAGES.cannotSubmit)
  await events.raise({ type: 'deliverable.submitted', deliverableId, campaignId, vendorId: campaign.VendorID, marketerId, at })
  return deliverableDTO(db, campaign, deliverableId)
}

async function deliverableDTO(db: Db, campaign: Campaign, deliverableId: number) {
  const row = await findDeliverable(db, campaign.CampaignID, deliverableId)
  if (!row) throw new NotFound(CAMPAIGN_MESSAGES.deliverableNotFound)
  return toDeliverableDTO(row, campaign)
}

async function vendorItem(db: Db, vendorId: number, campaignId: number, deliverableId: number) {
  const campaign = await ownedCampaign(db, vendorId, campaignId)
  const item = await findDeliverable(db, campaignId, deliverableId)
  if (!item) throw new NotFound(CAMPAIGN_MESSAGES.deliverableNotFound)
  if (item.Status !== 'Submitted') throw new Conflict(CAMPAIGN_MESSAGES.notSubmitted)
  return { campaign, item }
}

/** Approves a submitted item; a Fee campaign's fee is written in the same batch, once whatever races. */
export async function approveDeliverable(
  db: Db,
  events: Events,
  vendorId: number,
  campaignId: number,
  deliverableId: number,
  now = Date.now(),
): Promise<DeliverableDTO> {
  const { campaign, item } = await vendorItem(db, vendorId, campaignId, deliverableId)
  let done: boolean
  try {
    done = await approveRow(db, deliverableId, new Date(now).toISOString(), feeEntryLabel(campaign.Title, item.Item))
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(CAMPAIGN_MESSAGES.reviewRace)
    throw err
  }
  if (!done) throw new Conflict(CAMPAIGN_MESSAGES.reviewRace)
  await events.raise(reviewed(item, vendorId, 'Approved', now))
  return deliverableDTO(db, campaign, deliverableId)
}

const reviewed = (
  item: { DeliverableID: number; CampaignID: number; MarketerID: number },
  vendorId: number,
  outcome: 'Approved' | 'ChangesRequested',
  now: number,
) =>
  ({
    type: 'deliverable.reviewed',
    deliverableId: item.DeliverableID,
    campaignId: item.CampaignID,
    vendorId,
    marketerId: item.MarketerID,
    outcome,
    at: new Date(now).toISOString(),
  }) as const

export async function requestDeliverableChanges(
  db: Db,
  events: Events,
  vendorId: number,
  campaignId: number,
  deliverableId: number,
  note: string,
  now = Date.now(),
): Promise<DeliverableDTO> {
  const { campaign, item } = await vendorItem(db, vendorId, campaignId, deliverableId)
  if (!(await requestChangesRow(db, deliverableId, note, new Date(now).toISOString()))) throw new Conflict(CAMPAIGN_MESSAGES.reviewRace)
  await events.raise(reviewed(item, vendorId, 'ChangesRequested', now))
  return deliverableDTO(db, campaign, deliverableId)
}

const figuresOf = (r: { impressions: number; leads: number; conversions: number; commissionPaise: number; feesPaise: number }): CampaignStatsFigures => ({
  impressions: Number(r.impressions),
  leads: Number(r.leads),
  conversions: Number(r.conversions),
  commissions: paiseToRupees(Number(r.commissionPaise)),
  fees: paiseToRupees(Number(r.feesPaise)),
})

/** Per accepted creator (MarketerID order) and in total, from the kept campaign_figures. */
export async function campaignStats(
  db: Db,
  vendorId: number,
  campaignId: number,
  query: { limit?: number; cursor?: string },
): Promise<{ rows: CampaignMarketerStatsDTO[]; paging: Paging; totals: CampaignStatsFigures }> {
  await ownedCampaign(db, vendorId, campaignId)
  const limit = query.limit ?? PAGE_LIMIT_DEFAULT
  const from = decodeOrderCursor(query.cursor, 'creator', ['number'])
  const { rows, totals } = await pageFigures(db, campaignId, from ? Number(from[0]) : null, limit + 1)
  const page = pageOf(rows, limit, (row) => ['creator', row.MarketerID])
  return {
    rows: page.rows.map((r) => ({ MarketerID: r.MarketerID, MarketerName: r.MarketerName, ...figuresOf(r) })),
    paging: { limit, nextCursor: page.nextCursor, total: Number(totals?.n ?? 0), totalCapped: false },
    totals: figuresOf(totals ?? { impressions: 0, leads: 0, conversions: 0, commissionPaise: 0, feesPaise: 0 }),
  }
}
