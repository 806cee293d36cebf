// Campaign codes (decision 213): a vendor gives a campaign's accepted creator a code; a
// lead through it is the code's creator's and carries the campaign and its commission while the
// campaign runs, as a campaign link's lead does, whichever link the buyer came through.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { CampaignMarketerStatsDTO } from '../../worker/contract/campaigns'
import { type CodeDTO, COUPON_MESSAGES } from '../../worker/contract/coupons'
import type { ConversionDTO } from '../../worker/contract/v1'
import type { ProductDTO } from '../../worker/contract/product'
import { call } from '../helpers/api'
import { makeApiKey } from '../helpers/api-keys'
import { apply, istDay, join, makeCampaign } from '../helpers/campaigns'
import { freshIp, leadForm, makeMarketer, makeProduct, makeVerifiedVendor, type SignedInMarketer, type SignedInVendor } from '../helpers/factories'

let seq = 0
const freshCode = (base: string) => `${base}${Date.now() % 10_000}${++seq}`

async function scene() {
  const vendor = await makeVerifiedVendor({ VendorName: 'Asha Textiles' })
  const kurta = await makeProduct(vendor, { ProductName: 'Handwoven Cotton Kurta', Price: '1499', CommissionType: 'Fixed', CommissionValue: '150' })
  const dupatta = await makeProduct(vendor, { ProductName: 'Block-print Dupatta', Price: '699', CommissionType: 'Fixed', CommissionValue: '70' })
  // ₹250 a lead on the kurta during the campaign; the dupatta is not in it.
  const campaign = await makeCampaign(vendor, [kurta], { Title: 'Diwali kurta edit', CommissionType: 'Fixed', CommissionValue: '250' })
  const meera = await makeMarketer({ MarketerName: 'Meera Nair' })
  return { vendor, kurta, dupatta, campaign, meera }
}

const createCode = (vendor: SignedInVendor, json: Record<string, unknown>) => call<CodeDTO>('POST', '/api/coupons', { token: vendor.token, json })

async function campaignCode(vendor: SignedInVendor, marketer: SignedInMarketer, campaignId: number): Promise<CodeDTO> {
  const res = await createCode(vendor, { MarketerID: marketer.id, Code: freshCode('MEERA'), BuyerText: '10% off at checkout', CampaignID: campaignId })
  expect([res.status, res.body.message]).toEqual([201, COUPON_MESSAGES.created])
  return res.body.data
}

/** A buy-form lead through `linkCreator`'s link (of `linkCampaign`, if any) with a typed code. */
async function buy(product: ProductDTO, linkMarketer: SignedInMarketer, MarketerCode: string | null, linkCampaign: number | null = null) {
  const res = await call<{ LeadID: number }>('POST', '/api/leads/create', {
    json: { ...leadForm(product, linkMarketer, linkCampaign === null ? {} : { CampaignID: linkCampaign }), CreatorCode: MarketerCode },
    headers: { 'cf-connecting-ip': freshIp() },
  })
  expect(res.status).toBe(201)
  return leadFacts(res.body.data.LeadID)
}

const leadFacts = (id: number) =>
  env.DB.prepare('SELECT LeadID, MarketerID, CampaignID, CommissionAmountPaise, CodeID FROM leads WHERE LeadID = ?')
    .bind(id)
    .first<{ LeadID: number; MarketerID: number; CampaignID: number | null; CommissionAmountPaise: number; CodeID: number | null }>()

