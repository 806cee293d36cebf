import type { PagedEnvelope } from '@contract/paging'
import type { InfluencerListItem, InfluencerProfile, SuccessEnvelope } from '@contract/marketer'
import { cachedData, cachedFetch } from '../lib/cache'
import { type DisplayInfluencer, toDisplayInfluencer } from '../lib/influencer'
import { toast } from '../lib/toast'
import { ApiError, type Page, request } from './client'

// The public influencer calls (spec 001 section 7). Both answer `{ success, data }`; a non-OK status
// or `success` other than true is a failure with the spec's wording.

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

export const getInfluencerProfile = (id: number) => successData<InfluencerProfile>(`marketers/social-media/${id}`)

/** The directory's first page as cached (after a reload only the persisted fields), shown at once while the server answers. */
export const cachedInfluencers = () => cachedData<DisplayInfluencer>('influencers')

export const INFLUENCERS_OFFLINE_MESSAGE = 'API server is not running. Showing cached data if available.'
export const INFLUENCERS_FAILED_MESSAGE = 'Error fetching influencers. Showing cached data if available.'

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
): Promise<Page<DisplayInfluencer>> {
  const query = { ...params, limit: String(DIRECTORY_PAGE_SIZE), ...(cursor ? { cursor } : {}) }
  const first = cacheable && cursor === undefined
  const fallback = first ? cachedData<DisplayInfluencer>('influencers') : null
  try {
    const envelope = (await successEnvelope<InfluencerListItem[]>('marketers/social-media', query, signal)) as SuccessEnvelope<InfluencerListItem[]> &
      Pick<PagedEnvelope<InfluencerListItem>, 'paging'>
    const rows = envelope.data.map(toDisplayInfluencer)
    if (first) await cachedFetch('influencers', async () => rows, { force: true })
    return { rows, paging: envelope.paging }
  } catch (err) {
    if (signal?.aborted) throw err
    if (err instanceof ApiError && err.network) toast.warn(INFLUENCERS_OFFLINE_MESSAGE)
    else toast.error(INFLUENCERS_FAILED_MESSAGE)
    if (first && fallback && fallback.length > 0) return { rows: fallback, paging: { limit: DIRECTORY_PAGE_SIZE, nextCursor: null, total: fallback.length } }
    throw err
  }
}

/** How many influencers a query matches (one row asked for, its total read). */
export async function directoryTotal(params: Record<string, string>, signal?: AbortSignal): Promise<number> {
  const envelope = (await successEnvelope<InfluencerListItem[]>('marketers/social-media', { ...params, limit: '1' }, signal)) as SuccessEnvelope<
    InfluencerListItem[]
  > &
    Pick<PagedEnvelope<InfluencerListItem>, 'paging'>
  return envelope.paging.total
}

/** Home's 'Top Featured Influencers': the newest three, asked for as three. */
export async function featuredInfluencers(count: number): Promise<DisplayInfluencer[]> {
  const envelope = await successEnvelope<InfluencerListItem[]>('marketers/social-media', { sort: 'newest', limit: String(count) })
  return envelope.data.map(toDisplayInfluencer)
}

/** Distinct locations containing `text`, from the server (the Location type-ahead's suggestions). */
export async function locationSuggestions(text: string, signal?: AbortSignal): Promise<string[]> {
  const query: Record<string, string> = { limit: '100', sort: 'name' }
  if (text.trim()) query.location = text.trim()
  const envelope = await successEnvelope<InfluencerListItem[]>('marketers/social-media', query, signal)
  return [...new Set(envelope.data.map((i) => toDisplayInfluencer(i).location))].sort((a, b) => a.localeCompare(b))
}
