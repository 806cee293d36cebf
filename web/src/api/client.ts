import type { Envelope } from '@contract/envelope'
import type { PagedEnvelope, Paging } from '@contract/paging'
import { type DataOf, type ExtraOf, type ItemOf, type JsonBodyOf, type ParamsOf, pathOf, type QueryOf, type RouteDef } from '@contract/route'
import { rejectionMessage, rejectionOf, rejectSession } from '../lib/session'
import { getToken } from '../lib/storage'

// The one door to the API: adds the bearer token, unwraps the envelope, counts requests in flight
// (the top progress bar), and turns every failure into an ApiError whose message can be toasted.

export class ApiError extends Error {
  readonly status: number
  readonly statusCode: number
  readonly data: unknown
  /** True when the server could not be reached at all (refused connection, offline). */
  readonly network: boolean

  constructor(message: string, options: { status?: number; statusCode?: number; data?: unknown; network?: boolean } = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = options.status ?? 0
    this.statusCode = options.statusCode ?? 0
    this.data = options.data ?? null
    this.network = options.network ?? false
  }
}

let inFlight = 0
const flightListeners = new Set<() => void>()

export function subscribeInFlight(listener: () => void): () => void {
  flightListeners.add(listener)
  return () => flightListeners.delete(listener)
}

export const requestsInFlight = () => inFlight

function setInFlight(delta: number) {
  inFlight += delta
  for (const listener of flightListeners) listener()
}

export type RequestOptions = {
  json?: unknown
  form?: FormData
  query?: Record<string, string | number | undefined>
  /** Abort after this many milliseconds with the message 'timeout of Nms exceeded'. */
  timeoutMs?: number
  signal?: AbortSignal
  /** Sent without the stored token (sign-in and registration: a 401 there is a wrong password, not a session the server turned down). */
  anonymous?: boolean
  /**
   * A token of another session than the site's (the back office's). A 401 then fails the call
   * without ending the site's session; the caller decides what it means.
   */
  bearer?: string | null
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `/api/${path.replace(/^\/+/, '')}`
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
  const text = params.toString()
  return text ? `${url}?${text}` : url
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text()
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

const isEnvelope = (value: unknown): value is Envelope<unknown> => typeof value === 'object' && value !== null && 'statusCode' in value && 'message' in value

/**
 * Sends the request and returns the whole envelope; throws ApiError for HTTP or network failures.
 * Not exported: every call names its route's definition (callRoute, callData, callPage).
 */
async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const headers = new Headers({ accept: 'application/json' })
  const token = options.anonymous ? null : options.bearer !== undefined ? options.bearer : getToken()
  if (token) headers.set('authorization', `Bearer ${token}`)
  let body: BodyInit | undefined
  if (options.form) body = options.form
  else if (options.json !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(options.json)
  }

  const controller = new AbortController()
  const timer = options.timeoutMs ? setTimeout(() => controller.abort('timeout'), options.timeoutMs) : undefined
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason))

  setInFlight(1)
  try {
    let res: Response
    try {
      res = await fetch(buildUrl(path, options.query), { method, headers, body, signal: controller.signal })
    } catch (err) {
      if (controller.signal.aborted && controller.signal.reason === 'timeout') {
        throw new ApiError(`timeout of ${options.timeoutMs}ms exceeded`, { network: true })
      }
      if (err instanceof DOMException && err.name === 'AbortError') throw err
      throw new ApiError('Network Error', { network: true })
    }
    const parsed = await readBody(res)
    if (res.status === 401 && token && options.bearer === undefined) {
      // The server no longer accepts this session: end it (toast, storage cleared, /signin) and
      // fail the call with the same words, so a page that toasts its error repeats nothing new.
      const why = rejectionOf(isEnvelope(parsed) ? parsed.message : undefined)
      rejectSession(why)
      throw new ApiError(rejectionMessage(why), {
        status: 401,
        statusCode: isEnvelope(parsed) ? parsed.statusCode : 0,
      })
    }
    if (!res.ok) {
      const message = isEnvelope(parsed) && parsed.message ? parsed.message : `Request failed with status code ${res.status}`
      throw new ApiError(message, {
        status: res.status,
        statusCode: isEnvelope(parsed) ? parsed.statusCode : 0,
        data: isEnvelope(parsed) ? parsed.data : parsed,
      })
    }
    if (!isEnvelope(parsed)) throw new ApiError(`Request failed with status code ${res.status}`, { status: res.status })
    return parsed as Envelope<T>
  } finally {
    clearTimeout(timer)
    setInFlight(-1)
  }
}

