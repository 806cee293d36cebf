// Queries of campaigns (decision 220): rows in, rows out. The rules the database keeps (the accept
// limit, one fee per approval, final answers) live in migration campaigns_rules; the multi-row
// writes here go in one batch each.

import { withoutCredentials } from '../contract/links'
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { CampaignStatus, DeliverableStatus, MemberStatus } from '../contract/campaigns'
import type { ListTotal } from '../contract/paging'
import { cappedCount, pageWithTotal } from './capped-counts'
import { batchPrepared, type Db, prepared, batchOf } from './client'
import {
  type Campaign,
  campaignDeliverables as d,
  campaignFigures as f,
  campaignMembers as m,
  campaignProducts as cp,
  campaigns as c,
  commissionEntries,
  marketers,
  products,
  vendors,
} from './schema'

export type CampaignRow = Campaign & { VendorName: string; vendorSuspended: boolean }
export type CampaignWithMembership = CampaignRow & {
  MemberStatus: MemberStatus | null
  DeclinedBy: 'vendor' | 'marketer' | null
  Pitch: string | null
  memberCreatedAt: string | null
  answeredAt: string | null
  MemberID: number | null
}

const vendorSuspended = sql<boolean>`${vendors.suspendedAt} IS NOT NULL`

const withVendor = (db: Db) =>
  db.select({ campaign: c, VendorName: vendors.VendorName, vendorSuspended }).from(c).innerJoin(vendors, eq(vendors.VendorID, c.VendorID))

const flat = (rows: Array<{ campaign: Campaign; VendorName: string; vendorSuspended: boolean }>): CampaignRow[] =>
  rows.map((r) => ({ ...r.campaign, VendorName: r.VendorName, vendorSuspended: Boolean(r.vendorSuspended) }))

export async function findCampaign(db: Db, id: number): Promise<CampaignRow | undefined> {
  return flat(await withVendor(db).where(eq(c.CampaignID, id)).limit(1))[0]
}

export type NewCampaign = Omit<Campaign, 'CampaignID' | 'AcceptedCount' | 'AppliedCount' | 'InvitedCount' | 'DeclinedCount' | 'ClosedAt' | 'dueRemindedAt'>

/** The campaign and its products in one batch; answers the new id. */
export async function insertCampaign(db: Db, row: NewCampaign, productIds: readonly number[]): Promise<number> {
  const newest = sql`(SELECT max(CampaignID) FROM campaigns WHERE VendorID = ${row.VendorID})`
  const results = await batchOf(db, [
    db.insert(c).values(row),
    sql`INSERT INTO campaign_products (CampaignID, ProductID) SELECT ${newest}, value FROM json_each(${JSON.stringify(productIds)})`,
    sql`SELECT ${newest} AS id`,
  ])
  const [last] = results[results.length - 1].results as Array<{ id: number }>
  return last.id
}

/** The vendor's own products with these ids (any state): the create's ownership and floor checks. */
export async function vendorProducts(db: Db, vendorId: number, ids: readonly number[]) {
  return db
    .select({
      ProductID: products.ProductID,
      ProductName: products.ProductName,
      PricePaise: products.PricePaise,
      CommissionAmountPaise: products.CommissionAmountPaise,
      IsActive: products.IsActive,
      Category: products.Category,
    })
    .from(products)
    .where(and(eq(products.VendorID, vendorId), inArray(products.ProductID, [...ids])))
}

export type CampaignProductRow = {
  CampaignID: number
  ProductID: number
  VendorID: number
  ProductName: string
  PricePaise: number
  CommissionAmountPaise: number
  IsActive: boolean
  Images: string[]
}

/** The products of these campaigns (at most 20 each). */
export async function productsOfCampaigns(db: Db, campaignIds: readonly number[]): Promise<CampaignProductRow[]> {
  if (campaignIds.length === 0) return []
  return db
    .select({
      CampaignID: cp.CampaignID,
      ProductID: products.ProductID,
      VendorID: products.VendorID,
      ProductName: products.ProductName,
      PricePaise: products.PricePaise,
      CommissionAmountPaise: products.CommissionAmountPaise,
      IsActive: products.IsActive,
      Images: products.Images,
    })
    .from(cp)
    .innerJoin(products, eq(products.ProductID, cp.ProductID))
    .where(inArray(cp.CampaignID, [...campaignIds]))
    .orderBy(cp.CampaignID, cp.ProductID)
}

