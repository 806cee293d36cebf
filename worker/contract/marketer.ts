// Influencer (marketer) shapes as the API returns them, and the schemas of the profile and social
// media forms (spec 001 section 5), shared by the server and the web forms. A password hash never
// leaves the server.

import * as z from 'zod/mini'
import { capped, emailFormatField, mobileField, NAME_MAX, NAME_TOO_LONG, requiredText } from './fields'
import { hasCredentials } from './links'
import { currentPasswordField, currentPasswordRule, optionalNewPassword } from './password'
import { MAX_IMAGE_BYTES } from './product'

export const MARKETER_CATEGORIES = [
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
export type MarketerCategory = (typeof MARKETER_CATEGORIES)[number]

/** The social fields of spec 001 section 3, in the order of the update payload. */
export type SocialFields = z.output<typeof socialFieldsSchema>

/** The full record, returned to the marketer themself (login, GET/PUT marketers/{id}). */
export type MarketerSelf = z.output<typeof marketerSelfSchema>

/** One row of the public directory (GET marketers/social-media): never email, mobile or password. */
export type MarketerListItem = z.output<typeof marketerListItemSchema>

export type MarketerAnalytics = z.output<typeof marketerAnalyticsSchema>

export const PLATFORM_NAMES = ['Instagram', 'YouTube', 'Twitter', 'LinkedIn', 'TikTok', 'Facebook', 'Pinterest'] as const
export type PlatformName = (typeof PLATFORM_NAMES)[number]

export type SocialPlatform = z.output<typeof socialPlatformSchema>

/** GET marketers/social-media/{id}. Email and MobileNumber only for a signed-in vendor or the marketer themself. */
/**
 * Whether the profile carries the influencer's Email and MobileNumber (decision 060):
 * `shared` to the influencer themself, to a vendor verified by the back office and to a vendor they
 * have worked with; `after-working-together` to any other vendor (the page says how contacts are
 * shared); `hidden` to everyone else.
 */
export const CONTACT_ACCESS = ['shared', 'after-working-together', 'hidden'] as const
export type ContactAccess = (typeof CONTACT_ACCESS)[number]

export type MarketerProfile = z.output<typeof marketerProfileSchema>

/** Public list/profile calls answer `{ success, data }` (spec 001 section 7), alongside the usual envelope fields. */
export type SuccessEnvelope<T> = { success: boolean; statusCode: 0 | 1; message: string; data: T }

// ---- Messages ---------------------------------------------------------------------------------

export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully!'
export const SOCIAL_UPDATED_MESSAGE = 'Social media profiles updated successfully!'
export const PICTURE_UPDATED_MESSAGE = 'Profile picture updated successfully!'
export const SELECT_IMAGE_MESSAGE = 'Please select an image'
export const MARKETER_NOT_FOUND = 'Influencer not found'
export const PROFILE_VIEWS_LIMITED = 'You have opened many profiles in a short time. Please wait a few minutes and try again.'
export const MARKETERS_FETCHED = 'Influencers fetched successfully'
export const PROFILE_MOBILE_INVALID = 'Mobile number should be exactly 10 digits.'
export const PROFILE_EMAIL_INVALID = 'Invalid email format.'
export const COUNT_NEGATIVE = 'Follower counts cannot be negative.'
export const MAX_COUNT = 10_000_000_000
export const COUNT_TOO_LARGE = 'Follower counts should be less than 10,000,000,000.'
export const CATEGORY_INVALID = 'Please choose a category from the list.'
export const PREVIEW_NOT_TEXT = 'Preview images should be sent as data URLs.'
export const PREVIEW_UNKNOWN = 'Preview images should be new images or ones already on your profile.'
/** Two saves of one influencer's setup at the same moment: the second is refused (services/profile.ts). */
export const PROFILE_CHANGED_MESSAGE = 'Your profile was changed at the same moment. Please reload and try again.'

/** The setup form's three preview slots, in order. */
export const PREVIEW_SLOTS = ['PreviewImage1', 'PreviewImage2', 'PreviewImage3'] as const
// base64 grows data by 4/3: anything longer than this cannot decode to 5 MB or less.
export const MAX_PREVIEW_DATA_URL_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 1024
/** The setup form's body limit: up to three preview images as data URLs in its JSON, and the fields. */
export const SOCIAL_MEDIA_MAX_BYTES = PREVIEW_SLOTS.length * MAX_PREVIEW_DATA_URL_CHARS + 64 * 1024

// ---- Field rules ------------------------------------------------------------------------------

/** Counts arrive as integers; blank or non-numeric becomes 0 (the form's rule), negative is refused. */
const toNumber = (value: unknown): number => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim())
    return Number.isFinite(n) ? n : 0
  }
  return 0
}

