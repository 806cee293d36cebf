// Payouts through the vendor's own RazorpayX or Cashfree account (decisions 297, 298): connecting
// it, paying one influencer now or everyone over the minimum in a run, and following what the
// provider says (its answer, its signed webhooks, the cron's poll) to paid, failed or reversed.

import { paiseToRupees } from '../contract/money'
import { MINIMUM_PAYOUT, PAYOUT_ACCOUNT_MESSAGES as M, type ConnectPayoutAccount, type PayoutAccountDTO, type TransferDTO } from '../contract/payout-accounts'
import { type Db, isUniqueViolation } from '../db/client'
import { findDetails, openEntries } from '../db/ledger'
import * as q from '../db/provider-payouts'
import { marketers } from '../db/schema'
import { entryStatus, indiaDate } from '../domain/ledger'
import { Conflict, InvalidInput, NotFound } from '../domain/errors'
import { secretHint, seal, unseal } from '../domain/secret-box'
import { financialYearOf } from '../domain/tds'
import type { Bindings } from '../env'
import { eq } from 'drizzle-orm'
import type { Events } from './event-sink'
import { providerFor } from './payout-providers'
import {
  type Credentials,
  type PayoutProvider,
  type ProviderPayout,
  ProviderRefused,
  ProviderUnavailable,
  payoutKey,
  transferIdOf,
} from './payout-providers/types'
import { planPayout } from './payouts'

export const payoutWebhookPath = (provider: string, vendorId: number) => `/api/money/payout-webhooks/${provider}/${vendorId}`

const sealContext = (vendorId: number) => `payouts:${vendorId}`

function toAccountDTO(origin: string, row: q.PayoutAccountRow): PayoutAccountDTO {
  return {
    Provider: row.Provider,
    Hint: row.Hint,
    MinimumPayout: paiseToRupees(row.MinimumPaise),
    connectedAt: row.connectedAt,
    check: row.checkedAt ? { ok: Boolean(row.checkOk), message: row.checkMessage ?? '', at: row.checkedAt } : null,
    webhookUrl: `${origin}${payoutWebhookPath(row.Provider, row.VendorID)}`,
  }
}

export function toTransferDTO(row: q.TransferRow): TransferDTO {
  return {
    TransferID: row.TransferID,
    VendorID: row.VendorID,
    MarketerID: row.MarketerID,
    RunID: row.RunID,
    Provider: row.Provider,
    Status: row.Status,
    Gross: paiseToRupees(row.GrossPaise),
    TDS: paiseToRupees(row.TdsPaise),
    Net: paiseToRupees(row.NetPaise),
    UTR: row.UTR,
    Reason: row.Reason,
    PayoutID: row.PayoutID,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    updatedAt: row.updatedAt,
  }
}

const credentialsOf = (input: ConnectPayoutAccount): Credentials =>
  input.Provider === 'razorpayx'
    ? { provider: 'razorpayx', keyId: input.KeyID, keySecret: input.KeySecret, accountNumber: input.AccountNumber, webhookSecret: input.WebhookSecret }
    : { provider: 'cashfree', clientId: input.ClientID, clientSecret: input.ClientSecret, webhookSecret: input.WebhookSecret }

const hintOf = (c: Credentials) =>
  c.provider === 'razorpayx'
    ? `${c.keyId.slice(0, 9)}… ${secretHint(c.keySecret)}, account ••••${c.accountNumber.slice(-4)}`
    : `${c.clientId.slice(0, 6)}… ${secretHint(c.clientSecret)}`

async function openAccount(env: Bindings, db: Db, vendorId: number) {
  const row = await q.findPayoutAccount(db, vendorId)
  if (!row) throw new NotFound(M.notConnected)
  const plain = await unseal(row.Sealed, sealContext(vendorId), env.JWT_SECRET)
  if (!plain) throw new NotFound(M.notConnected)
  const creds = JSON.parse(plain) as Credentials
  return { row, creds, provider: providerFor(env, creds, vendorId) }
}

async function checkWith(provider: PayoutProvider): Promise<{ ok: boolean; message: string }> {
  try {
    return await provider.check()
  } catch (err) {
    if (err instanceof ProviderUnavailable) return { ok: false, message: `The provider did not answer (${err.message}). Try the check again in a minute.` }
    throw err
  }
}

