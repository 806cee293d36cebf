import { LEAD_ROUTES } from '@contract/lead-routes'
import type { MarketerSelf, SocialFields } from '@contract/marketer'
import { MARKETER_ROUTES as R } from '@contract/marketer-routes'
import { ANALYTICS_ROUTES } from '@contract/trends'
import { cachedData, cachedFetch } from '../lib/cache'
import { type DisplayMarketer, toDisplayMarketer } from '../lib/influencer'
import { toast } from '../lib/toast'
import { ApiError, callData, callPage, callRoute, type Page } from './client'

// The calls of the API's `marketers` resource (spec 001 section 7): the public directory and
// profile, then the influencer's own dashboard and social media setup.

// The public calls answer `{ success, data }`; a non-OK status is a failure with the spec's wording
// (and `success` other than true too: the client checks it for these routes).

async function publicCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (err) {
    if (err instanceof ApiError && !err.network && err.status > 0 && err.status !== 200) {
      throw new ApiError(`HTTP error! status: ${err.status}`, { status: err.status })
    }
    throw err
  }
}

export const getMarketerProfile = (id: number) => publicCall(callData(R.profile, { params: { id } }))

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
  const query = { ...params, limit: DIRECTORY_PAGE_SIZE, ...(cursor ? { cursor } : {}) }
  const first = cacheable && cursor === undefined
  const fallback = first ? cachedData<DisplayMarketer>('influencers') : null
  try {
    const page = await publicCall(callPage(R.directory, { query, signal }))
    const rows = page.rows.map(toDisplayMarketer)
    if (first) await cachedFetch('influencers', async () => rows, { force: true })
    return { rows, paging: page.paging }
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
  return (await publicCall(callPage(R.directory, { query: { ...params, limit: 1 }, signal }))).paging.total
}

/** Home's 'Top Featured Influencers': the newest three, asked for as three. */
export async function featuredMarketers(count: number): Promise<DisplayMarketer[]> {
  return (await publicCall(callPage(R.directory, { query: { sort: 'newest', limit: count } }))).rows.map(toDisplayMarketer)
}

/** Distinct locations containing `text`, from the server (the Location type-ahead's suggestions). */
export async function locationSuggestions(text: string, signal?: AbortSignal): Promise<string[]> {
  const query = { limit: 100, sort: 'name', ...(text.trim() ? { location: text.trim() } : {}) }
  const page = await publicCall(callPage(R.directory, { query, signal }))
  return [...new Set(page.rows.map((i) => toDisplayMarketer(i).location))].sort((a, b) => a.localeCompare(b))
}

// ---- The influencer's own account: dashboard and social media setup ----------------------------

export const getMarketer = (id: number) => callData(R.own, { params: { id } })

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
export const updateMarketer = (id: number, input: MarketerProfileInput) => callRoute(R.update, { params: { id }, json: { ...input, MarketerID: id } })

/** Answers `{ statusCode, success, message, data: { profilePicUrl } }` (spec 001 section 7). */
export function uploadMarketerPicture(id: number, file: File) {
  const form = new FormData()
  form.set('MarketerID', String(id))
  form.set('MarketerProfilePic', file)
  return callRoute(R.picture, { params: { id }, form })
}

export const getMarketerAnalytics = (id: number) => callData(R.analytics, { params: { id } })

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
  callRoute(R.saveSocial, { params: { id }, json: input, timeoutMs: SOCIAL_SAVE_TIMEOUT_MS })

/** Spec 001 section 7: `GET marketers` before saving the setup; only whether the server answers matters. */
export async function serverIsUp(): Promise<boolean> {
  try {
    await callPage(R.directorySignedIn, { query: { limit: 1 } })
    return true
  } catch (err) {
    return !(err instanceof Error && 'network' in err && err.network === true)
  }
}

/** One page of the influencer's leads (buyer contact masked by the server), filtered on the server. */
export const marketerLeadPage = (marketerId: number, params: Record<string, string>, cursor: string | undefined, signal?: AbortSignal) =>
  callPage(LEAD_ROUTES.byMarketer, { params: { marketerId }, query: { ...params, limit: 10, cursor }, signal })
