// The back office's use cases (decision 020): lists, verification, suspension, take-downs, erasure and
// the audit log. Each action is one D1 batch with its audit entry (db/admin.ts); the isolate's page
// and link caches are forgotten after it, so the change shows at once.

import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import {
  ADMIN_MESSAGES,
  type AdminMarketerRow,
  type AdminOverview,
  type AdminProductRow,
  type AdminVendorRow,
  type AuditEntryDTO,
  DELETED_BUYER_NAME,
  type Reason,
  REDACTED_NOTE,
  reasonText,
} from '../contract/admin'
import { paiseToRupeeString } from '../contract/money'
import { TREND_DAYS } from '../contract/trends'
import { type AuditActor, auditIfChanged, overviewCounts, pageAdminMarketers, pageAdminProducts, pageAdminVendors, pageAudit, statusOf } from '../db/admin'
import type { Db } from '../db/client'
import { forgetTrackable, platformPendingByDay } from '../db/impressions'
import { findMarketer, toMarketerProfile } from '../db/marketers'
import { findVendor } from '../db/vendors'
import { redactBuyerInStoreEvents } from '../db/stores'
import { redactBuyerInDeliveries } from '../db/webhooks'
import { leads, marketers, products, vendors } from '../db/schema'
import { Conflict, NotFound } from '../domain/errors'
import { buildTrend, lastDays } from '../domain/trends'
import { platformMoney } from './ledger'
import { completeDataRequest, redactRequestNotes } from '../db/data-requests'
import { erasureRequestFor } from './data-requests'
import { forgetPageData } from './page-data'
import { pageThrough, type Total } from './paging'
import { linkedStorefrontPath } from './storefront'
import type { AccountKind } from '../types'

const now = () => new Date().toISOString()

function forgetCaches(): void {
  forgetPageData()
  forgetTrackable()
}

type PageArgs = { cursor?: string; limit?: number }

/** Newest first by id: the keyset is the id alone. */
function byNewest<Row>(
  args: PageArgs,
  fetch: (before: number | null, take: number, count: boolean) => Promise<{ rows: Row[]; total: Total | null }>,
  idOf: (row: Row) => number,
) {
  return pageThrough<Row>({
    cursor: args.cursor,
    limit: args.limit,
    order: 'newest',
    kinds: ['number'],
    fetch: (from, take, count) => fetch(from ? Number(from[0]) : null, take, count),
    keyOf: (row) => [idOf(row)],
  })
}

// ---- Overview -----------------------------------------------------------------------------------

export async function overview(db: Db, kv: KVNamespace, today = new Date()): Promise<AdminOverview> {
  const days = lastDays(today, TREND_DAYS)
  const [c, money] = await Promise.all([overviewCounts(db, days[0], today.getTime()), platformMoney(db, today.getTime())])
  // As the dashboards: the rolled-up days plus what is still only in KV (the last half hour or so).
  const impressions = new Map(c.impressions.map((r) => [r.day, r.n]))
  for (const [day, n] of await platformPendingByDay(kv, c.rolledSlots, today.getTime())) {
    if (day >= days[0]) impressions.set(day, (impressions.get(day) ?? 0) + n)
  }
  const status = (s: string) => c.byStatus.find((r) => r.Status === s)?.n ?? 0
  return {
    vendors: c.v?.total ?? 0,
    influencers: { verified: c.m?.verified ?? 0, unverified: (c.m?.total ?? 0) - (c.m?.verified ?? 0) },
    suspended: { vendors: c.v?.suspended ?? 0, influencers: c.m?.suspended ?? 0 },
    activeProducts: c.activeProducts,
    leads: { Pending: status('Pending'), Converted: status('Converted'), Lost: status('Lost') },
    days: buildTrend(days, { impressions: [...impressions].map(([day, n]) => ({ day, n })), leads: c.created, conversions: c.converted }),
    commission: { pending: money.pending, payable: money.payable, overdue: money.overdue, paid: money.paid },
  }
}

// ---- Lists --------------------------------------------------------------------------------------

type AccountQuery = PageArgs & { q?: string; status: string }

