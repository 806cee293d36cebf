import type {
  CampaignMarketerStatsDTO,
  CampaignDTO,
  CampaignInput,
  CampaignMemberDTO,
  CampaignStatsFigures,
  CampaignStatus,
  DeliverableDTO,
  DeliverableStatus,
  MemberStatus,
  MyCampaignDTO,
} from '@contract/campaigns'
import type { Envelope } from '@contract/envelope'
import type { PagedEnvelope } from '@contract/paging'
import type { ProductDTO } from '@contract/product'
import { ApiError, type Page, request, type RequestOptions, requestData, requestPage } from './client'

// Campaigns: the vendor's campaigns, inbox, reviews and stats, and the influencer's open
// campaigns, memberships and deliverables. One function per call; mutations answer the envelope
// whose message is toasted.

async function mutate<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const envelope = await request<T>(method, path, options)
  if (envelope.statusCode !== 1) throw new ApiError(envelope.message, { statusCode: envelope.statusCode, data: envelope.data })
  return envelope
}

/** Rows per campaign list page. */
export const CAMPAIGN_PAGE_SIZE = 10

const page = (cursor: string | undefined, extra: Record<string, string | undefined> = {}) => ({
  limit: String(CAMPAIGN_PAGE_SIZE),
  cursor,
  ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined && v !== '')),
})

// Vendor

export const createCampaign = (input: CampaignInput) => mutate<CampaignDTO>('POST', 'campaigns', { json: input })

export const listCampaigns = (filters: { status: CampaignStatus | ''; q: string }, cursor: string | undefined, signal?: AbortSignal) =>
  requestPage<CampaignDTO>('campaigns', page(cursor, { status: filters.status, q: filters.q }), signal)

export const getCampaign = (id: number) => requestData<CampaignDTO>('GET', `campaigns/${id}`)

export const closeCampaign = (id: number) => mutate<CampaignDTO>('POST', `campaigns/${id}/close`)

export const inviteToCampaign = (id: number, MarketerID: number) => mutate<CampaignMemberDTO>('POST', `campaigns/${id}/invites`, { json: { MarketerID } })

export const listMembers = (id: number, status: MemberStatus, cursor: string | undefined, signal?: AbortSignal) =>
  requestPage<CampaignMemberDTO>(`campaigns/${id}/members`, page(cursor, { status }), signal)

export const acceptMember = (id: number, marketerId: number) => mutate<CampaignMemberDTO>('POST', `campaigns/${id}/members/${marketerId}/accept`)
export const declineMember = (id: number, marketerId: number) => mutate<CampaignMemberDTO>('POST', `campaigns/${id}/members/${marketerId}/decline`)

export const listDeliverables = (id: number, status: DeliverableStatus | '', cursor: string | undefined, signal?: AbortSignal) =>
  requestPage<DeliverableDTO>(`campaigns/${id}/deliverables`, page(cursor, { status }), signal)

export const approveDeliverable = (id: number, deliverableId: number) => mutate<DeliverableDTO>('POST', `campaigns/${id}/deliverables/${deliverableId}/approve`)
export const requestChanges = (id: number, deliverableId: number, Note: string) =>
  mutate<DeliverableDTO>('POST', `campaigns/${id}/deliverables/${deliverableId}/changes`, { json: { Note } })

export type StatsPage = Page<CampaignMarketerStatsDTO> & { totals: CampaignStatsFigures | null }

/** One page of per-creator figures; the campaign's totals ride beside the paging. */
export async function campaignStats(id: number, cursor: string | undefined, signal?: AbortSignal): Promise<StatsPage> {
  const envelope = (await request<CampaignMarketerStatsDTO[]>('GET', `campaigns/${id}/stats`, {
    query: page(cursor),
    signal,
  })) as PagedEnvelope<CampaignMarketerStatsDTO> & {
    totals?: CampaignStatsFigures
  }
  if (envelope.statusCode !== 1 || !Array.isArray(envelope.data) || !envelope.paging) throw new ApiError(envelope.message || 'Request failed')
  return { rows: envelope.data, paging: envelope.paging, totals: envelope.totals ?? null }
}

/** A few of the vendor's own products matching `q` (the campaign form's product search). */
export const findOwnProducts = async (vendorId: number, q: string, signal?: AbortSignal): Promise<ProductDTO[]> =>
  (await requestPage<ProductDTO>(`products/getProductByVendor/${vendorId}`, { limit: '10', q: q || undefined }, signal)).rows

/** The vendor's live and upcoming campaigns, the ones a creator can still be invited to (the invite dialog). */
export const invitableCampaigns = async (signal?: AbortSignal): Promise<CampaignDTO[]> => {
  const [live, upcoming] = await Promise.all([
    requestPage<CampaignDTO>('campaigns', { limit: '50', status: 'Live' }, signal),
    requestPage<CampaignDTO>('campaigns', { limit: '50', status: 'Upcoming' }, signal),
  ])
  return [...live.rows, ...upcoming.rows]
}

// Influencer

export const listOpenCampaigns = (filters: { q: string; category: string }, cursor: string | undefined, signal?: AbortSignal) =>
  requestPage<CampaignDTO>('campaigns/open', page(cursor, { q: filters.q, category: filters.category }), signal)

export const listJoinedCampaigns = (status: MemberStatus | '', cursor: string | undefined, signal?: AbortSignal) =>
  requestPage<CampaignDTO>('campaigns/joined', page(cursor, { status }), signal)

export const applyToCampaign = (id: number, Pitch: string) => mutate<CampaignMemberDTO>('POST', `campaigns/${id}/apply`, { json: { Pitch } })
export const acceptInvitation = (id: number) => mutate<CampaignMemberDTO>('POST', `campaigns/${id}/invitation/accept`)
export const declineInvitation = (id: number) => mutate<CampaignMemberDTO>('POST', `campaigns/${id}/invitation/decline`)

export const getMyCampaign = (id: number, signal?: AbortSignal) => requestData<MyCampaignDTO>('GET', `campaigns/${id}/my-deliverables`, { signal })

export const submitDeliverable = (id: number, deliverableId: number, PostURL: string, Disclosed: boolean) =>
  mutate<DeliverableDTO>('POST', `campaigns/${id}/deliverables/${deliverableId}/submit`, { json: { PostURL, Disclosed } })
