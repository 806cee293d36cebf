import type { Context } from 'hono'
import { Hono } from 'hono'
import { positiveId } from '../contract/fields'
import { createLeadSchema, LEAD_MESSAGES, LEAD_NOT_FOUND_MESSAGE, leadStatusEffectQuerySchema, leadStatusSchema } from '../contract/lead'
import { marketerLeadQuerySchema, vendorLeadQuerySchema } from '../contract/lead-list'
import { db } from '../db/client'
import type { AppEnv } from '../env'
import { byRole, refuse } from '../domain/roles'
import { assertSelf, callerOf, requireRole } from '../middleware/auth'
import { Forbidden } from '../domain/errors'
import { eventsOf } from '../middleware/after-answer'
import { ok, okPage } from '../middleware/envelope'
import { jsonLimit, parseWith, pathId, queryOf, readJson } from '../middleware/validate'
import { marketerLeadPage, vendorLeadPage } from '../services/lead-lists'
import { createLead } from '../services/leads'
import { changeLeadStatus, loadOwnedLead, statusEffect } from '../services/lead-status'

const LEADS_FETCHED = 'Leads fetched successfully'

/** A page of a vendor's leads (buyer contact in full); the query is read after the caller checks. */
async function vendorLeads(c: Context<AppEnv>, vendorId: number) {
  const page = await vendorLeadPage(db(c), vendorId, parseWith(vendorLeadQuerySchema, queryOf(c)))
  return okPage(c, LEADS_FETCHED, page.rows, page.paging)
}

/** A page of an influencer's leads, buyer contact masked. */
async function marketerLeads(c: Context<AppEnv>, marketerId: number) {
  const page = await marketerLeadPage(db(c), marketerId, parseWith(marketerLeadQuerySchema, queryOf(c)))
  return okPage(c, LEADS_FETCHED, page.rows, page.paging)
}

// Cloudflare sets CF-Connecting-IP on every request it forwards; local runs share one bucket.
const clientIp = (c: Context<AppEnv>) => c.req.header('cf-connecting-ip') ?? 'local'

export const leadRoutes = new Hono<AppEnv>()
  .post('/create', jsonLimit, async (c) => {
    const input = parseWith(createLeadSchema, await readJson(c))
    // An influencer signed in on their own link would only be paying themselves commission.
    const caller = c.get('caller')
    if (caller?.role === 'marketer' && caller.id === input.MarketerID) throw new Forbidden(LEAD_MESSAGES.ownLink)
    const lead = await createLead(db(c), eventsOf(c), c.env.JWT_SECRET, input, clientIp(c), caller?.role === 'marketer' ? caller.id : null)
    if (lead === null) return ok(c, LEAD_MESSAGES.duplicate, null, 201)
    return ok(c, LEAD_MESSAGES.created, { LeadID: lead.LeadID, CodeNotice: lead.CodeNotice }, 201)
  })
  .get('/leadsbyvendorid/:vendorId', requireRole('vendor'), (c) => vendorLeads(c, assertSelf(c, 'vendor', positiveId(c.req.param('vendorId')) ?? 0).id))
  .get('/leadsbymarketerid/:marketerId', requireRole('marketer'), (c) =>
    marketerLeads(c, assertSelf(c, 'marketer', positiveId(c.req.param('marketerId')) ?? 0).id),
  )
  .get('/leadsdata', requireRole('vendor', 'marketer'), (c) =>
    byRole(callerOf(c), { vendor: (id) => vendorLeads(c, id), marketer: (id) => marketerLeads(c, id), admin: refuse }),
  )
  .put('/status/:id', jsonLimit, requireRole('vendor'), async (c) => {
    // The lead is checked before the body is read: 404 / 403 whatever was sent.
    const lead = await loadOwnedLead(db(c), callerOf(c).id, pathId(c, 'id', LEAD_NOT_FOUND_MESSAGE))
    const input = parseWith(leadStatusSchema, await readJson(c))
    const changed = await changeLeadStatus(db(c), eventsOf(c), lead, input)
    return ok(c, 'Lead status updated successfully', changed)
  })
  .get('/status/:id/effect', requireRole('vendor'), async (c) => {
    const lead = await loadOwnedLead(db(c), callerOf(c).id, pathId(c, 'id', LEAD_NOT_FOUND_MESSAGE))
    const { Status } = parseWith(leadStatusEffectQuerySchema, queryOf(c))
    return ok(c, 'Status change worked out', await statusEffect(db(c), lead, Status))
  })