export async function marketerPage(db: Db, query: AccountQuery) {
  const page = await byNewest(
    query,
    (before, take, count) => pageAdminMarketers(db, query.q, query.status, before, take, count),
    (r) => r.MarketerID,
  )
  const rows: AdminMarketerRow[] = page.rows.map((r) => ({
    MarketerID: r.MarketerID,
    MarketerName: r.MarketerName,
    Email: r.Email,
    MobileNumber: r.MobileNumber,
    handle: r.InstagramUsername ? `@${r.InstagramUsername.replace(/^@/, '')}` : r.TwitterHandle ? `@${r.TwitterHandle.replace(/^@/, '')}` : null,
    totalReachRaw: r.totalReachRaw,
    Verified: r.Verified,
    status: statusOf(r),
    suspendedReason: r.suspendedReason,
    DateCreated: r.DateCreated,
  }))
  return { rows, paging: page.paging }
}

export async function vendorPage(db: Db, query: AccountQuery) {
  const page = await byNewest(
    query,
    (before, take, count) => pageAdminVendors(db, query.q, query.status, before, take, count),
    (r) => r.VendorID,
  )
  const rows: AdminVendorRow[] = page.rows.map((r) => ({
    VendorID: r.VendorID,
    VendorName: r.VendorName,
    Email: r.Email,
    MobileNumber: r.MobileNumber,
    Verified: r.Verified,
    products: r.products,
    leads: r.leads,
    status: statusOf(r),
    suspendedReason: r.suspendedReason,
    createdAt: r.createdAt,
  }))
  return { rows, paging: page.paging }
}

export async function productPageForAdmin(db: Db, query: PageArgs & { q?: string; state: string }) {
  const page = await byNewest(
    query,
    (before, take, count) => pageAdminProducts(db, query.q, query.state, before, take, count),
    (r) => r.ProductID,
  )
  const rows: AdminProductRow[] = page.rows.map(({ PricePaise, ...r }) => ({ ...r, Price: paiseToRupeeString(PricePaise) }))
  return { rows, paging: page.paging }
}

export async function auditPage(db: Db, query: PageArgs & { action?: string; targetType?: string; targetId?: string }) {
  const page = await byNewest(
    query,
    (before, take, count) => pageAudit(db, query, before, take, count),
    (r) => r.id,
  )
  return { rows: page.rows satisfies AuditEntryDTO[], paging: page.paging }
}

/** One influencer as the public sees them, plus contact details and the back office's state. */
export async function marketerDetail(db: Db, id: number) {
  const row = await findMarketer(db, id)
  if (!row) throw new NotFound(ADMIN_MESSAGES.marketerNotFound)
  return {
    ...toMarketerProfile(row, 'shared', await linkedStorefrontPath(db, row)),
    status: statusOf(row),
    suspendedReason: row.suspendedReason,
    suspendedAt: row.suspendedAt,
  }
}

// ---- Verification -------------------------------------------------------------------------------

export async function setVerified(db: Db, actor: AuditActor, id: number, verified: boolean, reason: Reason | null) {
  const row = await findMarketer(db, id)
  if (!row) throw new NotFound(ADMIN_MESSAGES.marketerNotFound)
  const [updated] = await db.batch([
    db
      .update(marketers)
      .set({ Verified: verified, updatedAt: now() })
      .where(and(eq(marketers.MarketerID, id), eq(marketers.Verified, !verified)))
      .returning({ id: marketers.MarketerID }),
    auditIfChanged(db, actor, {
      action: verified ? 'verify' : 'unverify',
      targetType: 'marketer',
      targetId: String(id),
      reason,
      before: { Verified: !verified },
      after: { Verified: verified },
    }),
  ])
  if (updated.length === 0) throw new Conflict(verified ? ADMIN_MESSAGES.alreadyVerified : ADMIN_MESSAGES.notVerified)
  forgetCaches()
}

/** Marks a vendor as checked by the back office (they then see influencers' contacts), or not. */
export async function setVendorVerified(db: Db, actor: AuditActor, id: number, verified: boolean, reason: Reason | null) {
  if (!(await findVendor(db, id))) throw new NotFound(ADMIN_MESSAGES.vendorNotFound)
  const [updated] = await db.batch([
    db
      .update(vendors)
      .set({ Verified: verified })
      .where(and(eq(vendors.VendorID, id), eq(vendors.Verified, !verified)))
      .returning({ id: vendors.VendorID }),
    auditIfChanged(db, actor, {
      action: verified ? 'verify' : 'unverify',
      targetType: 'vendor',
      targetId: String(id),
      reason,
      before: { Verified: !verified },
      after: { Verified: verified },
    }),
  ])
  if (updated.length === 0) throw new Conflict(verified ? ADMIN_MESSAGES.vendorAlreadyVerified : ADMIN_MESSAGES.vendorNotVerified)
}

// ---- Suspension ---------------------------------------------------------------------------------

