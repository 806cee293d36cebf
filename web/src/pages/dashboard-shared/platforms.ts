import type { MarketerSelf, PlatformName, SocialFields } from '@contract/marketer'
import { formatCount } from '../../lib/format'

// The seven platforms of spec 001 and the social fields each one owns. The setup page, the
// profile's 'Social Media Presence' grid and the Edit Profile modal all read this one table.

type TextKey = { [K in keyof SocialFields]: SocialFields[K] extends string | null ? K : never }[keyof SocialFields]
type CountKey = { [K in keyof SocialFields]: SocialFields[K] extends number ? K : never }[keyof SocialFields]

export type PlatformDef = {
  name: PlatformName
  /** The handle, channel, profile or page field. */
  handle: TextKey
  handleLabel: string
  /** YouTube, LinkedIn and Facebook take links (spec 001 section 5). */
  isUrl: boolean
  count: CountKey
  countLabel: string
  /** What the audience is called in the presence grid. */
  unit: 'followers' | 'subscribers' | 'connections'
  following?: CountKey
  placeholder: string
  /** Brand tint for the card's badge. */
  tint: string
}

export const PLATFORMS: readonly PlatformDef[] = [
  {
    name: 'Instagram',
    handle: 'InstagramUsername',
    handleLabel: 'Instagram Username',
    isUrl: false,
    count: 'InstagramFollowers',
    countLabel: 'Instagram Followers',
    unit: 'followers',
    following: 'InstagramFollowing',
    placeholder: '@yourhandle',
    tint: 'bg-pink-100 text-pink-700',
  },
  {
    name: 'YouTube',
    handle: 'YouTubeChannelLink',
    handleLabel: 'YouTube Channel Link',
    isUrl: true,
    count: 'YouTubeSubscribers',
    countLabel: 'YouTube Subscribers',
    unit: 'subscribers',
    placeholder: 'https://youtube.com/@channel',
    tint: 'bg-red-100 text-red-700',
  },
  {
    name: 'LinkedIn',
    handle: 'LinkedInProfile',
    handleLabel: 'LinkedIn Profile',
    isUrl: true,
    count: 'LinkedInConnections',
    countLabel: 'LinkedIn Connections',
    unit: 'connections',
    placeholder: 'https://linkedin.com/in/you',
    tint: 'bg-sky-100 text-sky-700',
  },
  {
    name: 'Twitter',
    handle: 'TwitterHandle',
    handleLabel: 'Twitter Handle',
    isUrl: false,
    count: 'TwitterFollowers',
    countLabel: 'Twitter Followers',
    unit: 'followers',
    following: 'TwitterFollowing',
    placeholder: '@yourhandle',
    tint: 'bg-slate-200 text-slate-800',
  },
  {
    name: 'TikTok',
    handle: 'TikTokUsername',
    handleLabel: 'TikTok Username',
    isUrl: false,
    count: 'TikTokFollowers',
    countLabel: 'TikTok Followers',
    unit: 'followers',
    following: 'TikTokFollowing',
    placeholder: '@yourhandle',
    tint: 'bg-fuchsia-100 text-fuchsia-700',
  },
  {
    name: 'Facebook',
    handle: 'FacebookPage',
    handleLabel: 'Facebook Page',
    isUrl: true,
    count: 'FacebookLikes',
    countLabel: 'Facebook Likes',
    unit: 'followers',
    placeholder: 'https://facebook.com/yourpage',
    tint: 'bg-blue-100 text-blue-700',
  },
  {
    name: 'Pinterest',
    handle: 'PinterestUsername',
    handleLabel: 'Pinterest Username',
    isUrl: false,
    count: 'PinterestFollowers',
    countLabel: 'Pinterest Followers',
    unit: 'followers',
    placeholder: '@yourhandle',
    tint: 'bg-rose-100 text-rose-700',
  },
]

export const SOCIAL_KEYS: readonly (keyof SocialFields)[] = PLATFORMS.flatMap((p) => [p.handle, p.count, ...(p.following ? [p.following] : [])])

/** Form state of the social fields: every input holds text, counts included. */
export type SocialDraft = Record<keyof SocialFields, string>

export function socialDraft(marketer: Partial<SocialFields> | null): SocialDraft {
  const draft = {} as SocialDraft
  for (const key of SOCIAL_KEYS) {
    const value = marketer?.[key]
    draft[key] = value === null || value === undefined || value === 0 ? '' : String(value)
  }
  return draft
}

/**
 * Counts are whole numbers, default 0; anything non-numeric becomes 0 (spec 001 section 5). A
 * negative number stays negative, so the shared schema refuses it with its message instead of the
 * form quietly saving 0.
 */
export function toCount(value: string): number {
  const n = Math.trunc(Number(value.trim()))
  return Number.isFinite(n) ? n : 0
}

/** The draft as the API's social payload: trimmed handles (blank is null), integer counts. */
export function socialPayload(draft: SocialDraft): SocialFields {
  const out = {} as Record<keyof SocialFields, string | number | null>
  for (const p of PLATFORMS) {
    out[p.handle] = draft[p.handle].trim() || null
    out[p.count] = toCount(draft[p.count])
    if (p.following) out[p.following] = toCount(draft[p.following])
  }
  return out as SocialFields
}

/** A platform counts as completed when any one of its fields is non-blank (spec 001 section 4). */
export function isPlatformComplete(draft: SocialDraft, platform: PlatformDef): boolean {
  return [platform.handle, platform.count, platform.following].some((key) => key !== undefined && draft[key].trim() !== '')
}

export const completedCount = (draft: SocialDraft) => PLATFORMS.filter((p) => isPlatformComplete(draft, p)).length

export type Presence = { platform: PlatformDef; handle: string | null; summary: string }

/** The 'Social Media Presence' grid: only platforms with a handle or a count, counts shortened. */
export function presence(marketer: MarketerSelf): Presence[] {
  return PLATFORMS.filter((p) => Boolean(marketer[p.handle]?.trim()) || marketer[p.count] > 0).map((p) => ({
    platform: p,
    handle: marketer[p.handle]?.trim() || null,
    summary: `${formatCount(marketer[p.count])} ${p.unit}`,
  }))
}
