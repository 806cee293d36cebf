import type { Context } from 'hono'
import { Hono } from 'hono'
import { positiveId } from '../contract/fields'
import { createLeadSchema, LEAD_MESSAGES, LEAD_NOT_FOUND_MESSAGE, leadStatusSchema } from '../contract/lead'
import { db } from '../db/client'
import { findLead, listLeads, setLeadStatus, toLeadDTO } from '../db/leads'
import { ipSubject } from '../domain/leads'
import type { AppEnv } from '../env'
import { assertSelf, callerOf, requireAuth, requireRole } from '../middleware/auth'
import { forbidden, notFound, ok } from '../middleware/envelope'
import { jsonLimit, parseWith, pathId, readJson } from '../middleware/validate'
import { createLead } from '../services/leads'

// Cloudflare sets CF-Connecting-IP on every request it forwards; local runs share one bucket.
const clientIp = (c: Context<AppEnv>) => c.req.header('cf-connecting-ip') ?? 'local'

export const leadRoutes = new Hono<AppEnv>()
  .post('/create', jsonLimit, async (c) => {
    const input = parseWith(createLeadSchema, await readJson(c))
    const leadId = await createLead(db(c), input, await ipSubject(clientIp(c)))
    if (leadId === null) return ok(c, LEAD_MESSAGES.duplicate, null, 201)
    return ok(c, LEAD_MESSAGES.created, { LeadID: leadId }, 201)
  })
  .get('/leadsbyvendorid/:vendorId', requireAuth, async (c) => {
    const vendorId = assertSelf(c, 'vendor', positiveId(c.req.param('vendorId')) ?? 0).id
    const rows = await listLeads(db(c), { VendorID: vendorId })
    return ok(c, 'Leads fetched successfully', rows.map((row) => toLeadDTO(row, false)))
  })
  .get('/leadsbymarketerid/:marketerId', requireAuth, async (c) => {
    const marketerId = assertSelf(c, 'marketer', positiveId(c.req.param('marketerId')) ?? 0).id
    const rows = await listLeads(db(c), { MarketerID: marketerId })
    return ok(c, 'Leads fetched successfully', rows.map((row) => toLeadDTO(row, true)))
  })
  .get('/leadsdata', requireAuth, async (c) => {
    const caller = callerOf(c)
    const owner = caller.role === 'vendor' ? { VendorID: caller.id } : { MarketerID: caller.id }
    const rows = await listLeads(db(c), owner)
    return ok(c, 'Leads fetched successfully', rows.map((row) => toLeadDTO(row, caller.role === 'marketer')))
  })
  .put('/status/:id', jsonLimit, requireRole('vendor'), async (c) => {
    const d = db(c)
    const lead = await findLead(d, pathId(c, 'id', LEAD_NOT_FOUND_MESSAGE))
    if (!lead) throw notFound(LEAD_NOT_FOUND_MESSAGE)
    if (lead.VendorID !== callerOf(c).id) throw forbidden()
    const { Status } = parseWith(leadStatusSchema, await readJson(c))
    await setLeadStatus(d, lead.LeadID, Status)
    return ok(c, 'Lead status updated successfully', { LeadID: lead.LeadID, Status })
  })
