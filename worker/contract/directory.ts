// Query of the influencer directory (GET marketers/social-media and GET marketers): the filters and
// sorts the directory page applied in the browser (spec 001 section 5), now applied by the server
// with the same meaning, over the values the cards show (a missing bio, category or location counts
// as the card's default: 'Content creator and influencer', 'Lifestyle', 'United States').

import * as z from 'zod/mini'
import { choiceField, flagField, searchField } from './list-query'
import { pageQueryShape } from './paging'

/** The Countries checkboxes; each matches influencers whose location contains it. */
export const DIRECTORY_COUNTRIES = ['United States', 'United Kingdom', 'Europe', 'Canada', 'Australia', 'India'] as const
export type DirectoryCountry = (typeof DIRECTORY_COUNTRIES)[number]

/**
 * newest: MarketerID descending (the API's default; home's featured influencers). followers: total
 * reach, highest first (the directory page's default). engagement: highest rate first. name: A-Z,
 * case-insensitive. Ties go newest first.
 */
export const DIRECTORY_SORTS = ['newest', 'followers', 'engagement', 'name'] as const
export type DirectorySort = (typeof DIRECTORY_SORTS)[number]

export const DIRECTORY_MESSAGES = {
  countriesInvalid: `countries should be among ${DIRECTORY_COUNTRIES.join(', ')}`,
  minFollowersInvalid: 'minFollowers should be sent once',
  verifiedInvalid: 'verified should be true or false',
  sortInvalid: `sort should be one of ${DIRECTORY_SORTS.join(', ')}`,
} as const

const isCountry = (v: string): v is DirectoryCountry => (DIRECTORY_COUNTRIES as readonly string[]).includes(v)

/** Comma-separated (`countries=India,Canada`) or repeated keys; any one of them matches. */
const countriesField = z.pipe(
  z.optional(z.union([z.string(), z.array(z.string())], { error: DIRECTORY_MESSAGES.countriesInvalid })),
  z.pipe(
    z.transform((v: string | string[] | undefined) => [
      ...new Set(
        (Array.isArray(v) ? v : [v ?? ''])
          .flatMap((part) => part.split(','))
          .map((c) => c.trim())
          .filter(Boolean),
      ),
    ]),
    z.array(z.string().check(z.refine(isCountry, DIRECTORY_MESSAGES.countriesInvalid))),
  ),
)

/** As the page reads the Minimum Followers box: a number is a minimum, anything else is no filter. */
const minFollowersField = z.pipe(
  z.optional(z.string({ error: DIRECTORY_MESSAGES.minFollowersInvalid })),
  z.transform((v: string | undefined) => {
    const n = v === undefined || v.trim() === '' ? Number.NaN : Number(v)
    return Number.isFinite(n) ? n : undefined
  }),
)

export const directoryQuerySchema = z.object({
  ...pageQueryShape,
  /** Keyword: containment in the name, the handle (@username), the id or the bio. */
  q: searchField('Search text'),
  bio: searchField('Bio'),
  category: searchField('Category'),
  location: searchField('Location'),
  countries: countriesField,
  minFollowers: minFollowersField,
  verified: flagField(DIRECTORY_MESSAGES.verifiedInvalid),
  sort: choiceField(DIRECTORY_SORTS, 'newest', DIRECTORY_MESSAGES.sortInvalid),
})
export type DirectoryParams = z.input<typeof directoryQuerySchema>
export type DirectoryQuery = z.output<typeof directoryQuerySchema>
