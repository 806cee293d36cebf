import { mountAll } from '../define'
import { v1ConversionRoutes } from './conversions'
import { v1LeadRoutes } from './leads'
import { v1OrderRoutes } from './orders'
import { v1ProductRoutes } from './products'

/**
 * /api/v1: the vendors' API, for their stores and CRMs. API keys only: a dashboard sign-in token
 * is refused here, as a key is refused on every dashboard route (it never becomes a `caller`).
 */
export const v1Routes = mountAll(...v1LeadRoutes, ...v1ProductRoutes, ...v1ConversionRoutes, ...v1OrderRoutes)