describe('creating a campaign code', () => {
  it('covers exactly the campaign’s products and names the campaign in the vendor’s list', async () => {
    const s = await scene()
    await join(s.vendor, s.campaign.CampaignID, s.meera)
    const code = await campaignCode(s.vendor, s.meera, s.campaign.CampaignID)
    expect(code).toMatchObject({
      CampaignID: s.campaign.CampaignID,
      CampaignTitle: 'Diwali kurta edit',
      AllProducts: false,
      Products: [{ ProductID: s.kurta.ProductID, ProductName: 'Handwoven Cotton Kurta' }],
    })
    const listed = await call<CodeDTO[]>('GET', '/api/coupons', { token: s.vendor.token })
    expect(listed.body.data.find((c) => c.CodeID === code.CodeID)).toMatchObject({ CampaignID: s.campaign.CampaignID, CampaignTitle: 'Diwali kurta edit' })
    // Not for the dupatta, which is outside the campaign.
    const lookup = await call('GET', `/api/coupons/lookup?code=${code.Code}&productId=${s.dupatta.ProductID}`)
    expect([lookup.status, lookup.body.message]).toEqual([400, COUPON_MESSAGES.notForProduct])
  })

  it('refuses another vendor’s campaign, an unknown one, a creator not accepted, products sent with it, and an ended campaign', async () => {
    const s = await scene()
    const other = await scene()
    await join(other.vendor, other.campaign.CampaignID, s.meera)
    const body = (over: Record<string, unknown>) => ({
      MarketerID: s.meera.id,
      Code: freshCode('CODE'),
      BuyerText: '10% off',
      CampaignID: s.campaign.CampaignID,
      ...over,
    })
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ CampaignID: other.campaign.CampaignID }, 403, 'This campaign belongs to another vendor'],
      [{ CampaignID: 999_999_999 }, 404, 'Campaign not found'],
      // Applied, not accepted.
      [{}, 400, COUPON_MESSAGES.campaignMarketerNotAccepted],
      [{ AllProducts: true }, 400, COUPON_MESSAGES.campaignProductsGiven],
      [{ ProductIDs: [s.dupatta.ProductID] }, 400, COUPON_MESSAGES.campaignProductsGiven],
    ]
    expect((await apply(s.meera, s.campaign.CampaignID)).status).toBe(201)
    for (const [over, status, message] of cases) {
      const res = await createCode(s.vendor, body(over))
      expect([res.status, res.body.message], JSON.stringify(over)).toEqual([status, message])
    }
    await env.DB.prepare('UPDATE campaigns SET StartsOn = ?, EndsOn = ? WHERE CampaignID = ?').bind(istDay(-2), istDay(-1), other.campaign.CampaignID).run()
    const ended = await createCode(other.vendor, body({ CampaignID: other.campaign.CampaignID }))
    expect([ended.status, ended.body.message]).toEqual([400, COUPON_MESSAGES.campaignEnded])
    const none = await env.DB.prepare('SELECT count(*) AS n FROM coupon_codes WHERE MarketerID = ?').bind(s.meera.id).first<{ n: number }>()
    expect(none?.n).toBe(0)
  })
})

