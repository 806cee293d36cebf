// Campaign notifications (decision 223): bell + mail for an invitation, the vendor's answer, a submitted
// and a reviewed deliverable; and the scheduled reminders ('deliverable due', 'applications
// waiting'), each sent once however often the clock runs.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { MyCampaignDTO } from '../../worker/contract/campaigns'
import type { NotificationDTO } from '../../worker/contract/notifications'
import type { Bindings } from '../../worker/env'
import { nudgeWaitingApplications, remindDeliverablesDue } from '../../worker/services/notification-schedule'
import { campaignBody, istDay, PITCH } from '../helpers/campaigns'
import { makeMarketer, makeProduct, makeVerifiedVendor } from '../helpers/factories'
import { callWith, recordingQueue } from '../helpers/mail'

const bindings = env as unknown as Bindings

function world() {
  const q = recordingQueue()
  const over = { MAIL_QUEUE: q.queue, PUBLIC_ORIGIN: 'https://collabkart.example' }
  const api = <T = unknown>(method: string, path: string, who?: { token: string }, json?: unknown) =>
    callWith(over, method, path, json, who ? { authorization: `Bearer ${who.token}` } : {}) as Promise<{ status: number; body: { message: string; data: T } }>
  const subjects = (email: string) => q.sent.filter((m) => m.message.to === email).map((m) => m.message.subject)
  return { api, subjects, env: { ...bindings, ...over } }
}
type World = ReturnType<typeof world>

async function scene(w: World, overrides: Parameters<typeof campaignBody>[1] = {}) {
  const vendor = await makeVerifiedVendor({ VendorName: 'Asha Textiles' })
  const kurta = await makeProduct(vendor, { Price: '1499', CommissionValue: '150' })
  const created = await w.api<{ CampaignID: number }>('POST', '/api/campaigns', vendor, campaignBody([kurta], { Title: 'Diwali kurta edit', ...overrides }))
  expect(created.status).toBe(201)
  return { vendor, campaignId: created.body.data.CampaignID }
}

const bell = async (w: World, who: { token: string }) => (await w.api<NotificationDTO[]>('GET', '/api/notifications', who)).body.data

describe('campaign events', () => {
  it('tell the creator of an invitation and of the vendor’s answer, and the vendor of a submitted deliverable', async () => {
    const w = world()
    const { vendor, campaignId } = await scene(w)
    const invited = await makeMarketer({ MarketerName: 'Meera Nair' })
    expect((await w.api('POST', `/api/campaigns/${campaignId}/invites`, vendor, { MarketerID: invited.id })).status).toBe(201)
    expect(w.subjects(invited.email)).toEqual(["Asha Textiles invited you to 'Diwali kurta edit'"])
    expect((await bell(w, invited)).map((n) => [n.kind, n.link])).toEqual([['campaign-invited', '/marketer?tab=campaigns&view=mine']])

    const applicant = await makeMarketer({ MarketerName: 'Zoya Khan' })
    expect((await w.api('POST', `/api/campaigns/${campaignId}/apply`, applicant, { Pitch: PITCH })).status).toBe(201)
    expect(w.subjects(vendor.email)).toEqual([])
    expect((await w.api('POST', `/api/campaigns/${campaignId}/members/${applicant.id}/accept`, vendor)).status).toBe(200)
    expect(w.subjects(applicant.email)).toEqual(["You are in 'Diwali kurta edit'"])

    const mine = await w.api<MyCampaignDTO>('GET', `/api/campaigns/${campaignId}/my-deliverables`, applicant)
    const reel = mine.body.data.Deliverables[0]
    const path = `/api/campaigns/${campaignId}/deliverables/${reel.DeliverableID}`
    expect((await w.api('POST', `${path}/submit`, applicant, { PostURL: 'https://instagram.com/reel/1', Disclosed: true })).status).toBe(200)
    expect(w.subjects(vendor.email)).toEqual(["Zoya Khan submitted a Reel for 'Diwali kurta edit'"])
    // The bell opens the campaign's deliverables to review.
    expect((await bell(w, vendor)).map((n) => [n.kind, n.link])).toEqual([
      ['deliverable-submitted', `/vendor?tab=campaigns&campaign=${campaignId}&view=deliverables`],
    ])
    expect((await w.api('POST', `${path}/changes`, vendor, { Note: 'Add #Ad at the start' })).status).toBe(200)
    expect(w.subjects(applicant.email)).toContain("Changes asked for your Reel for 'Diwali kurta edit'")
    expect((await w.api('POST', `${path}/submit`, applicant, { PostURL: 'https://instagram.com/reel/2', Disclosed: true })).status).toBe(200)
    // The second submission is told too: it is a new thing to review.
    expect(w.subjects(vendor.email)).toHaveLength(2)
  })
})

