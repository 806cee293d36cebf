// Rules about an influencer's social presence: combined reach, the per-platform view of the public
// profile, and its formatted stats. Pure functions over the social fields of the record.

import type { MarketerProfile, PlatformName, SocialFields, SocialPlatform } from '../contract/marketer'
import { shortCount } from './counts'

/** Combined audience across all seven platforms; "following" counts are not audience and never count. */
export function totalReach(s: SocialFields): number {
  return s.InstagramFollowers + s.TwitterFollowers + s.TikTokFollowers + s.YouTubeSubscribers + s.LinkedInConnections + s.FacebookLikes + s.PinterestFollowers
}

const handle = (value: string) => value.replace(/^@/, '')

/** The last path segment of a profile link, as a readable username ('@channel', 'in/name' -> 'name'). */
function usernameFromLink(link: string): string {
  try {
    const parts = new URL(link).pathname.split('/').filter(Boolean)
    return parts.at(-1) ?? link
  } catch {
    return link
  }
}

type PlatformSource = {
  platform: PlatformName
  name: string | null
  followers: number
  following: number | null
  /** Handle-based platforms build the profile address from the handle; link-based ones store it. */
  url: (name: string) => string
  linkBased: boolean
}

function sources(s: SocialFields): PlatformSource[] {
  return [
    {
      platform: 'Instagram',
      name: s.InstagramUsername,
      followers: s.InstagramFollowers,
      following: s.InstagramFollowing,
      url: (n) => `https://www.instagram.com/${handle(n)}`,
      linkBased: false,
    },
    { platform: 'YouTube', name: s.YouTubeChannelLink, followers: s.YouTubeSubscribers, following: null, url: (n) => n, linkBased: true },
    {
      platform: 'Twitter',
      name: s.TwitterHandle,
      followers: s.TwitterFollowers,
      following: s.TwitterFollowing,
      url: (n) => `https://x.com/${handle(n)}`,
      linkBased: false,
    },
    { platform: 'LinkedIn', name: s.LinkedInProfile, followers: s.LinkedInConnections, following: null, url: (n) => n, linkBased: true },
    {
      platform: 'TikTok',
      name: s.TikTokUsername,
      followers: s.TikTokFollowers,
      following: s.TikTokFollowing,
      url: (n) => `https://www.tiktok.com/@${handle(n)}`,
      linkBased: false,
    },
    { platform: 'Facebook', name: s.FacebookPage, followers: s.FacebookLikes, following: null, url: (n) => n, linkBased: true },
    {
      platform: 'Pinterest',
      name: s.PinterestUsername,
      followers: s.PinterestFollowers,
      following: null,
      url: (n) => `https://www.pinterest.com/${handle(n)}`,
      linkBased: false,
    },
  ]
}

/**
 * One entry per platform that has a handle or a count (spec 001: the profile shows only those).
 * `verified` is false: we have no way to check a platform account, only the phone (marketer.Verified).
 */
export function platformsOf(s: SocialFields): SocialPlatform[] {
  return sources(s)
    .filter((p) => Boolean(p.name) || p.followers > 0 || (p.following ?? 0) > 0)
    .map((p) => ({
      platform: p.platform,
      username: p.name ? (p.linkBased ? usernameFromLink(p.name) : p.name) : null,
      url: p.name ? p.url(p.name) : null,
      followers: p.followers,
      following: p.following,
      verified: false,
    }))
}

export function socialStatsOf(s: SocialFields): MarketerProfile['socialStats'] {
  const total = totalReach(s)
  return {
    total: { raw: total, formatted: shortCount(total) },
    instagram: { raw: s.InstagramFollowers, followers: shortCount(s.InstagramFollowers) },
    youtube: { raw: s.YouTubeSubscribers, subscribers: shortCount(s.YouTubeSubscribers) },
    twitter: { raw: s.TwitterFollowers, followers: shortCount(s.TwitterFollowers) },
    linkedin: { raw: s.LinkedInConnections, connections: shortCount(s.LinkedInConnections) },
  }
}