export async function connectPayoutAccount(
  env: Bindings,
  db: Db,
  origin: string,
  vendorId: number,
  input: ConnectPayoutAccount,
  now: number,
): Promise<PayoutAccountDTO> {
  const creds = credentialsOf(input)
  const at = new Date(now).toISOString()
  await q.savePayoutAccount(db, {
    VendorID: vendorId,
    Provider: creds.provider,
    Sealed: await seal(JSON.stringify(creds), sealContext(vendorId), env.JWT_SECRET),
    Hint: hintOf(creds),
    MinimumPaise: (input.MinimumPayout ?? MINIMUM_PAYOUT.default) * 100,
    connectedAt: at,
  })
  const result = await checkWith(providerFor(env, creds, vendorId))
  await q.saveCheck(db, vendorId, result.ok, result.message, at)
  const row = await q.findPayoutAccount(db, vendorId)
  if (!row) throw new NotFound(M.notConnected)
  return toAccountDTO(origin, row)
}

export async function payoutAccount(db: Db, origin: string, vendorId: number): Promise<PayoutAccountDTO | null> {
  const row = await q.findPayoutAccount(db, vendorId)
  return row ? toAccountDTO(origin, row) : null
}

export async function checkPayoutAccount(env: Bindings, db: Db, vendorId: number, now: number) {
  const { provider } = await openAccount(env, db, vendorId)
  const result = await checkWith(provider)
  const at = new Date(now).toISOString()
  await q.saveCheck(db, vendorId, result.ok, result.message, at)
  return { ...result, at }
}

export async function disconnectPayoutAccount(db: Db, vendorId: number): Promise<void> {
  if (!(await q.findPayoutAccount(db, vendorId))) throw new NotFound(M.notConnected)
  if (!(await q.deletePayoutAccount(db, vendorId))) throw new Conflict(M.sendsOpen)
}

/**
 * Step one of a payout: written in Collabkart with the entries it settles held and TDS worked out
 * as the payout dialog works it out. Nothing is sent yet: a crash after this leaves a queued payout
 * the next run or the cron's poll sends with the same key.
 */
export async function createTransfer(db: Db, provider: Credentials['provider'], vendorId: number, marketerId: number, runId: number | null, now: number) {
  const details = await findDetails(db, marketerId)
  if (!details) throw new InvalidInput(M.noDetails)
  const plan = await planPayout(db, vendorId, { MarketerID: marketerId }, now).catch((err: unknown) => {
    if (err instanceof InvalidInput) throw new InvalidInput(M.nothingToPay)
    throw err
  })
  try {
    return await q.insertTransfer(db, {
      VendorID: vendorId,
      MarketerID: marketerId,
      RunID: runId,
      Provider: provider,
      GrossPaise: plan.grossPaise,
      TdsPaise: plan.tdsPaise,
      TdsBasePaise: plan.tdsBasePaise,
      NetPaise: plan.grossPaise - plan.tdsPaise,
      Method: details.Method === 'UPI' ? 'UPI' : 'Bank transfer',
      createdAt: new Date(now).toISOString(),
      entryIds: plan.settles.map((e) => e.EntryID),
      seen: plan.seen,
    })
  } catch (err) {
    if (
      isUniqueViolation(err) ||
      /constraint failed|ledger: /i.test(`${err instanceof Error ? err.message : ''} ${String((err as { cause?: unknown })?.cause ?? '')}`)
    )
      throw new Conflict(M.alreadySending)
    throw err
  }
}

