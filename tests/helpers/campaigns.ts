// Campaigns for worker tests: dates in India's time, a campaign made through the API,
// and a creator taken from application to acceptance.

import { env } from 'cloudflare:workers'
import type { CampaignDTO, CampaignInput, CampaignMemberDTO } from '../../worker/contract/campaigns'
import type { ProductDTO } from '../../worker/contract/product'
import { call } from './api'
import type { SignedInMarketer, SignedInVendor } from './factories'

/** The IST day `offset` days from today, 'YYYY-MM-DD'. */
export function istDay(offset = 0): string {
  const d = new Date(Date.now() + 330 * 60_000)
  d.setUTCDate(d.getUTCDate() + offset)
  return d.toISOString().slice(0, 10)
}

export function campaignBody(products: ReadonlyArray<Pick<ProductDTO, 'ProductID'>>, overrides: Partial<CampaignInput> = {}): CampaignInput {
  return {
    Title: 'Diwali kurta edit',
    Brief: 'Style our handwoven kurtas for Diwali evenings: one Reel and two Stories.',
    ProductIDs: products.map((p) => p.ProductID),
    RewardType: 'Commission',
    CommissionType: 'Fixed',
    CommissionValue: '200',
    Deliverables: ['Reel', 'Story', 'Story'],
    StartsOn: istDay(0),
    EndsOn: istDay(14),
    CreatorsWanted: 3,
    Access: 'Open',
    ...overrides,
  }
}

export async function makeCampaign(
  vendor: SignedInVendor,
  products: ReadonlyArray<Pick<ProductDTO, 'ProductID'>>,
  overrides: Partial<CampaignInput> = {},
): Promise<CampaignDTO> {
  const res = await call<CampaignDTO>('POST', '/api/campaigns', { token: vendor.token, json: campaignBody(products, overrides) })
  if (res.status !== 201) throw new Error(`campaign create failed: ${res.status} ${res.body.message}`)
  return res.body.data
}

export const PITCH = 'I style handloom for 40k followers who buy festive wear.'

export async function apply(marketer: SignedInMarketer, campaignId: number) {
  return call<CampaignMemberDTO>('POST', `/api/campaigns/${campaignId}/apply`, { token: marketer.token, json: { Pitch: PITCH } })
}

export async function acceptApplicant(vendor: SignedInVendor, campaignId: number, marketer: SignedInMarketer) {
  return call<CampaignMemberDTO>('POST', `/api/campaigns/${campaignId}/members/${marketer.id}/accept`, { token: vendor.token })
}

/** Applies and is accepted; throws when either step is refused. */
export async function join(vendor: SignedInVendor, campaignId: number, marketer: SignedInMarketer): Promise<void> {
  const applied = await apply(marketer, campaignId)
  if (applied.status !== 201) throw new Error(`apply failed: ${applied.status} ${applied.body.message}`)
  const accepted = await acceptApplicant(vendor, campaignId, marketer)
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${accepted.body.message}`)
}

/** The creator's profile facts that campaign rules read (set directly: the profile forms are tested elsewhere). */
export async function setMarketer(marketerId: number, facts: { reach?: number; Category?: string | null; Location?: string | null; Verified?: boolean }) {
  await env.DB.prepare(
    'UPDATE marketers SET totalReachRaw = coalesce(?, totalReachRaw), Category = ?, Location = ?, Verified = coalesce(?, Verified) WHERE MarketerID = ?',
  )
    .bind(facts.reach ?? null, facts.Category ?? null, facts.Location ?? null, facts.Verified === undefined ? null : facts.Verified ? 1 : 0, marketerId)
    .run()
}
