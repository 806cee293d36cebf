// Data requests (India's DPDP Act 2023, decision 021): the export of everything stored about a vendor or
// an influencer, and the erasure of their personal data. Leads and money records keep their amounts
// for the other side's accounts; only who the person was goes.

import { withoutCredentials } from '../contract/links'
import { marketerCampaignsForExport, forgetMarketerCampaignText, vendorCampaignsForExport } from '../db/campaigns'
import { deleteVerifications } from '../db/email-verifications'
import { deleteResetsOf } from '../db/password-resets'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import {
  ADMIN_MESSAGES,
  DATA_REQUEST_MESSAGES,
  DATA_REQUEST_WORKING_DAYS,
  type DataRequestDTO,
  type DataRequestKind,
  type DataRequestSubject,
  type DataRequestOutcome,
  DELETED_BUYER_NAME,
  DELETED_USER_NAME,
  type Reason,
  REDACTED_NOTE,
} from '../contract/admin'
import { ERASED_DISPUTE_NOTE } from '../contract/disputes'
import { paiseToRupees, paiseToRupeeString } from '../contract/money'
import { type AuditActor, auditAlways, auditIfChanged, forgetActorEmail, redactAuditNotes } from '../db/admin'
import { revokeKeysOf } from '../db/api-keys'
import { vendorAnalytics } from '../db/analytics'
import type { Db } from '../db/client'
import { forgetTrackable, impressionTotal } from '../db/impressions'
import { scrubDeadEventReasonsOf } from '../db/dead-events'
import { scrubMailLogOf } from '../db/mail-log'
import { deleteMedia } from '../db/media'
import { forgetNotifications, scrubNamesOf } from '../db/notifications'
import { EMPTY_SOCIAL, findMarketer, toMarketerSelf } from '../db/marketers'
import { entryDisputes, leads, marketers, payoutDetails, products, storefrontOldHandles, vendors } from '../db/schema'
import { findVendor, toVendorSelf } from '../db/vendors'
import { deleteStoresOf } from '../db/stores'
import { deleteEndpointsOf, enabledEndpointsOf, scrubMarketerInDeliveries } from '../db/webhooks'
import { toEndpointDTO } from './webhooks'
import { Conflict, InvalidInput, NotFound } from '../domain/errors'
import { sha256Hex } from '../domain/secrets'
import { NAME_SPOTS } from '../domain/mail-templates'
import type { Bindings } from '../env'
import type { AccountKind } from '../types'
import {
  completeDataRequest,
  findDataRequest,
  insertDataRequest,
  marketerLinksForExport,
  pageDoneRequests,
  pageOpenRequests,
  redactRequestNotes,
} from '../db/data-requests'
import { addWorkingDays, indiaToday } from '../domain/working-days'
import type { Later } from './later-sink'
import { mailOpsOfDataRequest } from './operator-mail'
import { forgetPageData } from './page-data'
import { pageThrough } from './paging'
import { ownDetails } from './payout-details'

type Stores = Pick<Bindings, 'DB' | 'IMPRESSIONS'>
type DataRequestCreate = { kind: string; subjectType: string; subjectRef: string; receivedOn?: string; note?: string }

export const EXPORT_FORMAT = 'collabkart-data-export/1'

