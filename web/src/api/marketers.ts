import type { EnvelopeWithToken } from '@contract/envelope'
import { LEAD_ROUTES } from '@contract/lead-routes'
import type { MarketerAnalytics, MarketerListItem, MarketerProfile, MarketerSelf, SocialFields, SuccessEnvelope } from '@contract/marketer'
import type { PagedEnvelope } from '@contract/paging'
import { ANALYTICS_ROUTES } from '@contract/trends'
import { cachedData, cachedFetch } from '../lib/cache'
import { type DisplayMarketer, toDisplayMarketer } from '../lib/influencer'
import { toast } from '../lib/toast'
import { ApiError, callData, callPage, type Page, request, requestData } from './client'

// The calls of the API's `marketers` resource (spec 001 section 7): the public directory and
// profile, then the influencer's own dashboard and social media setup.

// The public calls answer `{ success, data }`; a non-OK status or `success` other than true is a
// failure with the spec's wording.

async function successEnvelope<T>(path: string, query?: Record<string, string>, signal?: AbortSignal): Promise<SuccessEnvelope<T>> {
  let envelope: SuccessEnvelope<T>
  try {
    envelope = (await request<T>('GET', path, { query, signal })) as SuccessEnvelope<T>
  } catch (err) {
    if (err instanceof ApiError && !err.network && err.status > 0) {
      throw new ApiError(`HTTP error! status: ${err.status}`, { status: err.status })
    }
    throw err
  }
  if (envelope.success !== true) throw new ApiError('API returned error status', { status: 200 })
  return envelope
}

const successData = async <T>(path: string, query?: Record<string, string>) => (await successEnvelope<T>(path, query)).data

export const getMarketerProfile = (id: number) => successData<MarketerProfile>(`marketers/social-media/${id}`)

/** The directory's first page as cached (after a reload only the persisted fields), shown at once while the server answers. */
export const cachedMarketers = () => cachedData<DisplayMarketer>('influencers')

export const MARKETERS_OFFLINE_MESSAGE = 'API server is not running. Showing cached data if available.'
export const MARKETERS_FAILED_MESSAGE = 'Error fetching influencers. Showing cached data if available.'

/** Directory cards per page (fills the 1, 2 and 3 column grids). */
export const DIRECTORY_PAGE_SIZE = 24

/**
 * One page of the directory, filtered and sorted on the server. The first page of the unfiltered
 * list is the one the cache keeps (spec 000 section 4): it is stored on success, and on failure it
 * is shown with the spec's toast; any other page fails as it is (the list shows its error).
 */
export async function directoryPage(
  params: Record<string, string>,
  cursor: string | undefined,
  cacheable: boolean,
  signal?: AbortSignal,
): Promise<Page<DisplayMarketer>> {
  const query = { ...params, limit: String(DIRECTORY_PAGE_SIZE), ...(cursor ? { cursor } : {}) }
  const first = cacheable && cursor === undefined
  const fallback = first ? cachedData<DisplayMarketer>('influencers') : null
  try {
    const envelope = (await successEnvelope<MarketerListItem[]>('marketers/social-media', query, signal)) as SuccessEnvelope<MarketerListItem[]> &
      Pick<PagedEnvelope<MarketerListItem>, 'paging'>
    const rows = envelope.data.map(toDisplayMarketer)
    if (first) await cachedFetch('influencers', async () => rows, { force: true })
    return { rows, paging: envelope.paging }
  } catch (err) {
    if (signal?.aborted) throw err
    if (err instanceof ApiError && err.network) toast.warn(MARKETERS_OFFLINE_MESSAGE)
    else toast.error(MARKETERS_FAILED_MESSAGE)
    if (first && fallback && fallback.length > 0)
      return { rows: fallback, paging: { limit: DIRECTORY_PAGE_SIZE, nextCursor: null, total: fallback.length, totalCapped: false } }
    throw err
  }
}