describe('scheduled campaign reminders', () => {
  it('remind accepted creators of items not approved 2 days before the end, once', async () => {
    const w = world()
    const { vendor, campaignId } = await scene(w, { EndsOn: istDay(2), Deliverables: ['Reel', 'Story'] })
    const [done, late, declined] = [await makeMarketer(), await makeMarketer(), await makeMarketer()]
    for (const marketer of [done, late, declined])
      expect((await w.api('POST', `/api/campaigns/${campaignId}/apply`, marketer, { Pitch: PITCH })).status).toBe(201)
    // A run before anyone is accepted uses up nothing: the creators accepted next are still reminded.
    await remindDeliverablesDue(w.env, Date.now())
    for (const marketer of [done, late]) expect((await w.api('POST', `/api/campaigns/${campaignId}/members/${marketer.id}/accept`, vendor)).status).toBe(200)
    await w.api('POST', `/api/campaigns/${campaignId}/members/${declined.id}/decline`, vendor)
    // `done` has both items approved.
    const items = (await w.api<MyCampaignDTO>('GET', `/api/campaigns/${campaignId}/my-deliverables`, done)).body.data.Deliverables
    for (const item of items) {
      const path = `/api/campaigns/${campaignId}/deliverables/${item.DeliverableID}`
      await w.api('POST', `${path}/submit`, done, { PostURL: 'https://instagram.com/p/1', Disclosed: true })
      expect((await w.api('POST', `${path}/approve`, vendor)).status).toBe(200)
    }
    // Three days before the end: too early.
    const threeDaysBefore = Date.now() - 86_400_000
    await remindDeliverablesDue(w.env, threeDaysBefore)
    expect(w.subjects(late.email).filter((s) => s.includes('ends on'))).toEqual([])
    await Promise.all([remindDeliverablesDue(w.env, Date.now()), remindDeliverablesDue(w.env, Date.now())])
    await remindDeliverablesDue(w.env, Date.now() + 60_000)
    const due = `'Diwali kurta edit' ends on`
    expect(w.subjects(late.email).filter((s) => s.startsWith(due))).toHaveLength(1)
    expect(w.subjects(done.email).filter((s) => s.startsWith(due))).toHaveLength(0)
    expect(w.subjects(declined.email).filter((s) => s.startsWith(due))).toHaveLength(0)
    expect((await bell(w, late)).filter((n) => n.kind === 'deliverable-due')).toHaveLength(1)
  })

  it('nudge the vendor once a day about applications waiting more than 2 days', async () => {
    const w = world()
    const { vendor, campaignId } = await scene(w)
    const [old, fresh] = [await makeMarketer(), await makeMarketer()]
    for (const marketer of [old, fresh]) expect((await w.api('POST', `/api/campaigns/${campaignId}/apply`, marketer, { Pitch: PITCH })).status).toBe(201)
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString()
    await env.DB.prepare('UPDATE campaign_members SET createdAt = ? WHERE CampaignID = ? AND MarketerID = ?').bind(threeDaysAgo, campaignId, old.id).run()
    const nudges = () => w.subjects(vendor.email).filter((s) => s.endsWith('for your answer'))
    // Two runs of the 5-minute clock on one India day: moved past midnight when it is near.
    const fiveMinutes = 5 * 60_000
    const indiaDate = (t: number) => new Date(t + 330 * 60_000).toISOString().slice(0, 10)
    const now = indiaDate(Date.now()) === indiaDate(Date.now() + fiveMinutes) ? Date.now() : Date.now() + fiveMinutes + 1
    await nudgeWaitingApplications(w.env, now)
    await nudgeWaitingApplications(w.env, now + fiveMinutes)
    expect(nudges()).toEqual(['An application waits for your answer'])
    // The next day it is still waiting: one more nudge.
    await nudgeWaitingApplications(w.env, now + 86_400_000)
    expect(nudges()).toHaveLength(2)
    // Answered (by then the fresh one waited 2 days too): no more nudges.
    for (const marketer of [old, fresh]) await w.api('POST', `/api/campaigns/${campaignId}/members/${marketer.id}/decline`, vendor)
    await nudgeWaitingApplications(w.env, now + 2 * 86_400_000)
    expect(nudges()).toHaveLength(2)
  })
})
