import { useSyncExternalStore } from 'react'
import { SESSION_PASSWORD_CHANGED_MESSAGE, SESSION_SUSPENDED_MESSAGE } from '@contract/admin'
import type { MarketerSelf } from '@contract/marketer'
import type { VendorSelf } from '@contract/vendor'
import { clearAll, getMarketerData, getToken, getVendorData, isLoggedIn, sessionSnapshot, subscribeStorage } from './storage'
import { toast } from './toast'

export type Session = {
  loggedIn: boolean
  token: string | null
  vendor: VendorSelf | null
  marketer: MarketerSelf | null
}

let cachedKey = ''
let cached: Session = { loggedIn: false, token: null, vendor: null, marketer: null }

function snapshot(): Session {
  const key = sessionSnapshot()
  if (key !== cachedKey) {
    cachedKey = key
    cached = { loggedIn: isLoggedIn(), token: getToken(), vendor: getVendorData(), marketer: getMarketerData() }
  }
  return cached
}

/** The stored session, re-rendering whenever sign-in, sign-out or a profile update changes it. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeStorage, snapshot, snapshot)
}

/** The fields of the social media update payload (spec 001 section 3) that a profile can have filled. */
const SOCIAL_TEXT_KEYS = [
  'InstagramUsername',
  'YouTubeChannelLink',
  'LinkedInProfile',
  'TwitterHandle',
  'TikTokUsername',
  'FacebookPage',
  'PinterestUsername',
  'Bio',
  'Location',
  'Category',
  'PreviewImage1',
  'PreviewImage2',
  'PreviewImage3',
] as const satisfies readonly (keyof MarketerSelf)[]

const SOCIAL_COUNT_KEYS = [
  'InstagramFollowers',
  'InstagramFollowing',
  'YouTubeSubscribers',
  'LinkedInConnections',
  'TwitterFollowers',
  'TwitterFollowing',
  'TikTokFollowers',
  'TikTokFollowing',
  'FacebookLikes',
  'PinterestFollowers',
] as const satisfies readonly (keyof MarketerSelf)[]

/**
 * Spec 000 section 4: an influencer with any social profile field filled goes to the dashboard
 * after login. Any field of the social payload counts: a handle, a count above 0, the bio,
 * location, category or a content image.
 */
export function hasSocialProfile(marketer: MarketerSelf): boolean {
  return (
    SOCIAL_TEXT_KEYS.some((key) => {
      const value = marketer[key]
      return typeof value === 'string' && value.trim() !== ''
    }) || SOCIAL_COUNT_KEYS.some((key) => Number(marketer[key]) > 0)
  )
}

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again'

type Navigate = (to: string) => void

/**
 * Why the server turned a session down: 'suspended' and 'password-changed' (decision 260) are told
 * as such, anything else is an expiry.
 */
export type Rejection = 'expired' | 'suspended' | 'password-changed'

/** The server's 401 message names why; any other 401 is an expiry. */
export const rejectionOf = (message: string | undefined): Rejection =>
  message === SESSION_SUSPENDED_MESSAGE ? 'suspended' : message === SESSION_PASSWORD_CHANGED_MESSAGE ? 'password-changed' : 'expired'

/** What the visitor reads when the server turns the session down. */
export const rejectionMessage = (why: Rejection): string =>
  why === 'suspended' ? SESSION_SUSPENDED_MESSAGE : why === 'password-changed' ? SESSION_PASSWORD_CHANGED_MESSAGE : SESSION_EXPIRED_MESSAGE

/**
 * Spec 000 section 8: toast, clear all storage, go to /signin. A suspended account is told so
 * instead, and the sign-in page shows how to reach support.
 */
export function expireSession(navigate: Navigate, why: Rejection = 'expired') {
  clearAll()
  if (why === 'suspended') {
    toast.error(SESSION_SUSPENDED_MESSAGE)
    navigate('/signin?suspended=1')
    return
  }
  // Carried: a full load that follows (another URL typed, a reload) before the toast is seen out
  // would otherwise drop it, and the storage that would explain /signin is already cleared.
  toast.carriedError(rejectionMessage(why))
  navigate('/signin')
}

const rejectionListeners = new Set<(why: Rejection) => void>()

/** The shell listens here (with the router's navigate) for the server turning the session down. */
export function subscribeSessionRejected(listener: (why: Rejection) => void): () => void {
  rejectionListeners.add(listener)
  return () => rejectionListeners.delete(listener)
}

/**
 * The API answered 401 to a request that carried the stored token: the server no longer accepts it
 * (forged, revoked by a password change, or expired on the server's clock). The session ends
 * exactly as an expired one does. Several calls failing at once end it once: the first clears the
 * login flag.
 */
export function rejectSession(why: Rejection = 'expired') {
  if (!isLoggedIn()) return
  if (rejectionListeners.size > 0) for (const listener of rejectionListeners) listener(why)
  else expireSession((to) => window.location.assign(to), why)
}
