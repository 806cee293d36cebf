// Campaign links (decision 222): a lead through an accepted creator's campaign link carries the campaign
// and snapshots its commission; after the end date, once closed, for a creator who is not accepted
// or a product outside the campaign, the link still makes a lead, at the product's own commission.

import { env, exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { EntryDTO } from '../../worker/contract/payouts'
import type { ProductDTO } from '../../worker/contract/product'
import { call, ORIGIN } from '../helpers/api'
import { apply, istDay, join, makeCampaign } from '../helpers/campaigns'
import { campaignLinkPath } from '../../worker/contract/paths'
import { freshIp, leadForm, makeMarketer, nextPhone, makeProduct, makeVerifiedVendor, type SignedInMarketer } from '../helpers/factories'

async function scene(overrides: Parameters<typeof makeCampaign>[2] = {}) {
  const vendor = await makeVerifiedVendor({ VendorName: 'Asha Textiles' })
  const kurta = await makeProduct(vendor, { ProductName: 'Handwoven Cotton Kurta', Price: '1499', CommissionType: 'Fixed', CommissionValue: '150' })
  const dupatta = await makeProduct(vendor, { ProductName: 'Block-print Dupatta', Price: '699', CommissionType: 'Fixed', CommissionValue: '70' })
  // ₹250 a lead on the kurta during the campaign; the dupatta is not in it.
  const campaign = await makeCampaign(vendor, [kurta], { CommissionType: 'Fixed', CommissionValue: '250', ...overrides })
  const marketer = await makeMarketer({ MarketerName: 'Meera Nair' })
  return { vendor, kurta, dupatta, campaign, creator: marketer }
}

async function leadThrough(product: ProductDTO, marketer: SignedInMarketer, campaignId: unknown) {
  const res = await call<{ LeadID: number }>('POST', '/api/leads/create', {
    json: leadForm(product, marketer, { CampaignID: campaignId }),
    headers: { 'cf-connecting-ip': freshIp() },
  })
  expect(res.status).toBe(201)
  const row = await env.DB.prepare('SELECT CampaignID, CommissionAmountPaise FROM leads WHERE LeadID = ?')
    .bind(res.body.data.LeadID)
    .first<{ CampaignID: number | null; CommissionAmountPaise: number }>()
  return { LeadID: res.body.data.LeadID, CampaignID: row?.CampaignID ?? null, commission: (row?.CommissionAmountPaise ?? 0) / 100 }
}

describe('a lead through a campaign link', () => {
  it('carries the campaign and its commission, which is what the creator earns on conversion', async () => {
    const s = await scene()
    await join(s.vendor, s.campaign.CampaignID, s.creator)
    const lead = await leadThrough(s.kurta, s.creator, s.campaign.CampaignID)
    expect(lead).toMatchObject({ CampaignID: s.campaign.CampaignID, commission: 250 })
    // A campaign id as the buy page's query string hands it over (text) works the same.
    expect(await leadThrough(s.kurta, s.creator, String(s.campaign.CampaignID))).toMatchObject({ CampaignID: s.campaign.CampaignID, commission: 250 })
    expect((await call('PUT', `/api/leads/status/${lead.LeadID}`, { token: s.vendor.token, json: { Status: 'Converted' } })).status).toBe(200)
    const entries = await call<EntryDTO[]>('GET', '/api/money/entries', { token: s.creator.token })
    expect(entries.body.data.map((e) => [e.Kind, e.Amount])).toEqual([['commission', 250]])
  })

  it('keeps the commission it was made with when the campaign later closes', async () => {
    const s = await scene()
    await join(s.vendor, s.campaign.CampaignID, s.creator)
    const before = await leadThrough(s.kurta, s.creator, s.campaign.CampaignID)
    await call('POST', `/api/campaigns/${s.campaign.CampaignID}/close`, { token: s.vendor.token })
    const after = await leadThrough(s.kurta, s.creator, s.campaign.CampaignID)
    expect([before.commission, after.commission]).toEqual([250, 150])
    expect(after.CampaignID).toBeNull()
    const kept = await env.DB.prepare('SELECT CommissionAmountPaise FROM leads WHERE LeadID = ?').bind(before.LeadID).first<{ CommissionAmountPaise: number }>()
    expect(kept?.CommissionAmountPaise).toBe(25_000)
  })

  it('falls back to the product’s own commission after the end date (IST), without the campaign', async () => {
    const s = await scene({ StartsOn: istDay(0), EndsOn: istDay(0) })
    await join(s.vendor, s.campaign.CampaignID, s.creator)
    expect(await leadThrough(s.kurta, s.creator, s.campaign.CampaignID)).toMatchObject({ CampaignID: s.campaign.CampaignID, commission: 250 })
    // The campaign ended yesterday, as it would have after a day's wait.
    await env.DB.prepare('UPDATE campaigns SET StartsOn = ?, EndsOn = ? WHERE CampaignID = ?').bind(istDay(-2), istDay(-1), s.campaign.CampaignID).run()
    expect(await leadThrough(s.kurta, s.creator, s.campaign.CampaignID)).toEqual(expect.objectContaining({ CampaignID: null, commission: 150 }))
  })

  it('is an ordinary lead for a creator not accepted, a product outside the campaign, or a link of no campaign', async () => {
    const s = await scene()
    // Applied, not accepted yet.
    expect((await apply(s.creator, s.campaign.CampaignID)).status).toBe(201)
    expect(await leadThrough(s.kurta, s.creator, s.campaign.CampaignID)).toMatchObject({ CampaignID: null, commission: 150 })
    const member = await makeMarketer()
    await join(s.vendor, s.campaign.CampaignID, member)
    expect(await leadThrough(s.dupatta, member, s.campaign.CampaignID)).toMatchObject({ CampaignID: null, commission: 70 })
    for (const junk of [999_999, 'abc', -3, null, { id: 1 }]) {
      expect(await leadThrough(s.kurta, member, junk)).toMatchObject({ CampaignID: null, commission: 150 })
    }
    // Another vendor's campaign id on this vendor's product carries nothing either.
    const other = await scene()
    await join(other.vendor, other.campaign.CampaignID, member)
    expect(await leadThrough(s.kurta, member, other.campaign.CampaignID)).toMatchObject({ CampaignID: null, commission: 150 })
  })

  it('makes a Fee campaign’s leads earn the product’s own commission, marked with the campaign', async () => {
    const s = await scene({ RewardType: 'Fee', CommissionType: null, CommissionValue: null, FeePerDeliverable: '1000' })
    await join(s.vendor, s.campaign.CampaignID, s.creator)
    expect(await leadThrough(s.kurta, s.creator, s.campaign.CampaignID)).toMatchObject({ CampaignID: s.campaign.CampaignID, commission: 150 })
  })
})

describe('a campaign link with a creator code', () => {
  it('keeps the campaign when the code is the link creator’s own, and drops it when the code gives the lead to another creator', async () => {
    const s = await scene()
    await join(s.vendor, s.campaign.CampaignID, s.creator)
    const other = await makeMarketer({ MarketerName: 'Zoya Khan' })
    const give = async (MarketerID: number, Code: string) => {
      const res = await call('POST', '/api/coupons', { token: s.vendor.token, json: { MarketerID, Code, BuyerText: '10% off at checkout', AllProducts: true } })
      expect(res.status).toBe(201)
    }
    await give(s.creator.id, `MEERA${Date.now() % 100_000}`)
    const zoya = `ZOYA${Date.now() % 100_000}`
    await give(other.id, zoya)
    const through = async (MarketerCode: string) => {
      const res = await call<{ LeadID: number }>('POST', '/api/leads/create', {
        json: { ...leadForm(s.kurta, s.creator, { CampaignID: s.campaign.CampaignID }), CreatorCode: MarketerCode },
        headers: { 'cf-connecting-ip': freshIp() },
      })
      expect(res.status).toBe(201)
      return env.DB.prepare('SELECT MarketerID, CampaignID, CommissionAmountPaise FROM leads WHERE LeadID = ?').bind(res.body.data.LeadID).first()
    }
    // Another creator's code: the lead is theirs, at the product's own commission, with no campaign.
    expect(await through(zoya)).toEqual({ MarketerID: other.id, CampaignID: null, CommissionAmountPaise: 15_000 })
    // An unknown code leaves the lead with the link's creator, and the campaign with it.
    expect(await through('NOSUCHCODE')).toEqual({ MarketerID: s.creator.id, CampaignID: s.campaign.CampaignID, CommissionAmountPaise: 25_000 })
  })
})

describe('the buy page of a campaign link', () => {
  it('keeps the campaign in its form, so a lead sent without JavaScript carries it too', async () => {
    const s = await scene()
    await join(s.vendor, s.campaign.CampaignID, s.creator)
    const path = campaignLinkPath({ productId: s.kurta.ProductID, vendorId: s.vendor.id, marketerId: s.creator.id, campaignId: s.campaign.CampaignID })
    const opened = await exports.default.fetch(new Request(`${ORIGIN}${path}`))
    const html = await opened.text()
    expect(html).toContain(`action="${path.replaceAll('&', '&amp;')}"`)
    const phone = nextPhone()
    const posted = await exports.default.fetch(
      new Request(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': freshIp() },
        body: new URLSearchParams({ ClientName: 'Kiran Rao', ClientPhone: phone }),
      }),
    )
    expect(posted.status).toBe(200)
    const row = await env.DB.prepare('SELECT CampaignID, CommissionAmountPaise FROM leads WHERE ClientPhone = ?').bind(phone).first()
    expect(row).toEqual({ CampaignID: s.campaign.CampaignID, CommissionAmountPaise: 25_000 })
  })
})
