import { MONEY_ROUTES } from '@contract/money-routes'
import type { DisputeState } from '@contract/disputes'
import type { Balances, EntryStatus, MarketerBalanceDTO, PayoutDetailsInput, RecordPayoutInput } from '@contract/payouts'
import { saveFile } from '../lib/download'
import { getToken } from '../lib/storage'
import { ApiError, callData, callPage, callRoute } from './client'

// The money calls: balances, entries, payouts, payout details, settings and CSVs.

/** The balance answers by role: an influencer's carries `byVendor`, a vendor's does not. */
export async function getMarketerBalance(): Promise<MarketerBalanceDTO> {
  const balances = await callData(MONEY_ROUTES.balance)
  if (!('byVendor' in balances)) throw new ApiError('These are not an influencer’s balances')
  return balances
}
export const getVendorBalance = (): Promise<Balances> => callData(MONEY_ROUTES.balance)

export const listEntries = (filter: { status?: EntryStatus | ''; vendorId?: number | '' }, cursor: string | undefined, signal: AbortSignal) =>
  callPage(MONEY_ROUTES.entries, { query: { status: filter.status || undefined, vendorId: filter.vendorId || undefined, cursor, limit: 10 }, signal })

export const listPayouts = (cursor: string | undefined, signal: AbortSignal) => callPage(MONEY_ROUTES.payouts, { query: { cursor, limit: 10 }, signal })

export const listOwed = (cursor: string | undefined, signal: AbortSignal) => callPage(MONEY_ROUTES.owed, { query: { cursor, limit: 10 }, signal })

/** Disputes: the influencer raises one on an entry; the entry's vendor lists and resolves them. */
export const disputeEntry = (entryId: number, Note: string) => callRoute(MONEY_ROUTES.dispute, { params: { id: entryId }, json: { Note } })
export const listDisputes = (state: DisputeState, cursor: string | undefined, signal: AbortSignal) =>
  callPage(MONEY_ROUTES.disputes, { query: { state, cursor, limit: 10 }, signal })
export const resolveDispute = (disputeId: number, Note: string) => callRoute(MONEY_ROUTES.resolveDispute, { params: { id: disputeId }, json: { Note } })

export const getPayoutDetails = () => callData(MONEY_ROUTES.details)
export const savePayoutDetails = (input: PayoutDetailsInput) => callRoute(MONEY_ROUTES.saveDetails, { json: input })

export const getMoneySettings = () => callData(MONEY_ROUTES.settings)
export const saveMoneySettings = (input: { HoldingDays: string; PaymentTermsDays: string }) => callRoute(MONEY_ROUTES.saveSettings, { json: input })

export const previewPayout = (MarketerID: number, EntryIDs?: number[]) => callData(MONEY_ROUTES.preview, { json: { MarketerID, EntryIDs } })
export const recordPayout = (input: RecordPayoutInput) => callRoute(MONEY_ROUTES.recordPayout, { json: input })

const CSV_ROUTES = { statement: MONEY_ROUTES.statementCsv, payouts: MONEY_ROUTES.payoutsCsv } as const

/**
 * Downloads a CSV the API writes (it needs the bearer token, so a plain link cannot fetch it):
 * read it as a blob and hand it to the browser as a file.
 */
export async function downloadCsv(which: keyof typeof CSV_ROUTES, range: { from?: string; to?: string }, filename: string): Promise<void> {
  const params = new URLSearchParams()
  if (range.from) params.set('from', range.from)
  if (range.to) params.set('to', range.to)
  const res = await fetch(`${CSV_ROUTES[which].path}${params.size ? `?${params}` : ''}`, { headers: { authorization: `Bearer ${getToken() ?? ''}` } })
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null
    throw new ApiError(body?.message ?? `Request failed with status code ${res.status}`, { status: res.status })
  }
  saveFile(await res.blob(), filename)
}
