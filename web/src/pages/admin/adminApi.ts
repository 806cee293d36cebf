import type { AdminPasswordInput, DataRequestCompleteInput, DataRequestCreateInput } from '@contract/admin'
import { ADMIN_ROUTES as R } from '@contract/admin-routes'
import type { DisputeState } from '@contract/disputes'
import type { RouteDef } from '@contract/route'
import { ApiError, type Answered, type CallOptions, callPage, callRoute, type Page } from '../../api/client'
import type { ItemOf } from '@contract/route'
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

/** Runs a call with the operator's token; a 401 ends the console's session (not the site's). */
async function asOperator<T>(run: (bearer: string | null) => Promise<T>): Promise<T> {
  try {
    return await run(adminToken())
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      clearAdminSession()
      toast.error(ADMIN_SESSION_ENDED)
      throw new ApiError(ADMIN_SESSION_ENDED, { status: 401 })
    }
    throw err
  }
}

/** An /api/admin call: its data and the message the page toasts. */
const call = <D extends RouteDef>(def: D, options: CallOptions<D> = {}): Promise<Answered<D>> => asOperator((bearer) => callRoute(def, { ...options, bearer }))

const page = <D extends RouteDef & { answer: { paged: true } }>(def: D, query: CallOptions<D>['query'], signal?: AbortSignal): Promise<Page<ItemOf<D>>> =>
  asOperator((bearer) => callPage(def, { query, signal, bearer }))

export type AccountKind = 'vendors' | 'influencers'
export type { MarketerDetail } from '@contract/admin'

export const adminApi = {
  login: async (Email: string, Password: string) => (await callRoute(R.login, { json: { Email, Password }, anonymous: true })).data,
  overview: async () => (await call(R.overview)).data,
  influencers: (query: { q?: string; status?: string; limit?: number; cursor?: string }, signal?: AbortSignal) => page(R.marketers, query, signal),
  influencer: async (id: number) => (await call(R.marketer, { params: { id } })).data,
  vendors: (query: { q?: string; status?: string; cursor?: string }, signal?: AbortSignal) => page(R.vendors, query, signal),
  products: (query: { q?: string; state?: string; cursor?: string }, signal?: AbortSignal) => page(R.products, query, signal),
  audit: (query: { action?: string; targetType?: string; targetId?: string; cursor?: string }, signal?: AbortSignal) => page(R.audit, query, signal),
  verify: (id: number, verified: boolean) => call(verified ? R.verifyMarketer : R.unverifyMarketer, { params: { id }, json: {} }),
  verifyVendor: (id: number, verified: boolean) => call(verified ? R.verifyVendor : R.unverifyVendor, { params: { id }, json: {} }),
  suspend: (kind: AccountKind, id: number, reason: ReasonFields) => call(R.suspend, { params: { kind, id }, json: reason }),
  reinstate: (kind: AccountKind, id: number, reason: ReasonFields) => call(R.reinstate, { params: { kind, id }, json: reason }),
  takeDown: (id: number, reason: ReasonFields) => call(R.takeDown, { params: { id }, json: reason }),
  restore: (id: number, reason: ReasonFields) => call(R.restore, { params: { id }, json: reason }),
  exportData: async (kind: AccountKind, id: number) => (await call(R.exportAccount, { params: { kind, id } })).data,
  erase: (kind: AccountKind, id: number, email: string, reason: ReasonFields, requestId: number | null) =>
    call(R.erase, { params: { kind, id }, json: { email, ...reason, requestId: requestId ?? undefined } }),
  dataRequests: (query: { state?: string; subjectType?: string; subjectRef?: string; cursor?: string; limit?: number }, signal?: AbortSignal) =>
    page(R.dataRequests, query, signal),
  logDataRequest: (input: DataRequestCreateInput) => call(R.logDataRequest, { json: input }),
  completeDataRequest: (id: number, input: DataRequestCompleteInput) => call(R.completeDataRequest, { params: { id }, json: input }),
  /** The fresh token (the one the call went with is revoked by the change) and the message. */
  changePassword: async (input: AdminPasswordInput) => {
    const answer = await call(R.password, { json: input })
    return { message: answer.message, admin: answer.data, token: answer.token }
  },
  eraseBuyer: (phone: string, reason: ReasonFields, requestId: number) => call(R.eraseBuyer, { json: { phone, ...reason, requestId } }),
  disputes: (query: { state: DisputeState; cursor?: string }, signal?: AbortSignal) => page(R.disputes, query, signal),
  deadMail: (query: { cursor?: string; limit?: number }, signal?: AbortSignal) => page(R.deadMail, query, signal),
  /** How many mails are dead: the list's total, read with a one-row page. */
  deadMailCount: async (signal?: AbortSignal) => (await page(R.deadMail, { limit: 1 }, signal)).paging.total,
  deadEvents: (query: { cursor?: string; limit?: number }, signal?: AbortSignal) => page(R.deadEvents, query, signal),
  deadEventCount: async (signal?: AbortSignal) => (await page(R.deadEvents, { limit: 1 }, signal)).paging.total,
  /** Sends a dead event back to be followed; a 404 means another operator replayed it first. */
  replayDeadEvent: (id: number) => call(R.replayDeadEvent, { params: { id } }),
  resolveDispute: (id: number, Note: string) => call(R.resolveDispute, { params: { id }, json: { Note } }),
}

/** Saves `data` as a JSON file in the browser's downloads. */
export const downloadJson = saveJson
