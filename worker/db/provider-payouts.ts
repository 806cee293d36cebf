// Queries of payouts sent through a provider (decision 298): the connected account, a payout and
// the entries it holds written in one batch, and each state it moves to, each in one batch that
// reads the state it moves from, so a repeated or late answer changes nothing.

import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { batchOf, type Db } from './client'
import { payoutAccounts, payoutBeneficiaries, payoutRuns, providerPayoutEvents, providerPayouts } from './schema'

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect
export type TransferRow = typeof providerPayouts.$inferSelect

export const findPayoutAccount = (db: Db, vendorId: number) => db.query.payoutAccounts.findFirst({ where: eq(payoutAccounts.VendorID, vendorId) })

export async function savePayoutAccount(db: Db, row: typeof payoutAccounts.$inferInsert): Promise<void> {
  await db
    .insert(payoutAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: payoutAccounts.VendorID,
      set: {
        Provider: row.Provider,
        Sealed: row.Sealed,
        Hint: row.Hint,
        MinimumPaise: row.MinimumPaise,
        connectedAt: row.connectedAt,
        checkedAt: null,
        checkOk: null,
        checkMessage: null,
      },
    })
}

export async function saveCheck(db: Db, vendorId: number, ok: boolean, message: string, at: string): Promise<void> {
  await db.update(payoutAccounts).set({ checkOk: ok, checkMessage: message, checkedAt: at }).where(eq(payoutAccounts.VendorID, vendorId))
}

/** Deletes the account unless a payout from it is still open; true when deleted. */
export async function deletePayoutAccount(db: Db, vendorId: number): Promise<boolean> {
  const [, found] = await batchOf(db, [
    sql`DELETE FROM payout_accounts WHERE VendorID = ${vendorId}
      AND NOT EXISTS (SELECT 1 FROM provider_payouts WHERE VendorID = ${vendorId} AND Status IN ('queued', 'processing'))`,
    sql`SELECT count(*) AS n FROM payout_accounts WHERE VendorID = ${vendorId}`,
  ])
  return Number((found.results[0] as { n: number }).n) === 0
}

export async function insertRun(db: Db, vendorId: number, minimumPaise: number, at: string): Promise<number> {
  const [row] = await db.insert(payoutRuns).values({ VendorID: vendorId, MinimumPaise: minimumPaise, createdAt: at }).returning({ RunID: payoutRuns.RunID })
  return row.RunID
}

export type NewTransfer = Omit<typeof providerPayouts.$inferInsert, 'TransferID' | 'Status' | 'EntryIDs'> & {
  entryIds: number[]
  seen: { fyStart: string; fyEnd: string; lastPayoutId: number }
}

/**
 * The payout and its holds in one batch. It is written only while no payout of the pair joined the
 * financial year since its TDS was worked out; the open-pair index refuses a second open payout,
 * and payout_holds (keyed by entry) one entry in two. Any refusal leaves nothing written.
 */
export async function insertTransfer(db: Db, t: NewTransfer): Promise<TransferRow> {
  const { entryIds, seen, ...row } = t
  const open = sql`(SELECT TransferID FROM provider_payouts WHERE VendorID = ${row.VendorID} AND MarketerID = ${row.MarketerID} AND Status IN ('queued', 'processing'))`
  const [, , found] = await batchOf(db, [
    sql`INSERT INTO provider_payouts (VendorID, MarketerID, RunID, Provider, GrossPaise, TdsPaise, TdsBasePaise, NetPaise, Method, EntryIDs, Status, createdAt, updatedAt)
      SELECT ${row.VendorID}, ${row.MarketerID}, ${row.RunID ?? null}, ${row.Provider}, ${row.GrossPaise}, ${row.TdsPaise}, ${row.TdsBasePaise}, ${row.NetPaise}, ${row.Method},
        ${JSON.stringify(entryIds)}, 'queued', ${row.createdAt}, ${row.createdAt}
      WHERE NOT EXISTS (SELECT 1 FROM payouts WHERE VendorID = ${row.VendorID} AND MarketerID = ${row.MarketerID}
        AND PaidOn >= ${seen.fyStart} AND PaidOn <= ${seen.fyEnd} AND PayoutID > ${seen.lastPayoutId})`,
    // NOT NULL fails the batch when the payout was not written (the TDS guard above).
    sql`INSERT INTO payout_holds (EntryID, TransferID) SELECT j.value, ${open} FROM json_each(${JSON.stringify(entryIds)}) j`,
    sql`SELECT * FROM provider_payouts WHERE TransferID = ${open}`,
  ])
  return found.results[0] as TransferRow
}

