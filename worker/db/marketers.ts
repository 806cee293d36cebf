import { withoutCredentials } from '../contract/links'
import { and, eq, getTableColumns, gte, isNull, type SQL, sql } from 'drizzle-orm'
import {
  type ContactAccess,
  type MarketerListItem,
  type MarketerProfile,
  type MarketerSelf,
  PREVIEW_SLOTS,
  type ProfileUpdate,
  type SocialFields,
  type SocialUpdate,
} from '../contract/marketer'
import type { DirectorySort } from '../contract/directory'
import type { ListTotal } from '../contract/paging'
import { MARKETER_DEFAULTS } from '../contract/influencer-card'
import { STOREFRONT_FORMER_HANDLE_DAYS } from '../contract/storefront'
import { engagementRate } from '../domain/engagement'
import { likePattern, type SearchPlan } from '../domain/search'
import { platformsOf, socialStatsOf, totalReach } from '../domain/social'
import { type Db, prepared } from './client'
import { after, matchesSearch, orderOf, type SortKey } from './list-sql'
import { accountTotals, type Marketer, marketers } from './schema'
import { cappedCount, keptCount, PLATFORM_ACCOUNT, pageWithTotal } from './capped-counts'
import type { NewPassword } from './vendors'
import { rememberFormerHandle } from './storefront'

type LinkFields = Pick<SocialFields, 'YouTubeChannelLink' | 'LinkedInProfile' | 'FacebookPage'>

/** The social links as they may be shown: a user name or password stored before decision 285 taken out. */
export const withShownLinks = <T extends LinkFields>(row: T): T => ({
  ...row,
  YouTubeChannelLink: withoutCredentials(row.YouTubeChannelLink),
  LinkedInProfile: withoutCredentials(row.LinkedInProfile),
  FacebookPage: withoutCredentials(row.FacebookPage),
})

export function toMarketerSelf(row: Marketer): MarketerSelf {
  const {
    PasswordHash: _hash,
    tokenVersion: _version,
    engagementRate: _rate,
    suspendedAt: _s,
    suspendedReason: _r,
    erasedAt: _e,
    emailVerifiedAt,
    ...rest
  } = row
  return { ...withShownLinks(rest), emailVerified: emailVerifiedAt !== null }
}

export async function findMarketer(db: Db, id: number): Promise<Marketer | undefined> {
  return db.query.marketers.findFirst({ where: eq(marketers.MarketerID, id) })
}

/** The new influencer; the unique Email index may refuse it in a race. */
export async function insertMarketer(db: Db, input: { MarketerName: string; MobileNumber: string; Email: string; PasswordHash: string }): Promise<Marketer> {
  const [row] = await db.insert(marketers).values(input).returning()
  return row
}

export async function findMarketerByEmail(db: Db, email: string): Promise<Marketer | undefined> {
  return db.query.marketers.findFirst({ where: eq(marketers.Email, email) })
}

// ---- Profile, social media and analytics --------------------------------------------------------

type SocialRecord = SocialFields & { Bio: string | null; Location: string | null; Category: string | null }

/** What a blank setup form saves: the spec's defaults (counts 0, everything else empty). */
export const EMPTY_SOCIAL: SocialRecord = {
  InstagramUsername: null,
  InstagramFollowers: 0,
  InstagramFollowing: 0,
  YouTubeChannelLink: null,
  YouTubeSubscribers: 0,
  LinkedInProfile: null,
  LinkedInConnections: 0,
  TwitterHandle: null,
  TwitterFollowers: 0,
  TwitterFollowing: 0,
  TikTokUsername: null,
  TikTokFollowers: 0,
  TikTokFollowing: 0,
  FacebookPage: null,
  FacebookLikes: 0,
  PinterestUsername: null,
  PinterestFollowers: 0,
  Bio: null,
  Location: null,
  Category: null,
}

const SOCIAL_KEYS = Object.keys(EMPTY_SOCIAL) as (keyof SocialRecord)[]

/** The social fields to store: each one sent wins, each one absent comes from `base`. */
function resolveSocial(input: Partial<Record<keyof SocialRecord, unknown>>, base: SocialRecord): SocialRecord {
  const out: Record<keyof SocialRecord, unknown> = { ...base }
  for (const key of SOCIAL_KEYS) if (input[key] !== undefined) out[key] = input[key]
  return out as SocialRecord
}

const socialOf = (row: Marketer): SocialRecord => resolveSocial(row, EMPTY_SOCIAL)

/** The social fields a save would leave: the profile form keeps what it does not send (`current`), the setup form clears it. */
export const socialAfterSave = (input: Partial<Record<keyof SocialRecord, unknown>>, current?: Marketer): SocialRecord =>
  resolveSocial(input, current ? socialOf(current) : EMPTY_SOCIAL)

/** The stored sort values that follow from the social counts; written together on every save. */
const audienceOf = (id: number, social: SocialRecord) => {
  const reach = totalReach(social)
  return { totalReachRaw: reach, engagementRate: engagementRate(id, reach) }
}

