// Deliverables and the money they move (decision 221): the post URL (http(s) only) and the ad disclosure,
// the approve / ask-for-changes flow, a Fee campaign's fee as a ledger entry (holding period,
// payout, TDS, statement CSV), one fee whatever races, and the campaign's stats.

import { env, exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import {
  CAMPAIGN_MESSAGES,
  type CampaignMarketerStatsDTO,
  type CampaignStatsFigures,
  type DeliverableDTO,
  type MyCampaignDTO,
} from '../../worker/contract/campaigns'
import type { Balances, EntryDTO, OwedRow, PayoutDTO } from '../../worker/contract/payouts'
import { indiaDate } from '../../worker/domain/ledger'
import { call, ORIGIN } from '../helpers/api'
import { join, makeCampaign } from '../helpers/campaigns'
import { freshIp, leadForm, makeAdmin, makeMarketer, makeProduct, makeVerifiedMarketer, makeVerifiedVendor, type SignedInMarketer } from '../helpers/factories'

const POST = 'https://www.instagram.com/reel/C0ffee123/'

async function scene(overrides: Parameters<typeof makeCampaign>[2] = {}, holdingDays = 0) {
  const vendor = await makeVerifiedVendor({ VendorName: 'Asha Textiles' })
  expect((await call('PUT', '/api/money/settings', { token: vendor.token, json: { HoldingDays: holdingDays, PaymentTermsDays: 30 } })).status).toBe(200)
  const kurta = await makeProduct(vendor, { ProductName: 'Handwoven Cotton Kurta', Price: '1499', CommissionType: 'Fixed', CommissionValue: '150' })
  const campaign = await makeCampaign(vendor, [kurta], { Title: 'Diwali kurta edit', Deliverables: ['Reel', 'Story'], ...overrides })
  const marketer = await makeVerifiedMarketer({ MarketerName: 'Meera Nair' })
  await join(vendor, campaign.CampaignID, marketer)
  const items = (await call<MyCampaignDTO>('GET', `/api/campaigns/${campaign.CampaignID}/my-deliverables`, { token: marketer.token })).body.data.Deliverables
  return { vendor, kurta, campaign, creator: marketer, items }
}
type Scene = Awaited<ReturnType<typeof scene>>

const feeScene = (fee = '2500', holdingDays = 0) =>
  scene({ RewardType: 'Fee', CommissionType: null, CommissionValue: null, FeePerDeliverable: fee }, holdingDays)

const submit = (s: Scene, item: DeliverableDTO, json: unknown, who: SignedInMarketer = s.creator) =>
  call<DeliverableDTO>('POST', `/api/campaigns/${s.campaign.CampaignID}/deliverables/${item.DeliverableID}/submit`, { token: who.token, json })
const approve = (s: Scene, item: DeliverableDTO) =>
  call<DeliverableDTO>('POST', `/api/campaigns/${s.campaign.CampaignID}/deliverables/${item.DeliverableID}/approve`, { token: s.vendor.token })
const askChanges = (s: Scene, item: DeliverableDTO, Note?: string) =>
  call<DeliverableDTO>('POST', `/api/campaigns/${s.campaign.CampaignID}/deliverables/${item.DeliverableID}/changes`, { token: s.vendor.token, json: { Note } })
const entries = (who: { token: string }) => call<EntryDTO[]>('GET', '/api/money/entries', { token: who.token })

describe('submitting a deliverable', () => {
  it('takes an http(s) post URL with the ad disclosure ticked, and nothing else', async () => {
    const s = await scene()
    const [reel] = s.items
    for (const url of ['javascript:alert(1)', 'ftp://example.in/post', 'instagram.com/reel/1', 'https://', `https://example.in/${'a'.repeat(2100)}`]) {
      const res = await submit(s, reel, { PostURL: url, Disclosed: true })
      expect([res.status, res.body.message]).toEqual([400, CAMPAIGN_MESSAGES.postUrlInvalid])
    }
    expect((await submit(s, reel, { Disclosed: true })).body.message).toBe(CAMPAIGN_MESSAGES.postUrlRequired)
    for (const disclosed of [false, undefined, 'yes', 1]) {
      const res = await submit(s, reel, { PostURL: POST, Disclosed: disclosed })
      expect([res.status, res.body.message]).toEqual([400, CAMPAIGN_MESSAGES.disclosureRequired])
    }
    const ok = await submit(s, reel, { PostURL: POST, Disclosed: true })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ Status: 'Submitted', PostURL: POST, Disclosed: true, Item: 'Reel' })
    // Waiting for review: not again until the vendor answers.
    expect((await submit(s, reel, { PostURL: POST, Disclosed: true })).status).toBe(409)
  })

  it('is the accepted creator’s own: another creator gets 403 or 404', async () => {
    const s = await scene()
    const stranger = await makeMarketer()
    expect((await submit(s, s.items[0], { PostURL: POST, Disclosed: true }, stranger)).status).toBe(403)
    const other = await makeMarketer()
    await join(s.vendor, s.campaign.CampaignID, other)
    expect((await submit(s, s.items[0], { PostURL: POST, Disclosed: true }, other)).status).toBe(404)
    expect(
      (await call('POST', `/api/campaigns/${s.campaign.CampaignID}/deliverables/${s.items[0].DeliverableID}/approve`, { token: other.token })).status,
    ).toBe(403)
  })
})

