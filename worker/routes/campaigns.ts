import type { Context } from 'hono'
import { CAMPAIGN_MESSAGES, CAMPAIGN_ROUTES as R } from '../contract/campaigns'
import { db } from '../db/client'
import { linkOrigin } from '../domain/affiliate'
import type { AppEnv } from '../env'
import { eventsOf } from '../middleware/after-answer'
import { callerOf } from '../middleware/auth'
import { pathId } from '../middleware/validate'
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
import { assertEmailVerified } from '../services/email-verification'
import { handle, mountAll } from './define'

type C = Context<AppEnv>
const campaignId = (c: C) => pathId(c, 'id', CAMPAIGN_MESSAGES.notFound)
const marketerId = (c: C) => pathId(c, 'marketerId', CAMPAIGN_MESSAGES.memberNotFound)
const deliverableId = (c: C) => pathId(c, 'deliverableId', CAMPAIGN_MESSAGES.deliverableNotFound)
/** Money actions need a verified address (decision 131), checked before anything else is read. */
const verifiedVendor = (c: C) => assertEmailVerified(db(c), 'vendor', callerOf(c).id, CAMPAIGN_MESSAGES.verifyFirst)

/** Vendors run campaigns, influencers apply, deliver and are paid; contract/campaigns.ts lists the calls. */
export const campaignRoutes = mountAll(
  handle(R.create, async (c, r) => {
    await verifiedVendor(c)
    return r.ok(await createCampaign(db(c), callerOf(c).id, await r.body()))
  }),
  handle(R.list, async (c, r) => r.pageOf(vendorCampaignsPage(db(c), callerOf(c).id, r.query()))),
  // Before /{id}, which would otherwise take 'open' and 'joined' for ids.
  handle(R.open, async (c, r) => r.pageOf(openCampaignsPage(db(c), callerOf(c).id, r.query()))),
  handle(R.joined, async (c, r) => r.pageOf(joinedCampaignsPage(db(c), callerOf(c).id, r.query()))),
  handle(R.one, async (c, r) => r.ok(await readCampaign(db(c), callerOf(c), campaignId(c)))),
  handle(R.close, async (c, r) => r.ok(await closeCampaign(db(c), callerOf(c).id, campaignId(c)))),
  handle(R.invite, async (c, r) => {
    const id = campaignId(c)
    const { MarketerID } = await r.body()
    return r.ok(await inviteToCampaign(db(c), eventsOf(c), callerOf(c).id, id, MarketerID))
  }),
  handle(R.members, async (c, r) => r.pageOf(campaignMembersPage(db(c), callerOf(c).id, campaignId(c), r.query()))),
  handle(R.acceptMember, async (c, r) => {
    const [id, marketer] = [campaignId(c), marketerId(c)]
    return r.ok(await answerApplication(db(c), eventsOf(c), callerOf(c).id, id, marketer, 'Accepted'))
  }),
  handle(R.declineMember, async (c, r) => {
    const [id, marketer] = [campaignId(c), marketerId(c)]
    return r.ok(await answerApplication(db(c), eventsOf(c), callerOf(c).id, id, marketer, 'Declined'))
  }),
  handle(R.deliverables, async (c, r) => r.pageOf(campaignDeliverablesPage(db(c), callerOf(c).id, campaignId(c), r.query()))),
  handle(R.approve, async (c, r) => {
    await verifiedVendor(c)
    return r.ok(await approveDeliverable(db(c), eventsOf(c), callerOf(c).id, campaignId(c), deliverableId(c)))
  }),
  handle(R.changes, async (c, r) => {
    const [id, itemId] = [campaignId(c), deliverableId(c)]
    const { Note } = await r.body()
    return r.ok(await requestDeliverableChanges(db(c), eventsOf(c), callerOf(c).id, id, itemId, Note))
  }),
  handle(R.stats, async (c, r) => r.pageOf(campaignStats(db(c), callerOf(c).id, campaignId(c), r.query()))),
  handle(R.apply, async (c, r) => {
    const id = campaignId(c)
    const { Pitch } = await r.body()
    return r.ok(await applyToCampaign(db(c), eventsOf(c), callerOf(c).id, id, Pitch))
  }),
  handle(R.acceptInvitation, async (c, r) => r.ok(await answerInvitation(db(c), eventsOf(c), callerOf(c).id, campaignId(c), 'Accepted'))),
  handle(R.declineInvitation, async (c, r) => r.ok(await answerInvitation(db(c), eventsOf(c), callerOf(c).id, campaignId(c), 'Declined'))),
  handle(R.mine, async (c, r) => r.ok(await myCampaign(db(c), callerOf(c).id, campaignId(c), linkOrigin(c.env.PUBLIC_ORIGIN, c.req.url)))),
  handle(R.submit, async (c, r) => {
    const [id, itemId] = [campaignId(c), deliverableId(c)]
    const { PostURL } = await r.body()
    return r.ok(await submitDeliverable(db(c), eventsOf(c), callerOf(c).id, id, itemId, PostURL))
  }),
)
