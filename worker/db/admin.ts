// Queries of the back office. Every action is one db.batch (decision 020): the guarded change, then its
// audit entry, inserted only when that change touched a row (`changes()` reads the statement just
// before it on the same connection), then whatever follows from it. So an action and its record
// land together or not at all, and of two admins acting at once on one record exactly one wins.

import { and, desc, eq, getTableColumns, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm'
import type { AccountStatus, AuditAction, AuditTarget, Reason } from '../contract/admin'
import { type Db, prepared } from './client'
import { accountDays } from './account-totals'
import { cappedCount, keptCount, PLATFORM_ACCOUNT, pageWithTotal, type TotalQuery } from './capped-counts'
import { doneSlots, openSlotsQuery } from './impressions'
import { accountTotals, admins, auditLog, marketers, products, vendors } from './schema'

export type AuditActor = { AdminID: number; adminEmail: string }
export type AuditRecord = {
  action: AuditAction
  targetType: AuditTarget
  /** The record's id; SQL for a row inserted by the statement just before in the same batch. */
  targetId: string | SQL
  reason: Reason | null
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

const now = () => new Date().toISOString()

/**
 * The audit entry, written only when the statement just before it in the batch changed a row. (An
 * INSERT … SELECT reading the admin's own row, since D1's batch takes only query builders.)
 */
export function auditIfChanged(db: Db, actor: AuditActor, entry: AuditRecord) {
  const json = (v: Record<string, unknown> | null) => (v === null ? sql`NULL` : sql`${JSON.stringify(v)}`)
  return db.insert(auditLog).select(
    db
      .select({
        // NULL into the INTEGER PRIMARY KEY: SQLite assigns the next id.
        id: sql`NULL`.as('id'),
        at: sql`${now()}`.as('at'),
        AdminID: admins.AdminID,
        adminEmail: sql`${actor.adminEmail}`.as('adminEmail'),
        action: sql`${entry.action}`.as('action'),
        targetType: sql`${entry.targetType}`.as('targetType'),
        targetId: (typeof entry.targetId === 'string' ? sql`${entry.targetId}` : entry.targetId).as('targetId'),
        reasonCode: sql`${entry.reason?.code ?? null}`.as('reasonCode'),
        reason: sql`${entry.reason?.note ?? null}`.as('reason'),
        before: json(entry.before).as('before'),
        after: json(entry.after).as('after'),
        // An admin acted: no vendor is the actor.
        ActorVendorID: sql`NULL`.as('ActorVendorID'),
      })
      .from(admins)
      .where(and(eq(admins.AdminID, actor.AdminID), sql`changes() > 0`)),
  )
}

/** An entry for an action that changes nothing in D1 (an export). */
export function auditAlways(db: Db, actor: AuditActor, entry: AuditRecord) {
  const targetId = typeof entry.targetId === 'string' ? entry.targetId : sql`${entry.targetId}`
  return db.insert(auditLog).values({ ...actor, ...entry, targetId, reasonCode: entry.reason?.code ?? null, reason: entry.reason?.note ?? null })
}

export const statusOf = (row: { suspendedAt: string | null; erasedAt: string | null }): AccountStatus =>
  row.erasedAt ? 'erased' : row.suspendedAt ? 'suspended' : 'active'

// ---- Admin accounts -----------------------------------------------------------------------------

export const findAdminByEmail = (db: Db, email: string) => db.query.admins.findFirst({ where: eq(admins.Email, email) })
export const findAdmin = (db: Db, id: number) => db.query.admins.findFirst({ where: eq(admins.AdminID, id) })

/** The new hash and a raised tokenVersion, only while the hash is still the one checked; the row or undefined. */
export async function updateAdminPassword(db: Db, id: number, hash: string, replaces: string) {
  const [row] = await db
    .update(admins)
    .set({ PasswordHash: hash, tokenVersion: sql`${admins.tokenVersion} + 1` })
    .where(and(eq(admins.AdminID, id), eq(admins.PasswordHash, replaces)))
    .returning()
  return row
}

// ---- Lists ----------------------------------------------------------------------------------------

/** Case-insensitive containment in any of `columns` (admin lists are small enough to scan). */
function contains(q: string | undefined, columns: SQL[]): SQL | undefined {
  if (!q) return undefined
  const needle = q.toLowerCase()
  return sql`(${sql.join(
    columns.map((c) => sql`instr(lower(coalesce(${c}, '')), ${needle}) > 0`),
    sql` OR `,
  )})`
}

const statusFilter = (status: string, table: typeof vendors | typeof marketers): SQL | undefined =>
  status === 'active' ? isNull(table.suspendedAt) : status === 'suspended' ? isNotNull(table.suspendedAt) : undefined

/** The platform's kept count of a status's accounts (decision 296): all, active or suspended. */
function accountsKept(db: Db, status: string, all: SQL, suspended: SQL): TotalQuery {
  const figure = status === 'active' ? sql`${all} - ${suspended}` : status === 'suspended' ? suspended : all
  return keptCount(db, PLATFORM_ACCOUNT, figure)
}

/** The list's total on its first page: the kept count without a search, a capped count with one. */
const totalFor = (count: boolean, searched: boolean, kept: () => TotalQuery, matching: () => { getSQL(): SQL }, db: Db) =>
  !count ? null : searched ? cappedCount(db, matching()) : kept()

export async function pageAdminMarketers(db: Db, q: string | undefined, status: string, before: number | null, take: number, count = true) {
  const where = and(
    contains(q, [sql`${marketers.MarketerName}`, sql`${marketers.Email}`, sql`${marketers.InstagramUsername}`, sql`${marketers.MobileNumber}`]),
    statusFilter(status, marketers),
  )
  const page = prepared(
    db
      .select({
        MarketerID: marketers.MarketerID,
        MarketerName: marketers.MarketerName,
        Email: marketers.Email,
        MobileNumber: marketers.MobileNumber,
        InstagramUsername: marketers.InstagramUsername,
        TwitterHandle: marketers.TwitterHandle,
        totalReachRaw: marketers.totalReachRaw,
        Verified: marketers.Verified,
        suspendedAt: marketers.suspendedAt,
        suspendedReason: marketers.suspendedReason,
        erasedAt: marketers.erasedAt,
        DateCreated: marketers.DateCreated,
      })
      .from(marketers)
      .where(and(where, before === null ? undefined : lt(marketers.MarketerID, before)))
      .orderBy(desc(marketers.MarketerID))
      .limit(take),
  )
  const total = totalFor(
    count,
    Boolean(q),
    () => accountsKept(db, status, sql`${accountTotals.marketers}`, sql`${accountTotals.suspendedMarketers}`),
    () => db.select({ one: sql`1` }).from(marketers).where(where),
    db,
  )
  return pageWithTotal(db, page, total)
}

export async function pageAdminVendors(db: Db, q: string | undefined, status: string, before: number | null, take: number, count = true) {
  const where = and(contains(q, [sql`${vendors.VendorName}`, sql`${vendors.Email}`, sql`${vendors.MobileNumber}`]), statusFilter(status, vendors))
  const page = prepared(
    db
      .select({
        VendorID: vendors.VendorID,
        VendorName: vendors.VendorName,
        Verified: vendors.Verified,
        Email: vendors.Email,
        MobileNumber: vendors.MobileNumber,
        suspendedAt: vendors.suspendedAt,
        suspendedReason: vendors.suspendedReason,
        erasedAt: vendors.erasedAt,
        createdAt: vendors.createdAt,
        // The vendor's kept figures (decision 296): one row each, however many products and leads.
        products: sql<number>`coalesce(${accountTotals.products}, 0)`.mapWith(Number),
        leads: sql<number>`coalesce(${accountTotals.leads}, 0)`.mapWith(Number),
      })
      .from(vendors)
      .leftJoin(accountTotals, and(eq(accountTotals.role, 'vendor'), eq(accountTotals.accountId, vendors.VendorID)))
      .where(and(where, before === null ? undefined : lt(vendors.VendorID, before)))
      .orderBy(desc(vendors.VendorID))
      .limit(take),
  )
  const total = totalFor(
    count,
    Boolean(q),
    () => accountsKept(db, status, sql`${accountTotals.vendors}`, sql`${accountTotals.suspendedVendors}`),
    () => db.select({ one: sql`1` }).from(vendors).where(where),
    db,
  )
  return pageWithTotal(db, page, total)
}

export async function pageAdminProducts(db: Db, q: string | undefined, state: string, before: number | null, take: number, count = true) {
  const stateWhere =
    state === 'active'
      ? eq(products.IsActive, true)
      : state === 'inactive'
        ? and(eq(products.IsActive, false), isNull(products.takenDownAt), isNull(vendors.suspendedAt))
        : state === 'suspended'
          ? and(isNull(products.takenDownAt), isNotNull(vendors.suspendedAt))
          : state === 'taken-down'
            ? isNotNull(products.takenDownAt)
            : undefined
  const where = and(contains(q, [sql`${products.ProductName}`, sql`${products.SKU}`, sql`${vendors.VendorName}`]), stateWhere)
  const page = prepared(
    db
      .select({
        ProductID: products.ProductID,
        ProductName: products.ProductName,
        SKU: products.SKU,
        PricePaise: products.PricePaise,
        VendorID: products.VendorID,
        VendorName: vendors.VendorName,
        IsActive: products.IsActive,
        takenDownReason: products.takenDownReason,
        takenDownAt: products.takenDownAt,
        // Held because the vendor is suspended: shown as 'Suspended', not as the vendor's own 'Switched off'.
        vendorSuspended: sql<boolean>`${vendors.suspendedAt} IS NOT NULL`.mapWith(Boolean),
        createdAt: products.createdAt,
      })
      .from(products)
      .innerJoin(vendors, eq(vendors.VendorID, products.VendorID))
      .where(and(where, before === null ? undefined : lt(products.ProductID, before)))
      .orderBy(desc(products.ProductID))
      .limit(take),
  )
  // Every product, or the active ones, are kept counts; the other states are few and counted, capped.
  const kept = !q && (state === 'all' || state === 'active')
  const total = !count
    ? null
    : kept
      ? keptCount(db, PLATFORM_ACCOUNT, state === 'active' ? sql`${accountTotals.activeProducts}` : sql`${accountTotals.products}`)
      : cappedCount(db, db.select({ one: sql`1` }).from(products).innerJoin(vendors, eq(vendors.VendorID, products.VendorID)).where(where))
  return pageWithTotal(db, page, total)
}

/**
 * What an entry's record is called now, read by its primary key: 'product 12' means nothing to the
 * next operator. Qualified by hand: drizzle writes bare column names inside sql``.
 */
const auditTargetName = sql<string | null>`CASE audit_log.targetType
  WHEN 'product' THEN (SELECT p.ProductName FROM products p WHERE p.ProductID = CAST(audit_log.targetId AS INTEGER))
  WHEN 'vendor' THEN (SELECT v.VendorName FROM vendors v WHERE v.VendorID = CAST(audit_log.targetId AS INTEGER))
  WHEN 'marketer' THEN (SELECT m.MarketerName FROM marketers m WHERE m.MarketerID = CAST(audit_log.targetId AS INTEGER))
  WHEN 'data-request' THEN 'Request #' || audit_log.targetId
  WHEN 'api-key' THEN (SELECT k.Name || ' (' || k.Prefix || '…)' FROM api_keys k WHERE k.KeyID = CAST(audit_log.targetId AS INTEGER))
  ELSE audit_log.targetId END`.as('targetName')

export async function pageAudit(
  db: Db,
  filter: { action?: string; targetType?: string; targetId?: string },
  before: number | null,
  take: number,
  count = true,
) {
  const where = and(
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
  )
  const page = prepared(
    db
      .select({ ...getTableColumns(auditLog), targetName: auditTargetName })
      .from(auditLog)
      .where(and(where, before === null ? undefined : lt(auditLog.id, before)))
      .orderBy(desc(auditLog.id))
      .limit(take),
  )
  const total = totalFor(
    count,
    where !== undefined,
    () => keptCount(db, PLATFORM_ACCOUNT, sql`${accountTotals.auditEntries}`),
    () => db.select({ one: sql`1` }).from(auditLog).where(where),
    db,
  )
  return pageWithTotal(db, page, total)
}

// ---- Overview -------------------------------------------------------------------------------------

/**
 * The overview's counts in one batch, from the platform's kept rows (decision 296): its
 * account_totals row and its account_daily rows of the trend's days, with the rolled-up slots read
 * at the same moment as the impression sums. Whatever the marketplace's size, a few dozen rows.
 */
export async function overviewCounts(db: Db, fromDay: string, now = Date.now()) {
  const platform = and(eq(accountTotals.role, PLATFORM_ACCOUNT.role), eq(accountTotals.accountId, PLATFORM_ACCOUNT.id))
  const [[figures], days, open] = await db.batch([
    db
      .select({
        vendors: accountTotals.vendors,
        suspendedVendors: accountTotals.suspendedVendors,
        marketers: accountTotals.marketers,
        verifiedMarketers: accountTotals.verifiedMarketers,
        suspendedMarketers: accountTotals.suspendedMarketers,
        leads: accountTotals.leads,
        pending: accountTotals.pending,
        converted: accountTotals.converted,
        activeProducts: accountTotals.activeProducts,
      })
      .from(accountTotals)
      .where(platform),
    accountDays(db, PLATFORM_ACCOUNT, fromDay),
    openSlotsQuery(db, now),
  ])
  const f = figures ?? {
    vendors: 0,
    suspendedVendors: 0,
    marketers: 0,
    verifiedMarketers: 0,
    suspendedMarketers: 0,
    leads: 0,
    pending: 0,
    converted: 0,
    activeProducts: 0,
  }
  const perDay = (key: 'impressions' | 'leads' | 'conversions') => days.filter((d) => d[key] !== 0).map((d) => ({ day: d.day, n: d[key] }))
  return {
    v: { total: f.vendors, suspended: f.suspendedVendors },
    m: { total: f.marketers, verified: f.verifiedMarketers, suspended: f.suspendedMarketers },
    // A lead is Pending, Converted or Lost: the kept figures count the first two and all of them.
    byStatus: [
      { Status: 'Pending', n: f.pending },
      { Status: 'Converted', n: f.converted },
      { Status: 'Lost', n: f.leads - f.pending - f.converted },
    ],
    activeProducts: f.activeProducts,
    impressions: perDay('impressions'),
    created: perDay('leads'),
    converted: perDay('conversions'),
    rolledSlots: doneSlots(open, now),
  }
}

// ---- Erasure ------------------------------------------------------------------------------------

/**
 * After an account's erasure: every audit entry about the account (and, for a vendor, about their
 * products) keeps its action and reason code but loses the operator's note and any free text its
 * before/after copied (older entries held the suspension's and take-down's text there).
 */
export function redactAuditNotes(db: Db, kind: 'vendor' | 'marketer', id: number, redacted: string) {
  const about =
    kind === 'vendor'
      ? sql`(${auditLog.targetType} = 'vendor' AND ${auditLog.targetId} = ${String(id)})
          OR (${auditLog.targetType} = 'product' AND ${auditLog.targetId} IN (SELECT CAST(p.ProductID AS TEXT) FROM products p WHERE p.VendorID = ${id}))`
      : sql`${auditLog.targetType} = 'marketer' AND ${auditLog.targetId} = ${String(id)}`
  return db
    .update(auditLog)
    .set({
      reason: sql`CASE WHEN ${auditLog.reason} IS NULL THEN NULL ELSE ${redacted} END`,
      before: sql`json_remove(${auditLog.before}, '$.suspendedReason', '$.takenDownReason')`,
      after: sql`json_remove(${auditLog.after}, '$.suspendedReason', '$.takenDownReason')`,
    })
    .where(about)
}

/**
 * For a vendor's erasure: the entries of their own actions (API keys made and revoked, decision
 * 161) keep the action, the key and the time, and name the actor by the erased address the account
 * now has instead of the one they signed in with (decision 245). Read by audit_actor_vendor_idx.
 */
export function forgetActorEmail(db: Db, vendorId: number, erasedAddress: string) {
  return db.update(auditLog).set({ adminEmail: erasedAddress }).where(eq(auditLog.ActorVendorID, vendorId))
}
