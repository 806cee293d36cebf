import { DIRECTORY_COUNTRIES } from '@contract/directory'
import type { DisplayInfluencer } from './influencer'

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

export function matchesFilters(inf: DisplayInfluencer, f: DirectoryFilters): boolean {
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

const COMPARE: Record<SortKey, (a: DisplayInfluencer, b: DisplayInfluencer) => number> = {
  followers: (a, b) => b.followers - a.followers,
  engagement: (a, b) => b.engagementRate - a.engagementRate,
  name: (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
}

export function filterAndSort(list: readonly DisplayInfluencer[], f: DirectoryFilters, sort: SortKey): DisplayInfluencer[] {
  return list.filter((inf) => matchesFilters(inf, f)).sort(COMPARE[sort])
}

export const activeFilterCount = (f: DirectoryFilters) =>
  [f.keyword, f.bio, f.category, f.location, f.minFollowers].filter((v) => v.trim() !== '').length + f.countries.length + (f.verified ? 1 : 0)

/** Type-ahead suggestions: options containing the typed text, case-insensitive. */
export const suggestions = (options: readonly string[], text: string) => options.filter((o) => has(o, text.trim()))

/** Distinct locations of the loaded influencers, for the Location type-ahead. */
export const locationsOf = (list: readonly DisplayInfluencer[]) => [...new Set(list.map((i) => i.location))].sort((a, b) => a.localeCompare(b))
