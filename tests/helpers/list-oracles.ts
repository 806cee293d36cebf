// The lists' search, filters and sorts as the spec's pages applied them in the browser before the
// server did (web/src/lib/products.ts searchProducts, web/src/lib/influencer.ts toDisplayInfluencer,
// web/src/lib/directory.ts matchesFilters and its sorts), restated here as the reference the
// server's answers are checked against. Kept apart from the web code, which will change when the
// pages move to server paging; this is the meaning the API promises.

import type { DirectoryCountry, DirectorySort } from '../../worker/contract/directory'
import type { MarketerListItem } from '../../worker/contract/marketer'
import type { ProductDTO } from '../../worker/contract/product'

const has = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase())

/** Products `q`: case-insensitive containment in the name, SKU, price text or commission amount. */
export function productMatches(p: ProductDTO, q: string): boolean {
  const text = q.trim()
  if (!text) return true
  return [p.ProductName, p.SKU ?? '', String(p.Price), String(p.CommissionAmount)].some((field) => has(field, text))
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== ''

/** What an influencer card shows, with the spec's defaults for what is missing. */
export function shown(item: MarketerListItem) {
  const username = [item.InstagramUsername, item.TwitterHandle, item.TikTokUsername].find(present)?.trim()
  return {
    id: item.MarketerID,
    name: item.MarketerName.trim() || 'Influencer',
    handle: username ? (username.startsWith('@') ? username : `@${username}`) : '@influencer',
    bio: present(item.Bio) ? item.Bio : 'Content creator and influencer',
    category: present(item.Category) ? item.Category : 'Lifestyle',
    location: present(item.Location) ? item.Location : 'United States',
    followers: Math.max(item.totalReachRaw, 0),
    engagementRate: item.engagementRate,
    verified: item.Verified,
  }
}

export type DirectoryFilters = {
  q?: string
  bio?: string
  category?: string
  location?: string
  countries?: DirectoryCountry[]
  minFollowers?: string
  verified?: boolean
}

export function marketerMatches(item: MarketerListItem, f: DirectoryFilters): boolean {
  const inf = shown(item)
  const keyword = (f.q ?? '').trim()
  if (keyword && ![inf.name, inf.handle, String(inf.id), inf.bio].some((field) => has(field, keyword))) return false
  if ((f.bio ?? '').trim() && !has(inf.bio, (f.bio ?? '').trim())) return false
  if ((f.category ?? '').trim() && !has(inf.category, (f.category ?? '').trim())) return false
  if ((f.location ?? '').trim() && !has(inf.location, (f.location ?? '').trim())) return false
  const countries = f.countries ?? []
  if (countries.length > 0 && !countries.some((country) => has(inf.location, country))) return false
  const min = (f.minFollowers ?? '').trim() === '' ? Number.NaN : Number(f.minFollowers)
  if (Number.isFinite(min) && inf.followers < min) return false
  if (f.verified && !inf.verified) return false
  return true
}

/** The directory's orders over a newest-first list (the pages' sorts were stable: ties stay newest first). */
export function sortMarketers(list: MarketerListItem[], sort: DirectorySort): MarketerListItem[] {
  const newestFirst = [...list].sort((a, b) => b.MarketerID - a.MarketerID)
  if (sort === 'followers') return newestFirst.sort((a, b) => shown(b).followers - shown(a).followers)
  if (sort === 'engagement') return newestFirst.sort((a, b) => b.engagementRate - a.engagementRate)
  if (sort === 'name') return newestFirst.sort((a, b) => shown(a).name.localeCompare(shown(b).name, 'en', { sensitivity: 'base' }))
  return newestFirst
}
