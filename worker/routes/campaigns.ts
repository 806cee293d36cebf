import { type Context, Hono } from 'hono'
import {
  applySchema,
  CAMPAIGN_MESSAGES,
  campaignInputSchema,
  changesSchema,
  deliverablesQuerySchema,
  inviteSchema,
  joinedCampaignsQuerySchema,
  membersQuerySchema,
  openCampaignsQuerySchema,
  statsQuerySchema,
  submitDeliverableSchema,
  vendorCampaignsQuerySchema,
} from '../contract/campaigns'
import { db } from '../db/client'
import { linkOrigin } from '../domain/affiliate'
import type { AppEnv } from '../env'
import { eventsOf } from '../middleware/after-answer'
import { callerOf, requireRole } from '../middleware/auth'
import { ok, okPage, okPageWith } from '../middleware/envelope'
import { jsonLimit, parseWith, pathId, queryOf, readJson } from '../middleware/validate'
import { requireVerifiedEmail } from '../middleware/verified-email'
import {
  approveDeliverable,
  campaignDeliverablesPage,
  campaignStats,
  myCampaign,
  requestDeliverableChanges,
  submitDeliverable,
} from '../services/campaign-deliverables'
import { answerApplication, answerInvitation, applyToCampaign, campaignMembersPage, inviteToCampaign } from '../services/campaign-members'
import { closeCampaign, createCampaign, joinedCampaignsPage, openCampaignsPage, readCampaign, vendorCampaignsPage } from '../services/campaigns'

type C = Context<AppEnv>
const campaignId = (c: C) => pathId(c, 'id', CAMPAIGN_MESSAGES.notFound)
const marketerId = (c: C) => pathId(c, 'marketerId', CAMPAIGN_MESSAGES.memberNotFound)
const deliverableId = (c: C) => pathId(c, 'deliverableId', CAMPAIGN_MESSAGES.deliverableNotFound)