export const findTransfer = (db: Db, transferId: number) => db.query.providerPayouts.findFirst({ where: eq(providerPayouts.TransferID, transferId) })

export async function setFundAccount(db: Db, transferId: number, fundAccountId: string): Promise<void> {
  await db
    .update(providerPayouts)
    .set({ FundAccountID: fundAccountId })
    .where(and(eq(providerPayouts.TransferID, transferId), isNull(providerPayouts.FundAccountID)))
}

/** True the first time this (payout, status) is seen. */
export async function firstSeen(db: Db, transferId: number, status: string, at: string): Promise<boolean> {
  const rows = await db
    .insert(providerPayoutEvents)
    .values({ TransferID: transferId, Status: status, at })
    .onConflictDoNothing()
    .returning({ TransferID: providerPayoutEvents.TransferID })
  return rows.length > 0
}

const OPEN = sql`Status IN ('queued', 'processing')`

/** Queued or processing, as the provider says; never back from processing to queued's "not sent". */
export async function markOpen(db: Db, transferId: number, status: 'queued' | 'processing', ref: string | null, reason: string | null, at: string) {
  await batchOf(db, [
    sql`UPDATE provider_payouts SET Status = CASE WHEN Status = 'processing' THEN 'processing' ELSE ${status} END,
        ProviderRef = COALESCE(ProviderRef, ${ref}), sentAt = COALESCE(sentAt, ${at}), Reason = ${reason}, updatedAt = ${at}
      WHERE TransferID = ${transferId} AND ${OPEN}`,
  ])
}

/** Left unsent (no answer from the provider): the next run or poll sends it again with the same key. */
export async function markUnsent(db: Db, transferId: number, reason: string, at: string) {
  await batchOf(db, [sql`UPDATE provider_payouts SET Reason = ${reason}, updatedAt = ${at} WHERE TransferID = ${transferId} AND ${OPEN}`])
}

/**
 * Paid: the holds give way to the payout recorded through payout_records as a manual one is, with
 * the provider's UTR and India's date; the TDS guard is given the pair's latest payout, since no
 * payout of the pair could be recorded while this one was open (migration provider_payout_rules).
 */
export async function markPaid(db: Db, transferId: number, utr: string, ref: string | null, paidOn: string, fy: { start: string; end: string }, at: string) {
  const t = sql`(SELECT * FROM provider_payouts WHERE TransferID = ${transferId})`
  await batchOf(db, [
    sql`UPDATE provider_payouts SET Status = 'paid', UTR = ${utr}, ProviderRef = COALESCE(ProviderRef, ${ref}), sentAt = COALESCE(sentAt, ${at}), Reason = NULL, updatedAt = ${at}
      WHERE TransferID = ${transferId} AND ${OPEN}`,
    sql`DELETE FROM payout_holds WHERE TransferID = ${transferId} AND (SELECT Status FROM provider_payouts WHERE TransferID = ${transferId}) = 'paid'`,
    sql`INSERT INTO payout_records (VendorID, MarketerID, GrossPaise, TdsPaise, TdsBasePaise, NetPaise, Method, UTR, PaidOn, createdAt, EntryIDs, fyStart, fyEnd, lastPayoutId)
      SELECT t.VendorID, t.MarketerID, t.GrossPaise, t.TdsPaise, t.TdsBasePaise, t.NetPaise, t.Method, t.UTR, ${paidOn}, ${at}, t.EntryIDs, ${fy.start}, ${fy.end},
        (SELECT COALESCE(MAX(PayoutID), 0) FROM payouts WHERE VendorID = t.VendorID AND MarketerID = t.MarketerID)
      FROM ${t} t WHERE t.Status = 'paid' AND t.PayoutID IS NULL`,
    sql`UPDATE provider_payouts SET PayoutID = (SELECT p.PayoutID FROM payouts p WHERE p.VendorID = provider_payouts.VendorID AND p.UTR = provider_payouts.UTR)
      WHERE TransferID = ${transferId} AND Status = 'paid' AND PayoutID IS NULL`,
  ])
}