export async function exportVendor(db: Db, stores: Stores, id: number) {
  const vendor = await findVendor(db, id)
  if (!vendor) throw new NotFound(ADMIN_MESSAGES.vendorNotFound)
  const [productRows, leadRows, totals, endpointRows] = await Promise.all([
    db.select().from(products).where(eq(products.VendorID, id)).orderBy(desc(products.ProductID)),
    db.select().from(leads).where(eq(leads.VendorID, id)).orderBy(desc(leads.LeadID)),
    vendorAnalytics(db, stores, id),
    enabledEndpointsOf(db, id, { all: true }),
  ])
  const convertedPaise = leadRows.filter((l) => l.Status === 'Converted').reduce((s, l) => s + l.PricePaise, 0)
  const commissionPaise = leadRows.filter((l) => l.Status === 'Converted').reduce((s, l) => s + l.CommissionAmountPaise, 0)
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    role: 'vendor' as const,
    account: {
      ...toVendorSelf(vendor),
      status: vendor.erasedAt ? 'erased' : vendor.suspendedAt ? 'suspended' : 'active',
      suspendedAt: vendor.suspendedAt,
      suspendedReason: vendor.suspendedReason,
      erasedAt: vendor.erasedAt,
    },
    products: productRows.map((p) => ({
      ProductID: p.ProductID,
      ProductName: p.ProductName,
      Description: p.Description,
      Price: paiseToRupeeString(p.PricePaise),
      CommissionType: p.CommissionType,
      CommissionValue: p.CommissionValue,
      CommissionAmount: paiseToRupees(p.CommissionAmountPaise),
      Category: p.Category,
      SKU: p.SKU,
      product_link: withoutCredentials(p.product_link),
      images: p.Images,
      IsActive: p.IsActive,
      takenDownReason: p.takenDownReason,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    })),
    // With the buyers' contact details, as the vendor holds them.
    leads: leadRows.map((l) => ({
      LeadID: l.LeadID,
      ProductID: l.ProductID,
      MarketerID: l.MarketerID,
      ClientName: l.ClientName,
      ClientEmail: l.ClientEmail,
      ClientPhone: l.ClientPhone,
      Status: l.Status,
      ProductName: l.ProductName,
      Price: paiseToRupeeString(l.PricePaise),
      CommissionAmount: paiseToRupees(l.CommissionAmountPaise),
      consentAt: l.consentAt,
      noticeVersion: l.noticeVersion,
      convertedAt: l.convertedAt,
      createdAt: l.createdAt,
    })),
    // Webhook endpoints, never their secrets; the delivery logs stay in the dashboard.
    webhookEndpoints: endpointRows.map(toEndpointDTO),
    // Campaigns as the vendor created them; fee per deliverable in rupees.
    campaigns: (await vendorCampaignsForExport(db, id)).map(({ FeePaise, ...c }) => ({
      ...c,
      FeePerDeliverable: FeePaise === null ? null : paiseToRupees(FeePaise),
    })),
    impressions: { total: totals.totalImpressions },
    // The money records are the leads' snapshots: the ledger's entries and payouts are not exported yet.
    money: { revenueConverted: paiseToRupees(convertedPaise), commissionOnConverted: paiseToRupees(commissionPaise) },
  }
}

export async function exportMarketer(db: Db, stores: Stores, id: number) {
  const marketer = await findMarketer(db, id)
  if (!marketer) throw new NotFound(ADMIN_MESSAGES.marketerNotFound)
  const [leadRows, linkRows, totalImpressions, details] = await Promise.all([
    db.select().from(leads).where(eq(leads.MarketerID, id)).orderBy(desc(leads.LeadID)),
    // The links that were used: products with impressions or leads through this influencer.
    marketerLinksForExport(db, id),
    impressionTotal(stores, { MarketerID: id }),
    ownDetails(db, id),
  ])
  const converted = leadRows.filter((l) => l.Status === 'Converted')
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    role: 'marketer' as const,
    account: {
      ...toMarketerSelf(marketer),
      status: marketer.erasedAt ? 'erased' : marketer.suspendedAt ? 'suspended' : 'active',
      suspendedAt: marketer.suspendedAt,
      suspendedReason: marketer.suspendedReason,
      erasedAt: marketer.erasedAt,
    },
    links: linkRows,
    // As the influencer sees them: the buyer's name, never their contact details.
    leads: leadRows.map((l) => ({
      LeadID: l.LeadID,
      ProductID: l.ProductID,
      VendorID: l.VendorID,
      ClientName: l.ClientName,
      Status: l.Status,
      ProductName: l.ProductName,
      Price: paiseToRupeeString(l.PricePaise),
      CommissionAmount: paiseToRupees(l.CommissionAmountPaise),
      CampaignID: l.CampaignID,
      convertedAt: l.convertedAt,
      createdAt: l.createdAt,
    })),
    // Campaigns: their applications and invitations, pitches and submitted posts.
    campaigns: await marketerCampaignsForExport(db, id),
    impressions: { total: totalImpressions },
    money: {
      commissionConverted: paiseToRupees(converted.reduce((s, l) => s + l.CommissionAmountPaise, 0)),
      payoutDetails: details,
    },
  }
}

export function exportAccount(db: Db, stores: Stores, kind: AccountKind, id: number) {
  return kind === 'vendor' ? exportVendor(db, stores, id) : exportMarketer(db, stores, id)
}

/** An admin's export, recorded in the audit log. */
export async function adminExport(db: Db, stores: Stores, actor: AuditActor, kind: AccountKind, id: number) {
  const data = await exportAccount(db, stores, kind, id)
  await auditAlways(db, actor, { action: 'export', targetType: kind, targetId: String(id), reason: null, before: null, after: null })
  return data
}

