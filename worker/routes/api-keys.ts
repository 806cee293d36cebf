import { API_KEY_MESSAGES, API_KEY_ROUTES as R } from '../contract/api-keys'
import { db } from '../db/client'
import { callerOf } from '../middleware/auth'
import { pathId } from '../middleware/validate'
import { apiKeyPage, createApiKey, revokeApiKey, vendorActivityPage } from '../services/api-keys'
import { handle, mountAll } from './define'

/** The signed-in vendor's own keys and key activity (dashboard token only; keys never manage keys). */
export const apiKeyRoutes = mountAll(
  handle(R.list, async (c, r) => r.pageOf(apiKeyPage(db(c), callerOf(c).id, r.query()))),
  handle(R.create, async (c, r) => r.ok(await createApiKey(db(c), callerOf(c).id, await r.body()))),
  handle(R.revoke, async (c, r) => r.ok(await revokeApiKey(db(c), callerOf(c).id, pathId(c, 'keyId', API_KEY_MESSAGES.notFound)))),
  handle(R.activity, async (c, r) => r.pageOf(vendorActivityPage(db(c), callerOf(c).id, r.query()))),
)