/** Failed, or reversed before it was paid: the holds go, so its entries are payable again. */
export async function markUnpaid(db: Db, transferId: number, status: 'failed' | 'reversed', reason: string | null, at: string) {
  await batchOf(db, [
    sql`UPDATE provider_payouts SET Status = ${status}, Reason = ${reason}, updatedAt = ${at} WHERE TransferID = ${transferId} AND ${OPEN}`,
    sql`DELETE FROM payout_holds WHERE TransferID = ${transferId} AND (SELECT Status FROM provider_payouts WHERE TransferID = ${transferId}) IN ('failed', 'reversed')`,
  ])
}

/**
 * Reversed after it was paid (the bank returned the money): the recorded payout stays, as money
 * records do, and each entry it settled is given back once as a new open entry of the same amount
 * and earning date (so payable at once), unique by the entry it reopens.
 */
export async function markReversedAfterPaid(db: Db, transferId: number, reason: string | null, at: string) {
  const note = `Payout returned by the bank${reason ? `: ${reason}` : ''}`.slice(0, 300)
  await batchOf(db, [
    sql`UPDATE provider_payouts SET Status = 'reversed', Reason = ${reason}, updatedAt = ${at} WHERE TransferID = ${transferId} AND Status = 'paid'`,
    sql`INSERT INTO commission_entries (LeadID, VendorID, MarketerID, ProductName, Kind, AmountPaise, convertedAt, Reason, ReopensEntryID)
      SELECT 0, e.VendorID, e.MarketerID, e.ProductName, CASE WHEN e.AmountPaise < 0 THEN 'adjustment' ELSE 'commission' END, e.AmountPaise, e.convertedAt, ${note}, e.EntryID
      FROM provider_payouts t JOIN json_each(t.EntryIDs) j JOIN commission_entries e ON e.EntryID = j.value
      WHERE t.TransferID = ${transferId} AND t.Status = 'reversed' AND t.PayoutID IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM commission_entries r WHERE r.ReopensEntryID = e.EntryID)`,
  ])
}

/** Open payouts the cron looks at: never sent and older than a minute, or sent and quiet for 30 minutes. */
export async function transfersToPoll(db: Db, now: number, take = 50) {
  const unsentBefore = new Date(now - 60_000).toISOString()
  const quietBefore = new Date(now - 30 * 60_000).toISOString()
  return db
    .select()
    .from(providerPayouts)
    .where(
      and(
        inArray(providerPayouts.Status, ['queued', 'processing']),
        or(and(isNull(providerPayouts.sentAt), lt(providerPayouts.updatedAt, unsentBefore)), lt(providerPayouts.updatedAt, quietBefore)),
      ),
    )
    .orderBy(providerPayouts.updatedAt)
    .limit(take)
}

export const unsentTransfers = (db: Db, vendorId: number) =>
  db
    .select()
    .from(providerPayouts)
    .where(and(eq(providerPayouts.VendorID, vendorId), inArray(providerPayouts.Status, ['queued', 'processing']), isNull(providerPayouts.sentAt)))

export async function transfersOf(db: Db, owner: { VendorID?: number; MarketerID?: number }, take = 100) {
  return db
    .select()
    .from(providerPayouts)
    .where(owner.VendorID ? eq(providerPayouts.VendorID, owner.VendorID) : eq(providerPayouts.MarketerID, owner.MarketerID ?? 0))
    .orderBy(desc(providerPayouts.TransferID))
    .limit(take)
}

export const findBeneficiary = (db: Db, vendorId: number, marketerId: number, provider: 'razorpayx' | 'cashfree') =>
  db.query.payoutBeneficiaries.findFirst({
    where: and(eq(payoutBeneficiaries.VendorID, vendorId), eq(payoutBeneficiaries.MarketerID, marketerId), eq(payoutBeneficiaries.Provider, provider)),
  })

export async function saveBeneficiary(db: Db, row: typeof payoutBeneficiaries.$inferInsert) {
  await db
    .insert(payoutBeneficiaries)
    .values(row)
    .onConflictDoUpdate({
      target: [payoutBeneficiaries.VendorID, payoutBeneficiaries.MarketerID, payoutBeneficiaries.Provider],
      set: { FundAccountID: row.FundAccountID, DetailsAt: row.DetailsAt, RegisteredName: row.RegisteredName },
    })
}