/** How many influencers a query matches (one row asked for, its total read). */
export async function directoryTotal(params: Record<string, string>, signal?: AbortSignal): Promise<number> {
  const envelope = (await successEnvelope<MarketerListItem[]>('marketers/social-media', { ...params, limit: '1' }, signal)) as SuccessEnvelope<
    MarketerListItem[]
  > &
    Pick<PagedEnvelope<MarketerListItem>, 'paging'>
  return envelope.paging.total
}

/** Home's 'Top Featured Influencers': the newest three, asked for as three. */
export async function featuredMarketers(count: number): Promise<DisplayMarketer[]> {
  const envelope = await successEnvelope<MarketerListItem[]>('marketers/social-media', { sort: 'newest', limit: String(count) })
  return envelope.data.map(toDisplayMarketer)
}

/** Distinct locations containing `text`, from the server (the Location type-ahead's suggestions). */
export async function locationSuggestions(text: string, signal?: AbortSignal): Promise<string[]> {
  const query: Record<string, string> = { limit: '100', sort: 'name' }
  if (text.trim()) query.location = text.trim()
  const envelope = await successEnvelope<MarketerListItem[]>('marketers/social-media', query, signal)
  return [...new Set(envelope.data.map((i) => toDisplayMarketer(i).location))].sort((a, b) => a.localeCompare(b))
}

// ---- The influencer's own account: dashboard and social media setup ----------------------------

export const getMarketer = (id: number) => requestData<MarketerSelf>('GET', `marketers/${id}`)

/**
 * The full profile object of the Edit Profile modal; Password (with CurrentPassword) only when the
 * influencer sets a new one.
 */
export type MarketerProfileInput = Omit<
  MarketerSelf,
  'MarketerID' | 'MarketerProfilePic' | 'Verified' | 'totalReachRaw' | 'DateCreated' | 'updatedAt' | 'emailVerified'
> & {
  Password?: string
  CurrentPassword?: string
}

/** After a password change the envelope carries a fresh `token`: the one this call was sent with no longer works. */
export const updateMarketer = (id: number, input: MarketerProfileInput): Promise<EnvelopeWithToken<MarketerSelf>> =>
  request<MarketerSelf>('PUT', `marketers/${id}`, { json: { ...input, MarketerID: id } })

export type PictureUpload = { profilePicUrl: string }

/** Answers `{ statusCode, success, message, data: { profilePicUrl } }` (spec 001 section 7). */
export function uploadMarketerPicture(id: number, file: File) {
  const form = new FormData()
  form.set('MarketerID', String(id))
  form.set('MarketerProfilePic', file)
  return request<PictureUpload>('POST', `marketers/upload/marketer-profile/${id}`, { form })
}

export const getMarketerAnalytics = (id: number) => requestData<MarketerAnalytics>('GET', `marketers/analytics/${id}`)

export const getMarketerTrend = () => callData(ANALYTICS_ROUTES.daily)

/** The social media update payload of spec 001 section 3; previews are data URLs or kept media paths. */
export type SocialMediaInput = SocialFields & {
  Bio: string
  Location: string
  Category: string
  PreviewImage1: string
  PreviewImage2: string
  PreviewImage3: string
}

export const SOCIAL_SAVE_TIMEOUT_MS = 10_000

export const updateSocialMedia = (id: number, input: SocialMediaInput) =>
  request<MarketerSelf>('PUT', `marketers/social-media/${id}`, { json: input, timeoutMs: SOCIAL_SAVE_TIMEOUT_MS })

/** Spec 001 section 7: `GET marketers` before saving the setup; only whether the server answers matters. */
export async function serverIsUp(): Promise<boolean> {
  try {
    await request<unknown>('GET', 'marketers', { query: { limit: 1 } })
    return true
  } catch (err) {
    return !(err instanceof Error && 'network' in err && err.network === true)
  }
}

/** One page of the influencer's leads (buyer contact masked by the server), filtered on the server. */
export const marketerLeadPage = (marketerId: number, params: Record<string, string>, cursor: string | undefined, signal?: AbortSignal) =>
  callPage(LEAD_ROUTES.byMarketer, { params: { marketerId }, query: { ...params, limit: 10, cursor }, signal })