type MarketerValues = Partial<Omit<typeof marketers.$inferInsert, 'tokenVersion' | 'emailVerifiedAt'>> & { tokenVersion?: SQL; emailVerifiedAt?: SQL }

/**
 * Writes `values` to the record; `guard` narrows the write (undefined: it did not match). With
 * `formerHandle` (the storefront handle key the creator holds), the same transaction remembers it
 * if the write gives it up (decision 203), reserved for them for 90 days (decision 247).
 */
async function writeRow(db: Db, id: number, values: MarketerValues, guard?: SQL, formerHandle: string | null = null): Promise<Marketer | undefined> {
  const now = new Date().toISOString()
  const update = db
    .update(marketers)
    .set({ ...values, updatedAt: now })
    .where(and(eq(marketers.MarketerID, id), guard))
    .returning()
  if (formerHandle === null) return (await update)[0]
  const releasesAt = new Date(Date.parse(now) + STOREFRONT_FORMER_HANDLE_DAYS * 86_400_000).toISOString()
  const [rows] = await db.batch([update, rememberFormerHandle(db, id, formerHandle, now, releasesAt)])
  return rows[0]
}

/**
 * PUT marketers/{id}: identity fields, any social fields sent, and with `password` a new hash and
 * a raised tokenVersion in the same statement, written only while the account still has the hash
 * it replaces. The unique Email index may refuse it; undefined when nothing matched.
 */
export async function updateProfile(
  db: Db,
  current: Marketer,
  input: ProfileUpdate,
  password?: NewPassword,
  formerHandle: string | null = null,
): Promise<Marketer | undefined> {
  const social = resolveSocial(input, socialOf(current))
  const values: MarketerValues = {
    MarketerName: input.MarketerName,
    MobileNumber: input.MobileNumber,
    Email: input.Email,
    // A new address is unverified until its own link is used; see updateVendorProfile.
    emailVerifiedAt: sql`CASE WHEN ${marketers.Email} = ${input.Email} THEN ${marketers.emailVerifiedAt} ELSE NULL END`,
    ...social,
    ...audienceOf(current.MarketerID, social),
  }
  if (password) {
    values.PasswordHash = password.hash
    values.tokenVersion = sql`${marketers.tokenVersion} + 1`
  }
  return writeRow(db, current.MarketerID, values, password ? eq(marketers.PasswordHash, password.replaces) : undefined, formerHandle)
}

/**
 * PUT marketers/social-media/{id}: the whole setup form with the preview paths `previews`, written
 * only over the previews `current` was read with (undefined otherwise): a save that lands in
 * between makes this one lose, so no preview is orphaned or pointed at after deletion.
 */
export async function updateSocialMedia(
  db: Db,
  current: Marketer,
  input: SocialUpdate,
  previews: (string | null)[],
  formerHandle: string | null = null,
): Promise<Marketer | undefined> {
  const social = resolveSocial(input, EMPTY_SOCIAL)
  return writeRow(
    db,
    current.MarketerID,
    { ...social, ...audienceOf(current.MarketerID, social), PreviewImage1: previews[0], PreviewImage2: previews[1], PreviewImage3: previews[2] },
    and(...PREVIEW_SLOTS.map((slot) => (current[slot] === null ? isNull(marketers[slot]) : eq(marketers[slot], current[slot])))),
    formerHandle,
  )
}

/** Points the profile picture at `path` if it is still `previous`; false when it was not. */
export async function replaceProfilePicture(db: Db, id: number, previous: string | null, path: string): Promise<boolean> {
  const [row] = await db
    .update(marketers)
    .set({ MarketerProfilePic: path, updatedAt: new Date().toISOString() })
    .where(and(eq(marketers.MarketerID, id), previous === null ? isNull(marketers.MarketerProfilePic) : eq(marketers.MarketerProfilePic, previous)))
    .returning({ MarketerID: marketers.MarketerID })
  return row !== undefined
}

// ---- Public views --------------------------------------------------------------------------------

/** Every column anyone may see: never the password hash, email or mobile number. */
const {
  PasswordHash: _hash,
  Email: _email,
  MobileNumber: _mobile,
  updatedAt: _updated,
  tokenVersion: _version,
  suspendedAt: _suspended,
  suspendedReason: _reason,
  erasedAt: _erased,
  emailVerifiedAt: _verified,
  ...publicColumns
} = getTableColumns(marketers)

type PublicRow = Omit<
  Marketer,
  'PasswordHash' | 'Email' | 'MobileNumber' | 'updatedAt' | 'tokenVersion' | 'suspendedAt' | 'suspendedReason' | 'erasedAt' | 'emailVerifiedAt'
>

const toListItem = (row: PublicRow): MarketerListItem => withShownLinks(row)