describe('reviewing a deliverable', () => {
  it('asks for changes with a note, takes the post again, then approves it for good', async () => {
    const s = await scene()
    const [reel] = s.items
    expect((await approve(s, reel)).body.message).toBe(CAMPAIGN_MESSAGES.notSubmitted)
    await submit(s, reel, { PostURL: POST, Disclosed: true })
    expect((await askChanges(s, reel)).body.message).toBe(CAMPAIGN_MESSAGES.noteRequired)
    expect((await askChanges(s, reel, 'ok')).body.message).toBe(CAMPAIGN_MESSAGES.noteLength)
    const changes = await askChanges(s, reel, 'Please tag @ashatextiles and add #Ad at the start.')
    expect(changes.body.data).toMatchObject({ Status: 'ChangesRequested', Note: 'Please tag @ashatextiles and add #Ad at the start.' })
    const mine = await call<MyCampaignDTO>('GET', `/api/campaigns/${s.campaign.CampaignID}/my-deliverables`, { token: s.creator.token })
    expect(mine.body.data.Deliverables[0]).toMatchObject({ Status: 'ChangesRequested', Note: 'Please tag @ashatextiles and add #Ad at the start.' })
    expect((await submit(s, reel, { PostURL: `${POST}?v=2`, Disclosed: true })).body.data.Status).toBe('Submitted')
    const approved = await approve(s, reel)
    expect([approved.status, approved.body.data.Status]).toEqual([200, 'Approved'])
    expect((await approve(s, reel)).status).toBe(409)
    expect((await askChanges(s, reel, 'One more thing please')).status).toBe(409)
    expect((await submit(s, reel, { PostURL: POST, Disclosed: true })).status).toBe(409)
    // A Commission campaign pays per conversion: approval writes no money.
    expect((await entries(s.creator)).body.data).toEqual([])
    const list = await call<DeliverableDTO[]>('GET', `/api/campaigns/${s.campaign.CampaignID}/deliverables?status=Approved`, { token: s.vendor.token })
    expect(list.body.data.map((d) => [d.MarketerName, d.Item, d.Status])).toEqual([['Meera Nair', 'Reel', 'Approved']])
  })
})