/** The email an erased account keeps: unique (the column is), and no one's address. */
export const erasedEmail = (kind: AccountKind, id: number) => `erased-${kind}-${id}@deleted.invalid`

/**
 * Erases the account's personal data: the name becomes 'Deleted user'; email, mobile, bio, handles,
 * links, pictures and images go (from D1 and R2); the password is unusable, every token stops and the
 * account leaves every public page. `confirmEmail` must be the account's email.
 */
export async function eraseAccount(
  db: Db,
  bucket: R2Bucket,
  actor: AuditActor,
  kind: AccountKind,
  id: number,
  confirmEmail: string,
  reason: Reason,
  requestId: number | null = null,
) {
  const at = new Date().toISOString()
  const request = await erasureRequestFor(db, requestId, kind, String(id))
  // The request the erasure answers is completed in the same batch; then every note about the
  // person, in the requests as in the audit log, is redacted.
  const requestSteps = [
    ...(request ? [completeDataRequest(db, actor, request.id, 'done', null, at)] : []),
    redactRequestNotes(db, kind, String(id), REDACTED_NOTE),
  ] as const
  // The audit entry names the record by id only: an erasure must not leave the person's name or
  // email behind in the log. Every note about the person, this entry's included, is redacted after.
  const audit = {
    action: 'erase',
    targetType: kind,
    targetId: String(id),
    reason,
    after: { name: DELETED_USER_NAME, erasedAt: at, ...(request ? { requestId: request.id } : {}) },
  } as const
  let media: (string | null)[]
  if (kind === 'vendor') {
    const row = await findVendor(db, id)
    if (!row) throw new NotFound(ADMIN_MESSAGES.vendorNotFound)
    if (row.erasedAt) throw new Conflict(ADMIN_MESSAGES.alreadyErased)
    if (row.Email !== confirmEmail) throw new InvalidInput(ADMIN_MESSAGES.confirmEmailMismatch)
    const images = await db.select({ Images: products.Images }).from(products).where(eq(products.VendorID, id))
    media = [row.VendorProfilePic, ...images.flatMap((p) => p.Images)]
    const [updated] = await db.batch([
      db
        .update(vendors)
        .set({
          VendorName: DELETED_USER_NAME,
          Email: erasedEmail('vendor', id),
          MobileNumber: '',
          PasswordHash: '!erased',
          VendorProfilePic: null,
          tokenVersion: sql`${vendors.tokenVersion} + 1`,
          erasedAt: at,
          suspendedAt: sql`coalesce(${vendors.suspendedAt}, ${at})`,
          // An earlier suspension's text could name the person.
          suspendedReason: 'Personal data erased',
        })
        .where(and(eq(vendors.VendorID, id), isNull(vendors.erasedAt)))
        .returning({ id: vendors.VendorID }),
      auditIfChanged(db, actor, { ...audit, before: { status: row.suspendedAt ? 'suspended' : 'active' } }),
      // The products stay for the leads that name them, hidden for good, without their images.
      db
        .update(products)
        .set({
          heldActive: sql`coalesce(${products.heldActive}, ${products.IsActive})`,
          IsActive: false,
          Images: [],
          product_link: null,
          takenDownReason: sql`CASE WHEN ${products.takenDownReason} IS NULL THEN NULL ELSE ${REDACTED_NOTE} END`,
        })
        .where(eq(products.VendorID, id)),
      // The vendor's leads hold the buyers' contact details, given to this vendor only: they go
      // with the vendor (amounts, statuses and dates stay for the influencers' accounts).
      db.update(leads).set({ ClientName: DELETED_BUYER_NAME, ClientEmail: null, ClientPhone: '', updatedAt: at }).where(eq(leads.VendorID, id)),
      // Their webhook endpoints (addresses of their systems) and the logs of what was sent there.
      deleteEndpointsOf(db, id),
      // Their API keys stop, and their stores go with the sealed secrets and every order the stores
      // sent (buyers' details in the raw bodies): the receiving address answers 404 (decision 245).
      revokeKeysOf(db, id, at),
      deleteStoresOf(db, id),
      // Their own key actions keep their rows and name them by the erased address.
      forgetActorEmail(db, id, erasedEmail('vendor', id)),
      redactAuditNotes(db, 'vendor', id, REDACTED_NOTE),
      ...forgetNotifications(db, 'vendor', id),
      // Other people's bell entries that name them (docs/decisions/137).
      scrubNamesOf(db, 'vendor', id, DELETED_USER_NAME, NAME_SPOTS),
      // Mail not sent yet, or dead, keeps a subject that may name them and a hint of their address.
      scrubMailLogOf(db, row.VendorName, await sha256Hex(row.Email.toLowerCase())),
      // Dead events keep a status change's reason they typed (docs/decisions/232).
      scrubDeadEventReasonsOf(db, id),
      // Each verification link names the address it was mailed to; a reset link would set a password.
      deleteVerifications(db, 'vendor', id),
      deleteResetsOf(db, 'vendor', id),
      ...requestSteps,
    ])
    if (updated.length === 0) throw new Conflict(ADMIN_MESSAGES.alreadyErased)
  } else {
    const row = await findMarketer(db, id)
    if (!row) throw new NotFound(ADMIN_MESSAGES.marketerNotFound)
    if (row.erasedAt) throw new Conflict(ADMIN_MESSAGES.alreadyErased)
    if (row.Email !== confirmEmail) throw new InvalidInput(ADMIN_MESSAGES.confirmEmailMismatch)
    media = [row.MarketerProfilePic, row.PreviewImage1, row.PreviewImage2, row.PreviewImage3]
    const [updated] = await db.batch([
      db
        .update(marketers)
        .set({
          MarketerName: DELETED_USER_NAME,
          Email: erasedEmail('marketer', id),
          MobileNumber: '',
          PasswordHash: '!erased',
          MarketerProfilePic: null,
          Verified: false,
          ...EMPTY_SOCIAL,
          PreviewImage1: null,
          PreviewImage2: null,
          PreviewImage3: null,
          totalReachRaw: 0,
          engagementRate: 0,
          tokenVersion: sql`${marketers.tokenVersion} + 1`,
          erasedAt: at,
          suspendedAt: sql`coalesce(${marketers.suspendedAt}, ${at})`,
          suspendedReason: 'Personal data erased',
          updatedAt: at,
        })
        .where(and(eq(marketers.MarketerID, id), isNull(marketers.erasedAt)))
        .returning({ id: marketers.MarketerID }),
      // UPI ID, bank account and PAN are personal data too; the ledger keeps only amounts.
      db.delete(payoutDetails).where(eq(payoutDetails.MarketerID, id)),
      // Usernames they gave up (decision 203) name them as much as the ones cleared above.
      db.delete(storefrontOldHandles).where(eq(storefrontOldHandles.MarketerID, id)),
      // The influencer's own words in their disputes may name them or their buyers.
      db.update(entryDisputes).set({ Note: ERASED_DISPUTE_NOTE }).where(eq(entryDisputes.MarketerID, id)),
      // Their campaign pitches and submitted posts.
      ...forgetMarketerCampaignText(db, id),
      auditIfChanged(db, actor, { ...audit, before: { status: row.suspendedAt ? 'suspended' : 'active' } }),
      redactAuditNotes(db, 'marketer', id, REDACTED_NOTE),
      ...forgetNotifications(db, 'marketer', id),
      scrubNamesOf(db, 'marketer', id, DELETED_USER_NAME, NAME_SPOTS),
      // Vendors' webhook delivery logs keep the bodies sent, which name them (decision 244).
      scrubMarketerInDeliveries(db, id, DELETED_USER_NAME),
      scrubMailLogOf(db, row.MarketerName, await sha256Hex(row.Email.toLowerCase())),
      deleteVerifications(db, 'marketer', id),
      deleteResetsOf(db, 'marketer', id),
      ...requestSteps,
    ])
    if (updated.length === 0) throw new Conflict(ADMIN_MESSAGES.alreadyErased)
  }
  // After the rows no longer name them, so a failure here leaves stray objects, never broken rows.
  await deleteMedia(bucket, media)
  forgetPageData()
  forgetTrackable()
}

