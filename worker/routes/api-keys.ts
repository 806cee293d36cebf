import { Hono } from 'hono'
import { API_KEY_MESSAGES, createApiKeySchema } from '../contract/api-keys'
import { pageQuerySchema } from '../contract/paging'
import { db } from '../db/client'
import type { AppEnv } from '../env'
import { callerOf, requireRole } from '../middleware/auth'
import { ok, okPage } from '../middleware/envelope'
import { jsonLimit, parseWith, pathId, queryOf, readJson } from '../middleware/validate'
import { apiKeyPage, createApiKey, revokeApiKey, vendorActivityPage } from '../services/api-keys'

/** /api/vendors/api-keys: the signed-in vendor's own keys (dashboard token only; keys never manage keys). */
export const apiKeyRoutes = new Hono<AppEnv>()
  .get('/', requireRole('vendor'), async (c) => {
    const page = await apiKeyPage(db(c), callerOf(c).id, parseWith(pageQuerySchema, queryOf(c)))
    return okPage(c, API_KEY_MESSAGES.listed, page.rows, page.paging)
  })
  .post('/', jsonLimit, requireRole('vendor'), async (c) => {
    const input = parseWith(createApiKeySchema, await readJson(c))
    return ok(c, API_KEY_MESSAGES.created, await createApiKey(db(c), callerOf(c).id, input), 201)
  })
  .post('/:keyId/revoke', requireRole('vendor'), async (c) => {
    const keyId = pathId(c, 'keyId', API_KEY_MESSAGES.notFound)
    return ok(c, API_KEY_MESSAGES.revoked, await revokeApiKey(db(c), callerOf(c).id, keyId))
  })

/** /api/vendors/activity: what the vendor did on their own account (key actions), newest first. */
export const vendorActivityRoutes = new Hono<AppEnv>().get('/', requireRole('vendor'), async (c) => {
  const page = await vendorActivityPage(db(c), callerOf(c).id, parseWith(pageQuerySchema, queryOf(c)))
  return okPage(c, API_KEY_MESSAGES.activity, page.rows, page.paging)
})
