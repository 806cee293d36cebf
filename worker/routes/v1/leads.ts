import { Hono } from 'hono'
import { LEAD_NOT_FOUND_MESSAGE, leadStatusSchema } from '../../contract/lead'
import { vendorLeadQuerySchema } from '../../contract/lead-list'
import { db } from '../../db/client'
import type { AppEnv } from '../../env'
import { eventsOf } from '../../middleware/after-answer'
import { apiKeyOf, requireScope } from '../../middleware/api-key'
import { ok, okPage } from '../../middleware/envelope'
import { jsonLimit, parseWith, pathId, queryOf, readJson } from '../../middleware/validate'
import { changeLeadStatus } from '../../services/lead-status'
import { vendorLeadPage } from '../../services/lead-lists'
import { ownLeadOr404, vendorLead } from '../../services/v1-leads'

/** /api/v1/leads: the key's vendor's leads, with the dashboard list's filters, and their status. */
export const v1LeadRoutes = new Hono<AppEnv>()
  .get('/', requireScope('leads:read'), async (c) => {
    const page = await vendorLeadPage(db(c), apiKeyOf(c).vendorId, parseWith(vendorLeadQuerySchema, queryOf(c)))
    return okPage(c, 'Leads fetched successfully', page.rows, page.paging)
  })
  .get('/:id', requireScope('leads:read'), async (c) => {
    const lead = await vendorLead(db(c), apiKeyOf(c).vendorId, pathId(c, 'id', LEAD_NOT_FOUND_MESSAGE))
    return ok(c, 'Lead fetched successfully', lead)
  })
  .put('/:id/status', jsonLimit, requireScope('leads:write'), async (c) => {
    const lead = await ownLeadOr404(db(c), apiKeyOf(c).vendorId, pathId(c, 'id', LEAD_NOT_FOUND_MESSAGE))
    const input = parseWith(leadStatusSchema, await readJson(c))
    const changed = await changeLeadStatus(db(c), eventsOf(c), lead, input)
    return ok(c, 'Lead status updated successfully', changed)
  })