describe('a Fee campaign’s fee', () => {
  it('becomes a ledger entry on approval: held like a commission, then payable, paid and on the statement', async () => {
    const s = await feeScene('2500', 7)
    const [reel] = s.items
    await submit(s, reel, { PostURL: POST, Disclosed: true })
    expect((await approve(s, reel)).body.data).toMatchObject({ Status: 'Approved', Fee: 2500 })
    const [entry] = (await entries(s.creator)).body.data
    expect(entry).toMatchObject({
      Kind: 'fee',
      Amount: 2500,
      status: 'pending',
      ProductName: 'Campaign fee: Diwali kurta edit (Reel)',
      LeadID: 0,
      VendorName: 'Asha Textiles',
    })
    expect(Date.parse(entry.clearsAt) - Date.parse(entry.convertedAt)).toBe(7 * 86_400_000)
    expect((await call<Balances>('GET', '/api/money/balance', { token: s.creator.token })).body.data).toMatchObject({ pending: 2500, payable: 0 })
    // The vendor shortens the holding period: the fee is payable now, like any commission.
    expect((await call('PUT', '/api/money/settings', { token: s.vendor.token, json: { HoldingDays: 0, PaymentTermsDays: 30 } })).status).toBe(200)
    expect((await call<Balances>('GET', '/api/money/balance', { token: s.creator.token })).body.data).toMatchObject({ pending: 0, payable: 2500 })
    // The vendor's 'influencers I owe' (kept figures) counts it the same way.
    const owed = await call<OwedRow[]>('GET', '/api/money/influencers', { token: s.vendor.token })
    expect(owed.body.data).toEqual([expect.objectContaining({ MarketerID: s.creator.id, payable: 2500 })])
    const paid = await call<PayoutDTO>('POST', '/api/money/payouts', {
      token: s.vendor.token,
      json: { MarketerID: s.creator.id, Method: 'UPI', UTR: `CAMPFEE${Date.now()}`, PaidOn: indiaDate(Date.now()) },
    })
    expect(paid.status).toBe(201)
    expect(paid.body.data).toMatchObject({ Gross: 2500, entries: 1 })
    expect((await entries(s.creator)).body.data[0].status).toBe('paid')
    const statement = await exports.default.fetch(new Request(`${ORIGIN}/api/money/statement.csv`, { headers: { authorization: `Bearer ${s.creator.token}` } }))
    const lines = (await statement.text()).trim().split('\r\n')
    expect(lines.some((l) => l.includes('Campaign fee: Diwali kurta edit (Reel),2500,paid'))).toBe(true)
  })

  it('is taxed with the year’s commissions: TDS once the year’s amount passes the threshold', async () => {
    const s = await feeScene('25000')
    expect(
      (await call('PUT', '/api/money/details', { token: s.creator.token, json: { Method: 'UPI', UpiID: 'meera.nair@okhdfc', PAN: 'abcde1234f' } })).status,
    ).toBe(200)
    await submit(s, s.items[0], { PostURL: POST, Disclosed: true })
    expect((await approve(s, s.items[0])).status).toBe(200)
    const paid = await call<PayoutDTO>('POST', '/api/money/payouts', {
      token: s.vendor.token,
      json: { MarketerID: s.creator.id, Method: 'UPI', UTR: `CAMPTDS${Date.now()}`, PaidOn: indiaDate(Date.now()) },
    })
    // ₹25,000 is over the ₹20,000 a year of section 194H: 2% with a PAN.
    expect(paid.body.data).toMatchObject({ Gross: 25000, TDS: 500, Net: 24500 })
  })

  it('is written once when two approvals arrive at the same moment: one 200, the other 409', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await feeScene('1000')
      await submit(s, s.items[0], { PostURL: POST, Disclosed: true })
      const answers = await Promise.all([approve(s, s.items[0]), approve(s, s.items[0]), approve(s, s.items[0])])
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409])
      expect((await entries(s.creator)).body.data.map((e) => [e.Kind, e.Amount])).toEqual([['fee', 1000]])
    }
  })

  it('cannot be written by hand for a deliverable that is not approved, nor twice for one that is', async () => {
    const s = await feeScene('1000')
    const [reel, story] = s.items
    const insert = (deliverableId: number, amount = 100_000) =>
      env.DB.prepare(
        "INSERT INTO commission_entries (LeadID, VendorID, MarketerID, ProductName, Kind, AmountPaise, convertedAt, DeliverableID) VALUES (0, ?, ?, 'x', 'fee', ?, ?, ?)",
      )
        .bind(s.vendor.id, s.creator.id, amount, new Date().toISOString(), deliverableId)
        .run()
    await expect(insert(story.DeliverableID)).rejects.toThrow(/fee without an approved deliverable/)
    await submit(s, reel, { PostURL: POST, Disclosed: true })
    await approve(s, reel)
    await expect(insert(reel.DeliverableID)).rejects.toThrow(/UNIQUE/)
    await expect(
      env.DB.prepare(
        "INSERT INTO commission_entries (LeadID, VendorID, MarketerID, ProductName, Kind, AmountPaise, convertedAt) VALUES (0, ?, ?, 'x', 'fee', 100, ?)",
      )
        .bind(s.vendor.id, s.creator.id, new Date().toISOString())
        .run(),
      // Refused by the shape check or the approval check, whichever trigger SQLite runs first.
    ).rejects.toThrow(/ledger: (a fee entry names a deliverable|fee without an approved deliverable)/)
    await expect(env.DB.prepare("UPDATE campaign_deliverables SET Status = 'Due' WHERE DeliverableID = ?").bind(reel.DeliverableID).run()).rejects.toThrow(
      /approved/,
    )
  })
})

