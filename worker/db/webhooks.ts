// Queries of webhooks out (decision 250): a vendor's endpoints, the deliveries made to them, and the
// facts of the events their bodies are made of.

import { and, count, desc, eq, lt, or, sql } from 'drizzle-orm'
import type { EntryFacts, LeadFacts, PayoutFacts } from '../domain/webhook-payloads'
import type { Db } from './client'
import {
  commissionEntries,
  leads,
  marketers,
  payouts,
  vendors,
  type WebhookDelivery,
  type WebhookEndpoint,
  webhookDeliveries,
  webhookEndpoints,
} from './schema'

export async function countEndpoints(db: Db, vendorId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.VendorID, vendorId))
  return row?.n ?? 0
}

/**
 * Inserts the endpoint unless the vendor already has `max`: one statement, so two creates at the
 * same moment cannot both slip past the count. Null when the limit refused it.
 */
export async function insertEndpointWithin(
  db: Db,
  row: Pick<WebhookEndpoint, 'VendorID' | 'url' | 'description' | 'events' | 'secretSealed' | 'createdAt'>,
  max: number,
): Promise<WebhookEndpoint | null> {
  const made = await db.$client
    .prepare(
      `INSERT INTO webhook_endpoints (VendorID, url, description, events, secretSealed, createdAt)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE (SELECT count(*) FROM webhook_endpoints WHERE VendorID = ?1) < ?7
       RETURNING EndpointID`,
    )
    .bind(row.VendorID, row.url, row.description, row.events, row.secretSealed, row.createdAt, max)
    .first<{ EndpointID: number }>()
  return made ? ((await findEndpoint(db, made.EndpointID)) ?? null) : null
}

export async function findEndpoint(db: Db, endpointId: number): Promise<WebhookEndpoint | undefined> {
  return db.query.webhookEndpoints.findFirst({ where: eq(webhookEndpoints.EndpointID, endpointId) })
}

/** The endpoint a delivery goes to and whether its vendor is suspended or erased now, in one statement. */
export async function findEndpointToSend(db: Db, endpointId: number): Promise<{ endpoint: WebhookEndpoint; vendorHeld: boolean } | undefined> {
  const [row] = await db
    .select({
      endpoint: webhookEndpoints,
      vendorHeld: sql<number>`(${vendors.suspendedAt} IS NOT NULL OR ${vendors.erasedAt} IS NOT NULL)`.mapWith(Boolean),
    })
    .from(webhookEndpoints)
    .innerJoin(vendors, eq(vendors.VendorID, webhookEndpoints.VendorID))
    .where(eq(webhookEndpoints.EndpointID, endpointId))
    .limit(1)
  return row
}

/** A page of a vendor's endpoints, newest first, after endpoint `before`; the total (at most a few) counted. */
export async function pageEndpoints(db: Db, vendorId: number, before: number | null, take: number) {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.VendorID, vendorId), before === null ? undefined : lt(webhookEndpoints.EndpointID, before)))
    .orderBy(desc(webhookEndpoints.EndpointID))
    .limit(take)
  return { rows, total: await countEndpoints(db, vendorId) }
}

export async function updateEndpoint(db: Db, endpointId: number, set: Partial<typeof webhookEndpoints.$inferInsert>): Promise<WebhookEndpoint | undefined> {
  const [row] = await db.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.EndpointID, endpointId)).returning()
  return row
}

export async function deleteEndpoint(db: Db, endpointId: number): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.EndpointID, endpointId))
}

/**
 * The endpoints an event of this vendor may go to (at most WEBHOOK_ENDPOINTS_MAX rows): enabled,
 * and none while the vendor is suspended or erased (decision 241; the subquery reads the vendor's
 * row once). With `all`, every endpoint the vendor has, whatever its or the vendor's state.
 */
export async function enabledEndpointsOf(db: Db, vendorId: number, options: { all?: boolean } = {}): Promise<WebhookEndpoint[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.VendorID, vendorId),
        options.all ? undefined : eq(webhookEndpoints.enabled, true),
        options.all ? undefined : sql`EXISTS (SELECT 1 FROM vendors WHERE VendorID = ${vendorId} AND suspendedAt IS NULL AND erasedAt IS NULL)`,
      ),
    )
    .orderBy(desc(webhookEndpoints.EndpointID))
}

export type NewDelivery = { EndpointID: number; eventKey: string; eventType: string; msgId: string; payload: string; createdAt: string }

/** Writes the deliveries not written before (one per event and endpoint); answers the new ones. */
export async function insertDeliveriesOnce(db: Db, rows: NewDelivery[]): Promise<WebhookDelivery[]> {
  const written: WebhookDelivery[] = []
  // Six bound values a row, and D1 binds at most 100 per statement.
  for (let i = 0; i < rows.length; i += 15) {
    written.push(
      ...(await db
        .insert(webhookDeliveries)
        .values(rows.slice(i, i + 15))
        .onConflictDoNothing()
        .returning()),
    )
  }
  return written
}

export async function pageDeliveries(db: Db, endpointId: number, before: number | null, take: number): Promise<WebhookDelivery[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.EndpointID, endpointId), before === null ? undefined : lt(webhookDeliveries.DeliveryID, before)))
    .orderBy(desc(webhookDeliveries.DeliveryID))
    .limit(take)
}

export async function findDelivery(db: Db, deliveryId: number): Promise<WebhookDelivery | undefined> {
  return db.query.webhookDeliveries.findFirst({ where: eq(webhookDeliveries.DeliveryID, deliveryId) })
}

export async function updateDelivery(db: Db, deliveryId: number, set: Partial<typeof webhookDeliveries.$inferInsert>): Promise<void> {
  await db.update(webhookDeliveries).set(set).where(eq(webhookDeliveries.DeliveryID, deliveryId))
}

