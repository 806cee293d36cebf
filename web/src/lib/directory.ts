import { DIRECTORY_COUNTRIES } from '@contract/directory'
import type { DisplayMarketer } from './influencer'

// The influencer directory's filters and sort (spec 001 section 5), applied live on the client.

/** The server filters by the same list (`countries` of the directory query). */
export const COUNTRIES = DIRECTORY_COUNTRIES

export type DirectoryFilters = {
  keyword: string
  bio: string
  category: string
  location: string
  countries: string[]
  minFollowers: string
  verified: boolean
}

export const SORTS = [
  { value: 'followers', label: 'Highest Followers' },
  { value: 'engagement', label: 'Highest Engagement' },
  { value: 'name', label: 'Name A-Z' },
] as const
export type SortKey = (typeof SORTS)[number]['value']

export const EMPTY_FILTERS: DirectoryFilters = { keyword: '', bio: '', category: '', location: '', countries: [], minFollowers: '', verified: false }

const has = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase())

export function matchesFilters(inf: DisplayMarketer, f: DirectoryFilters): boolean {
  const keyword = f.keyword.trim()
  if (keyword && ![inf.name, inf.handle, String(inf.id), inf.bio].some((field) => has(field, keyword))) return false
  if (f.bio.trim() && !has(inf.bio, f.bio.trim())) return false
  if (f.category.trim() && !has(inf.category, f.category.trim())) return false
  if (f.location.trim() && !has(inf.location, f.location.trim())) return false
  if (f.countries.length > 0 && !f.countries.some((country) => has(inf.location, country))) return false
  const min = f.minFollowers.trim() === '' ? Number.NaN : Number(f.minFollowers)
  if (Number.isFinite(min) && inf.followers < min) return false
  if (f.verified && !inf.verified) return false
  return true
}

const COMPARE: Record<SortKey, (a: DisplayMarketer, b: DisplayMarketer) => number> = {
  followers: (a, b) => b.followers - a.followers,
  engagement: (a, b) => b.engagementRate - a.engagementRate,
  name: (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
}

export function filterAndSort(list: readonly DisplayMarketer[], f: DirectoryFilters, sort: SortKey): DisplayMarketer[] {
  return list.filter((inf) => matchesFilters(inf, f)).sort(COMPARE[sort])
}

export const activeFilterCount = (f: DirectoryFilters) =>
  [f.keyword, f.bio, f.category, f.location, f.minFollowers].filter((v) => v.trim() !== '').length + f.countries.length + (f.verified ? 1 : 0)

/** Type-ahead suggestions: options containing the typed text, case-insensitive. */
export const suggestions = (options: readonly string[], text: string) => options.filter((o) => has(o, text.trim()))

/** Distinct locations of the loaded influencers, for the Location type-ahead. */
export const locationsOf = (list: readonly DisplayMarketer[]) => [...new Set(list.map((i) => i.location))].sort((a, b) => a.localeCompare(b))

// ---- The directory's state in the URL: shareable, and Back returns to it ---------------

export type DirectoryView = { filters: DirectoryFilters; sort: SortKey }

const SORT_KEYS: readonly string[] = SORTS.map((s) => s.value)
const isSortKey = (v: string | null): v is SortKey => v !== null && SORT_KEYS.includes(v)
const isCountry = (v: string): boolean => (COUNTRIES as readonly string[]).includes(v)

/** Reads `?q=&bio=&category=&location=&countries=&minFollowers=&verified=1&sort=`; unknown values fall back. */
export function parseDirectoryView(params: URLSearchParams): DirectoryView {
  const sort = params.get('sort')
  return {
    filters: {
      keyword: params.get('q') ?? '',
      bio: params.get('bio') ?? '',
      category: params.get('category') ?? '',
      location: params.get('location') ?? '',
      countries: (params.get('countries') ?? '').split(',').filter(isCountry),
      minFollowers: params.get('minFollowers') ?? '',
      verified: params.get('verified') === '1',
    },
    sort: isSortKey(sort) ? sort : 'followers',
  }
}

/** The URL of a view, defaults left out: the bare /influencer is the unfiltered list by followers. */
export function serializeDirectoryView({ filters: f, sort }: DirectoryView): URLSearchParams {
  const out = new URLSearchParams()
  if (f.keyword.trim()) out.set('q', f.keyword)
  if (f.bio.trim()) out.set('bio', f.bio)
  if (f.category.trim()) out.set('category', f.category)
  if (f.location.trim()) out.set('location', f.location)
  if (f.countries.length > 0) out.set('countries', f.countries.join(','))
  if (f.minFollowers.trim()) out.set('minFollowers', f.minFollowers)
  if (f.verified) out.set('verified', '1')
  if (sort !== 'followers') out.set('sort', sort)
  return out
}

/** The server's directory query for a view (the API's parameter names). */
export function directoryParams({ filters: f, sort }: DirectoryView): Record<string, string> {
  const out: Record<string, string> = { sort }
  if (f.keyword.trim()) out.q = f.keyword.trim()
  if (f.bio.trim()) out.bio = f.bio.trim()
  if (f.category.trim()) out.category = f.category.trim()
  if (f.location.trim()) out.location = f.location.trim()
  if (f.countries.length > 0) out.countries = f.countries.join(',')
  if (f.minFollowers.trim()) out.minFollowers = f.minFollowers.trim()
  if (f.verified) out.verified = 'true'
  return out
}

/** The view nobody has narrowed: its first page is the one the cache keeps. */
export const isDefaultView = (view: DirectoryView) => activeFilterCount(view.filters) === 0 && view.sort === 'followers'