describe('campaign stats', () => {
  it('shows impressions, leads, conversions, commissions and fees per creator and in total', async () => {
    const s = await feeScene('500')
    const other = await makeVerifiedMarketer({ MarketerName: 'Zoya Khan' })
    // Impressions of each creator's link to the campaign product, inside and outside the window.
    const day = s.campaign.StartsOn
    await env.DB.prepare('INSERT INTO impressions_daily (day, ProductID, VendorID, MarketerID, n) VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)')
      .bind(
        day,
        s.kurta.ProductID,
        s.vendor.id,
        s.creator.id,
        40,
        day,
        s.kurta.ProductID,
        s.vendor.id,
        other.id,
        7,
        '2020-01-01',
        s.kurta.ProductID,
        s.vendor.id,
        s.creator.id,
        99,
      )
      .run()
    // Zoya is accepted after her impressions were rolled up: the accept counts the window so far.
    await join(s.vendor, s.campaign.CampaignID, other)
    // A rollup adds to a day already counted.
    await env.DB.prepare('UPDATE impressions_daily SET n = n + 2 WHERE day = ? AND ProductID = ? AND MarketerID = ?')
      .bind(day, s.kurta.ProductID, s.creator.id)
      .run()
    const leads: number[] = []
    for (let i = 0; i < 3; i++) {
      const res = await call<{ LeadID: number }>('POST', '/api/leads/create', {
        json: leadForm(s.kurta, s.creator, { CampaignID: s.campaign.CampaignID }),
        headers: { 'cf-connecting-ip': freshIp() },
      })
      leads.push(res.body.data.LeadID)
    }
    // A lead of the same creator without the campaign is not the campaign's.
    await call('POST', '/api/leads/create', { json: leadForm(s.kurta, s.creator), headers: { 'cf-connecting-ip': freshIp() } })
    for (const id of leads.slice(0, 2))
      expect((await call('PUT', `/api/leads/status/${id}`, { token: s.vendor.token, json: { Status: 'Converted' } })).status).toBe(200)
    await submit(s, s.items[0], { PostURL: POST, Disclosed: true })
    await approve(s, s.items[0])
    const res = await call<CampaignMarketerStatsDTO[]>('GET', `/api/campaigns/${s.campaign.CampaignID}/stats`, { token: s.vendor.token })
    expect(res.status).toBe(200)
    const body = res.body as unknown as { data: CampaignMarketerStatsDTO[]; totals: CampaignStatsFigures; paging: { total: number } }
    expect(body.data).toEqual([
      { MarketerID: s.creator.id, MarketerName: 'Meera Nair', impressions: 42, leads: 3, conversions: 2, commissions: 300, fees: 500 },
      { MarketerID: other.id, MarketerName: 'Zoya Khan', impressions: 7, leads: 0, conversions: 0, commissions: 0, fees: 0 },
    ])
    expect(body.totals).toEqual({ impressions: 49, leads: 3, conversions: 2, commissions: 300, fees: 500 })
    expect(body.paging.total).toBe(2)
    // A conversion taken back leaves the stats too.
    await call('PUT', `/api/leads/status/${leads[0]}`, { token: s.vendor.token, json: { Status: 'Lost', Reason: 'Buyer cancelled the order' } })
    const after = (await call('GET', `/api/campaigns/${s.campaign.CampaignID}/stats`, { token: s.vendor.token })).body as unknown as {
      totals: CampaignStatsFigures
    }
    expect(after.totals).toMatchObject({ leads: 3, conversions: 1, commissions: 150 })
  })
})