// ---- The request log ---------------------------------------------------------

const STATE_ORDER = { open: 'due', done: 'done' } as const

/**
 * A request logged by an operator; due 10 working days after it came in (docs/decisions/091).
 * The operators' inbox is mailed about it after the answer, once per request.
 */
export async function logDataRequest(db: Db, later: Later, actor: AuditActor, input: DataRequestCreate, today = indiaToday()): Promise<{ id: number }> {
  const receivedOn = input.receivedOn || today
  if (receivedOn > today || Number.isNaN(Date.parse(`${receivedOn}T00:00:00Z`))) throw new InvalidInput(DATA_REQUEST_MESSAGES.receivedInvalid)
  if (input.subjectType === 'vendor' && !(await findVendor(db, Number(input.subjectRef)))) throw new NotFound(ADMIN_MESSAGES.vendorNotFound)
  if (input.subjectType === 'marketer' && !(await findMarketer(db, Number(input.subjectRef)))) throw new NotFound(ADMIN_MESSAGES.marketerNotFound)
  const dueOn = addWorkingDays(receivedOn, DATA_REQUEST_WORKING_DAYS)
  const [[row]] = await db.batch([
    insertDataRequest(db, actor, {
      receivedOn,
      dueOn,
      kind: input.kind,
      subjectType: input.subjectType,
      subjectRef: input.subjectRef,
      note: input.note || null,
    }),
    auditIfChanged(db, actor, {
      action: 'log-request',
      targetType: 'data-request',
      targetId: sql`CAST(last_insert_rowid() AS TEXT)`,
      reason: { code: 'data-request', note: null },
      before: null,
      after: { kind: input.kind, subjectType: input.subjectType, receivedOn },
    }),
  ])
  const logged = {
    id: row.id,
    kind: input.kind as DataRequestKind,
    subjectType: input.subjectType as DataRequestSubject,
    subjectRef: input.subjectRef,
    receivedOn,
    dueOn,
    loggedBy: actor.adminEmail,
  }
  later.run((env) => mailOpsOfDataRequest(env, logged))
  return { id: row.id }
}

