import { MARKETER_DEFAULTS } from '@contract/influencer-card'
import type { MarketerListItem } from '@contract/marketer'

// The display model of spec 000/001 section 3: what every influencer card and the cache work with.

export type DisplayMarketer = {
  id: number
  name: string
  handle: string
  /** Media path of the profile picture (served under /media/), or null. */
  profileImage: string | null
  followers: number
  engagementRate: number
  category: string
  location: string
  verified: boolean
  bio: string
  /** Exactly 3 images: the previews, then local placeholders for the missing ones. */
  content: string[]
}

export { MARKETER_DEFAULTS }

/** Shipped with the app (web/public), so no external image host is needed. */
export const PLACEHOLDER_PREVIEWS = ['/placeholders/preview-1.svg', '/placeholders/preview-2.svg', '/placeholders/preview-3.svg'] as const

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== ''

const asHandle = (username: string) => (username.trim().startsWith('@') ? username.trim() : `@${username.trim()}`)

type Source = Partial<MarketerListItem> & Pick<MarketerListItem, 'MarketerID'>

export function toDisplayMarketer(item: Source): DisplayMarketer {
  const username = [item.InstagramUsername, item.TwitterHandle, item.TikTokUsername].find(present)
  const previews = [item.PreviewImage1, item.PreviewImage2, item.PreviewImage3]
  const followers = Number(item.totalReachRaw)
  const rate = Number(item.engagementRate)
  return {
    id: item.MarketerID,
    name: item.MarketerName?.trim() || 'Influencer',
    handle: username ? asHandle(username) : MARKETER_DEFAULTS.handle,
    profileImage: present(item.MarketerProfilePic) ? item.MarketerProfilePic : null,
    followers: Number.isFinite(followers) && followers > 0 ? followers : 0,
    engagementRate: Number.isFinite(rate) && rate > 0 ? rate : 0,
    category: present(item.Category) ? item.Category : MARKETER_DEFAULTS.category,
    location: present(item.Location) ? item.Location : MARKETER_DEFAULTS.location,
    verified: item.Verified === true,
    bio: present(item.Bio) ? item.Bio : MARKETER_DEFAULTS.bio,
    content: previews.map((p, i) => (present(p) ? p : PLACEHOLDER_PREVIEWS[i])),
  }
}

/** The newest `count` influencers (highest id first): home's 'Top Featured Influencers'. */
export function newestMarketers(list: readonly DisplayMarketer[], count = 3): DisplayMarketer[] {
  return [...list].sort((a, b) => b.id - a.id).slice(0, count)
}

export const isPlaceholder = (src: string) => (PLACEHOLDER_PREVIEWS as readonly string[]).includes(src)

/** One-decimal percent, e.g. 3.4%. */
/**
 * Followers are typed in by the creator, not read from the platforms, and the rate is drawn from
 * their tier (spec 000 section 9): every place that shows it says it is an estimate.
 */
export const ENGAGEMENT_ESTIMATE_NOTE = 'An estimate from the follower counts the creator typed in, not a measured rate'

export const formatRate = (rate: number) => `${(Number.isFinite(rate) ? rate : 0).toFixed(1)}%`

/** Profile engagement bar: rate x 10 percent of the width, capped at 100 (spec 001 section 9). */
export const engagementBarPercent = (rate: number) => Math.max(0, Math.min((Number.isFinite(rate) ? rate : 0) * 10, 100))

/** Profile avatar fallback: the first letter of the name, else 'I'. */
export const avatarLetter = (name: string | null | undefined) => (name ?? '').trim().charAt(0).toUpperCase() || 'I'
