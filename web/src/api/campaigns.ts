import { CAMPAIGN_ROUTES as R, type CampaignDTO, type CampaignInput, type CampaignStatus, type DeliverableStatus, type MemberStatus } from '@contract/campaigns'
import type { ProductDTO } from '@contract/product'
import { PRODUCT_ROUTES } from '@contract/product-routes'
import { callData, callPage, callRoute } from './client'

// Campaigns: the vendor's campaigns, inbox, reviews and stats, and the influencer's open
// campaigns, memberships and deliverables. One function per call; mutations answer the envelope
// whose message is toasted.

/** Rows per campaign list page. */
export const CAMPAIGN_PAGE_SIZE = 10

const page = (cursor: string | undefined) => ({ limit: CAMPAIGN_PAGE_SIZE, cursor })
/** A blank filter is left out of the query. */
const set = (value: string | undefined) => value || undefined

// Vendor

export const createCampaign = (input: CampaignInput) => callRoute(R.create, { json: input })

export const listCampaigns = (filters: { status: CampaignStatus | ''; q: string }, cursor: string | undefined, signal?: AbortSignal) =>
  callPage(R.list, { query: { ...page(cursor), status: set(filters.status), q: set(filters.q) }, signal })

export const getCampaign = (id: number) => callData(R.one, { params: { id } })

export const closeCampaign = (id: number) => callRoute(R.close, { params: { id } })

export const inviteToCampaign = (id: number, MarketerID: number) => callRoute(R.invite, { params: { id }, json: { MarketerID } })

export const listMembers = (id: number, status: MemberStatus, cursor: string | undefined, signal?: AbortSignal) =>
  callPage(R.members, { params: { id }, query: { ...page(cursor), status: set(status) }, signal })

export const acceptMember = (id: number, marketerId: number) => callRoute(R.acceptMember, { params: { id, marketerId } })
export const declineMember = (id: number, marketerId: number) => callRoute(R.declineMember, { params: { id, marketerId } })

export const listDeliverables = (id: number, status: DeliverableStatus | '', cursor: string | undefined, signal?: AbortSignal) =>
  callPage(R.deliverables, { params: { id }, query: { ...page(cursor), status: set(status) }, signal })

export const approveDeliverable = (id: number, deliverableId: number) => callRoute(R.approve, { params: { id, deliverableId } })
export const requestChanges = (id: number, deliverableId: number, Note: string) => callRoute(R.changes, { params: { id, deliverableId }, json: { Note } })

export type StatsPage = Awaited<ReturnType<typeof campaignStats>>

/** One page of per-creator figures; the campaign's totals ride beside the paging. */
export const campaignStats = (id: number, cursor: string | undefined, signal?: AbortSignal) =>
  callPage(R.stats, { params: { id }, query: page(cursor), signal })

/** A few of the vendor's own products matching `q` (the campaign form's product search). */
export const findOwnProducts = async (vendorId: number, q: string, signal?: AbortSignal): Promise<ProductDTO[]> =>
  (await callPage(PRODUCT_ROUTES.byVendor, { params: { vendorId }, query: { limit: 10, q: q || undefined }, signal })).rows

/** The vendor's live and upcoming campaigns, the ones a creator can still be invited to (the invite dialog). */
export const invitableCampaigns = async (signal?: AbortSignal): Promise<CampaignDTO[]> => {
  const [live, upcoming] = await Promise.all([
    callPage(R.list, { query: { limit: 50, status: 'Live' }, signal }),
    callPage(R.list, { query: { limit: 50, status: 'Upcoming' }, signal }),
  ])
  return [...live.rows, ...upcoming.rows]
}

// Influencer

export const listOpenCampaigns = (filters: { q: string; category: string }, cursor: string | undefined, signal?: AbortSignal) =>
  callPage(R.open, { query: { ...page(cursor), q: set(filters.q), category: set(filters.category) }, signal })

export const listJoinedCampaigns = (status: MemberStatus | '', cursor: string | undefined, signal?: AbortSignal) =>
  callPage(R.joined, { query: { ...page(cursor), status: set(status) }, signal })

export const applyToCampaign = (id: number, Pitch: string) => callRoute(R.apply, { params: { id }, json: { Pitch } })
export const acceptInvitation = (id: number) => callRoute(R.acceptInvitation, { params: { id } })
export const declineInvitation = (id: number) => callRoute(R.declineInvitation, { params: { id } })

export const getMyCampaign = (id: number, signal?: AbortSignal) => callData(R.mine, { params: { id }, signal })

export const submitDeliverable = (id: number, deliverableId: number, PostURL: string, Disclosed: true) =>
  callRoute(R.submit, { params: { id, deliverableId }, json: { PostURL, Disclosed } })