const countField = z.optional(
  z.pipe(
    z.pipe(z.transform(toNumber), z.number().check(z.minimum(0, COUNT_NEGATIVE), z.maximum(MAX_COUNT - 1, COUNT_TOO_LARGE))),
    z.transform((n: number) => Math.trunc(n)),
  ),
)

const blankToNull = (value: string | null) => (value ? value : null)

type StringCheck = Parameters<z.ZodMiniString['check']>[number]

/** Optional text: trimmed, blank stored as null; absent (undefined) lets the route decide. */
const textField = (label: string, max: number, ...checks: StringCheck[]) =>
  z.optional(
    z.pipe(
      z.nullable(z.string({ error: `${label} should be text.` }).check(z.trim(), capped(max, `${label} should be at most ${max} characters.`), ...checks)),
      z.transform(blankToNull),
    ),
  )

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

/** The spec makes YouTube, LinkedIn and Facebook fields URL inputs: a value, when given, must be a web address. */
const linkField = (label: string) =>
  textField(
    label,
    300,
    z.refine((v: string) => v === '' || isHttpUrl(v), `${label} should be a valid URL.`),
    z.refine((v: string) => !hasCredentials(v), `${label} should not contain a user name or password.`),
  )

const categoryField = textField(
  'Category',
  40,
  z.refine((v: string) => v === '' || (MARKETER_CATEGORIES as readonly string[]).includes(v), CATEGORY_INVALID),
)

const previewField = z.optional(z.nullable(z.string({ error: PREVIEW_NOT_TEXT })))

/** The seven platforms' fields (spec 001 section 3). Absent keys stay undefined; routes fill or keep them. */
export const socialShape = {
  InstagramUsername: textField('Instagram username', 100),
  InstagramFollowers: countField,
  InstagramFollowing: countField,
  YouTubeChannelLink: linkField('YouTube channel link'),
  YouTubeSubscribers: countField,
  LinkedInProfile: linkField('LinkedIn profile'),
  LinkedInConnections: countField,
  TwitterHandle: textField('Twitter handle', 100),
  TwitterFollowers: countField,
  TwitterFollowing: countField,
  TikTokUsername: textField('TikTok username', 100),
  TikTokFollowers: countField,
  TikTokFollowing: countField,
  FacebookPage: linkField('Facebook page'),
  FacebookLikes: countField,
  PinterestUsername: textField('Pinterest username', 100),
  PinterestFollowers: countField,
  Bio: textField('Bio', 1000),
  Location: textField('Location', 100),
  Category: categoryField,
}

/**
 * PUT marketers/social-media/{id}: the setup form's payload. Preview images are data URLs (new
 * images), media paths (kept) or blank (removed).
 */
export const socialUpdateSchema = z.object({
  ...socialShape,
  PreviewImage1: previewField,
  PreviewImage2: previewField,
  PreviewImage3: previewField,
})
export type SocialUpdateInput = z.input<typeof socialUpdateSchema>
export type SocialUpdate = z.output<typeof socialUpdateSchema>

/**
 * PUT marketers/{id}: the Edit Profile modal's full object (spec 001 section 5 'Profile edit').
 * Name, mobile and email are required; a blank password keeps the current one, and a new one needs
 * CurrentPassword; social fields that are absent keep their stored values. Verified, pictures and previews are not editable here.
 */
export const profileUpdateSchema = z
  .object({
    MarketerName: requiredText('Please enter your name', z.maxLength(NAME_MAX, NAME_TOO_LONG)),
    MobileNumber: mobileField(PROFILE_MOBILE_INVALID, PROFILE_MOBILE_INVALID),
    Email: emailFormatField(PROFILE_EMAIL_INVALID),
    Password: optionalNewPassword,
    CurrentPassword: currentPasswordField,
    // The modal sends the whole record (spec 001 section 7), its id included; the path says whose it is.
    MarketerID: z.optional(z.union([z.string(), z.number()])),
    ...socialShape,
  })
  .check(currentPasswordRule)
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>
export type ProfileUpdate = z.output<typeof profileUpdateSchema>

