// Who takes part in a campaign (decision 220): eligibility (each rule, and the open list), applications,
// invitations, and the accept limit that holds under concurrent accepts.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { CAMPAIGN_MESSAGES, type CampaignDTO, type CampaignMemberDTO, type MyCampaignDTO } from '../../worker/contract/campaigns'
import { call } from '../helpers/api'
import { acceptApplicant, apply, istDay, join, makeCampaign, PITCH, setMarketer } from '../helpers/campaigns'
import { makeAdmin, makeMarketer, makeProduct, makeVerifiedVendor } from '../helpers/factories'

async function scene(overrides: Parameters<typeof makeCampaign>[2] = {}) {
  const vendor = await makeVerifiedVendor({ VendorName: 'Asha Textiles' })
  const kurta = await makeProduct(vendor, { ProductName: 'Handwoven Cotton Kurta', Price: '1499', CommissionType: 'Fixed', CommissionValue: '150' })
  const campaign = await makeCampaign(vendor, [kurta], overrides)
  return { vendor, kurta, campaign }
}

const openList = (token: string, query = '') => call<CampaignDTO[]>('GET', `/api/campaigns/open${query}`, { token })

describe('eligibility', () => {
  it('refuses an application that misses a rule, saying which one, and accepts one that meets them all', async () => {
    const { campaign } = await scene({ MinFollowers: 10_000, Categories: ['Fashion', 'Beauty'], Countries: ['India'], VerifiedOnly: true })
    const marketer = await makeMarketer()
    const cases: Array<[Parameters<typeof setMarketer>[1], string]> = [
      [{ reach: 9_999, Category: 'Fashion', Location: 'Mumbai, India', Verified: true }, CAMPAIGN_MESSAGES.notEligibleFollowers('10,000')],
      [{ reach: 50_000, Category: 'Gaming', Location: 'Mumbai, India', Verified: true }, CAMPAIGN_MESSAGES.notEligibleCategory],
      // A blank category is shown (and judged) as the card's default, Lifestyle.
      [{ reach: 50_000, Category: null, Location: 'Mumbai, India', Verified: true }, CAMPAIGN_MESSAGES.notEligibleCategory],
      [{ reach: 50_000, Category: 'Beauty', Location: 'Toronto, Canada', Verified: true }, CAMPAIGN_MESSAGES.notEligibleCountry],
      // A blank location is shown as the card's default, United States.
      [{ reach: 50_000, Category: 'Beauty', Location: null, Verified: true }, CAMPAIGN_MESSAGES.notEligibleCountry],
      [{ reach: 50_000, Category: 'Beauty', Location: 'Pune, india', Verified: false }, CAMPAIGN_MESSAGES.notEligibleVerified],
    ]
    for (const [facts, message] of cases) {
      await setMarketer(marketer.id, facts)
      const res = await apply(marketer, campaign.CampaignID)
      expect([res.status, res.body.message]).toEqual([403, message])
      expect((await openList(marketer.token)).body.data.map((c) => c.CampaignID)).not.toContain(campaign.CampaignID)
      expect((await call('GET', `/api/campaigns/${campaign.CampaignID}`, { token: marketer.token })).status).toBe(403)
    }
    await setMarketer(marketer.id, { reach: 10_000, Category: 'Beauty', Location: 'Pune, india', Verified: true })
    expect((await openList(marketer.token)).body.data.map((c) => c.CampaignID)).toContain(campaign.CampaignID)
    const res = await apply(marketer, campaign.CampaignID)
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      Status: 'Applied',
      Pitch: PITCH,
      Creator: { MarketerID: marketer.id, Category: 'Beauty', Location: 'Pune, india', totalReach: 10_000 },
    })
  })

  it('lists to a creator only the open campaigns they qualify for and have not joined, soonest ending first', async () => {
    const vendor = await makeVerifiedVendor()
    const kurta = await makeProduct(vendor, { Price: '1499', CommissionValue: '150', Category: 'Clothing' })
    const book = await makeProduct(vendor, { Price: '499', CommissionValue: '50', Category: 'Books' })
    const marketer = await makeMarketer()
    await setMarketer(marketer.id, { reach: 5_000, Category: 'Fashion', Location: 'Delhi, India', Verified: false })
    const later = await makeCampaign(vendor, [kurta], { Title: 'Later kurta', EndsOn: istDay(20) })
    const sooner = await makeCampaign(vendor, [book], { Title: 'Sooner book', EndsOn: istDay(5) })
    const upcoming = await makeCampaign(vendor, [kurta], { Title: 'Upcoming kurta', StartsOn: istDay(2), EndsOn: istDay(10) })
    await makeCampaign(vendor, [kurta], { Title: 'Too big', MinFollowers: 100_000 })
    await makeCampaign(vendor, [kurta], { Title: 'Invite only', Access: 'InviteOnly' })
    await makeCampaign(vendor, [kurta], { Title: 'Verified only', VerifiedOnly: true })
    const closed = await makeCampaign(vendor, [kurta], { Title: 'Closed' })
    await call('POST', `/api/campaigns/${closed.CampaignID}/close`, { token: vendor.token })
    const ended = await makeCampaign(vendor, [kurta], { Title: 'Ended' })
    await env.DB.prepare('UPDATE campaigns SET StartsOn = ?, EndsOn = ? WHERE CampaignID = ?').bind(istDay(-5), istDay(-1), ended.CampaignID).run()
    const joined = await makeCampaign(vendor, [kurta], { Title: 'Joined already' })
    expect((await apply(marketer, joined.CampaignID)).status).toBe(201)

    const all = await openList(marketer.token)
    const mine = all.body.data.filter((c) => c.VendorID === vendor.id)
    expect(mine.map((c) => c.Title)).toEqual(['Sooner book', 'Upcoming kurta', 'Later kurta'])
    expect(mine.map((c) => c.Status)).toEqual(['Live', 'Upcoming', 'Live'])
    const books = await openList(marketer.token, '?category=Books')
    expect(books.body.data.map((c) => c.CampaignID)).toEqual([sooner.CampaignID])
    const searched = await openList(marketer.token, '?q=later')
    expect(searched.body.data.map((c) => c.CampaignID)).toEqual([later.CampaignID])
    // Paged on (EndsOn, CampaignID): the pages join up into the whole list.
    const first = await openList(marketer.token, '?limit=2')
    const cursor = (first.body as unknown as { paging: { nextCursor: string } }).paging.nextCursor
    const second = await openList(marketer.token, `?limit=2&cursor=${cursor}`)
    expect([...first.body.data, ...second.body.data].map((c) => c.CampaignID)).toEqual(all.body.data.map((c) => c.CampaignID))
    expect(upcoming.Status).toBe('Upcoming')
  })
})

