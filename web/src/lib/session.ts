import { useSyncExternalStore } from 'react'
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

/** Spec 000 section 4: an influencer with any social profile filled goes to the dashboard after login. */
export function hasSocialProfile(marketer: MarketerSelf): boolean {
  return [
    marketer.InstagramUsername,
    marketer.YouTubeChannelLink,
    marketer.LinkedInProfile,
    marketer.TwitterHandle,
    marketer.TikTokUsername,
    marketer.FacebookPage,
    marketer.PinterestUsername,
  ].some((value) => Boolean(value && value.trim()))
}

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again'

/** Spec 000 section 8: toast, clear all storage, go to /signin. */
export function expireSession(navigate: (to: string) => void) {
  clearAll()
  toast.error(SESSION_EXPIRED_MESSAGE)
  navigate('/signin')
}
