import type {
  AdminMarketerRow,
  AdminLoginData,
  AdminOverview,
  AdminPasswordInput,
  AdminProductRow,
  AdminSelf,
  AdminVendorRow,
  AuditEntryDTO,
  DataRequestCompleteInput,
  DataRequestCreateInput,
  DataRequestDTO,
  DeadEventDTO,
  DeadMailDTO,
} from '@contract/admin'
import type { DisputeDTO, DisputeState } from '@contract/disputes'
import type { EntryDisputeState } from '@contract/payouts'
import type { MarketerProfile } from '@contract/marketer'
import type { EnvelopeWithToken } from '@contract/envelope'
import type { PagedEnvelope } from '@contract/paging'
import { ApiError, type Page, request, type RequestOptions } from '../../api/client'
import { saveJson } from '../../lib/download'
import { toast } from '../../lib/toast'
import { adminToken, clearAdminSession } from './adminSession'
import type { ReasonFields } from './AdminDialogs'

/** The dead-mail count's query, shared by the console's tab and the overview's card. */
export const deadMailCountQuery = {
  queryKey: ['admin', 'dead-mail', 'count'],
  queryFn: ({ signal }: { signal?: AbortSignal }) => adminApi.deadMailCount(signal),
}

/** Likewise for dead events; under the list's key, so a replay refreshes it too. */
export const deadEventCountQuery = {
  queryKey: ['admin', 'dead-events', 'count'],
  queryFn: ({ signal }: { signal?: AbortSignal }) => adminApi.deadEventCount(signal),
}

export const ADMIN_SESSION_ENDED = 'Your admin session has ended. Please sign in again.'

/** An /api/admin call with the operator's token; a 401 ends the console's session (not the site's). */
async function call<T>(method: string, path: string, options: RequestOptions = {}): Promise<{ data: T; message: string; envelope: unknown }> {
  try {
    const envelope = await request<T>(method, `admin/${path}`, { ...options, bearer: adminToken() })
    if (envelope.statusCode !== 1) throw new ApiError(envelope.message, { statusCode: envelope.statusCode })
    return { data: envelope.data, message: envelope.message, envelope }
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && !path.startsWith('login')) {
      clearAdminSession()
      toast.error(ADMIN_SESSION_ENDED)
      throw new ApiError(ADMIN_SESSION_ENDED, { status: 401 })
    }
    throw err
  }
}

async function page<T>(path: string, query: RequestOptions['query'], signal?: AbortSignal): Promise<Page<T>> {
  const { envelope } = await call<T[]>('GET', path, { query, signal })
  const paged = envelope as PagedEnvelope<T>
  return { rows: paged.data, paging: paged.paging }
}

export type AccountKind = 'vendors' | 'influencers'
export type MarketerDetail = MarketerProfile & { status: 'active' | 'suspended' | 'erased'; suspendedReason: string | null }

export const adminApi = {
  login: (Email: string, Password: string) =>
    request<AdminLoginData>('POST', 'admin/login', { json: { Email, Password }, anonymous: true }).then((e) => e.data),
  overview: () => call<AdminOverview>('GET', 'overview').then((r) => r.data),
  influencers: (query: { q?: string; status?: string; limit?: number; cursor?: string }, signal?: AbortSignal) =>
    page<AdminMarketerRow>('influencers', query, signal),
  influencer: (id: number) => call<MarketerDetail>('GET', `influencers/${id}`).then((r) => r.data),
  vendors: (query: { q?: string; status?: string; cursor?: string }, signal?: AbortSignal) => page<AdminVendorRow>('vendors', query, signal),
  products: (query: { q?: string; state?: string; cursor?: string }, signal?: AbortSignal) => page<AdminProductRow>('products', query, signal),
  audit: (query: { action?: string; targetType?: string; targetId?: string; cursor?: string }, signal?: AbortSignal) =>
    page<AuditEntryDTO>('audit', query, signal),
  verify: (id: number, verified: boolean) => call<MarketerDetail>('POST', `influencers/${id}/${verified ? 'verify' : 'unverify'}`, { json: {} }),
  verifyVendor: (id: number, verified: boolean) => call<null>('POST', `vendors/${id}/${verified ? 'verify' : 'unverify'}`, { json: {} }),
  suspend: (kind: AccountKind, id: number, reason: ReasonFields) => call<null>('POST', `${kind}/${id}/suspend`, { json: reason }),
  reinstate: (kind: AccountKind, id: number, reason: ReasonFields) => call<null>('POST', `${kind}/${id}/reinstate`, { json: reason }),
  takeDown: (id: number, reason: ReasonFields) => call<null>('POST', `products/${id}/take-down`, { json: reason }),
  restore: (id: number, reason: ReasonFields) => call<null>('POST', `products/${id}/restore`, { json: reason }),
  exportData: (kind: AccountKind, id: number) => call<unknown>('GET', `${kind}/${id}/export`).then((r) => r.data),
  erase: (kind: AccountKind, id: number, email: string, reason: ReasonFields, requestId: number | null) =>
    call<null>('POST', `${kind}/${id}/erase`, { json: { email, ...reason, requestId: requestId ?? undefined } }),
  dataRequests: (query: { state?: string; subjectType?: string; subjectRef?: string; cursor?: string; limit?: number }, signal?: AbortSignal) =>
    page<DataRequestDTO>('data-requests', query, signal),
  logDataRequest: (input: DataRequestCreateInput) => call<{ id: number }>('POST', 'data-requests', { json: input }),
  completeDataRequest: (id: number, input: DataRequestCompleteInput) => call<null>('POST', `data-requests/${id}/complete`, { json: input }),
  /** The fresh token (the one the call went with is revoked by the change) and the message. */
  changePassword: (input: AdminPasswordInput) =>
    call<AdminSelf>('PUT', 'password', { json: input }).then((r) => ({
      message: r.message,
      admin: r.data,
      token: (r.envelope as EnvelopeWithToken<AdminSelf>).token,
    })),
  eraseBuyer: (phone: string, reason: ReasonFields, requestId: number) =>
    call<{ leads: number }>('POST', 'buyers/erase', { json: { phone, ...reason, requestId } }),
  disputes: (query: { state: DisputeState; cursor?: string }, signal?: AbortSignal) => page<DisputeDTO>('disputes', query, signal),
  deadMail: (query: { cursor?: string; limit?: number }, signal?: AbortSignal) => page<DeadMailDTO>('mail/dead', query, signal),
  /** How many mails are dead: the list's total, read with a one-row page. */
  deadMailCount: (signal?: AbortSignal) => page<DeadMailDTO>('mail/dead', { limit: 1 }, signal).then((p) => p.paging.total),
  deadEvents: (query: { cursor?: string; limit?: number }, signal?: AbortSignal) => page<DeadEventDTO>('events/dead', query, signal),
  deadEventCount: (signal?: AbortSignal) => page<DeadEventDTO>('events/dead', { limit: 1 }, signal).then((p) => p.paging.total),
  /** Sends a dead event back to be followed; a 404 means another operator replayed it first. */
  replayDeadEvent: (id: number) => call<null>('POST', `events/dead/${id}/replay`),
  resolveDispute: (id: number, Note: string) => call<EntryDisputeState>('POST', `disputes/${id}/resolve`, { json: { Note } }),
}

/** Saves `data` as a JSON file in the browser's downloads. */
export const downloadJson = saveJson
