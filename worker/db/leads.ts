import { DPDP_NOTICE_VERSION } from '../contract/dpdp'
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { LeadDTO, LeadInput, LeadStatus } from '../contract/lead'
import type { ListTotal } from '../contract/paging'
import type { LeadSort } from '../contract/lead-list'
import { paiseToRupees, paiseToRupeeString } from '../contract/money'
import { duplicateCutoff, maskContact } from '../domain/leads'
import { ownerToken, planSearch, type SearchPlan, type SearchTerm } from '../domain/search'
import { type AccountFigures, accountFigures, accountOfOwner, NO_FIGURES } from './account-totals'
import { batchPrepared, type Db, prepared, batchOf } from './client'
import { cappedCount, pageWithTotal } from './capped-counts'
import { usableCodeSql } from './coupons'
import { ledgerFollowsLead } from './ledger'
import { after, orderOf, SEARCH_COLUMNS, searchConditions, type SortKey } from './list-sql'
import { type Lead, leads, marketers, products, vendors } from './schema'

export type LeadRow = Lead & { MarketerName: string; VendorName: string; CurrentName: string | null; Images: string[] | null }

/** `forMarketer` masks the buyer's email and phone: they were given to the vendor. */
export function toLeadDTO(row: LeadRow, forMarketer: boolean): LeadDTO {
  const mask = (value: string) => (forMarketer ? maskContact(value) : value)
  const price = paiseToRupeeString(row.PricePaise)
  return {
    LeadID: row.LeadID,
    Status: row.Status,
    ClientName: row.ClientName,
    ClientEmail: row.ClientEmail === null ? null : mask(row.ClientEmail),
    ClientPhone: mask(row.ClientPhone),
    createdAt: row.createdAt,
    ProductID: row.ProductID,
    VendorID: row.VendorID,
    MarketerID: row.MarketerID,
    Price: price,
    CommissionAmount: paiseToRupees(row.CommissionAmountPaise),
    Product: {
      ProductID: row.ProductID,
      // The product's current name while it exists; the snapshot once it has been deleted.
      ProductName: row.CurrentName ?? row.ProductName,
      Price: price,
      ImageURL: (row.Images ?? []).join(','),
    },
    Marketer: { MarketerID: row.MarketerID, MarketerName: row.MarketerName },
    Vendor: { VendorID: row.VendorID, VendorName: row.VendorName },
  }
}

/** Each sort of the lead lists; every one ends in LeadID, and price-low is price-high reversed. */
export const LEAD_ORDERS: Record<LeadSort, readonly SortKey[]> = {
  newest: [{ expr: leads.LeadID, dir: 'desc' }],
  oldest: [{ expr: leads.LeadID, dir: 'asc' }],
  'price-high': [
    { expr: leads.PricePaise, dir: 'desc' },
    { expr: leads.LeadID, dir: 'desc' },
  ],
  'price-low': [
    { expr: leads.PricePaise, dir: 'asc' },
    { expr: leads.LeadID, dir: 'asc' },
  ],
}

export type LeadFilter = {
  owner: { VendorID: number } | { MarketerID: number }
  status?: LeadStatus
  productId?: number
  marketerId?: number
  /** One lead (the owner's, or none). */
  leadId?: number
  /** createdAt bounds as ISO text: from inclusive, before exclusive. */
  createdFrom?: string
  createdBefore?: string
  /** Text the buyer's `columns` (of leads_search) must contain. */
  search?: SearchTerm
}

/**
 * The filter's total when the kept figures already hold it (the owner's leads, at most narrowed by
 * status): the figure's name, or null when the rows must be counted.
 */
function keptTotal(filter: LeadFilter): ((f: AccountFigures) => number) | null {
  const narrowed = filter.leadId || filter.productId || filter.marketerId || filter.createdFrom || filter.createdBefore || filter.search
  if (narrowed) return null
  switch (filter.status) {
    case undefined:
      return (f) => f.leads
    case 'Pending':
      return (f) => f.pending
    case 'Converted':
      return (f) => f.converted
    case 'Lost':
      return (f) => f.leads - f.pending - f.converted
  }
}

/**
 * The search as one plan over leads_search: the buyer's text, and the owner's account token (which
 * makes the index itself keep the owner's own leads; migration lead_search_owners).
 */
