import { LEAD_NOT_FOUND_MESSAGE } from '../../contract/lead'
import { V1_ROUTES as R } from '../../contract/v1-routes'
import { db } from '../../db/client'
import { eventsOf } from '../../middleware/after-answer'
import { apiKeyOf } from '../../middleware/api-key'
import { pathId } from '../../middleware/validate'
import { changeLeadStatus } from '../../services/lead-status'
import { vendorLeadPage } from '../../services/lead-lists'
import { ownLeadOr404, vendorLead } from '../../services/v1-leads'
import { handle } from '../define'

/** /api/v1/leads: the key's vendor's leads, with the dashboard list's filters, and their status. */
export const v1LeadRoutes = [
  handle(R.leads, async (c, r) => {
    const page = await vendorLeadPage(db(c), apiKeyOf(c).vendorId, r.query())
    return r.page(page.rows, page.paging)
  }),
  handle(R.lead, async (c, r) => r.ok(await vendorLead(db(c), apiKeyOf(c).vendorId, pathId(c, 'id', LEAD_NOT_FOUND_MESSAGE)))),
  handle(R.leadStatus, async (c, r) => {
    const lead = await ownLeadOr404(db(c), apiKeyOf(c).vendorId, pathId(c, 'id', LEAD_NOT_FOUND_MESSAGE))
    return r.ok(await changeLeadStatus(db(c), eventsOf(c), lead, await r.body()))
  }),
]