/** The fund account (or beneficiary) for the influencer's current details, made once per details version. */
async function fundAccountFor(db: Db, provider: PayoutProvider, name: Credentials['provider'], vendorId: number, marketerId: number): Promise<string> {
  const details = await findDetails(db, marketerId)
  if (!details) throw new ProviderRefused(M.noDetails, 400)
  const known = await q.findBeneficiary(db, vendorId, marketerId, name)
  if (known && known.DetailsAt === details.updatedAt) return known.FundAccountID
  const person = await db.query.marketers.findFirst({
    columns: { MarketerName: true, Email: true, MobileNumber: true },
    where: eq(marketers.MarketerID, marketerId),
  })
  const version = Date.parse(details.updatedAt).toString(36)
  const fundAccountId = await provider.addPayee({
    referenceId: `ck_m${marketerId}_${version}`,
    name: details.AccountHolder || person?.MarketerName || 'Creator',
    email: person?.Email ?? '',
    phone: person?.MobileNumber ?? '',
    method: details.Method,
    vpa: details.UpiID,
    accountNumber: details.AccountNumber,
    ifsc: details.IFSC,
  })
  const registeredName = await provider.validatePayee(fundAccountId).catch(() => null)
  await q.saveBeneficiary(db, {
    VendorID: vendorId,
    MarketerID: marketerId,
    Provider: name,
    FundAccountID: fundAccountId,
    DetailsAt: details.updatedAt,
    RegisteredName: registeredName,
  })
  return fundAccountId
}

/** Step two: sent with its own id as the key; a retry sends the same body with the same key. */
export async function sendTransfer(env: Bindings, db: Db, events: Events, transfer: q.TransferRow, now: number): Promise<q.TransferRow> {
  const { provider } = await openAccount(env, db, transfer.VendorID)
  const at = new Date(now).toISOString()
  try {
    let fundAccountId = transfer.FundAccountID
    if (!fundAccountId) {
      await q.setFundAccount(db, transfer.TransferID, await fundAccountFor(db, provider, transfer.Provider, transfer.VendorID, transfer.MarketerID))
      fundAccountId = (await q.findTransfer(db, transfer.TransferID))?.FundAccountID ?? null
    }
    if (!fundAccountId) throw new ProviderRefused(M.noDetails, 400)
    const answer = await provider.createPayout({
      key: payoutKey(transfer.TransferID),
      amountPaise: transfer.NetPaise,
      fundAccountId,
      method: transfer.Method,
      narration: 'Collabkart commission',
    })
    await applyUpdate(db, events, transfer.TransferID, answer, now)
  } catch (err) {
    if (err instanceof ProviderUnavailable)
      await q.markUnsent(db, transfer.TransferID, `Not confirmed yet: the provider did not answer (${err.message}); sent again with the same key`, at)
    else if (err instanceof ProviderRefused) await q.markUnpaid(db, transfer.TransferID, 'failed', err.message, at)
    else throw err
  }
  return (await q.findTransfer(db, transfer.TransferID)) as q.TransferRow
}

/**
 * What the provider said, applied once and in any order: open states only move forward, paid
 * records the payout with the UTR, failed and reversed release the entries, and reversed after
 * paid reopens them once. A state the payout has passed changes nothing.
 */
export async function applyUpdate(db: Db, events: Events, transferId: number, update: ProviderPayout, now: number): Promise<void> {
  const at = new Date(now).toISOString()
  const before = await q.findTransfer(db, transferId)
  if (!before) return
  if (update.state === 'queued' || update.state === 'processing')
    return q.markOpen(db, transferId, update.state, update.ref, update.state === 'queued' ? update.reason : null, at)
  if (update.state === 'failed') return q.markUnpaid(db, transferId, 'failed', update.reason, at)
  if (update.state === 'reversed') {
    if (before.Status === 'paid') return q.markReversedAfterPaid(db, transferId, update.reason, at)
    return q.markUnpaid(db, transferId, 'reversed', update.reason, at)
  }
  // Paid: the UTR the bank gave, or the provider's own id while it has none.
  const paidOn = indiaDate(now)
  const fy = financialYearOf(paidOn)
  await q.markPaid(db, transferId, update.utr ?? update.ref ?? payoutKey(transferId), update.ref, paidOn, { start: fy.start, end: fy.end }, at)
  const after = await q.findTransfer(db, transferId)
  if (after?.PayoutID && before.PayoutID === null)
    await events.raise({ type: 'payout.recorded', payoutId: after.PayoutID, vendorId: after.VendorID, marketerId: after.MarketerID, at })
}