/** Each sort of the directory, on its (…, MarketerID) index; ties go newest first. */
export const DIRECTORY_ORDERS: Record<DirectorySort, readonly SortKey[]> = {
  newest: [{ expr: marketers.MarketerID, dir: 'desc' }],
  followers: [
    { expr: marketers.totalReachRaw, dir: 'desc' },
    { expr: marketers.MarketerID, dir: 'desc' },
  ],
  engagement: [
    { expr: marketers.engagementRate, dir: 'desc' },
    { expr: marketers.MarketerID, dir: 'desc' },
  ],
  // The same collated expression as marketers_name_idx, so the index gives the order.
  name: [
    { expr: sql`${marketers.MarketerName} COLLATE NOCASE`, dir: 'asc' },
    { expr: marketers.MarketerID, dir: 'desc' },
  ],
}

/**
 * `countries`: the shown location must contain one of them. They are tested on the rows rather than
 * through the trigram index: a country matches thousands of influencers (India half of the
 * bench:scale data), all of whose postings the index reads (2.9 ms for India's page on SQLite,
 * against 0.08 ms walking the sort's index and testing each row), and with a keyword or category
 * the index narrows the rows first anyway. The total tests marketers_listed_location_idx's entries.
 */
export type DirectoryFilter = { search?: SearchPlan; countries?: readonly string[]; minFollowers?: number; verifiedOnly: boolean }

/**
 * The shown location contains one of the countries (LIKE patterns), written on Location itself so
 * that an index holding it can answer: a blank location is the card's, tested once if it matches.
 */
function locatedInAny(patterns: readonly string[], blankMatches: boolean): SQL {
  const tests = patterns.map((pattern) => sql`${marketers.Location} LIKE ${pattern} ESCAPE '\\'`)
  if (blankMatches) tests.push(sql`trim(coalesce(${marketers.Location}, '')) = ''`)
  return sql`(${sql.join(tests, sql` OR `)})`
}

const cardLocationHas = (country: string) => MARKETER_DEFAULTS.location.toLowerCase().includes(country.toLowerCase())

/** The sort values of a directory row, in the order of DIRECTORY_ORDERS[sort] (the cursor's key). */
export function directorySortValues(row: MarketerListItem, sort: DirectorySort): Array<string | number> {
  if (sort === 'followers') return [row.totalReachRaw, row.MarketerID]
  if (sort === 'engagement') return [row.engagementRate, row.MarketerID]
  if (sort === 'name') return [row.MarketerName, row.MarketerID]
  return [row.MarketerID]
}

/**
 * One page of the public directory (`take` rows) after the row with sort values `from`, and
 * the total matching the filter, in one round trip.
 */
export async function pageMarketers(
  db: Db,
  filter: DirectoryFilter,
  sort: DirectorySort,
  from: ReadonlyArray<string | number> | null,
  take: number,
  count = true,
): Promise<{ rows: MarketerListItem[]; total: ListTotal | null }> {
  const where = and(
    filter.search ? matchesSearch(marketers.MarketerID, 'marketers_search', filter.search) : undefined,
    filter.countries?.length ? locatedInAny(filter.countries.map(likePattern), filter.countries.some(cardLocationHas)) : undefined,
    filter.minFollowers === undefined ? undefined : gte(marketers.totalReachRaw, filter.minFollowers),
    filter.verifiedOnly ? eq(marketers.Verified, true) : undefined,
  )
  // Suspended (and erased) influencers leave the directory and home. Unfiltered, the total is the
  // platform's kept count of listed influencers (decision 296); filtered, the capped count reads
  // marketers_listed_idx. The page must keep walking its sort's index, so there the test is written
  // `+col` (no index may serve it) and is checked on the rows the sort's index hands over.
  const total = !count
    ? null
    : where === undefined
      ? keptCount(db, PLATFORM_ACCOUNT, sql`${accountTotals.marketers} - ${accountTotals.suspendedMarketers}`)
      : cappedCount(
          db,
          db
            .select({ one: sql`1` })
            .from(marketers)
            .where(and(where, isNull(marketers.suspendedAt))),
        )
  const order = DIRECTORY_ORDERS[sort]
  const page = prepared(
    db
      .select(publicColumns)
      .from(marketers)
      .where(and(where, sql`+${marketers.suspendedAt} IS NULL`, from ? after(order, from) : undefined))
      .orderBy(...orderOf(order))
      .limit(take),
  )
  const { rows, total: counted } = await pageWithTotal(db, page, total)
  return { rows: rows.map(toListItem), total: counted }
}

/** The public profile; contact details only when `contactAccess` is `shared`. */
export function toMarketerProfile(row: Marketer, contactAccess: ContactAccess, storefrontPath: string | null): MarketerProfile {
  const {
    PasswordHash: _p,
    tokenVersion: _v,
    suspendedAt: _s,
    suspendedReason: _r,
    erasedAt: _e,
    emailVerifiedAt: _ev,
    Email,
    MobileNumber,
    updatedAt,
    ...publicRow
  } = row
  const item = toListItem(publicRow)
  return {
    marketer: contactAccess === 'shared' ? { ...item, Email, MobileNumber } : item,
    contactAccess,
    socialStats: socialStatsOf(row),
    platforms: platformsOf(withShownLinks(row)),
    engagementRate: item.engagementRate,
    lastUpdated: updatedAt,
    storefrontPath,
  }
}
