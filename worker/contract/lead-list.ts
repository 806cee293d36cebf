// Query of the lead lists (GET leads/leadsbyvendorid/{id}, leads/leadsbymarketerid/{id},
// leads/leadsdata): a page of the caller's leads, filtered and sorted on the server.

import * as z from 'zod/mini'
import { LEAD_STATUS_MESSAGE, LEAD_STATUSES } from './lead'
import { choiceField, optionalChoiceField, optionalDayField, optionalIdField, searchField } from './list-query'
import { pageQueryShape } from './paging'

/**
 * newest / oldest: by LeadID (creation order). price-high / price-low: by the price snapshot taken
 * when the lead was made, ties newest first.
 */
export const LEAD_SORTS = ['newest', 'oldest', 'price-high', 'price-low'] as const
export type LeadSort = (typeof LEAD_SORTS)[number]
/** An influencer's list sorts by date only. */
export const MARKETER_LEAD_SORTS = ['newest', 'oldest'] as const

export const LEAD_LIST_MESSAGES = {
  productIdInvalid: 'Please provide a valid productId',
  marketerIdInvalid: 'Please provide a valid marketerId',
  leadIdInvalid: 'Please provide a valid leadId',
  dateInvalid: 'Dates should be written as YYYY-MM-DD',
  datesReversed: 'The start date should not be after the end date',
  sortInvalid: `sort should be one of ${LEAD_SORTS.join(', ')}`,
  marketerSortInvalid: `sort should be one of ${MARKETER_LEAD_SORTS.join(', ')}`,
} as const

const dateFilter = optionalDayField(LEAD_LIST_MESSAGES.dateInvalid)
const statusFilter = optionalChoiceField(LEAD_STATUSES, LEAD_STATUS_MESSAGE)

const datesInOrder = <T extends { from?: string; to?: string }>() => z.refine<T>((v) => !v.from || !v.to || v.from <= v.to, LEAD_LIST_MESSAGES.datesReversed)

const commonShape = {
  ...pageQueryShape,
  status: statusFilter,
  productId: optionalIdField(LEAD_LIST_MESSAGES.productIdInvalid),
  from: dateFilter,
  to: dateFilter,
}

/**
 * The vendor's leads. `q`: containment in the buyer's name, phone or email; `marketerId`: one
 * influencer's leads; `leadId`: that one lead, if it is theirs (where a new-lead notice links).
 */
export const vendorLeadQuerySchema = z
  .object({
    ...commonShape,
    q: searchField('Search text'),
    marketerId: optionalIdField(LEAD_LIST_MESSAGES.marketerIdInvalid),
    leadId: optionalIdField(LEAD_LIST_MESSAGES.leadIdInvalid),
    sort: choiceField(LEAD_SORTS, 'newest', LEAD_LIST_MESSAGES.sortInvalid),
  })
  .check(datesInOrder())
export type VendorLeadParams = z.input<typeof vendorLeadQuerySchema>
export type VendorLeadQuery = z.output<typeof vendorLeadQuerySchema>

/**
 * The influencer's leads. `q` searches the buyer's name only: the phone and email are masked for
 * influencers, and searching them would give away what the mask hides.
 */
export const marketerLeadQuerySchema = z
  .object({
    ...commonShape,
    q: searchField('Search text'),
    sort: choiceField(MARKETER_LEAD_SORTS, 'newest', LEAD_LIST_MESSAGES.marketerSortInvalid),
  })
  .check(datesInOrder())
export type MarketerLeadParams = z.input<typeof marketerLeadQuerySchema>
export type MarketerLeadQuery = z.output<typeof marketerLeadQuerySchema>