function searchPlanOf(filter: LeadFilter): SearchPlan | undefined {
  if (!filter.search) return undefined
  const { owner } = filter
  const scope =
    'VendorID' in owner
      ? { columns: SEARCH_COLUMNS.leadVendor, text: ownerToken(owner.VendorID) }
      : { columns: SEARCH_COLUMNS.leadMarketer, text: ownerToken(owner.MarketerID) }
  return planSearch({ all: [filter.search, scope] })
}

/** The filter as the queries read it. A filter value that is not set (or 0) filters nothing. */
function queryFilter(filter: LeadFilter) {
  const { owner } = filter
  return {
    byVendor: 'VendorID' in owner,
    owner: 'VendorID' in owner ? owner.VendorID : owner.MarketerID,
    status: filter.status || undefined,
    productId: filter.productId || undefined,
    marketerId: filter.marketerId || undefined,
    leadId: filter.leadId || undefined,
    createdFrom: filter.createdFrom || undefined,
    createdBefore: filter.createdBefore || undefined,
    search: searchPlanOf(filter),
  }
}

type QueryFilter = ReturnType<typeof queryFilter>

const narrowingOf = (f: QueryFilter) =>
  [
    f.status ? eq(leads.Status, f.status) : undefined,
    f.productId ? eq(leads.ProductID, f.productId) : undefined,
    f.marketerId ? eq(leads.MarketerID, f.marketerId) : undefined,
    f.leadId ? eq(leads.LeadID, f.leadId) : undefined,
    f.createdFrom ? gte(leads.createdAt, f.createdFrom) : undefined,
    f.createdBefore ? lt(leads.createdAt, f.createdBefore) : undefined,
  ].filter((c) => c !== undefined)

const whereOf = (f: QueryFilter) => and(f.byVendor ? eq(leads.VendorID, f.owner) : eq(leads.MarketerID, f.owner), ...narrowingOf(f))

const searchOf = (f: QueryFilter) => (f.search ? searchConditions('leads_search', f.search) : undefined)

/** The page's rows for a shape: see pageLeads. */
function pageQuery(db: Db, p: QueryFilter & { sort: LeadSort; from: ReadonlyArray<string | number> | null; take: number }) {
  const order = LEAD_ORDERS[p.sort]
  const where = whereOf(p)
  const search = searchOf(p)
  const byId = p.sort === 'newest' || p.sort === 'oldest'
  const walked: readonly SortKey[] = [{ expr: sql`"leads_search"."rowid"`, dir: order[0].dir }]
  const ids =
    search && byId
      ? sql`SELECT ${leads.LeadID} FROM "leads_search" CROSS JOIN ${leads} ON ${leads.LeadID} = "leads_search"."rowid"
        WHERE ${and(search, where, p.from ? after(walked, p.from) : undefined)} ORDER BY ${sql.join(orderOf(walked), sql`, `)} LIMIT ${p.take}`
      : db
          .select({ id: leads.LeadID })
          .from(leads)
          .where(
            and(
              where,
              search ? sql`${leads.LeadID} IN (SELECT rowid FROM "leads_search" WHERE ${search})` : undefined,
              p.from ? after(order, p.from) : undefined,
            ),
          )
          .orderBy(...orderOf(order))
          .limit(p.take)
  return db
    .select({
      lead: leads,
      MarketerName: marketers.MarketerName,
      VendorName: vendors.VendorName,
      // Aliased: in a batch D1 answers rows as objects, where a second ProductName would overwrite the first.
      CurrentName: sql<string | null>`${products.ProductName}`.as('CurrentName'),
      Images: products.Images,
    })
    .from(leads)
    .innerJoin(marketers, eq(marketers.MarketerID, leads.MarketerID))
    .innerJoin(vendors, eq(vendors.VendorID, leads.VendorID))
    .leftJoin(products, eq(products.ProductID, leads.ProductID))
    .where(sql`${leads.LeadID} IN (${ids})`)
    .orderBy(...orderOf(order))
}

/**
 * The filter's leads, one row each, for a capped count (decision 295): in leads_search alone for a
 * bare search (the owner's token already keeps the owner's leads).
 */
function matchingOf(db: Db, f: QueryFilter) {
  const search = searchOf(f)
  const one = { one: sql`1` }
  return search
    ? narrowingOf(f).length === 0
      ? db.select(one).from(sql`"leads_search"`).where(search)
      : db
          .select(one)
          .from(sql`"leads_search" CROSS JOIN ${leads} ON ${leads.LeadID} = "leads_search"."rowid"`)
          .where(and(search, whereOf(f)))
    : db.select(one).from(leads).where(whereOf(f))
}

