// Every /api route the OpenAPI document describes: one file per resource in ./routes/, added here.
// A route mounted in worker/app.ts without an entry (or an entry without a route) fails
// tests/worker/openapi.test.ts. Nothing in web/ imports this folder (biome.json says so).

import { buildDocument } from './document'
import type { RouteDef } from '../contract/route'
import { API_KEY_ROUTES } from '../contract/api-keys'
import { V1_ROUTES } from '../contract/v1-routes'
import { STOREFRONT_ROUTES } from '../contract/storefront'
import { COUPON_ROUTES } from '../contract/coupons'
import { CAMPAIGN_ROUTES } from '../contract/campaigns'
import { asDefinition } from './registry'
import { adminRoutes } from './routes/admin'
import { affiliateRoutes } from './routes/affiliate'
import { analyticsRoutes } from './routes/analytics'
import { apiRoutes } from './routes/api'
import { leadRoutes } from './routes/leads'
import { marketerRoutes } from './routes/marketers'
import { moneyRoutes } from './routes/money'
import { notificationRoutes } from './routes/notifications'
import { emailVerificationRoutes } from './routes/email-verification'
import { passwordResetRoutes } from './routes/password-reset'
import { productRoutes } from './routes/products'
import { storeRoutes } from './routes/stores'
import { vendorRoutes } from './routes/vendors'
import { webhookRoutes } from './routes/webhooks'

export const API_ROUTES: readonly RouteDef[] = [
  ...Object.values(API_KEY_ROUTES),
  ...Object.values(V1_ROUTES),
  ...Object.values(STOREFRONT_ROUTES),
  ...Object.values(COUPON_ROUTES),
  ...Object.values(CAMPAIGN_ROUTES),
  ...[
    ...apiRoutes,
    ...vendorRoutes,
    ...marketerRoutes,
    ...passwordResetRoutes,
    ...emailVerificationRoutes,
    ...productRoutes,
    ...affiliateRoutes,
    ...leadRoutes,
    ...moneyRoutes,
    ...notificationRoutes,
    ...webhookRoutes,
    ...storeRoutes,
    ...analyticsRoutes,
    ...adminRoutes,
  ].map(asDefinition),
]

let built: Record<string, unknown> | null = null

/** The document, built on first use and kept for the isolate's life (it depends on the code only). */
export function openApiDocument(): Record<string, unknown> {
  built ??= buildDocument(API_ROUTES)
  return built
}
