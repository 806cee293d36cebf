// Influencer (marketer) shapes as the API returns them. A password hash never leaves the server.

export const INFLUENCER_CATEGORIES = [
  'Lifestyle',
  'Fashion',
  'Beauty',
  'Technology',
  'Gaming',
  'Fitness',
  'Food',
  'Travel',
  'Business',
  'Comedy',
  'Dance',
  'Music',
  'Entertainment',
] as const
export type InfluencerCategory = (typeof INFLUENCER_CATEGORIES)[number]

/** The social fields of spec 001 section 3, in the order of the update payload. */
export type SocialFields = {
  InstagramUsername: string | null
  InstagramFollowers: number
  InstagramFollowing: number
  YouTubeChannelLink: string | null
  YouTubeSubscribers: number
  LinkedInProfile: string | null
  LinkedInConnections: number
  TwitterHandle: string | null
  TwitterFollowers: number
  TwitterFollowing: number
  TikTokUsername: string | null
  TikTokFollowers: number
  TikTokFollowing: number
  FacebookPage: string | null
  FacebookLikes: number
  PinterestUsername: string | null
  PinterestFollowers: number
}

/** The full record, returned to the marketer themself (login, GET/PUT marketers/{id}). */
export type MarketerSelf = SocialFields & {
  MarketerID: number
  MarketerName: string
  Email: string
  MobileNumber: string
  MarketerProfilePic: string | null
  Verified: boolean
  Bio: string | null
  Location: string | null
  Category: string | null
  PreviewImage1: string | null
  PreviewImage2: string | null
  PreviewImage3: string | null
  totalReachRaw: number
  DateCreated: string
  updatedAt: string
}

/** One row of the public directory (GET marketers/social-media): never email, mobile or password. */
export type InfluencerListItem = Omit<MarketerSelf, 'Email' | 'MobileNumber' | 'updatedAt'> & {
  engagementRate: number
}

export type MarketerAnalytics = {
  totalLeads: number
  totalConversions: number
  totalImpressions: number
  /** Rupees: sum of the commission snapshots of converted leads. */
  totalCommission: number
}

export const PLATFORM_NAMES = ['Instagram', 'YouTube', 'Twitter', 'LinkedIn', 'TikTok', 'Facebook', 'Pinterest'] as const
export type PlatformName = (typeof PLATFORM_NAMES)[number]

export type SocialPlatform = {
  platform: PlatformName
  username: string | null
  url: string | null
  followers: number
  following: number | null
  verified: boolean
}

/** GET marketers/social-media/{id}. Email and MobileNumber only for a signed-in vendor or the marketer themself. */
export type InfluencerProfile = {
  marketer: InfluencerListItem & { Email?: string; MobileNumber?: string }
  socialStats: {
    total: { raw: number; formatted: string }
    instagram: { raw: number; followers: string }
    youtube: { raw: number; subscribers: string }
    twitter: { raw: number; followers: string }
    linkedin: { raw: number; connections: string }
  }
  platforms: SocialPlatform[]
  engagementRate: number
  lastUpdated: string | null
}

/** Public list/profile calls answer `{ success, data }` (spec 001 section 7), alongside the usual envelope fields. */
export type SuccessEnvelope<T> = { success: boolean; statusCode: 0 | 1; message: string; data: T }
