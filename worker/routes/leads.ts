import type { Context } from 'hono'
import { positiveId } from '../contract/fields'
import { LEAD_MESSAGES, LEAD_NOT_FOUND_MESSAGE } from '../contract/lead'
import { marketerLeadQuerySchema, vendorLeadQuerySchema } from '../contract/lead-list'
import { LEAD_ROUTES as R } from '../contract/lead-routes'
import { db } from '../db/client'
import type { AppEnv } from '../env'
import { byRole, refuse } from '../domain/roles'
import { assertSelf, callerOf } from '../middleware/auth'
import { Forbidden } from '../domain/errors'
import { eventsOf } from '../middleware/after-answer'
import { parseWith, pathId, queryOf } from '../middleware/validate'
import { marketerLeadPage, vendorLeadPage } from '../services/lead-lists'
import { createLead } from '../services/leads'
import { changeLeadStatus, loadOwnedLead, statusEffect } from '../services/lead-status'
import { handle, mountAll, type Reply } from './define'

type ListReply = Reply<typeof R.byVendor> | Reply<typeof R.byMarketer> | Reply<typeof R.own>

/** A page of a vendor's leads (buyer contact in full); the query is read after the caller checks. */
async function vendorLeads(c: Context<AppEnv>, r: ListReply, vendorId: number) {
  const page = await vendorLeadPage(db(c), vendorId, parseWith(vendorLeadQuerySchema, queryOf(c)))
  return r.page(page.rows, page.paging)
}

/** A page of an influencer's leads, buyer contact masked. */
async function marketerLeads(c: Context<AppEnv>, r: ListReply, marketerId: number) {
  const page = await marketerLeadPage(db(c), marketerId, parseWith(marketerLeadQuerySchema, queryOf(c)))
  return r.page(page.rows, page.paging)
}

// Cloudflare sets CF-Connecting-IP on every request it forwards; local runs share one bucket.
const clientIp = (c: Context<AppEnv>) => c.req.header('cf-connecting-ip') ?? 'local'

export const leadRoutes = mountAll(
  handle(R.create, async (c, r) => {
    const input = await r.body()
    // An influencer signed in on their own link would only be paying themselves commission.
    const caller = c.get('caller')
    if (caller?.role === 'marketer' && caller.id === input.MarketerID) throw new Forbidden(LEAD_MESSAGES.ownLink)
    const lead = await createLead(db(c), eventsOf(c), c.env.JWT_SECRET, input, clientIp(c), caller?.role === 'marketer' ? caller.id : null)
    if (lead === null) return r.ok(null, { message: LEAD_MESSAGES.duplicate })
    return r.ok({ LeadID: lead.LeadID, CodeNotice: lead.CodeNotice }, { message: LEAD_MESSAGES.created })
  }),
  handle(R.byVendor, (c, r) => vendorLeads(c, r, assertSelf(c, 'vendor', positiveId(c.req.param('vendorId')) ?? 0).id)),
  handle(R.byMarketer, (c, r) => marketerLeads(c, r, assertSelf(c, 'marketer', positiveId(c.req.param('marketerId')) ?? 0).id)),
  handle(R.own, (c, r) => byRole(callerOf(c), { vendor: (id) => vendorLeads(c, r, id), marketer: (id) => marketerLeads(c, r, id), admin: refuse })),
  handle(R.changeStatus, async (c, r) => {
    // The lead is checked before the body is read: 404 / 403 whatever was sent.
    const lead = await loadOwnedLead(db(c), callerOf(c).id, pathId(c, 'id', LEAD_NOT_FOUND_MESSAGE))
    return r.ok(await changeLeadStatus(db(c), eventsOf(c), lead, await r.body()))
  }),
  handle(R.statusEffect, async (c, r) => {
    const lead = await loadOwnedLead(db(c), callerOf(c).id, pathId(c, 'id', LEAD_NOT_FOUND_MESSAGE))
    const { Status } = r.query()
    return r.ok(await statusEffect(db(c), lead, Status))
  }),
)