/**
 * One page of one vendor's or one influencer's leads (`take` rows) after the row with sort
 * values `from`, and with `count` (the first page) the total matching the filter, in one round
 * trip. The page's ids are chosen from the leads alone (an index holds every filter and sort
 * column), and only those rows are joined to their names: a date range of thousands of leads is
 * sorted as ids, not as joined rows. The total of the whole list or of one status comes from the
 * owner's kept figures (one row), any other from counting at most 1,001 matching index entries.
 *
 * A search newest or oldest first walks leads_search in its own (LeadID) order and checks each
 * match's lead, stopping when the page is full; searched by price, every match is read and sorted.
 * A search with no other filter is counted in leads_search alone: the owner's token has already
 * kept the owner's leads.
 */
export async function pageLeads(
  db: Db,
  filter: LeadFilter,
  sort: LeadSort,
  from: ReadonlyArray<string | number> | null,
  take: number,
  count = true,
): Promise<{ rows: LeadRow[]; total: ListTotal | null }> {
  const f = queryFilter(filter)
  const page = prepared(pageQuery(db, { ...f, sort, from, take }))
  const flatten = (rows: Array<{ lead: Lead } & Omit<LeadRow, keyof Lead>>) => rows.map(({ lead, ...rest }) => ({ ...lead, ...rest }))
  const kept = keptTotal(filter)
  if (kept && count) {
    const [rows, [row]] = await batchPrepared(db, [page, prepared(accountFigures(db, accountOfOwner(filter.owner)))] as const)
    return { rows: flatten(rows), total: { total: kept(row ?? NO_FIGURES), totalCapped: false } }
  }
  const { rows, total } = await pageWithTotal(db, page, count ? cappedCount(db, matchingOf(db, f)) : null)
  return { rows: flatten(rows), total }
}

export type Snapshot = {
  ProductName: string
  PricePaise: number
  CommissionAmountPaise: number
  /**
   * A campaign link's terms: the lead carries the campaign and its commission while it
   * stays with the link's creator; CommissionAmountPaise is the product's own, the fallback.
   */
  campaign?: { CampaignID: number; CommissionAmountPaise: number } | null
  /** A campaign code's terms (decision 213): they hold whenever the code applies. */
  codeCampaign?: { CampaignID: number; CommissionAmountPaise: number } | null
}

/**
 * Stores the lead unless the same phone asked about the same product through the same influencer
 * within 24 hours. One statement, so two identical submissions at once still store one lead.
 */
export async function insertLeadOnce(db: Db, input: LeadInput, snapshot: Snapshot, now = Date.now()): Promise<number | null> {
  return (await insertLeadAttributed(db, input, snapshot, null, now))?.LeadID ?? null
}

/**
 * insertLeadOnce with a creator code: while the code is usable for the product at `now`
 * (checked inside this statement, db/coupons.ts), the lead is its creator's and names it, and the
 * trigger on leads counts the use in the same statement, so a use limit holds under any
 * concurrency; otherwise the lead stays with the link's creator and names no code.
 */
