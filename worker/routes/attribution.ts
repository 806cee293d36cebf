// /api/attribution (decision 292): the vendor's attribution window and rule for store orders,
// one definition per route (contract/attribution.ts).

import { ATTRIBUTION_ROUTES as R } from '../contract/attribution'
import { db } from '../db/client'
import { callerOf } from '../middleware/auth'
import { attributionSettingsOf, changeAttributionSettings } from '../services/attribution'
import { handle, mountAll } from './define'

export const attributionRoutes = mountAll(
  handle(R.settings, async (c, r) => r.ok(await attributionSettingsOf(db(c), callerOf(c).id))),
  handle(R.saveSettings, async (c, r) => r.ok(await changeAttributionSettings(db(c), callerOf(c).id, await r.body()))),
)
