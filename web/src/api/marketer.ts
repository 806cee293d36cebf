import type { EnvelopeWithToken } from '@contract/envelope'
import type { LeadDTO } from '@contract/lead'
import type { MarketerAnalytics, MarketerSelf, SocialFields } from '@contract/marketer'
import type { DailyTrend } from '@contract/trends'
import { request, requestData, requestPage } from './client'

// The influencer dashboard's and the social media setup's calls (spec 001 section 7).

export const getMarketer = (id: number) => requestData<MarketerSelf>('GET', `marketers/${id}`)

/**
 * The full profile object of the Edit Profile modal; Password (with CurrentPassword) only when the
 * influencer sets a new one.
 */
export type MarketerProfileInput = Omit<MarketerSelf, 'MarketerID' | 'MarketerProfilePic' | 'Verified' | 'totalReachRaw' | 'DateCreated' | 'updatedAt'> & {
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

export const getMarketerTrend = () => requestData<DailyTrend>('GET', 'analytics/daily')

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
  requestPage<LeadDTO>(`leads/leadsbymarketerid/${marketerId}`, { ...params, limit: '10', cursor }, signal)
