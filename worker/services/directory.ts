// The public influencer directory (GET marketers/social-media, GET marketers): a page of the
// influencers matching the filters, in the chosen order.

import type { DirectoryQuery } from '../contract/directory'
import type { MarketerListItem } from '../contract/marketer'
import type { Db } from '../db/client'
import { SEARCH_COLUMNS } from '../db/list-sql'
import { directorySortValues, pageMarketers } from '../db/marketers'
import { planSearch, type SearchTerm } from '../domain/search'
import { pageThrough } from './paging'

const KINDS = {
  newest: ['number'],
  followers: ['number', 'number'],
  engagement: ['number', 'number'],
  name: ['string', 'number'],
} as const

export function directoryPage(d: Db, query: DirectoryQuery) {
  const terms: SearchTerm[] = []
  if (query.q) terms.push({ columns: SEARCH_COLUMNS.directoryKeyword, text: query.q })
  if (query.bio) terms.push({ columns: SEARCH_COLUMNS.directoryBio, text: query.bio })
  if (query.category) terms.push({ columns: SEARCH_COLUMNS.directoryCategory, text: query.category })
  if (query.location) terms.push({ columns: SEARCH_COLUMNS.directoryLocation, text: query.location })
  const search = terms.length > 0 ? planSearch({ all: terms }) : undefined
  const filter = { search, countries: query.countries, minFollowers: query.minFollowers, verifiedOnly: query.verified }
  return pageThrough<MarketerListItem>({
    cursor: query.cursor,
    limit: query.limit,
    order: query.sort,
    kinds: KINDS[query.sort],
    fetch: (from, take, count) => pageMarketers(d, filter, query.sort, from, take, count),
    keyOf: (row) => directorySortValues(row, query.sort),
  })
}
