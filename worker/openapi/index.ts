// Every /api route the OpenAPI document describes: each resource's definitions (worker/contract/), added here.
// A route mounted in worker/app.ts without an entry (or an entry without a route) fails
// tests/worker/openapi.test.ts. Nothing in web/ imports this folder (biome.json says so).

import { buildDocument } from './document'
import type { RouteDef } from '../contract/route'
import { API_KEY_ROUTES } from '../contract/api-keys'
import { V1_ROUTES } from '../contract/v1-routes'
import { EMAIL_VERIFICATION_ROUTES } from '../contract/email-verification'
import { PASSWORD_RESET_ROUTES } from '../contract/password-reset'
import { IMPRESSION_ROUTES } from '../contract/impressions'
import { LEAD_ROUTES } from '../contract/lead-routes'
import { AFFILIATE_ROUTES, PRODUCT_ROUTES } from '../contract/product-routes'
import { SERVICE_ROUTES } from '../contract/service'
import { ANALYTICS_ROUTES } from '../contract/trends'
import { ADMIN_ROUTES } from '../contract/admin-routes'
import { STOREFRONT_ROUTES } from '../contract/storefront'
import { COUPON_ROUTES } from '../contract/coupons'
import { CAMPAIGN_ROUTES } from '../contract/campaigns'
import { MONEY_ROUTES } from '../contract/money-routes'
import { ATTRIBUTION_ROUTES } from '../contract/attribution'
import { PAYOUT_ACCOUNT_ROUTES, PAYOUT_WEBHOOK_ROUTES } from '../contract/payout-accounts'
import { ORDER_SCREEN_ROUTES } from '../contract/order-routes'
import { NOTIFICATION_ROUTES } from '../contract/notifications'
import { WEBHOOK_ROUTES } from '../contract/webhooks'
import { STORE_ROUTES, STORE_WEBHOOK_ROUTES } from '../contract/stores'
import { VENDOR_ROUTES } from '../contract/vendor-routes'
import { MARKETER_ROUTES } from '../contract/marketer-routes'

export const API_ROUTES: readonly RouteDef[] = [
  ...Object.values(SERVICE_ROUTES),
  ...Object.values(API_KEY_ROUTES),
  ...Object.values(V1_ROUTES),
  ...Object.values(PRODUCT_ROUTES),
  ...Object.values(AFFILIATE_ROUTES),
  ...Object.values(IMPRESSION_ROUTES),
  ...Object.values(LEAD_ROUTES),
  ...Object.values(PASSWORD_RESET_ROUTES).flatMap((pair) => Object.values(pair)),
  ...Object.values(EMAIL_VERIFICATION_ROUTES).flatMap((pair) => Object.values(pair)),
  ...Object.values(STOREFRONT_ROUTES),
  ...Object.values(COUPON_ROUTES),
  ...Object.values(CAMPAIGN_ROUTES),
  ...Object.values(MONEY_ROUTES),
  ...Object.values(ATTRIBUTION_ROUTES),
  ...Object.values(PAYOUT_ACCOUNT_ROUTES),
  ...Object.values(PAYOUT_WEBHOOK_ROUTES),
  ...Object.values(ORDER_SCREEN_ROUTES),
  ...Object.values(NOTIFICATION_ROUTES),
  ...Object.values(WEBHOOK_ROUTES),
  ...Object.values(STORE_ROUTES),
  ...Object.values(STORE_WEBHOOK_ROUTES),
  ...Object.values(VENDOR_ROUTES),
  ...Object.values(MARKETER_ROUTES),
  ...Object.values(ANALYTICS_ROUTES),
  ...Object.values(ADMIN_ROUTES),
]

let built: Record<string, unknown> | null = null

/** The document, built on first use and kept for the isolate's life (it depends on the code only). */
export function openApiDocument(): Record<string, unknown> {
  built ??= buildDocument(API_ROUTES)
  return built
}
