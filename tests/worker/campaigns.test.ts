// Campaigns (decision 220): what a vendor may create (dates in India's time, the commission floor per
// product, fees), and who may read or change a campaign.

import { describe, expect, it } from 'vitest'
import { CAMPAIGN_MESSAGES, type CampaignDTO } from '../../worker/contract/campaigns'
import { call } from '../helpers/api'
import { campaignBody, istDay, makeCampaign } from '../helpers/campaigns'
import { makeAdmin, makeMarketer, makeProduct, makeVendor, makeVerifiedVendor } from '../helpers/factories'

async function vendorWithKurta() {
  const vendor = await makeVerifiedVendor({ VendorName: 'Asha Textiles' })
  // Own commission ₹150 on ₹1,499.
  const kurta = await makeProduct(vendor, { ProductName: 'Handwoven Cotton Kurta', Price: '1499', CommissionType: 'Fixed', CommissionValue: '150' })
  return { vendor, kurta }
}

const create = (token: string, json: unknown) => call<CampaignDTO>('POST', '/api/campaigns', { token, json })

describe('creating a campaign', () => {
  it('answers the campaign: live today, deliverables grouped, each product with its campaign commission', async () => {
    const { vendor, kurta } = await vendorWithKurta()
    const res = await create(vendor.token, campaignBody([kurta]))
    expect(res.status).toBe(201)
    expect(res.body.message).toBe(CAMPAIGN_MESSAGES.created)
    expect(res.body.data).toMatchObject({
      Title: 'Diwali kurta edit',
      RewardType: 'Commission',
      CommissionType: 'Fixed',
      CommissionValue: 200,
      FeePerDeliverable: null,
      DeliverablesText: '1 Reel + 2 Stories',
      Status: 'Live',
      AcceptedCount: 0,
      Access: 'Open',
      Eligibility: { MinFollowers: 0, Categories: [], Countries: [], VerifiedOnly: false },
      Membership: null,
    })
    expect(res.body.data.Products).toEqual([
      expect.objectContaining({ ProductName: 'Handwoven Cotton Kurta', CommissionAmount: 150, CampaignCommissionAmount: 200 }),
    ])
  })

  it('is Upcoming when it starts later', async () => {
    const { vendor, kurta } = await vendorWithKurta()
    const campaign = await makeCampaign(vendor, [kurta], { StartsOn: istDay(3), EndsOn: istDay(5) })
    expect(campaign.Status).toBe('Upcoming')
  })

  it('refuses a start date before today in India and an end date before the start', async () => {
    const { vendor, kurta } = await vendorWithKurta()
    const past = await create(vendor.token, campaignBody([kurta], { StartsOn: istDay(-1), EndsOn: istDay(5) }))
    expect([past.status, past.body.message]).toEqual([400, CAMPAIGN_MESSAGES.startsInPast])
    const backwards = await create(vendor.token, campaignBody([kurta], { StartsOn: istDay(5), EndsOn: istDay(4) }))
    expect([backwards.status, backwards.body.message]).toEqual([400, CAMPAIGN_MESSAGES.endsBeforeStart])
    // One day is a campaign too: it ends at the end of the day it starts.
    expect((await create(vendor.token, campaignBody([kurta], { StartsOn: istDay(0), EndsOn: istDay(0) }))).status).toBe(201)
  })

  it('refuses a commission below a product’s own, naming the product, fixed or percentage', async () => {
    const { vendor, kurta } = await vendorWithKurta()
    const saree = await makeProduct(vendor, { ProductName: 'Banarasi Silk Saree', Price: '8000', CommissionType: 'Percentage', CommissionValue: '5' })
    // ₹200 beats the kurta's ₹150 but not the saree's ₹400.
    const fixed = await create(vendor.token, campaignBody([kurta, saree], { CommissionType: 'Fixed', CommissionValue: '200' }))
    expect([fixed.status, fixed.body.message]).toEqual([400, CAMPAIGN_MESSAGES.commissionBelowProduct('Banarasi Silk Saree', '400.00')])
    // 8% of ₹1,499 is ₹119.92, under the kurta's ₹150.
    const percent = await create(vendor.token, campaignBody([kurta, saree], { CommissionType: 'Percentage', CommissionValue: '8' }))
    expect([percent.status, percent.body.message]).toEqual([400, CAMPAIGN_MESSAGES.commissionBelowProduct('Handwoven Cotton Kurta', '150.00')])
    // 12%: ₹179.88 and ₹960, both at least their own.
    const ok = await create(vendor.token, campaignBody([kurta, saree], { CommissionType: 'Percentage', CommissionValue: '12' }))
    expect(ok.status).toBe(201)
    expect(ok.body.data.Products.map((p) => p.CampaignCommissionAmount)).toEqual([179.88, 960])
    // Equal to the product's own is allowed; a fixed commission at the price is not.
    expect((await create(vendor.token, campaignBody([kurta], { CommissionValue: '150' }))).status).toBe(201)
    const atPrice = await create(vendor.token, campaignBody([kurta], { CommissionValue: '1499' }))
    expect([atPrice.status, atPrice.body.message]).toEqual([400, CAMPAIGN_MESSAGES.commissionAbovePrice('Handwoven Cotton Kurta')])
  })

  it('takes a fee per approved deliverable instead: the links then earn the products’ own commission', async () => {
    const { vendor, kurta } = await vendorWithKurta()
    const res = await create(vendor.token, campaignBody([kurta], { RewardType: 'Fee', CommissionType: null, CommissionValue: null, FeePerDeliverable: '2500' }))
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ RewardType: 'Fee', FeePerDeliverable: 2500, CommissionType: null, CommissionValue: null })
    expect(res.body.data.Products[0]).toMatchObject({ CommissionAmount: 150, CampaignCommissionAmount: 150 })
    const noFee = await create(vendor.token, campaignBody([kurta], { RewardType: 'Fee', FeePerDeliverable: null }))
    expect([noFee.status, noFee.body.message]).toEqual([400, CAMPAIGN_MESSAGES.feeRequired])
    const badFee = await create(vendor.token, campaignBody([kurta], { RewardType: 'Fee', FeePerDeliverable: '-5' }))
    expect([badFee.status, badFee.body.message]).toEqual([400, CAMPAIGN_MESSAGES.feeInvalid])
  })

  it('refuses products that are not the vendor’s own active ones, and bad lists', async () => {
    const { vendor, kurta } = await vendorWithKurta()
    const other = await makeVendor()
    const theirs = await makeProduct(other)
    const foreign = await create(vendor.token, campaignBody([kurta, theirs]))
    expect([foreign.status, foreign.body.message]).toEqual([400, CAMPAIGN_MESSAGES.productNotYours])
    expect((await call('PUT', `/api/products/status/${kurta.ProductID}`, { token: vendor.token })).status).toBe(200)
    const off = await create(vendor.token, campaignBody([kurta]))
    expect([off.status, off.body.message]).toEqual([400, CAMPAIGN_MESSAGES.productInactive('Handwoven Cotton Kurta')])
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ProductIDs: [] }, CAMPAIGN_MESSAGES.productsRequired],
      [{ Deliverables: [] }, CAMPAIGN_MESSAGES.deliverablesRequired],
      [{ Deliverables: Array(11).fill('Reel') }, CAMPAIGN_MESSAGES.deliverablesTooMany],
      [{ CreatorsWanted: 0 }, CAMPAIGN_MESSAGES.marketersWantedInvalid],
      [{ Countries: ['Atlantis'] }, CAMPAIGN_MESSAGES.countriesInvalid],
      [{ Categories: ['Knitting'] }, CAMPAIGN_MESSAGES.categoriesInvalid],
      [{ Access: 'Secret' }, CAMPAIGN_MESSAGES.accessInvalid],
      [{ StartsOn: '2026-02-30' }, CAMPAIGN_MESSAGES.startsOnInvalid],
    ]
    for (const [change, message] of cases) {
      const res = await create(vendor.token, { ...campaignBody([kurta]), ...change })
      expect([res.status, res.body.message]).toEqual([400, message])
    }
  })

  it('needs a vendor with a verified email address', async () => {
    const vendor = await makeVendor()
    const kurta = await makeProduct(vendor)
    const res = await create(vendor.token, campaignBody([kurta]))
    expect([res.status, res.body.message]).toEqual([403, CAMPAIGN_MESSAGES.verifyFirst])
  })
})