export async function suspend(db: Db, actor: AuditActor, kind: AccountKind, id: number, reason: Reason) {
  const at = now()
  const audit = { action: 'suspend', targetType: kind, targetId: String(id), reason } as const
  if (kind === 'vendor') {
    const row = await findVendor(db, id)
    if (!row) throw new NotFound(ADMIN_MESSAGES.vendorNotFound)
    const [updated] = await db.batch([
      db
        .update(vendors)
        .set({ suspendedAt: at, suspendedReason: reasonText(reason) })
        .where(and(eq(vendors.VendorID, id), isNull(vendors.suspendedAt)))
        .returning({ id: vendors.VendorID }),
      auditIfChanged(db, actor, { ...audit, before: { status: statusOf(row) }, after: { status: 'suspended', suspendedAt: at } }),
      // Every product leaves the public lists and its links stop; the vendor's own switch is kept.
      db
        .update(products)
        .set({ heldActive: sql`coalesce(${products.heldActive}, ${products.IsActive})`, IsActive: false })
        .where(eq(products.VendorID, id)),
    ])
    if (updated.length === 0) throw new Conflict(ADMIN_MESSAGES.alreadySuspended)
  } else {
    const row = await findMarketer(db, id)
    if (!row) throw new NotFound(ADMIN_MESSAGES.marketerNotFound)
    const [updated] = await db.batch([
      db
        .update(marketers)
        .set({ suspendedAt: at, suspendedReason: reasonText(reason) })
        .where(and(eq(marketers.MarketerID, id), isNull(marketers.suspendedAt)))
        .returning({ id: marketers.MarketerID }),
      auditIfChanged(db, actor, { ...audit, before: { status: statusOf(row) }, after: { status: 'suspended', suspendedAt: at } }),
    ])
    if (updated.length === 0) throw new Conflict(ADMIN_MESSAGES.alreadySuspended)
  }
  forgetCaches()
}

export async function reinstate(db: Db, actor: AuditActor, kind: AccountKind, id: number, reason: Reason) {
  const audit = { action: 'reinstate', targetType: kind, targetId: String(id), reason } as const
  if (kind === 'vendor') {
    const row = await findVendor(db, id)
    if (!row) throw new NotFound(ADMIN_MESSAGES.vendorNotFound)
    const [updated] = await db.batch([
      db
        .update(vendors)
        .set({ suspendedAt: null, suspendedReason: null })
        .where(and(eq(vendors.VendorID, id), isNotNull(vendors.suspendedAt), isNull(vendors.erasedAt)))
        .returning({ id: vendors.VendorID }),
      auditIfChanged(db, actor, {
        ...audit,
        before: { status: statusOf(row) },
        after: { status: 'active' },
      }),
      // Products come back as the vendor had them, except those the back office took down.
      db
        .update(products)
        .set({ IsActive: sql`${products.heldActive}`, heldActive: null })
        .where(
          and(
            eq(products.VendorID, id),
            isNotNull(products.heldActive),
            isNull(products.takenDownAt),
            sql`(SELECT ${vendors.suspendedAt} FROM ${vendors} WHERE ${vendors.VendorID} = ${id}) IS NULL`,
          ),
        ),
    ])
    if (updated.length === 0) throw new Conflict(row.erasedAt ? ADMIN_MESSAGES.alreadyErased : ADMIN_MESSAGES.notSuspended)
  } else {
    const row = await findMarketer(db, id)
    if (!row) throw new NotFound(ADMIN_MESSAGES.marketerNotFound)
    const [updated] = await db.batch([
      db
        .update(marketers)
        .set({ suspendedAt: null, suspendedReason: null })
        .where(and(eq(marketers.MarketerID, id), isNotNull(marketers.suspendedAt), isNull(marketers.erasedAt)))
        .returning({ id: marketers.MarketerID }),
      auditIfChanged(db, actor, {
        ...audit,
        before: { status: statusOf(row) },
        after: { status: 'active' },
      }),
    ])
    if (updated.length === 0) throw new Conflict(row.erasedAt ? ADMIN_MESSAGES.alreadyErased : ADMIN_MESSAGES.notSuspended)
  }
  forgetCaches()
}

// ---- Products -----------------------------------------------------------------------------------