export const errorMessage = (err: unknown, fallback = 'Something went wrong. Please try again.') =>
  err instanceof Error && err.message ? err.message : fallback

/** One page of a server-paged list: the rows and where the next page starts. */
export type Page<T> = { rows: T[]; paging: Paging }

/** What a call to a route sends: its path parameters, query and body, typed by its definition. */
export type CallOptions<D extends RouteDef> = Omit<RequestOptions, 'json' | 'query'> & {
  params?: ParamsOf<D>
  query?: Partial<Record<keyof QueryOf<D> & string, string | number | undefined>>
  json?: JsonBodyOf<D>
}

const routeUrl = <D extends RouteDef>(def: D, params: ParamsOf<D> | undefined) =>
  pathOf(def.path, (params ?? {}) as Record<string, string | number>).replace(/^\/api\//, '')

/** Spec 000's words for a public influencer call (`answer.success`) whose `success` is not true. */
export const NOT_SUCCESS_MESSAGE = 'API returned error status'

/** A route whose answers carry `success` (the public influencer calls) fails unless it is true. */
function checkSuccess(def: RouteDef, envelope: Envelope<unknown>) {
  if (def.answer.success && envelope.success !== true) throw new ApiError(NOT_SUCCESS_MESSAGE, { status: 200 })
}

/** A route's envelope: its message, its answer's data, and a password change's fresh `token` beside them. */
export type Answered<D extends RouteDef> = Envelope<DataOf<D>> & (D['answer'] extends { token: true } ? { token?: string } : unknown)

/** Calls a route by its definition (worker/contract/route.ts) and returns the whole envelope, typed by its answer schema. */
export async function callRoute<D extends RouteDef>(def: D, options: CallOptions<D> = {}): Promise<Answered<D>> {
  const { params, ...rest } = options
  const envelope = await request<DataOf<D>>(def.method.toUpperCase(), routeUrl(def, params), rest)
  if (envelope.statusCode !== 1) throw new ApiError(envelope.message, { statusCode: envelope.statusCode, data: envelope.data })
  checkSuccess(def, envelope)
  return envelope as Answered<D>
}

/** Calls a route and returns its `data`. */
export const callData = async <D extends RouteDef>(def: D, options: CallOptions<D> = {}): Promise<DataOf<D>> => (await callRoute(def, options)).data

/** One page of a paged route, with the figures the route sends beside `paging` (its `extra`). */
export async function callPage<D extends RouteDef & { answer: { paged: true } }>(def: D, options: CallOptions<D> = {}): Promise<Page<ItemOf<D>> & ExtraOf<D>> {
  const { params, ...rest } = options
  const envelope = (await request<ItemOf<D>[]>('GET', routeUrl(def, params), { query: rest.query, signal: rest.signal, bearer: rest.bearer })) as PagedEnvelope<
    ItemOf<D>
  > &
    Record<string, unknown>
  if (envelope.statusCode !== 1 || !Array.isArray(envelope.data) || !envelope.paging) {
    throw new ApiError(envelope.message || 'Request failed', { statusCode: envelope.statusCode, data: envelope.data })
  }
  checkSuccess(def, envelope)
  const extra = Object.fromEntries(Object.keys(def.answer.extra ?? {}).map((key) => [key, envelope[key]])) as ExtraOf<D>
  return { rows: envelope.data, paging: envelope.paging, ...extra }
}
