import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { requireApiKey } from '../../middleware/api-key'
import { v1ConversionRoutes } from './conversions'
import { v1LeadRoutes } from './leads'
import { v1ProductRoutes } from './products'

/**
 * /api/v1: the vendors' API, for their stores and CRMs. API keys only: a dashboard sign-in token
 * is refused here, as a key is refused on every dashboard route (it never becomes a `caller`).
 */
export const v1Routes = new Hono<AppEnv>()
  .use('*', requireApiKey)
  .route('/leads', v1LeadRoutes)
  .route('/products', v1ProductRoutes)
  .route('/conversions', v1ConversionRoutes)