describe('a suspended vendor', () => {
  it('has their open campaigns taken off the list and closed to applications', async () => {
    const { vendor, campaign } = await scene()
    const marketer = await makeMarketer()
    expect((await openList(marketer.token)).body.data.map((c) => c.CampaignID)).toContain(campaign.CampaignID)
    const admin = await makeAdmin()
    expect((await call('POST', `/api/admin/vendors/${vendor.id}/suspend`, { token: admin.token, json: { reason: 'Fake products' } })).status).toBe(200)
    expect((await openList(marketer.token)).body.data.map((c) => c.CampaignID)).not.toContain(campaign.CampaignID)
    const res = await apply(marketer, campaign.CampaignID)
    expect([res.status, res.body.message]).toEqual([403, CAMPAIGN_MESSAGES.notAccepting])
  })
})

describe('applications and invitations', () => {
  it('answers 409 to a second application, and refuses invite-only, closed and ended campaigns', async () => {
    const { vendor, kurta, campaign } = await scene()
    const marketer = await makeMarketer()
    expect((await apply(marketer, campaign.CampaignID)).status).toBe(201)
    const twice = await apply(marketer, campaign.CampaignID)
    expect([twice.status, twice.body.message]).toEqual([409, CAMPAIGN_MESSAGES.alreadyMember])
    // Two at once (a double tap): one application, the other 409.
    const quick = await makeMarketer()
    const both = await Promise.all([apply(quick, campaign.CampaignID), apply(quick, campaign.CampaignID)])
    expect(both.map((r) => r.status).sort()).toEqual([201, 409])
    const inviteOnly = await makeCampaign(vendor, [kurta], { Access: 'InviteOnly' })
    expect((await apply(marketer, inviteOnly.CampaignID)).body.message).toBe(CAMPAIGN_MESSAGES.inviteOnly)
    const closing = await makeCampaign(vendor, [kurta])
    await call('POST', `/api/campaigns/${closing.CampaignID}/close`, { token: vendor.token })
    const late = await apply(marketer, closing.CampaignID)
    expect([late.status, late.body.message]).toEqual([403, CAMPAIGN_MESSAGES.notAccepting])
    const short = await call('POST', `/api/campaigns/${campaign.CampaignID}/apply`, { token: (await makeMarketer()).token, json: { Pitch: 'Hi' } })
    expect([short.status, short.body.message]).toEqual([400, CAMPAIGN_MESSAGES.pitchLength])
  })

  it('lets the vendor invite anyone not suspended (eligibility aside), once; the creator accepts or declines', async () => {
    const { vendor, kurta } = await scene()
    const campaign = await makeCampaign(vendor, [kurta], { Access: 'InviteOnly', MinFollowers: 1_000_000 })
    const [asha, binu] = [await makeMarketer(), await makeMarketer()]
    const invite = (MarketerID: number) =>
      call<CampaignMemberDTO>('POST', `/api/campaigns/${campaign.CampaignID}/invites`, { token: vendor.token, json: { MarketerID } })
    const invited = await invite(asha.id)
    expect([invited.status, invited.body.data.Status]).toEqual([201, 'Invited'])
    expect((await invite(asha.id)).status).toBe(409)
    expect((await invite(binu.id)).status).toBe(201)
    // An invited creator reads the campaign even though it is invite-only and they miss its rules.
    const read = await call<CampaignDTO>('GET', `/api/campaigns/${campaign.CampaignID}`, { token: asha.token })
    expect(read.body.data.Membership).toMatchObject({ Status: 'Invited' })
    // The vendor cannot accept an invitation for the creator.
    expect((await acceptApplicant(vendor, campaign.CampaignID, asha)).body.message).toBe(CAMPAIGN_MESSAGES.notApplied)
    const yes = await call<CampaignMemberDTO>('POST', `/api/campaigns/${campaign.CampaignID}/invitation/accept`, { token: asha.token })
    expect([yes.status, yes.body.data.Status]).toEqual([200, 'Accepted'])
    const no = await call<CampaignMemberDTO>('POST', `/api/campaigns/${campaign.CampaignID}/invitation/decline`, { token: binu.token })
    expect(no.body.data).toMatchObject({ Status: 'Declined', DeclinedBy: 'marketer' })
    // A row written before decision 275 said 'creator': the migration rewrites it, and the answer follows.
    await env.DB.prepare("UPDATE campaign_members SET DeclinedBy = 'creator' WHERE MarketerID = ?").bind(binu.id).run()
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith('declined_by_marketer.sql'))
    for (const query of migration?.queries ?? []) await env.DB.prepare(query).run()
    const stored = await env.DB.prepare('SELECT DeclinedBy FROM campaign_members WHERE MarketerID = ?').bind(binu.id).first<{ DeclinedBy: string }>()
    expect([migration?.queries.length, stored?.DeclinedBy]).toEqual([1, 'marketer'])
    expect((await call('POST', `/api/campaigns/${campaign.CampaignID}/invitation/accept`, { token: binu.token })).body.message).toBe(
      CAMPAIGN_MESSAGES.noInvitation,
    )
    const mine = await call<MyCampaignDTO>('GET', `/api/campaigns/${campaign.CampaignID}/my-deliverables`, { token: asha.token })
    expect(mine.body.data.Deliverables.map((d) => [d.Item, d.Status])).toEqual([
      ['Reel', 'Due'],
      ['Story', 'Due'],
      ['Story', 'Due'],
    ])
    expect(mine.body.data.Links).toEqual([
      {
        ProductID: kurta.ProductID,
        ProductName: kurta.ProductName,
        Link: expect.stringMatching(
          new RegExp(`/affiliate/track\\?productId=${kurta.ProductID}&vendorId=${vendor.id}&marketerId=${asha.id}&campaignId=${campaign.CampaignID}$`),
        ),
      },
    ])
    // A suspended creator cannot be invited.
    const carl = await makeMarketer()
    const admin = await makeAdmin()
    expect((await call('POST', `/api/admin/influencers/${carl.id}/suspend`, { token: admin.token, json: { reason: 'Fake followers' } })).status).toBe(200)
    const refused = await invite(carl.id)
    expect([refused.status, refused.body.message]).toEqual([403, CAMPAIGN_MESSAGES.marketerSuspended])
  })

  it('shows the inbox by status with each creator’s card, and the creator’s own memberships', async () => {
    const { vendor, campaign } = await scene()
    const marketers = [
      await makeMarketer({ MarketerName: 'Asha' }),
      await makeMarketer({ MarketerName: 'Binu' }),
      await makeMarketer({ MarketerName: 'Chitra' }),
    ]
    for (const marketer of marketers) expect((await apply(marketer, campaign.CampaignID)).status).toBe(201)
    expect((await acceptApplicant(vendor, campaign.CampaignID, marketers[0])).status).toBe(200)
    const declined = await call<CampaignMemberDTO>('POST', `/api/campaigns/${campaign.CampaignID}/members/${marketers[1].id}/decline`, { token: vendor.token })
    expect(declined.body.data).toMatchObject({ Status: 'Declined', DeclinedBy: 'vendor' })
    const inbox = async (status: string) => {
      const res = await call<CampaignMemberDTO[]>('GET', `/api/campaigns/${campaign.CampaignID}/members?status=${status}`, { token: vendor.token })
      return { names: res.body.data.map((m) => m.Creator.MarketerName), total: (res.body as unknown as { paging: { total: number } }).paging.total }
    }
    expect(await inbox('Applied')).toEqual({ names: ['Chitra'], total: 1 })
    expect(await inbox('Accepted')).toEqual({ names: ['Asha'], total: 1 })
    expect(await inbox('Declined')).toEqual({ names: ['Binu'], total: 1 })
    const card = (await call<CampaignMemberDTO[]>('GET', `/api/campaigns/${campaign.CampaignID}/members?status=Applied`, { token: vendor.token })).body.data[0]
    expect(card.Creator).toMatchObject({ profilePath: `/influencer/${marketers[2].id}`, Category: 'Lifestyle', Location: 'United States' })
    // Answered memberships are final.
    expect((await acceptApplicant(vendor, campaign.CampaignID, marketers[1])).status).toBe(409)
    const joined = await call<CampaignDTO[]>('GET', '/api/campaigns/joined', { token: marketers[0].token })
    expect(joined.body.data.map((c) => [c.CampaignID, c.Membership?.Status])).toEqual([[campaign.CampaignID, 'Accepted']])
    const accepted = joined.body.data[0].Membership
    expect(accepted).toEqual({ Status: 'Accepted', DeclinedBy: null, Pitch: PITCH, createdAt: expect.any(String), answeredAt: expect.any(String) })
    expect(Date.parse(accepted?.answeredAt ?? '')).toBeGreaterThanOrEqual(Date.parse(accepted?.createdAt ?? ''))
    // Still waiting: the membership as applied, with its pitch, not yet answered.
    const waiting = await call<CampaignDTO[]>('GET', '/api/campaigns/joined?status=Applied', { token: marketers[2].token })
    expect(waiting.body.data.map((c) => c.Membership)).toEqual([
      { Status: 'Applied', DeclinedBy: null, Pitch: PITCH, createdAt: expect.any(String), answeredAt: null },
    ])
    const declinedOne = await call<CampaignDTO[]>('GET', '/api/campaigns/joined', { token: marketers[1].token })
    expect(declinedOne.body.data[0].Membership).toMatchObject({ Status: 'Declined', DeclinedBy: 'vendor' })
    const updated = await call<CampaignDTO>('GET', `/api/campaigns/${campaign.CampaignID}`, { token: vendor.token })
    expect(updated.body.data).toMatchObject({ AcceptedCount: 1, AppliedCount: 1 })
  })
})