describe('data exports', () => {
  it('hold the creator’s memberships, pitch and posts, and the vendor’s campaigns', async () => {
    const s = await feeScene('1000')
    await submit(s, s.items[0], { PostURL: POST, Disclosed: true })
    const mine = await call<{ campaigns: Array<Record<string, unknown>> }>('GET', `/api/marketers/${s.creator.id}/export`, { token: s.creator.token })
    expect(mine.status).toBe(200)
    expect(mine.body.data.campaigns).toEqual([
      expect.objectContaining({
        CampaignID: s.campaign.CampaignID,
        Title: 'Diwali kurta edit',
        Status: 'Accepted',
        Pitch: expect.stringContaining('festive'),
        deliverables: [
          expect.objectContaining({ Item: 'Reel', Status: 'Submitted', PostURL: POST, Disclosed: true }),
          expect.objectContaining({ Item: 'Story', Status: 'Due' }),
        ],
      }),
    ])
    const theirs = await call<{ campaigns: Array<Record<string, unknown>> }>('GET', `/api/vendors/${s.vendor.id}/export`, { token: s.vendor.token })
    expect(theirs.body.data.campaigns).toEqual([expect.objectContaining({ Title: 'Diwali kurta edit', RewardType: 'Fee', FeePerDeliverable: 1000 })])
  })
})

describe('erasing a creator who took part in a campaign', () => {
  it('clears their pitch and post URLs, keeps the approved item, its fee and the stats', async () => {
    const s = await feeScene('1000')
    await submit(s, s.items[0], { PostURL: POST, Disclosed: true })
    expect((await approve(s, s.items[0])).status).toBe(200)
    const admin = await makeAdmin()
    const erased = await call('POST', `/api/admin/influencers/${s.creator.id}/erase`, {
      token: admin.token,
      json: { email: s.creator.email, reasonCode: 'data-request' },
    })
    expect(erased.status).toBe(200)
    const member = await env.DB.prepare('SELECT Status, Pitch FROM campaign_members WHERE MarketerID = ?').bind(s.creator.id).first()
    expect(member).toEqual({ Status: 'Accepted', Pitch: null })
    const items = await env.DB.prepare('SELECT Status, PostURL FROM campaign_deliverables WHERE MarketerID = ? ORDER BY ItemIndex').bind(s.creator.id).all()
    expect(items.results).toEqual([
      { Status: 'Approved', PostURL: null },
      { Status: 'Due', PostURL: null },
    ])
    const stats = (await call('GET', `/api/campaigns/${s.campaign.CampaignID}/stats`, { token: s.vendor.token })).body as unknown as {
      totals: CampaignStatsFigures
    }
    expect(stats.totals.fees).toBe(1000)
  })
})