export async function insertLeadAttributed(
  db: Db,
  input: LeadInput,
  snapshot: Snapshot,
  codeId: number | null,
  now = Date.now(),
): Promise<{ LeadID: number; MarketerID: number; CodeID: number | null } | null> {
  const at = new Date(now).toISOString()
  const code = codeId === null ? null : usableCodeSql(codeId, input.ProductID, at)
  const marketer = code ? sql`COALESCE((SELECT c.MarketerID ${code}), ${input.MarketerID})` : sql`${input.MarketerID}`
  const codeColumn = code ? sql`(SELECT c.CodeID ${code})` : sql`NULL`
  // The campaign terms follow whoever this statement gives the lead to: the code's campaign when
  // the code applies, else the link's while the lead stays with the link's creator (a code that
  // gives it to another creator gives it the product's own commission and no campaign).
  const terms: Array<{ when: SQL; campaign: { CampaignID: number; CommissionAmountPaise: number } }> = []
  if (code && snapshot.codeCampaign) terms.push({ when: sql`${codeColumn} IS NOT NULL`, campaign: snapshot.codeCampaign })
  if (snapshot.campaign) terms.push({ when: code ? sql`${marketer} = ${input.MarketerID}` : sql`1`, campaign: snapshot.campaign })
  const caseOf = (pick: (t: { CampaignID: number; CommissionAmountPaise: number }) => number, fallback: SQL) =>
    terms.length === 0
      ? fallback
      : sql`CASE ${sql.join(
          terms.map((t) => sql`WHEN ${t.when} THEN ${pick(t.campaign)}`),
          sql` `,
        )} ELSE ${fallback} END`
  const campaignColumn = caseOf((t) => t.CampaignID, sql`NULL`)
  const commission = caseOf((t) => t.CommissionAmountPaise, sql`${snapshot.CommissionAmountPaise}`)
  const rows = await db.all<{ LeadID: number; MarketerID: number; CodeID: number | null }>(sql`
    INSERT INTO ${leads} (ProductID, VendorID, MarketerID, ClientName, ClientEmail, ClientPhone, Status,
                          ProductName, PricePaise, CommissionAmountPaise, CampaignID, consentAt, noticeVersion, CodeID, createdAt, updatedAt)
    SELECT ${input.ProductID}, ${input.VendorID}, ${marketer}, ${input.ClientName}, ${input.ClientEmail},
           ${input.ClientPhone}, 'Pending', ${snapshot.ProductName}, ${snapshot.PricePaise},
           ${commission}, ${campaignColumn}, ${at}, ${DPDP_NOTICE_VERSION}, ${codeColumn}, ${at}, ${at}
    WHERE NOT EXISTS (
      SELECT 1 FROM ${leads}
      WHERE ProductID = ${input.ProductID} AND MarketerID = ${marketer}
        AND ClientPhone = ${input.ClientPhone} AND createdAt > ${duplicateCutoff(now)}
    )
    RETURNING LeadID, MarketerID, CodeID`)
  return rows[0] ?? null
}

export async function findLead(db: Db, id: number): Promise<Lead | undefined> {
  return db.query.leads.findFirst({ where: eq(leads.LeadID, id) })
}

/**
 * Sets the status and, in the same batch (one transaction), brings the lead's ledger entries in line
 * with it (db/ledger.ts): the status and its money never disagree, whoever else writes at the time.
 * convertedAt is stamped on becoming Converted and cleared on leaving it. With `from`, the status is
 * set only while it still is `from` (what the caller checked the change against): false when
 * another change came first, and then the ledger statements find nothing to do.
 */
export async function setLeadStatus(
  db: Db,
  id: number,
  status: LeadStatus,
  nowMs = Date.now(),
  options: { reason?: string | null; from?: LeadStatus } = {},
): Promise<boolean> {
  const now = new Date(nowMs).toISOString()
  const [updated] = await batchOf(db, [
    db
      .update(leads)
      .set({
        Status: status,
        convertedAt: status === 'Converted' ? sql`COALESCE(${leads.convertedAt}, ${now})` : null,
        updatedAt: now,
      })
      .where(and(eq(leads.LeadID, id), options.from ? eq(leads.Status, options.from) : undefined)),
    ...ledgerFollowsLead(id, now, options.reason ?? null),
  ])
  return updated.meta.changes > 0
}

/** What the buyer's confirmation mail says: the lead's snapshot and the vendor's name (one row by key). */
export async function buyerMailFacts(db: Db, leadId: number) {
  const [row] = await db
    .select({
      ClientName: leads.ClientName,
      ClientEmail: leads.ClientEmail,
      ClientPhone: leads.ClientPhone,
      ProductName: leads.ProductName,
      PricePaise: leads.PricePaise,
      noticeVersion: leads.noticeVersion,
      createdAt: leads.createdAt,
      VendorName: vendors.VendorName,
    })
    .from(leads)
    .innerJoin(vendors, eq(vendors.VendorID, leads.VendorID))
    .where(eq(leads.LeadID, leadId))
  return row
}

/** One lead with the names its DTO shows, by key. */
export async function findLeadRow(db: Db, id: number): Promise<LeadRow | undefined> {
  const [row] = await db
    .select({
      lead: leads,
      MarketerName: marketers.MarketerName,
      VendorName: vendors.VendorName,
      CurrentName: sql<string | null>`${products.ProductName}`.as('CurrentName'),
      Images: products.Images,
    })
    .from(leads)
    .innerJoin(marketers, eq(marketers.MarketerID, leads.MarketerID))
    .innerJoin(vendors, eq(vendors.VendorID, leads.VendorID))
    .leftJoin(products, eq(products.ProductID, leads.ProductID))
    .where(eq(leads.LeadID, id))
  if (!row) return undefined
  const { lead, ...rest } = row
  return { ...lead, ...rest }
}
