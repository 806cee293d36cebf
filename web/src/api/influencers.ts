import type { InfluencerListItem, InfluencerProfile, SuccessEnvelope } from '@contract/marketer'
import { cachedData, cachedFetch } from '../lib/cache'
import { type DisplayInfluencer, newestInfluencers, toDisplayInfluencer } from '../lib/influencer'
import { toast } from '../lib/toast'
import { FIRST_PAGE } from './catalogue'
import { ApiError, request } from './client'

// The public influencer calls (spec 001 section 7). Both answer `{ success, data }`; a non-OK status
// or `success` other than true is a failure with the spec's wording.

async function successData<T>(path: string, query?: Record<string, string>): Promise<T> {
  let envelope: SuccessEnvelope<T>
  try {
    envelope = (await request<T>('GET', path, { query })) as SuccessEnvelope<T>
  } catch (err) {
    if (err instanceof ApiError && !err.network && err.status > 0) {
      throw new ApiError(`HTTP error! status: ${err.status}`, { status: err.status })
    }
    throw err
  }
  if (envelope.success !== true) throw new ApiError('API returned error status', { status: 200 })
  return envelope.data
}

export const listInfluencers = () => successData<InfluencerListItem[]>('marketers/social-media', FIRST_PAGE)
export const getInfluencerProfile = (id: number) => successData<InfluencerProfile>(`marketers/social-media/${id}`)

/**
 * The cached list to show at once while `loadInfluencers` runs: after a reload it is only the
 * persisted fields (default bio, placeholder previews) until the fetch completes it.
 */
export const cachedInfluencers = () => cachedData<DisplayInfluencer>('influencers')

/**
 * The directory list through the cache (spec 000 section 4). On failure: the spec's warning or
 * error toast and the best copy cached before the attempt, which survives any number of failures.
 */
export async function loadInfluencers(force = false): Promise<DisplayInfluencer[]> {
  const fallback = cachedData<DisplayInfluencer>('influencers')
  try {
    return await cachedFetch('influencers', async () => (await listInfluencers()).map(toDisplayInfluencer), { force })
  } catch (err) {
    return failedWith(err, fallback ?? [])
  }
}

/**
 * Home's featured influencers: the newest `count`, asked of the server as one small page (never the
 * directory). On failure: the same toasts, and the newest of the cached directory page if there is one.
 */
export async function loadFeaturedInfluencers(count: number): Promise<DisplayInfluencer[]> {
  const fallback = cachedData<DisplayInfluencer>('influencers')
  try {
    const page = await successData<InfluencerListItem[]>('marketers/social-media', { limit: String(count), sort: 'newest' })
    return page.map(toDisplayInfluencer)
  } catch (err) {
    return failedWith(err, fallback ? newestInfluencers(fallback, count) : [])
  }
}

function failedWith(err: unknown, fallback: DisplayInfluencer[]): DisplayInfluencer[] {
  if (err instanceof ApiError && err.network) toast.warn(INFLUENCERS_OFFLINE_MESSAGE)
  else toast.error(INFLUENCERS_FAILED_MESSAGE)
  return fallback
}

export const INFLUENCERS_OFFLINE_MESSAGE = 'API server is not running. Showing cached data if available.'
export const INFLUENCERS_FAILED_MESSAGE = 'Error fetching influencers. Showing cached data if available.'