/** The SQL of a computed status on `today` (IST). */
export function statusIs(status: CampaignStatus, today: string): SQL {
  switch (status) {
    case 'Closed':
      return sql`${c.ClosedAt} IS NOT NULL`
    case 'Upcoming':
      return sql`${c.ClosedAt} IS NULL AND ${c.StartsOn} > ${today}`
    case 'Live':
      return sql`${c.ClosedAt} IS NULL AND ${c.StartsOn} <= ${today} AND ${c.EndsOn} >= ${today}`
    case 'Ended':
      return sql`${c.ClosedAt} IS NULL AND ${c.EndsOn} < ${today}`
  }
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
const titleHas = (q: string) => sql`${c.Title} LIKE ${likeText(q)} ESCAPE '\\'`

/** A vendor's campaigns, newest first, after CampaignID `from`. */
export async function pageVendorCampaigns(
  db: Db,
  filter: { vendorId: number; status?: CampaignStatus; q?: string; today: string },
  from: number | null,
  take: number,
  count = true,
): Promise<{ rows: CampaignRow[]; total: ListTotal | null }> {
  const where = and(
    eq(c.VendorID, filter.vendorId),
    filter.status ? statusIs(filter.status, filter.today) : undefined,
    filter.q ? titleHas(filter.q) : undefined,
  )
  const page = prepared(
    withVendor(db)
      .where(and(where, from === null ? undefined : lt(c.CampaignID, from)))
      .orderBy(desc(c.CampaignID))
      .limit(take),
  )
  const { rows, total } = await pageWithTotal(db, page, count ? cappedCount(db, db.select({ one: sql`1` }).from(c).where(where)) : null)
  return { rows: flat(rows), total }
}

export type MarketerFacts = { MarketerID: number; countries: string[]; category: string; reach: number; verified: boolean }

/**
 * The campaign rules (domain/campaigns.ts eligibilityProblem) in SQL, for the open list: a creator
 * qualifies when each rule is empty or met.
 */
function qualifies(marketer: MarketerFacts): SQL {
  const countries = marketer.countries.length
    ? sql.join(
        marketer.countries.map((country) => sql`instr(${c.Countries}, ${`|${country}|`}) > 0`),
        sql` OR `,
      )
    : sql`0`
  return sql`${c.MinFollowers} <= ${marketer.reach}
    AND (${c.Categories} = '' OR instr(${c.Categories}, ${`|${marketer.category}|`}) > 0)
    AND (${c.Countries} = '' OR ${countries})
    AND (${c.VerifiedOnly} = 0 OR ${marketer.verified ? 1 : 0} = 1)`
}

/**
 * Open campaigns still taking applications that the creator qualifies for and has no membership
 * in, soonest ending first (the partial index campaigns_open_idx), after (EndsOn, CampaignID) `from`.
 */
export async function pageOpenCampaigns(
  db: Db,
  filter: { creator: MarketerFacts; today: string; q?: string; category?: string },
  from: [string, number] | null,
  take: number,
  count = true,
): Promise<{ rows: CampaignRow[]; total: ListTotal | null }> {
  const where = and(
    sql`${c.Access} = 'Open' AND ${c.ClosedAt} IS NULL`,
    sql`${c.EndsOn} >= ${filter.today}`,
    qualifies(filter.creator),
    sql`NOT EXISTS (SELECT 1 FROM campaign_members x WHERE x.CampaignID = ${c.CampaignID} AND x.MarketerID = ${filter.creator.MarketerID})`,
    filter.q ? titleHas(filter.q) : undefined,
    filter.category ? sql`instr(${c.ProductCategories}, ${`|${filter.category}|`}) > 0` : undefined,
    // A suspended vendor's campaigns leave the list, as their products leave the catalogue.
    sql`NOT EXISTS (SELECT 1 FROM vendors v WHERE v.VendorID = ${c.VendorID} AND v.suspendedAt IS NOT NULL)`,
  )
  const after = from === null ? undefined : or(gt(c.EndsOn, from[0]), and(eq(c.EndsOn, from[0]), gt(c.CampaignID, from[1])))
  const page = prepared(withVendor(db).where(and(where, after)).orderBy(asc(c.EndsOn), asc(c.CampaignID)).limit(take))
  const { rows, total } = await pageWithTotal(db, page, count ? cappedCount(db, db.select({ one: sql`1` }).from(c).where(where)) : null)
  return { rows: flat(rows), total }
}

// Aliased in SQL: D1's batch answers rows keyed by column name, so campaign_members.createdAt would
// collapse into campaigns.createdAt and shift every later value of the row.
const membershipColumns = {
  MemberStatus: sql<MemberStatus>`${m.Status}`.as('memberStatus'),
  DeclinedBy: sql<'vendor' | 'marketer' | null>`${m.DeclinedBy}`.as('memberDeclinedBy'),
  Pitch: sql<string | null>`${m.Pitch}`.as('memberPitch'),
  memberCreatedAt: sql<string>`${m.createdAt}`.as('memberCreatedAt'),
  answeredAt: sql<string | null>`${m.answeredAt}`.as('memberAnsweredAt'),
  MemberID: sql<number>`${m.MemberID}`.as('memberId'),
}

/** The creator's memberships, newest first, after MemberID `from`. */
export async function pageJoinedCampaigns(
  db: Db,
  filter: { marketerId: number; status?: MemberStatus },
  from: number | null,
  take: number,
  count = true,
): Promise<{ rows: CampaignWithMembership[]; total: ListTotal | null }> {
  const where = and(eq(m.MarketerID, filter.marketerId), filter.status ? eq(m.Status, filter.status) : undefined)
  const page = prepared(
    db
      .select({ campaign: c, VendorName: vendors.VendorName, vendorSuspended, ...membershipColumns })
      .from(m)
      .innerJoin(c, eq(c.CampaignID, m.CampaignID))
      .innerJoin(vendors, eq(vendors.VendorID, c.VendorID))
      .where(and(where, from === null ? undefined : lt(m.MemberID, from)))
      .orderBy(desc(m.MemberID))
      .limit(take),
  )
  const { rows, total } = await pageWithTotal(db, page, count ? cappedCount(db, db.select({ one: sql`1` }).from(m).where(where)) : null)
  return {
    rows: rows.map(({ campaign, vendorSuspended: off, ...rest }) => ({ ...campaign, ...rest, vendorSuspended: Boolean(off) })),
    total,
  }
}

export async function findMember(db: Db, campaignId: number, marketerId: number) {
  return db.query.campaignMembers.findFirst({ where: and(eq(m.CampaignID, campaignId), eq(m.MarketerID, marketerId)) })
}

export type MemberCardRow = {
  MemberID: number
  CampaignID: number
  MarketerID: number
  Status: MemberStatus
  DeclinedBy: 'vendor' | 'marketer' | null
  Pitch: string | null
  createdAt: string
  answeredAt: string | null
  MarketerName: string
  MarketerProfilePic: string | null
  Category: string | null
  Location: string | null
  Verified: boolean
  totalReachRaw: number
  engagementRate: number
}

const memberCard = {
  MemberID: m.MemberID,
  CampaignID: m.CampaignID,
  MarketerID: m.MarketerID,
  Status: m.Status,
  DeclinedBy: m.DeclinedBy,
  Pitch: m.Pitch,
  createdAt: m.createdAt,
  answeredAt: m.answeredAt,
  MarketerName: marketers.MarketerName,
  MarketerProfilePic: marketers.MarketerProfilePic,
  Category: marketers.Category,
  Location: marketers.Location,
  Verified: marketers.Verified,
  totalReachRaw: marketers.totalReachRaw,
  engagementRate: marketers.engagementRate,
}

/** The inbox: a campaign's members (of one status), oldest first, after MemberID `from`. */
export async function pageMembers(db: Db, campaignId: number, status: MemberStatus | undefined, from: number | null, take: number): Promise<MemberCardRow[]> {
  return db
    .select(memberCard)
    .from(m)
    .innerJoin(marketers, eq(marketers.MarketerID, m.MarketerID))
    .where(and(eq(m.CampaignID, campaignId), status ? eq(m.Status, status) : undefined, from === null ? undefined : gt(m.MemberID, from)))
    .orderBy(asc(m.MemberID))
    .limit(take)
}

export async function findMemberCard(db: Db, campaignId: number, marketerId: number): Promise<MemberCardRow | undefined> {
  const [row] = await db
    .select(memberCard)
    .from(m)
    .innerJoin(marketers, eq(marketers.MarketerID, m.MarketerID))
    .where(and(eq(m.CampaignID, campaignId), eq(m.MarketerID, marketerId)))
  return row
}

/** A new membership, or null when the creator already has one in this campaign (applied or invited). */
export async function insertMember(
  db: Db,
  row: { CampaignID: number; MarketerID: number; Status: 'Applied' | 'Invited'; Pitch: string | null; createdAt: string },
): Promise<number | null> {
  const [inserted] = await db.insert(m).values(row).onConflictDoNothing().returning({ MemberID: m.MemberID })
  return inserted?.MemberID ?? null
}

/** D1's text of a trigger's RAISE (migration campaigns_rules). */
export const raised = (err: unknown, what: string) => {
  const text = err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : String(err)
  return text.includes(what)
}

/**
 * Accepts the membership while it is still `from`, and in the same batch writes the creator's
 * deliverables (one per item) and their stats row (impressions of the window so far). Answers false
 * when another answer came first; throws the trigger's 'campaign: full' when the campaign is full.
 */
export async function acceptMember(db: Db, campaign: Campaign, marketerId: number, from: 'Applied' | 'Invited', now: string): Promise<boolean> {
  const acceptedNow = sql`EXISTS (SELECT 1 FROM campaign_members WHERE CampaignID = ${campaign.CampaignID} AND MarketerID = ${marketerId} AND Status = 'Accepted' AND answeredAt = ${now})`
  const items = JSON.stringify(campaign.Deliverables)
  const [updated] = await batchOf(db, [
    sql`UPDATE campaign_members SET Status = 'Accepted', answeredAt = ${now}
      WHERE CampaignID = ${campaign.CampaignID} AND MarketerID = ${marketerId} AND Status = ${from}`,
    sql`INSERT INTO campaign_deliverables (CampaignID, MarketerID, ItemIndex, Item, Status)
      SELECT ${campaign.CampaignID}, ${marketerId}, key, value, 'Due' FROM json_each(${items}) WHERE ${acceptedNow}`,
    sql`INSERT INTO campaign_figures (CampaignID, MarketerID, impressions)
      SELECT ${campaign.CampaignID}, ${marketerId}, COALESCE(SUM(i.n), 0)
      FROM campaign_products p JOIN impressions_daily i
        ON i.MarketerID = ${marketerId} AND i.day >= ${campaign.StartsOn} AND i.day <= ${campaign.EndsOn} AND i.ProductID = p.ProductID
      WHERE p.CampaignID = ${campaign.CampaignID} AND ${acceptedNow}
      HAVING ${acceptedNow}
      ON CONFLICT DO NOTHING`,
  ])
  return (updated.meta.changes ?? 0) > 0
}

/** Declines the membership while it is still `from`; false when another answer came first. */
export async function declineMember(db: Db, campaignId: number, marketerId: number, from: 'Applied' | 'Invited', by: 'vendor' | 'marketer', now: string) {
  const result = await db
    .update(m)
    .set({ Status: 'Declined', DeclinedBy: by, answeredAt: now })
    .where(and(eq(m.CampaignID, campaignId), eq(m.MarketerID, marketerId), eq(m.Status, from)))
    .returning({ MemberID: m.MemberID })
  return result.length > 0
}

export async function closeCampaign(db: Db, campaignId: number, now: string): Promise<boolean> {
  const result = await db
    .update(c)
    .set({ ClosedAt: now })
    .where(and(eq(c.CampaignID, campaignId), isNull(c.ClosedAt)))
    .returning({ CampaignID: c.CampaignID })
  return result.length > 0
}

// ---- Deliverables ------------------------------------------------------------------------------

export type DeliverableRow = typeof d.$inferSelect & { MarketerName: string }

const deliverableColumns = { deliverable: d, MarketerName: marketers.MarketerName }
const flatDeliverables = (rows: Array<{ deliverable: typeof d.$inferSelect; MarketerName: string }>): DeliverableRow[] =>
  rows.map((r) => ({ ...r.deliverable, MarketerName: r.MarketerName }))

/** A campaign's deliverables (of one status), in the order they were created, after `from`. */
export async function pageDeliverables(
  db: Db,
  campaignId: number,
  status: DeliverableStatus | undefined,
  from: number | null,
  take: number,
  count = true,
): Promise<{ rows: DeliverableRow[]; total: ListTotal | null }> {
  const where = and(eq(d.CampaignID, campaignId), status ? eq(d.Status, status) : undefined)
  const page = prepared(
    db
      .select(deliverableColumns)
      .from(d)
      .innerJoin(marketers, eq(marketers.MarketerID, d.MarketerID))
      .where(and(where, from === null ? undefined : gt(d.DeliverableID, from)))
      .orderBy(asc(d.DeliverableID))
      .limit(take),
  )
  const { rows, total } = await pageWithTotal(db, page, count ? cappedCount(db, db.select({ one: sql`1` }).from(d).where(where)) : null)
  return { rows: flatDeliverables(rows), total }
}

export async function memberDeliverables(db: Db, campaignId: number, marketerId: number): Promise<DeliverableRow[]> {
  return flatDeliverables(
    await db
      .select(deliverableColumns)
      .from(d)
      .innerJoin(marketers, eq(marketers.MarketerID, d.MarketerID))
      .where(and(eq(d.CampaignID, campaignId), eq(d.MarketerID, marketerId)))
      .orderBy(asc(d.ItemIndex)),
  )
}

export async function findDeliverable(db: Db, campaignId: number, deliverableId: number): Promise<DeliverableRow | undefined> {
  const [row] = await db
    .select(deliverableColumns)
    .from(d)
    .innerJoin(marketers, eq(marketers.MarketerID, d.MarketerID))
    .where(and(eq(d.DeliverableID, deliverableId), eq(d.CampaignID, campaignId)))
  return row && { ...row.deliverable, MarketerName: row.MarketerName }
}

/** Submits while the item is Due or ChangesRequested; false otherwise (approved or waiting for review). */
export async function submitDeliverable(db: Db, id: number, marketerId: number, postUrl: string, now: string): Promise<boolean> {
  const result = await db
    .update(d)
    .set({ Status: 'Submitted', PostURL: postUrl, Disclosed: true, submittedAt: now })
    .where(and(eq(d.DeliverableID, id), eq(d.MarketerID, marketerId), inArray(d.Status, ['Due', 'ChangesRequested'])))
    .returning({ DeliverableID: d.DeliverableID })
  return result.length > 0
}

/**
 * Approves a submitted item and, for a Fee campaign, writes its fee entry in the same batch. Of two
 * approvals at once one updates the row; the other updates nothing (false), or, at the very same
 * instant, fails on entries_deliverable_unique: one fee either way.
 */
export async function approveDeliverable(db: Db, id: number, now: string, label: string): Promise<boolean> {
  const [updated] = await batchOf(db, [
    sql`UPDATE campaign_deliverables SET Status = 'Approved', reviewedAt = ${now} WHERE DeliverableID = ${id} AND Status = 'Submitted'`,
    sql`INSERT INTO commission_entries (LeadID, VendorID, MarketerID, ProductName, Kind, AmountPaise, convertedAt, DeliverableID)
      SELECT 0, x.VendorID, d.MarketerID, ${label}, 'fee', x.FeePaise, ${now}, d.DeliverableID
      FROM campaign_deliverables d JOIN campaigns x ON x.CampaignID = d.CampaignID
      WHERE d.DeliverableID = ${id} AND d.Status = 'Approved' AND d.reviewedAt = ${now} AND x.RewardType = 'Fee' AND x.FeePaise > 0`,
  ])
  return (updated.meta.changes ?? 0) > 0
}

export async function requestChanges(db: Db, id: number, note: string, now: string): Promise<boolean> {
  const result = await db
    .update(d)
    .set({ Status: 'ChangesRequested', Note: note, reviewedAt: now })
    .where(and(eq(d.DeliverableID, id), eq(d.Status, 'Submitted')))
    .returning({ DeliverableID: d.DeliverableID })
  return result.length > 0
}

/** The fee entry an approval wrote, if any. */
export async function feeEntryOf(db: Db, deliverableId: number) {
  return db.query.commissionEntries.findFirst({ where: eq(commissionEntries.DeliverableID, deliverableId) })
}

// ---- Stats -------------------------------------------------------------------------------------

export type FigureRow = typeof f.$inferSelect & { MarketerName: string }

/** Per creator, in MarketerID order after `from`, and the campaign's totals (one row per accepted creator, at most 100). */
export async function pageFigures(db: Db, campaignId: number, from: number | null, take: number) {
  const page = prepared(
    db
      .select({ figures: f, MarketerName: marketers.MarketerName })
      .from(f)
      .innerJoin(marketers, eq(marketers.MarketerID, f.MarketerID))
      .where(and(eq(f.CampaignID, campaignId), from === null ? undefined : gt(f.MarketerID, from)))
      .orderBy(asc(f.MarketerID))
      .limit(take),
  )
  const totals = prepared(
    db
      .select({
        n: count(),
        impressions: sql<number>`COALESCE(SUM(${f.impressions}), 0)`,
        leads: sql<number>`COALESCE(SUM(${f.leads}), 0)`,
        conversions: sql<number>`COALESCE(SUM(${f.conversions}), 0)`,
        commissionPaise: sql<number>`COALESCE(SUM(${f.commissionPaise}), 0)`,
        feesPaise: sql<number>`COALESCE(SUM(${f.feesPaise}), 0)`,
      })
      .from(f)
      .where(eq(f.CampaignID, campaignId)),
  )
  const [rows, sums] = await batchPrepared(db, [page, totals] as const)
  return { rows: rows.map((r) => ({ ...r.figures, MarketerName: r.MarketerName })), totals: sums[0] }
}

// ---- Campaign links ----------------------------------------------------------------------------

/**
 * What a lead through a campaign link needs to know, in one round trip: the campaign, whether the
 * creator is an accepted member, and whether the product is one of the campaign's.
 */
export async function campaignLinkFacts(db: Db, campaignId: number, marketerId: number, productId: number) {
  const [campaign, member, product] = await batchPrepared(db, [
    prepared(db.select().from(c).where(eq(c.CampaignID, campaignId)).limit(1)),
    prepared(
      db
        .select({ Status: m.Status })
        .from(m)
        .where(and(eq(m.CampaignID, campaignId), eq(m.MarketerID, marketerId)))
        .limit(1),
    ),
    prepared(
      db
        .select({ ProductID: cp.ProductID })
        .from(cp)
        .where(and(eq(cp.CampaignID, campaignId), eq(cp.ProductID, productId)))
        .limit(1),
    ),
  ] as const)
  return { campaign: campaign[0], accepted: member[0]?.Status === 'Accepted', inCampaign: product.length > 0 }
}

/**
 * Erasing a creator (DPDP): their pitches and the posts they submitted go; the memberships,
 * items and stats stay, as their leads and ledger entries do. Statements for the erasure's batch.
 */
export function forgetMarketerCampaignText(db: Db, marketerId: number) {
  return [
    db.update(m).set({ Pitch: null }).where(eq(m.MarketerID, marketerId)),
    db.update(d).set({ PostURL: null }).where(eq(d.MarketerID, marketerId)),
  ] as const
}

/** A creator's campaigns for their data export: each membership with its items. */
export async function marketerCampaignsForExport(db: Db, marketerId: number) {
  const [memberships, items] = await Promise.all([
    db
      .select({
        CampaignID: m.CampaignID,
        Title: c.Title,
        VendorID: c.VendorID,
        Status: m.Status,
        DeclinedBy: m.DeclinedBy,
        Pitch: m.Pitch,
        createdAt: m.createdAt,
        answeredAt: m.answeredAt,
      })
      .from(m)
      .innerJoin(c, eq(c.CampaignID, m.CampaignID))
      .where(eq(m.MarketerID, marketerId))
      .orderBy(m.MemberID),
    db.select().from(d).where(eq(d.MarketerID, marketerId)).orderBy(d.DeliverableID),
  ])
  return memberships.map((membership) => ({
    ...membership,
    deliverables: items
      .filter((i) => i.CampaignID === membership.CampaignID)
      .map(({ Item, Status, PostURL, Disclosed, Note, submittedAt, reviewedAt }) => ({
        Item,
        Status,
        PostURL: withoutCredentials(PostURL),
        Disclosed,
        Note,
        submittedAt,
        reviewedAt,
      })),
  }))
}

/** A vendor's campaigns for their data export, as they created them. */
export async function vendorCampaignsForExport(db: Db, vendorId: number) {
  return db
    .select({
      CampaignID: c.CampaignID,
      Title: c.Title,
      Brief: c.Brief,
      RewardType: c.RewardType,
      CommissionType: c.CommissionType,
      CommissionValue: c.CommissionValue,
      FeePaise: c.FeePaise,
      Deliverables: c.Deliverables,
      StartsOn: c.StartsOn,
      EndsOn: c.EndsOn,
      CreatorsWanted: c.CreatorsWanted,
      Access: c.Access,
      ClosedAt: c.ClosedAt,
      createdAt: c.createdAt,
    })
    .from(c)
    .where(eq(c.VendorID, vendorId))
    .orderBy(c.CampaignID)
}

// ---- Reminders ---------------------------------------------------------------------------------

/**
 * Campaigns ending between `today` and `lastDay` (IST) not yet reminded and with accepted creators
 * (one accepted later is still reminded), a bounded number.
 */
export async function campaignsEndingSoon(db: Db, today: string, lastDay: string, take: number) {
  return db
    .select({ CampaignID: c.CampaignID, Title: c.Title, EndsOn: c.EndsOn })
    .from(c)
    .where(and(isNull(c.ClosedAt), isNull(c.dueRemindedAt), sql`${c.EndsOn} >= ${today}`, lte(c.EndsOn, lastDay), gt(c.AcceptedCount, 0)))
    .limit(take)
}

/** Marks the campaign reminded; false when another run did it first. */
export async function claimDueReminder(db: Db, campaignId: number, now: string): Promise<boolean> {
  const result = await db
    .update(c)
    .set({ dueRemindedAt: now })
    .where(and(eq(c.CampaignID, campaignId), isNull(c.dueRemindedAt)))
    .returning({ CampaignID: c.CampaignID })
  return result.length > 0
}

/** Per accepted creator of the campaign, the items not approved yet. */
export async function itemsNotApproved(db: Db, campaignId: number) {
  return db
    .select({ MarketerID: d.MarketerID, open: count() })
    .from(d)
    .where(and(eq(d.CampaignID, campaignId), sql`${d.Status} <> 'Approved'`))
    .groupBy(d.MarketerID)
}

/**
 * Applications waiting since before `cutoff` and not counted in a nudge today, with their vendor,
 * a bounded number; marks them nudged today in the same call's second statement.
 */
export async function takeWaitingApplications(db: Db, cutoff: string, today: string, take: number) {
  const rows = await db
    .select({ MemberID: m.MemberID, VendorID: c.VendorID, CampaignID: c.CampaignID, Title: c.Title })
    .from(m)
    .innerJoin(c, eq(c.CampaignID, m.CampaignID))
    .where(and(eq(m.Status, 'Applied'), lt(m.createdAt, cutoff), or(isNull(m.nudgedOn), lt(m.nudgedOn, today))))
    .limit(take)
  if (rows.length === 0) return rows
  await db
    .update(m)
    .set({ nudgedOn: today })
    .where(
      inArray(
        m.MemberID,
        rows.map((r) => r.MemberID),
      ),
    )
  return rows
}

/** What a campaign notice names: the campaign, its vendor, the creator and (optionally) the item. */
export async function campaignNoticeFacts(db: Db, campaignId: number, marketerId: number, deliverableId?: number) {
  const [row] = await db
    .select({
      CampaignID: c.CampaignID,
      Title: c.Title,
      EndsOn: c.EndsOn,
      RewardType: c.RewardType,
      FeePaise: c.FeePaise,
      VendorID: c.VendorID,
      VendorName: vendors.VendorName,
      MarketerName: marketers.MarketerName,
    })
    .from(c)
    .innerJoin(vendors, eq(vendors.VendorID, c.VendorID))
    .innerJoin(marketers, eq(marketers.MarketerID, marketerId))
    .where(eq(c.CampaignID, campaignId))
  if (!row) return undefined
  const item = deliverableId === undefined ? undefined : await db.query.campaignDeliverables.findFirst({ where: eq(d.DeliverableID, deliverableId) })
  return { ...row, Item: item?.Item ?? '', Note: item?.Note ?? null }
}