export async function takeDown(db: Db, actor: AuditActor, id: number, reason: Reason) {
  const row = await db.query.products.findFirst({ where: eq(products.ProductID, id) })
  if (!row) throw new NotFound(ADMIN_MESSAGES.productNotFound)
  const at = now()
  const [updated] = await db.batch([
    db
      .update(products)
      .set({
        heldActive: sql`coalesce(${products.heldActive}, ${products.IsActive})`,
        IsActive: false,
        takenDownAt: at,
        takenDownReason: reasonText(reason),
        updatedAt: at,
      })
      .where(and(eq(products.ProductID, id), isNull(products.takenDownAt)))
      .returning({ id: products.ProductID }),
    auditIfChanged(db, actor, {
      action: 'take-down',
      targetType: 'product',
      targetId: String(id),
      reason,
      before: { IsActive: row.IsActive },
      after: { IsActive: false, takenDown: true },
    }),
  ])
  if (updated.length === 0) throw new Conflict(ADMIN_MESSAGES.alreadyTakenDown)
  forgetCaches()
}

export async function restore(db: Db, actor: AuditActor, id: number, reason: Reason) {
  const row = await db.query.products.findFirst({ where: eq(products.ProductID, id) })
  if (!row) throw new NotFound(ADMIN_MESSAGES.productNotFound)
  // Qualified by hand: drizzle writes bare column names inside sql``.
  const vendorSuspended = sql`(SELECT v.suspendedAt FROM vendors v WHERE v.VendorID = products.VendorID) IS NOT NULL`
  const [updated] = await db.batch([
    db
      .update(products)
      .set({
        takenDownAt: null,
        takenDownReason: null,
        // Back as the vendor had it; still held while the vendor is suspended.
        IsActive: sql`CASE WHEN ${vendorSuspended} THEN 0 ELSE coalesce(${products.heldActive}, 1) END`,
        heldActive: sql`CASE WHEN ${vendorSuspended} THEN ${products.heldActive} ELSE NULL END`,
        updatedAt: now(),
      })
      .where(and(eq(products.ProductID, id), isNotNull(products.takenDownAt)))
      .returning({ id: products.ProductID, IsActive: products.IsActive }),
    auditIfChanged(db, actor, {
      action: 'restore',
      targetType: 'product',
      targetId: String(id),
      reason,
      before: { IsActive: row.IsActive, takenDown: true },
      after: { takenDown: false, IsActive: row.heldActive ?? true },
    }),
  ])
  if (updated.length === 0) throw new Conflict(ADMIN_MESSAGES.notTakenDown)
  forgetCaches()
}

// ---- Buyers -------------------------------------------------------------------------------------

/** A phone shown in the audit log without the number itself. */
const maskPhone = (phone: string) => `******${phone.slice(-4)}`

/**
 * Removes a buyer's contact details from every lead with that phone number (the leads' amounts,
 * statuses and dates stay for the vendor's and influencer's accounts). Answers how many leads.
 */
export async function eraseBuyer(db: Db, actor: AuditActor, phone: string, reason: Reason, requestId: number | null = null): Promise<number> {
  const request = await erasureRequestFor(db, requestId, 'buyer', phone)
  // Read first only for the audit entry's count; the erasure itself is the batch's guarded update.
  const found = await db.$count(leads, eq(leads.ClientPhone, phone))
  const at = now()
  const [, , erased] = await db.batch([
    // Before the leads forget them: the store orders are found by the phone and the leads' emails.
    ...redactBuyerInStoreEvents(db, phone),
    db
      .update(leads)
      .set({ ClientName: DELETED_BUYER_NAME, ClientEmail: null, ClientPhone: '', updatedAt: now() })
      .where(eq(leads.ClientPhone, phone))
      .returning({ id: leads.LeadID }),
    auditIfChanged(db, actor, {
      action: 'erase-buyer',
      targetType: 'buyer',
      targetId: maskPhone(phone),
      // The erasure itself is about the buyer: its note is not kept (docs/decisions/090).
      reason: { code: reason.code, note: reason.note ? REDACTED_NOTE : null },
      before: { phone: maskPhone(phone), leads: found },
      after: { ClientName: DELETED_BUYER_NAME, ClientEmail: null, ClientPhone: '', ...(request ? { requestId: request.id } : {}) },
    }),
    ...(request ? [completeDataRequest(db, actor, request.id, 'done', null, at)] : []),
    // The buyer's requests keep their dates; the phone is masked and the notes go.
    redactRequestNotes(db, 'buyer', phone, REDACTED_NOTE, maskPhone(phone)),
    // The webhook delivery logs keep the bodies sent to the vendors, buyer included.
    redactBuyerInDeliveries(db, phone, DELETED_BUYER_NAME),
  ])
  return erased.length
}
