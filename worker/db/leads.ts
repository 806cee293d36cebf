import { DPDP_NOTICE_VERSION } from '../contract/dpdp'
import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { LeadDTO, LeadInput, LeadStatus } from '../contract/lead'
import type { LeadSort } from '../contract/lead-list'
import { paiseToRupees, paiseToRupeeString } from '../contract/money'
import { duplicateCutoff, maskContact } from '../domain/leads'
import { ownerToken, planSearch, type SearchTerm } from '../domain/search'
import { type AccountFigures, accountFiguresQuery, accountOfOwner, NO_FIGURES } from './account-totals'
import type { Db } from './client'
import { stampedCount } from './stamped-counts'
import { batchOf, ledgerFollowsLead } from './ledger'
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
  const narrowed = filter.productId || filter.marketerId || filter.createdFrom || filter.createdBefore || filter.search
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
 * The search as conditions on leads_search: the buyer's text, and the owner's account token (which
 * makes the index itself keep the owner's own leads; migration lead_search_owners).
 */
function searchOf(filter: LeadFilter): SQL | undefined {
  if (!filter.search) return undefined
  const { owner } = filter
  const scope = 'VendorID' in owner
    ? { columns: SEARCH_COLUMNS.leadVendor, text: ownerToken(owner.VendorID) }
    : { columns: SEARCH_COLUMNS.leadInfluencer, text: ownerToken(owner.MarketerID) }
  return searchConditions('leads_search', planSearch({ all: [filter.search, scope] }))
}

/**
 * One page of one vendor's or one influencer's leads (`take` rows) after the row with sort
 * values `from`, and the total matching the filter, in one round trip. The page's ids are chosen
 * from the leads alone (an index holds every filter and sort column), and only those rows are
 * joined to their names: a date range of thousands of leads is sorted as ids, not as joined rows.
 * The total of the whole list or of one status comes from the owner's kept figures (one row), any
 * other from counting the index entries that match.
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
): Promise<{ rows: LeadRow[]; total: number }> {
  const order = LEAD_ORDERS[sort]
  const { owner } = filter
  const narrowing = [
    filter.status ? eq(leads.Status, filter.status) : undefined,
    filter.productId ? eq(leads.ProductID, filter.productId) : undefined,
    filter.marketerId ? eq(leads.MarketerID, filter.marketerId) : undefined,
    filter.createdFrom ? gte(leads.createdAt, filter.createdFrom) : undefined,
    filter.createdBefore ? lt(leads.createdAt, filter.createdBefore) : undefined,
  ].filter((c) => c !== undefined)
  const where = and('VendorID' in owner ? eq(leads.VendorID, owner.VendorID) : eq(leads.MarketerID, owner.MarketerID), ...narrowing)
  const search = searchOf(filter)
  const byId = sort === 'newest' || sort === 'oldest'
  const walked: readonly SortKey[] = [{ expr: sql`"leads_search"."rowid"`, dir: order[0].dir }]
  const ids = search && byId
    ? sql`SELECT ${leads.LeadID} FROM "leads_search" CROSS JOIN ${leads} ON ${leads.LeadID} = "leads_search"."rowid"
        WHERE ${and(search, where, from ? after(walked, from) : undefined)} ORDER BY ${sql.join(orderOf(walked), sql`, `)} LIMIT ${take}`
    : db
        .select({ id: leads.LeadID })
        .from(leads)
        .where(and(where, search ? sql`${leads.LeadID} IN (SELECT rowid FROM "leads_search" WHERE ${search})` : undefined, from ? after(order, from) : undefined))
        .orderBy(...orderOf(order))
        .limit(take)
  const page = db
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
  const flatten = (rows: Awaited<typeof page>) => rows.map(({ lead, ...rest }) => ({ ...lead, ...rest }))
  const kept = keptTotal(filter)
  if (kept) {
    const account = accountOfOwner(owner)
    const [rows, [figures]] = await db.batch([page, accountFiguresQuery(db, account.role, account.id)])
    return { rows: flatten(rows), total: kept(figures ?? NO_FIGURES) }
  }
  const counting = search
    ? narrowing.length === 0
      ? db.select({ total: count() }).from(sql`"leads_search"`).where(search)
      : db.select({ total: count() }).from(sql`"leads_search" CROSS JOIN ${leads} ON ${leads.LeadID} = "leads_search"."rowid"`).where(and(search, where))
    : db.select({ total: count() }).from(leads).where(where)
  // The filter names everything the count depends on besides the owner's leads.
  const counted = stampedCount(db, { leadsOf: accountOfOwner(owner) }, JSON.stringify(filter), counting.getSQL())
  const [rows, [row]] = await db.batch([page, counted.statement])
  return { rows: flatten(rows), total: counted.read(row) }
}

export type Snapshot = { ProductName: string; PricePaise: number; CommissionAmountPaise: number }

/**
 * Stores the lead unless the same phone asked about the same product through the same influencer
 * within 24 hours. One statement, so two identical submissions at once still store one lead.
 */
export async function insertLeadOnce(db: Db, input: LeadInput, snapshot: Snapshot, now = Date.now()): Promise<number | null> {
  const at = new Date(now).toISOString()
  const rows = await db.all<{ LeadID: number }>(sql`
    INSERT INTO ${leads} (ProductID, VendorID, MarketerID, ClientName, ClientEmail, ClientPhone, Status,
                          ProductName, PricePaise, CommissionAmountPaise, consentAt, noticeVersion, createdAt, updatedAt)
    SELECT ${input.ProductID}, ${input.VendorID}, ${input.MarketerID}, ${input.ClientName}, ${input.ClientEmail},
           ${input.ClientPhone}, 'Pending', ${snapshot.ProductName}, ${snapshot.PricePaise},
           ${snapshot.CommissionAmountPaise}, ${at}, ${DPDP_NOTICE_VERSION}, ${at}, ${at}
    WHERE NOT EXISTS (
      SELECT 1 FROM ${leads}
      WHERE ProductID = ${input.ProductID} AND MarketerID = ${input.MarketerID}
        AND ClientPhone = ${input.ClientPhone} AND createdAt > ${duplicateCutoff(now)}
    )
    RETURNING LeadID`)
  return rows[0]?.LeadID ?? null
}

export async function findLead(db: Db, id: number): Promise<Lead | undefined> {
  return db.query.leads.findFirst({ where: eq(leads.LeadID, id) })
}

/**
 * Sets the status and, in the same batch (one transaction), brings the lead's ledger entries in line
 * with it (db/ledger.ts): the status and its money never disagree, whoever else writes at the time.
 * convertedAt is stamped on becoming Converted and cleared on leaving it.
 */
export async function setLeadStatus(db: Db, id: number, status: LeadStatus, nowMs = Date.now()): Promise<void> {
  const now = new Date(nowMs).toISOString()
  await batchOf(db, [
    db
      .update(leads)
      .set({
        Status: status,
        convertedAt: status === 'Converted' ? sql`COALESCE(${leads.convertedAt}, ${now})` : null,
        updatedAt: now,
      })
      .where(eq(leads.LeadID, id)),
    ...ledgerFollowsLead(id, now),
  ])
}