/** /api/campaigns: vendors run campaigns, influencers apply, deliver and are paid; contract/campaigns.ts lists the calls. */
export const campaignRoutes = new Hono<AppEnv>()
  .post('/', jsonLimit, requireRole('vendor'), requireVerifiedEmail('vendor', CAMPAIGN_MESSAGES.verifyFirst), async (c) => {
    const input = parseWith(campaignInputSchema, await readJson(c))
    return ok(c, CAMPAIGN_MESSAGES.created, await createCampaign(db(c), callerOf(c).id, input), 201)
  })
  .get('/', requireRole('vendor'), async (c) => {
    const page = await vendorCampaignsPage(db(c), callerOf(c).id, parseWith(vendorCampaignsQuerySchema, queryOf(c)))
    return okPage(c, CAMPAIGN_MESSAGES.fetched, page.rows, page.paging)
  })
  // Before /:id, which would otherwise take 'open' and 'joined' for ids.
  .get('/open', requireRole('marketer'), async (c) => {
    const page = await openCampaignsPage(db(c), callerOf(c).id, parseWith(openCampaignsQuerySchema, queryOf(c)))
    return okPage(c, CAMPAIGN_MESSAGES.fetched, page.rows, page.paging)
  })
  .get('/joined', requireRole('marketer'), async (c) => {
    const page = await joinedCampaignsPage(db(c), callerOf(c).id, parseWith(joinedCampaignsQuerySchema, queryOf(c)))
    return okPage(c, CAMPAIGN_MESSAGES.fetched, page.rows, page.paging)
  })
  .get('/:id', requireRole('vendor', 'marketer'), async (c) => ok(c, CAMPAIGN_MESSAGES.fetchedOne, await readCampaign(db(c), callerOf(c), campaignId(c))))
  .post('/:id/close', requireRole('vendor'), async (c) => ok(c, CAMPAIGN_MESSAGES.closed, await closeCampaign(db(c), callerOf(c).id, campaignId(c))))
  .post('/:id/invites', jsonLimit, requireRole('vendor'), async (c) => {
    const id = campaignId(c)
    const { MarketerID } = parseWith(inviteSchema, await readJson(c))
    const member = await inviteToCampaign(db(c), eventsOf(c), callerOf(c).id, id, MarketerID)
    return ok(c, CAMPAIGN_MESSAGES.invited, member, 201)
  })
  .get('/:id/members', requireRole('vendor'), async (c) => {
    const page = await campaignMembersPage(db(c), callerOf(c).id, campaignId(c), parseWith(membersQuerySchema, queryOf(c)))
    return okPage(c, CAMPAIGN_MESSAGES.membersFetched, page.rows, page.paging)
  })
  .post('/:id/members/:marketerId/accept', requireRole('vendor'), async (c) => {
    const [id, marketer] = [campaignId(c), marketerId(c)]
    const member = await answerApplication(db(c), eventsOf(c), callerOf(c).id, id, marketer, 'Accepted')
    return ok(c, CAMPAIGN_MESSAGES.accepted, member)
  })
  .post('/:id/members/:marketerId/decline', requireRole('vendor'), async (c) => {
    const [id, marketer] = [campaignId(c), marketerId(c)]
    const member = await answerApplication(db(c), eventsOf(c), callerOf(c).id, id, marketer, 'Declined')
    return ok(c, CAMPAIGN_MESSAGES.declined, member)
  })
  .get('/:id/deliverables', requireRole('vendor'), async (c) => {
    const page = await campaignDeliverablesPage(db(c), callerOf(c).id, campaignId(c), parseWith(deliverablesQuerySchema, queryOf(c)))
    return okPage(c, CAMPAIGN_MESSAGES.deliverablesFetched, page.rows, page.paging)
  })
  .post('/:id/deliverables/:deliverableId/approve', requireRole('vendor'), requireVerifiedEmail('vendor', CAMPAIGN_MESSAGES.verifyFirst), async (c) => {
    const item = await approveDeliverable(db(c), eventsOf(c), callerOf(c).id, campaignId(c), deliverableId(c))
    return ok(c, CAMPAIGN_MESSAGES.approved, item)
  })
  .post('/:id/deliverables/:deliverableId/changes', jsonLimit, requireRole('vendor'), async (c) => {
    const [id, itemId] = [campaignId(c), deliverableId(c)]
    const { Note } = parseWith(changesSchema, await readJson(c))
    const item = await requestDeliverableChanges(db(c), eventsOf(c), callerOf(c).id, id, itemId, Note)
    return ok(c, CAMPAIGN_MESSAGES.changesRequested, item)
  })
  .get('/:id/stats', requireRole('vendor'), async (c) => {
    const stats = await campaignStats(db(c), callerOf(c).id, campaignId(c), parseWith(statsQuerySchema, queryOf(c)))
    return okPageWith(c, CAMPAIGN_MESSAGES.statsFetched, stats.rows, stats.paging, { totals: stats.totals })
  })
  .post('/:id/apply', jsonLimit, requireRole('marketer'), async (c) => {
    const id = campaignId(c)
    const { Pitch } = parseWith(applySchema, await readJson(c))
    const member = await applyToCampaign(db(c), eventsOf(c), callerOf(c).id, id, Pitch)
    return ok(c, CAMPAIGN_MESSAGES.applied, member, 201)
  })
  .post('/:id/invitation/accept', requireRole('marketer'), async (c) => {
    const id = campaignId(c)
    const member = await answerInvitation(db(c), eventsOf(c), callerOf(c).id, id, 'Accepted')
    return ok(c, CAMPAIGN_MESSAGES.invitationAccepted, member)
  })
  .post('/:id/invitation/decline', requireRole('marketer'), async (c) => {
    const id = campaignId(c)
    const member = await answerInvitation(db(c), eventsOf(c), callerOf(c).id, id, 'Declined')
    return ok(c, CAMPAIGN_MESSAGES.invitationDeclined, member)
  })
  .get('/:id/my-deliverables', requireRole('marketer'), async (c) =>
    ok(c, CAMPAIGN_MESSAGES.deliverablesFetched, await myCampaign(db(c), callerOf(c).id, campaignId(c), linkOrigin(c.env.PUBLIC_ORIGIN, c.req.url))),
  )
  .post('/:id/deliverables/:deliverableId/submit', jsonLimit, requireRole('marketer'), async (c) => {
    const [id, itemId] = [campaignId(c), deliverableId(c)]
    const { PostURL } = parseWith(submitDeliverableSchema, await readJson(c))
    const deliverable = await submitDeliverable(db(c), eventsOf(c), callerOf(c).id, id, itemId, PostURL)
    return ok(c, CAMPAIGN_MESSAGES.submitted, deliverable)
  })
