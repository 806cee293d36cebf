import type { DisputeDTO, DisputeState } from '@contract/disputes'
import type {
  Balances,
  EntryStatus,
  MarketerBalanceDTO,
  ListedEntryDTO,
  MoneySettings,
  OwedRow,
  PayoutDetailsDTO,
  PayoutDetailsInput,
  PayoutDTO,
  PayoutPreview,
  RecordPayoutInput,
  EntryDisputeState,
} from '@contract/payouts'
import { saveFile } from '../lib/download'
import { getToken } from '../lib/storage'
import { ApiError, request, requestData, requestPage } from './client'

// The money calls: balances, entries, payouts, payout details, settings and CSVs.

export const getMarketerBalance = () => requestData<MarketerBalanceDTO>('GET', 'money/balance')
export const getVendorBalance = () => requestData<Balances>('GET', 'money/balance')

export const listEntries = (filter: { status?: EntryStatus | ''; vendorId?: number | '' }, cursor: string | undefined, signal: AbortSignal) =>
  requestPage<ListedEntryDTO>('money/entries', { status: filter.status || undefined, vendorId: filter.vendorId || undefined, cursor, limit: 10 }, signal)

export const listPayouts = (cursor: string | undefined, signal: AbortSignal) => requestPage<PayoutDTO>('money/payouts', { cursor, limit: 10 }, signal)

export const listOwed = (cursor: string | undefined, signal: AbortSignal) => requestPage<OwedRow>('money/influencers', { cursor, limit: 10 }, signal)

/** Disputes: the influencer raises one on an entry; the entry's vendor lists and resolves them. */
export const disputeEntry = (entryId: number, Note: string) => request<EntryDisputeState>('POST', `money/entries/${entryId}/dispute`, { json: { Note } })
export const listDisputes = (state: DisputeState, cursor: string | undefined, signal: AbortSignal) =>
  requestPage<DisputeDTO>('money/disputes', { state, cursor, limit: 10 }, signal)
export const resolveDispute = (disputeId: number, Note: string) => request<EntryDisputeState>('POST', `money/disputes/${disputeId}/resolve`, { json: { Note } })

export const getPayoutDetails = () => requestData<PayoutDetailsDTO | null>('GET', 'money/details')
export const savePayoutDetails = (input: PayoutDetailsInput) => request<PayoutDetailsDTO>('PUT', 'money/details', { json: input })

export const getMoneySettings = () => requestData<MoneySettings>('GET', 'money/settings')
export const saveMoneySettings = (input: { HoldingDays: string; PaymentTermsDays: string }) => request<MoneySettings>('PUT', 'money/settings', { json: input })

export const previewPayout = (MarketerID: number, EntryIDs?: number[]) =>
  requestData<PayoutPreview>('POST', 'money/payouts/preview', { json: { MarketerID, EntryIDs } })
export const recordPayout = (input: RecordPayoutInput) => request<PayoutDTO>('POST', 'money/payouts', { json: input })

/**
 * Downloads a CSV the API writes (it needs the bearer token, so a plain link cannot fetch it):
 * read it as a blob and hand it to the browser as a file.
 */
export async function downloadCsv(path: 'money/statement.csv' | 'money/payouts.csv', range: { from?: string; to?: string }, filename: string): Promise<void> {
  const params = new URLSearchParams()
  if (range.from) params.set('from', range.from)
  if (range.to) params.set('to', range.to)
  const res = await fetch(`/api/${path}${params.size ? `?${params}` : ''}`, { headers: { authorization: `Bearer ${getToken() ?? ''}` } })
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null
    throw new ApiError(body?.message ?? `Request failed with status code ${res.status}`, { status: res.status })
  }
  saveFile(await res.blob(), filename)
}