describe('the accept limit', () => {
  it('accepts exactly CreatorsWanted of many accepts sent at once; the rest get 409, never 500', async () => {
    for (let round = 0; round < 2; round++) {
      const { vendor, campaign } = await scene({ CreatorsWanted: 2 })
      const marketers = await Promise.all(Array.from({ length: 6 }, () => makeMarketer()))
      for (const marketer of marketers) expect((await apply(marketer, campaign.CampaignID)).status).toBe(201)
      const answers = await Promise.all(marketers.map((marketer) => acceptApplicant(vendor, campaign.CampaignID, marketer)))
      const statuses = answers.map((a) => a.status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(2)
      expect(statuses.filter((s) => s === 409)).toHaveLength(4)
      for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toBe(CAMPAIGN_MESSAGES.marketersFull)
      const counts = await env.DB.prepare(
        "SELECT (SELECT AcceptedCount FROM campaigns WHERE CampaignID = ?1) AS kept, (SELECT count(*) FROM campaign_members WHERE CampaignID = ?1 AND Status = 'Accepted') AS accepted, (SELECT count(*) FROM campaign_deliverables WHERE CampaignID = ?1) AS items",
      )
        .bind(campaign.CampaignID)
        .first<{ kept: number; accepted: number; items: number }>()
      // Each accepted creator owes the 3 items; nobody else owes any.
      expect(counts).toEqual({ kept: 2, accepted: 2, items: 6 })
    }
  })

  it('counts invitations accepted by creators against the same limit', async () => {
    const { vendor, campaign } = await scene({ CreatorsWanted: 1 })
    const [asha, binu] = [await makeMarketer(), await makeMarketer()]
    await join(vendor, campaign.CampaignID, asha)
    expect((await call('POST', `/api/campaigns/${campaign.CampaignID}/invites`, { token: vendor.token, json: { MarketerID: binu.id } })).status).toBe(201)
    const full = await call('POST', `/api/campaigns/${campaign.CampaignID}/invitation/accept`, { token: binu.token })
    expect([full.status, full.body.message]).toEqual([409, CAMPAIGN_MESSAGES.marketersFull])
  })
})