/** One more failure in a row for the endpoint; answers the new count (counted in SQL, so concurrent attempts all count). */
export async function addFailure(db: Db, endpointId: number): Promise<number> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
    .where(eq(webhookEndpoints.EndpointID, endpointId))
    .returning({ n: webhookEndpoints.consecutiveFailures })
  return row?.n ?? 0
}

export async function clearFailures(db: Db, endpointId: number): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: 0 })
    .where(and(eq(webhookEndpoints.EndpointID, endpointId), sql`${webhookEndpoints.consecutiveFailures} <> 0`))
}

/** Disables an enabled endpoint; true only for the call that did it (so the vendor is told once). */
export async function disableEndpoint(db: Db, endpointId: number, at: string): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: at })
    .where(and(eq(webhookEndpoints.EndpointID, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.EndpointID })
  return rows.length === 1
}

export async function leadFacts(db: Db, leadId: number): Promise<LeadFacts | undefined> {
  const [row] = await db
    .select({
      LeadID: leads.LeadID,
      Status: leads.Status,
      createdAt: leads.createdAt,
      ProductID: leads.ProductID,
      ProductName: leads.ProductName,
      MarketerID: leads.MarketerID,
      MarketerName: marketers.MarketerName,
      ClientName: leads.ClientName,
      ClientEmail: leads.ClientEmail,
      ClientPhone: leads.ClientPhone,
      PricePaise: leads.PricePaise,
      CommissionAmountPaise: leads.CommissionAmountPaise,
    })
    .from(leads)
    .innerJoin(marketers, eq(marketers.MarketerID, leads.MarketerID))
    .where(eq(leads.LeadID, leadId))
  return row
}

export type EntryAtChange = EntryFacts & { convertedAt: string; reversedAt: string | null }

/** The lead's entries a status change at `at` wrote or reversed: they carry its time (db/ledger.ts). */
export async function entriesChangedAt(db: Db, leadId: number, at: string): Promise<EntryAtChange[]> {
  const e = commissionEntries
  return db
    .select({
      EntryID: e.EntryID,
      LeadID: e.LeadID,
      MarketerID: e.MarketerID,
      ProductName: e.ProductName,
      Kind: e.Kind,
      AmountPaise: e.AmountPaise,
      Reason: e.Reason,
      reversedReason: e.reversedReason,
      convertedAt: e.convertedAt,
      reversedAt: e.reversedAt,
    })
    .from(e)
    .where(and(eq(e.LeadID, leadId), or(eq(e.convertedAt, at), eq(e.reversedAt, at))))
    .orderBy(e.EntryID)
}

export async function payoutFacts(db: Db, payoutId: number): Promise<PayoutFacts | undefined> {
  const [row] = await db
    .select({
      PayoutID: payouts.PayoutID,
      MarketerID: payouts.MarketerID,
      MarketerName: marketers.MarketerName,
      GrossPaise: payouts.GrossPaise,
      TdsPaise: payouts.TdsPaise,
      NetPaise: payouts.NetPaise,
      Method: payouts.Method,
      UTR: payouts.UTR,
      PaidOn: payouts.PaidOn,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .innerJoin(marketers, eq(marketers.MarketerID, payouts.MarketerID))
    .where(eq(payouts.PayoutID, payoutId))
  return row
}

/**
 * For a buyer's erasure (decision 090): the buyer in the logged bodies of deliveries that named
 * them is replaced as the leads' own columns are. Erasures are rare; the log is scanned.
 */
export function redactBuyerInDeliveries(db: Db, phone: string, deletedName: string) {
  return db
    .update(webhookDeliveries)
    .set({ payload: sql`json_set(${webhookDeliveries.payload}, '$.data.buyer', json_object('name', ${deletedName}, 'email', NULL, 'phone', ''))` })
    .where(sql`json_extract(${webhookDeliveries.payload}, '$.data.buyer.phone') = ${phone}`)
}

/** For a vendor's erasure: their endpoints go, and their delivery logs with them (cascade). */
export function deleteEndpointsOf(db: Db, vendorId: number) {
  return db.delete(webhookEndpoints).where(eq(webhookEndpoints.VendorID, vendorId))
}

/**
 * For an influencer's erasure (decision 244): the bodies of the deliveries that named them (lead
 * and payout events) name 'Deleted user' instead, as their bell entries do; the ids stay. Only the
 * bodies that name them are read, through webhook_deliveries_influencer_idx (migration 0050).
 */
export function scrubMarketerInDeliveries(db: Db, marketerId: number, deletedName: string) {
  return db
    .update(webhookDeliveries)
    .set({ payload: sql`json_set(${webhookDeliveries.payload}, '$.data.influencer.name', ${deletedName})` })
    .where(sql`json_extract(${webhookDeliveries.payload}, '$.data.influencer.influencerId') = ${marketerId}`)
}

/**
 * Takes the next `n` sequence numbers of the vendor's events (decision 250) in one statement, so
 * events raised at the same moment never share one; answers the last. Only a vendor with a webhook
 * endpoint is numbered (null otherwise): nothing else reads the numbers.
 */
export async function takeSequences(db: Db, vendorId: number, n: number): Promise<number | null> {
  const [row] = await db.all<{ lastSequence: number }>(sql`
    INSERT INTO vendor_event_sequences (VendorID, lastSequence)
    SELECT ${vendorId}, ${n} WHERE EXISTS (SELECT 1 FROM webhook_endpoints WHERE VendorID = ${vendorId})
    ON CONFLICT (VendorID) DO UPDATE SET lastSequence = lastSequence + excluded.lastSequence
    RETURNING lastSequence`)
  return row?.lastSequence ?? null
}