describe('who may read and change a campaign', () => {
  it('answers 401 without a token and 403 to the wrong role or another vendor, changing nothing', async () => {
    const { vendor, kurta } = await vendorWithKurta()
    const campaign = await makeCampaign(vendor, [kurta])
    const marketer = await makeMarketer()
    const rival = await makeVerifiedVendor()
    expect((await call('POST', '/api/campaigns', { json: campaignBody([kurta]) })).status).toBe(401)
    expect((await call('GET', '/api/campaigns')).status).toBe(401)
    expect((await create(marketer.token, campaignBody([kurta]))).status).toBe(403)
    expect((await call('GET', '/api/campaigns', { token: marketer.token })).status).toBe(403)
    expect((await call('GET', '/api/campaigns/open', { token: vendor.token })).status).toBe(403)
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/close'],
      ['GET', '/members'],
      ['GET', '/deliverables'],
      ['GET', '/stats'],
    ] as const) {
      const res = await call(method, `/api/campaigns/${campaign.CampaignID}${path}`, { token: rival.token })
      expect([res.status, res.body.message]).toEqual([403, CAMPAIGN_MESSAGES.notYours])
    }
    expect((await call('POST', `/api/campaigns/${campaign.CampaignID}/invites`, { token: rival.token, json: { MarketerID: marketer.id } })).status).toBe(403)
    // Each side's calls are refused to the other role (and to the back office).
    const id = campaign.CampaignID
    for (const [method, path] of [
      ['POST', `/api/campaigns/${id}/apply`],
      ['GET', '/api/campaigns/joined'],
      ['GET', `/api/campaigns/${id}/my-deliverables`],
      ['POST', `/api/campaigns/${id}/invitation/accept`],
      ['POST', `/api/campaigns/${id}/deliverables/1/submit`],
    ] as const) {
      const json = method === 'POST' ? {} : undefined
      expect((await call(method, path, { token: vendor.token, json })).status).toBe(403)
      expect((await call(method, path, { json })).status).toBe(401)
    }
    for (const [method, path] of [
      ['GET', `/api/campaigns/${id}/members`],
      ['POST', `/api/campaigns/${id}/members/${marketer.id}/accept`],
      ['POST', `/api/campaigns/${id}/deliverables/1/approve`],
      ['POST', `/api/campaigns/${id}/close`],
      ['GET', `/api/campaigns/${id}/stats`],
    ] as const) {
      expect((await call(method, path, { token: marketer.token })).status).toBe(403)
    }
    const admin = await makeAdmin()
    expect((await call('GET', `/api/campaigns/${id}`, { token: admin.token })).status).toBe(403)
    expect((await call<CampaignDTO>('GET', `/api/campaigns/${campaign.CampaignID}`, { token: vendor.token })).body.data.Status).toBe('Live')
    expect((await call('GET', '/api/campaigns/999999', { token: vendor.token })).status).toBe(404)
  })

  it('lets the vendor close it early: then it is Closed and listed under that status', async () => {
    const { vendor, kurta } = await vendorWithKurta()
    const open = await makeCampaign(vendor, [kurta], { Title: 'Still running' })
    const closing = await makeCampaign(vendor, [kurta], { Title: 'Closing early' })
    const closed = await call<CampaignDTO>('POST', `/api/campaigns/${closing.CampaignID}/close`, { token: vendor.token })
    expect([closed.status, closed.body.data.Status]).toEqual([200, 'Closed'])
    expect((await call('POST', `/api/campaigns/${closing.CampaignID}/close`, { token: vendor.token })).body.message).toBe(CAMPAIGN_MESSAGES.alreadyClosed)
    const list = await call<CampaignDTO[]>('GET', '/api/campaigns?status=Closed', { token: vendor.token })
    expect(list.body.data.map((c) => c.Title)).toEqual(['Closing early'])
    const live = await call<CampaignDTO[]>('GET', '/api/campaigns?status=Live&q=running', { token: vendor.token })
    expect(live.body.data.map((c) => c.CampaignID)).toEqual([open.CampaignID])
  })

  it('lists the vendor’s campaigns newest first, paged', async () => {
    const { vendor, kurta } = await vendorWithKurta()
    for (let i = 0; i < 5; i++) await makeCampaign(vendor, [kurta], { Title: `Campaign ${i}` })
    const first = await call<CampaignDTO[]>('GET', '/api/campaigns?limit=3', { token: vendor.token })
    const body = first.body as unknown as { data: CampaignDTO[]; paging: { nextCursor: string; total: number } }
    expect(body.data.map((c) => c.Title)).toEqual(['Campaign 4', 'Campaign 3', 'Campaign 2'])
    expect(body.paging.total).toBe(5)
    const second = await call<CampaignDTO[]>('GET', `/api/campaigns?limit=3&cursor=${body.paging.nextCursor}`, { token: vendor.token })
    expect(second.body.data.map((c) => c.Title)).toEqual(['Campaign 1', 'Campaign 0'])
  })
})
