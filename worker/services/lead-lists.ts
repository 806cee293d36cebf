// The lead lists (GET leads/leadsbyvendorid/{id}, leads/leadsbymarketerid/{id}, leads/leadsdata):
// one page of the caller's own leads, filtered and sorted. Influencers get the buyer's contact
// masked, and search only the buyer's name (searching what the mask hides would reveal it).

import type { MarketerLeadQuery, LeadSort, VendorLeadQuery } from '../contract/lead-list'
import type { Db } from '../db/client'
import { type LeadFilter, type LeadRow, pageLeads, toLeadDTO } from '../db/leads'
import { SEARCH_COLUMNS } from '../db/list-sql'
import { pageThrough } from './paging'

const KINDS: Record<LeadSort, ReadonlyArray<'number'>> = {
  newest: ['number'],
  oldest: ['number'],
  'price-high': ['number', 'number'],
  'price-low': ['number', 'number'],
}

const sortValues = (row: LeadRow, sort: LeadSort) => (sort === 'newest' || sort === 'oldest' ? [row.LeadID] : [row.PricePaise, row.LeadID])

/** The day after a YYYY-MM-DD day: `to` is inclusive, createdAt is compared as ISO text. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

async function leadPage(d: Db, filter: LeadFilter, query: VendorLeadQuery | MarketerLeadQuery, masked: boolean) {
  const page = await pageThrough<LeadRow>({
    cursor: query.cursor,
    limit: query.limit,
    order: query.sort,
    kinds: KINDS[query.sort],
    fetch: (from, take, count) => pageLeads(d, filter, query.sort, from, take, count),
    keyOf: (row) => sortValues(row, query.sort),
  })
  return { rows: page.rows.map((row) => toLeadDTO(row, masked)), paging: page.paging }
}

const commonFilter = (query: VendorLeadQuery | MarketerLeadQuery) => ({
  status: query.status,
  productId: query.productId,
  createdFrom: query.from,
  createdBefore: query.to ? dayAfter(query.to) : undefined,
})

export function vendorLeadPage(d: Db, vendorId: number, query: VendorLeadQuery) {
  const search = query.q ? { columns: SEARCH_COLUMNS.leadBuyer, text: query.q } : undefined
  const filter: LeadFilter = { owner: { VendorID: vendorId }, ...commonFilter(query), marketerId: query.marketerId, leadId: query.leadId, search }
  return leadPage(d, filter, query, false)
}

export function marketerLeadPage(d: Db, marketerId: number, query: MarketerLeadQuery) {
  const search = query.q ? { columns: SEARCH_COLUMNS.leadBuyerName, text: query.q } : undefined
  const filter: LeadFilter = { owner: { MarketerID: marketerId }, ...commonFilter(query), search }
  return leadPage(d, filter, query, true)
}