describe('a lead through a campaign code', () => {
  it('is the code’s creator’s, carries the campaign and snapshots its commission', async () => {
    const s = await scene()
    await join(s.vendor, s.campaign.CampaignID, s.meera)
    const code = await campaignCode(s.vendor, s.meera, s.campaign.CampaignID)
    const stranger = await makeMarketer()
    // Through an ordinary link of another creator: the code is explicit intent.
    expect(await buy(s.kurta, stranger, code.Code.toLowerCase())).toMatchObject({
      MarketerID: s.meera.id,
      CampaignID: s.campaign.CampaignID,
      CommissionAmountPaise: 25_000,
      CodeID: code.CodeID,
    })
  })

  it('falls back to the product’s own commission without the campaign after the end date (IST)', async () => {
    const s = await scene()
    await join(s.vendor, s.campaign.CampaignID, s.meera)
    const code = await campaignCode(s.vendor, s.meera, s.campaign.CampaignID)
    await env.DB.prepare('UPDATE campaigns SET StartsOn = ?, EndsOn = ? WHERE CampaignID = ?').bind(istDay(-2), istDay(-1), s.campaign.CampaignID).run()
    expect(await buy(s.kurta, await makeMarketer(), code.Code)).toMatchObject({
      MarketerID: s.meera.id,
      CampaignID: null,
      CommissionAmountPaise: 15_000,
      CodeID: code.CodeID,
    })
  })

  it('beats another creator’s campaign link: the lead has the code’s campaign, not the link’s', async () => {
    const s = await scene()
    await join(s.vendor, s.campaign.CampaignID, s.meera)
    const code = await campaignCode(s.vendor, s.meera, s.campaign.CampaignID)
    // Zoya runs a second campaign on the kurta at ₹300 a lead; the buyer came through her link.
    const second = await makeCampaign(s.vendor, [s.kurta], { Title: 'Wedding season', CommissionType: 'Fixed', CommissionValue: '300' })
    const zoya = await makeMarketer({ MarketerName: 'Zoya Khan' })
    await join(s.vendor, second.CampaignID, zoya)
    expect(await buy(s.kurta, zoya, code.Code, second.CampaignID)).toMatchObject({
      MarketerID: s.meera.id,
      CampaignID: s.campaign.CampaignID,
      CommissionAmountPaise: 25_000,
    })
    // Without the code the link's campaign holds, as before.
    expect(await buy(s.kurta, zoya, null, second.CampaignID)).toMatchObject({
      MarketerID: zoya.id,
      CampaignID: second.CampaignID,
      CommissionAmountPaise: 30_000,
    })
  })

  it('counts in the campaign’s stats for the code’s creator', async () => {
    const s = await scene()
    await join(s.vendor, s.campaign.CampaignID, s.meera)
    const code = await campaignCode(s.vendor, s.meera, s.campaign.CampaignID)
    const lead = await buy(s.kurta, await makeMarketer(), code.Code)
    await buy(s.kurta, await makeMarketer(), code.Code)
    expect((await call('PUT', `/api/leads/status/${lead?.LeadID}`, { token: s.vendor.token, json: { Status: 'Converted' } })).status).toBe(200)
    const res = await call<CampaignMarketerStatsDTO[]>('GET', `/api/campaigns/${s.campaign.CampaignID}/stats`, { token: s.vendor.token })
    expect(res.body.data).toEqual([expect.objectContaining({ MarketerID: s.meera.id, leads: 2, conversions: 1, commissions: 250 })])
  })

  it('carries the campaign when an order reaches the conversion API with the code', async () => {
    const s = await scene()
    await join(s.vendor, s.campaign.CampaignID, s.meera)
    const code = await campaignCode(s.vendor, s.meera, s.campaign.CampaignID)
    const key = await makeApiKey(s.vendor, ['conversions:write', 'leads:read'])
    const res = await call<ConversionDTO>('POST', '/api/v1/conversions', { token: key.Secret, json: { coupon: code.Code, orderId: 'DIWALI-1' } })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ Commission: 250 })
    expect(await leadFacts(res.body.data.LeadID)).toMatchObject({ MarketerID: s.meera.id, CampaignID: s.campaign.CampaignID, CommissionAmountPaise: 25_000 })
  })

  it('prices an order amount by a Percentage campaign’s rate, not the product’s own', async () => {
    const vendor = await makeVerifiedVendor()
    const saree = await makeProduct(vendor, { ProductName: 'Chanderi Saree', Price: '5000', CommissionType: 'Percentage', CommissionValue: '10' })
    const campaign = await makeCampaign(vendor, [saree], { CommissionType: 'Percentage', CommissionValue: '20' })
    const meera = await makeMarketer()
    await join(vendor, campaign.CampaignID, meera)
    const lead = await buy(saree, meera, null, campaign.CampaignID)
    expect(lead).toMatchObject({ CampaignID: campaign.CampaignID, CommissionAmountPaise: 100_000 })
    const key = await makeApiKey(vendor, ['conversions:write'])
    // The order came to ₹4,000 after a discount: 20 % of it, as the campaign pays.
    const res = await call<ConversionDTO>('POST', '/api/v1/conversions', {
      token: key.Secret,
      json: { leadId: lead?.LeadID, orderId: `SAREE-${++seq}`, amount: 400_000 },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ Commission: 800 })
  })
})