// ---- Answer schemas -----------------------------------------------------------------------------

const socialFieldsSchema = z.object({
  InstagramUsername: z.nullable(z.string()),
  InstagramFollowers: z.number(),
  InstagramFollowing: z.number(),
  YouTubeChannelLink: z.nullable(z.string()),
  YouTubeSubscribers: z.number(),
  LinkedInProfile: z.nullable(z.string()),
  LinkedInConnections: z.number(),
  TwitterHandle: z.nullable(z.string()),
  TwitterFollowers: z.number(),
  TwitterFollowing: z.number(),
  TikTokUsername: z.nullable(z.string()),
  TikTokFollowers: z.number(),
  TikTokFollowing: z.number(),
  FacebookPage: z.nullable(z.string()),
  FacebookLikes: z.number(),
  PinterestUsername: z.nullable(z.string()),
  PinterestFollowers: z.number(),
})

/** The full record, to the influencer themself (sign-up, sign-in, GET/PUT marketers/{id}): no password. */
export const marketerSelfSchema = z.extend(socialFieldsSchema, {
  MarketerID: z.number(),
  MarketerName: z.string(),
  Email: z.string(),
  MobileNumber: z.string(),
  MarketerProfilePic: z.nullable(z.string()),
  Verified: z.boolean(),
  Bio: z.nullable(z.string()),
  Location: z.nullable(z.string()),
  Category: z.nullable(z.string()),
  PreviewImage1: z.nullable(z.string()),
  PreviewImage2: z.nullable(z.string()),
  PreviewImage3: z.nullable(z.string()),
  totalReachRaw: z.number(),
  DateCreated: z.string(),
  updatedAt: z.string(),
  /** Whether the account proved it reads mail at Email: the dashboard's banner and the money gates. */
  emailVerified: z.boolean(),
})

/** The dashboard's totals; totalCommission in rupees, the sum of the commission snapshots of converted leads. */
export const marketerAnalyticsSchema = z.object({
  totalLeads: z.number(),
  totalConversions: z.number(),
  totalImpressions: z.number(),
  totalCommission: z.number(),
})

/** A new profile picture: its media path. */
export const pictureUploadSchema = z.object({ profilePicUrl: z.string() })

/** One row of the public directory: never email, mobile or password. */
export const marketerListItemSchema = z.object({
  ...socialFieldsSchema.shape,
  MarketerID: z.number(),
  MarketerName: z.string(),
  MarketerProfilePic: z.nullable(z.string()),
  Verified: z.boolean(),
  Bio: z.nullable(z.string()),
  Location: z.nullable(z.string()),
  Category: z.nullable(z.string()),
  PreviewImage1: z.nullable(z.string()),
  PreviewImage2: z.nullable(z.string()),
  PreviewImage3: z.nullable(z.string()),
  totalReachRaw: z.number(),
  DateCreated: z.string(),
  engagementRate: z.number(),
})

const socialPlatformSchema = z.object({
  platform: z.enum(PLATFORM_NAMES),
  username: z.nullable(z.string()),
  url: z.nullable(z.string()),
  followers: z.number(),
  following: z.nullable(z.number()),
  verified: z.boolean(),
})

/** A public profile (GET marketers/social-media/{id}); Email and MobileNumber when `contactAccess` is `shared`. */
export const marketerProfileSchema = z.object({
  marketer: z.extend(marketerListItemSchema, { Email: z.optional(z.string()), MobileNumber: z.optional(z.string()) }),
  contactAccess: z.enum(CONTACT_ACCESS),
  socialStats: z.object({
    total: z.object({ raw: z.number(), formatted: z.string() }),
    instagram: z.object({ raw: z.number(), followers: z.string() }),
    youtube: z.object({ raw: z.number(), subscribers: z.string() }),
    twitter: z.object({ raw: z.number(), followers: z.string() }),
    linkedin: z.object({ raw: z.number(), connections: z.string() }),
  }),
  platforms: z.array(socialPlatformSchema),
  engagementRate: z.number(),
  lastUpdated: z.nullable(z.string()),
  storefrontPath: z.nullable(z.string()),
})