/** Completes (or declines) an open request by hand: an access or correction answered, say. */
export async function closeDataRequest(db: Db, actor: AuditActor, id: number, outcome: DataRequestOutcome, note: string | null) {
  const request = await findDataRequest(db, id)
  if (!request) throw new NotFound(DATA_REQUEST_MESSAGES.notFound)
  const [done] = await db.batch([
    completeDataRequest(db, actor, id, outcome, note, new Date().toISOString()),
    auditIfChanged(db, actor, {
      action: 'complete-request',
      targetType: 'data-request',
      targetId: String(id),
      reason: { code: 'data-request', note },
      before: { done: false },
      after: { done: true, outcome },
    }),
  ])
  if (done.length === 0) throw new Conflict(DATA_REQUEST_MESSAGES.alreadyDone)
}

/** The open erasure request `id` about this subject, or a refusal; null when no request was named. */
export async function erasureRequestFor(db: Db, id: number | null, subjectType: string, subjectRef: string) {
  if (id === null) return null
  const request = await findDataRequest(db, id)
  if (!request) throw new NotFound(DATA_REQUEST_MESSAGES.notFound)
  if (request.doneAt) throw new Conflict(DATA_REQUEST_MESSAGES.alreadyDone)
  if (request.kind !== 'erasure' || request.subjectType !== subjectType || request.subjectRef !== subjectRef) {
    throw new InvalidInput(DATA_REQUEST_MESSAGES.notForThis)
  }
  return request
}

export async function dataRequestPage(
  db: Db,
  query: { cursor?: string; limit?: number; state: 'open' | 'done'; subjectType?: string; subjectRef?: string },
  today = indiaToday(),
) {
  const filter = { subjectType: query.subjectType || undefined, subjectRef: query.subjectRef || undefined }
  const page = await pageThrough({
    cursor: query.cursor,
    limit: query.limit,
    order: STATE_ORDER[query.state],
    kinds: ['string', 'number'],
    fetch: (from, take, count) => {
      const key = from ? ([String(from[0]), Number(from[1])] as [string, number]) : null
      return query.state === 'open' ? pageOpenRequests(db, filter, key, take, count) : pageDoneRequests(db, filter, key, take, count)
    },
    keyOf: (row) => [query.state === 'open' ? row.dueOn : (row.doneAt ?? ''), row.id],
  })
  const rows: DataRequestDTO[] = page.rows.map((r) => ({
    id: r.id,
    kind: r.kind as DataRequestDTO['kind'],
    subjectType: r.subjectType as DataRequestDTO['subjectType'],
    subjectRef: r.subjectRef,
    subjectName: r.subjectName,
    receivedOn: r.receivedOn,
    dueOn: r.dueOn,
    overdue: r.doneAt === null && today > r.dueOn,
    note: r.note,
    loggedAt: r.loggedAt,
    loggedByEmail: r.loggedByEmail,
    doneAt: r.doneAt,
    doneByEmail: r.doneByEmail,
    outcome: r.outcome as DataRequestDTO['outcome'],
    outcomeNote: r.outcomeNote,
  }))
  return { rows, paging: page.paging }
}