export async function payNow(env: Bindings, db: Db, events: Events, vendorId: number, marketerId: number, now: number): Promise<TransferDTO> {
  const { row } = await openAccount(env, db, vendorId)
  const transfer = await createTransfer(db, row.Provider, vendorId, marketerId, null, now)
  return toTransferDTO(await sendTransfer(env, db, events, transfer, now))
}

/**
 * A run: first anything created but never sent (a crash mid-run), then one payout per influencer
 * whose payable balance, less open adjustments, reaches the vendor's minimum.
 */
export async function runPayouts(env: Bindings, db: Db, events: Events, vendorId: number, now: number) {
  const { row } = await openAccount(env, db, vendorId)
  for (const unsent of await q.unsentTransfers(db, vendorId)) await sendTransfer(env, db, events, unsent, now)
  const owed = new Map<number, number>()
  for (const e of await openEntries(db, { VendorID: vendorId })) {
    const status = entryStatus(e, e.terms, now)
    if (status === 'payable' || status === 'adjustment') owed.set(e.MarketerID, (owed.get(e.MarketerID) ?? 0) + e.AmountPaise)
  }
  const runId = await q.insertRun(db, vendorId, row.MinimumPaise, new Date(now).toISOString())
  const transfers: TransferDTO[] = []
  for (const [marketerId, paise] of owed) {
    if (paise < row.MinimumPaise) continue
    let created: q.TransferRow
    try {
      created = await createTransfer(db, row.Provider, vendorId, marketerId, runId, now)
    } catch (err) {
      // No details yet, one already being sent, nothing payable after all: the next run tries again.
      if (err instanceof InvalidInput || err instanceof Conflict) continue
      throw err
    }
    transfers.push(toTransferDTO(await sendTransfer(env, db, events, created, now)))
  }
  return { RunID: runId, MinimumPayout: paiseToRupees(row.MinimumPaise), transfers }
}

/** The cron: payouts never sent are sent again; those quiet for 30 minutes are asked for their status. */
export async function pollTransfers(env: Bindings, db: Db, events: Events, now: number): Promise<void> {
  for (const t of await q.transfersToPoll(db, now)) {
    try {
      if (!t.sentAt || !t.ProviderRef) {
        await sendTransfer(env, db, events, t, now)
        continue
      }
      const { provider } = await openAccount(env, db, t.VendorID)
      const found = await provider.getPayout(payoutKey(t.TransferID), t.ProviderRef)
      if (found) await applyUpdate(db, events, t.TransferID, found, now)
      else await q.markUnsent(db, t.TransferID, t.Reason ?? 'Asked the provider again', new Date(now).toISOString())
    } catch (err) {
      // One vendor's disconnected account or silent provider must not stop the others' polls.
      if (err instanceof NotFound || err instanceof ProviderUnavailable) continue
      throw err
    }
  }
}

/** A provider's webhook: verified with the vendor's secret, each (payout, status) applied once. */
export async function receivePayoutWebhook(
  env: Bindings,
  db: Db,
  events: Events,
  providerName: string,
  vendorId: number,
  raw: string,
  header: (name: string) => string | undefined,
  now: number,
): Promise<'received' | 'duplicate'> {
  const account = await openAccount(env, db, vendorId).catch(() => null)
  if (!account || account.row.Provider !== providerName) throw new NotFound(M.webhookForged)
  const update = await account.provider.verifyWebhook(raw, header, now).catch(() => null)
  if (!update) throw new NotFound(M.webhookForged)
  if (update === 'stale') throw new InvalidInput(M.webhookStale)
  const transferId = transferIdOf(update.key)
  const transfer = transferId ? await q.findTransfer(db, transferId) : undefined
  // A payout made outside Collabkart (the provider's dashboard): acknowledged, nothing to do.
  if (!transfer || transfer.VendorID !== vendorId) return 'received'
  if (!(await q.firstSeen(db, transfer.TransferID, update.state, new Date(now).toISOString()))) return 'duplicate'
  await applyUpdate(db, events, transfer.TransferID, update, now)
  return 'received'
}

export async function transferList(db: Db, owner: { VendorID?: number; MarketerID?: number }): Promise<TransferDTO[]> {
  return (await q.transfersOf(db, owner)).map(toTransferDTO)
}
