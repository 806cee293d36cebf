import { Hono } from 'hono'
import type { AppEnv } from './env'
import { API_REFERENCE_PATH, apiReferencePage } from './html/api-reference'
import { requireApiKey } from './middleware/api-key'
import { identify, requireRole } from './middleware/auth'
import { requirePublicOrigin } from './middleware/public-origin'
import { securityHeaders } from './middleware/security-headers'
import { d1ServerTiming } from './middleware/server-timing'
import { sharedReads } from './middleware/shared-reads'
import { onError, onNotFound } from './middleware/envelope'
import { adminRoutes } from './routes/admin'
import { analyticsRoutes } from './routes/analytics'
import { apiKeyRoutes } from './routes/api-keys'
import { impressionRoutes } from './routes/impressions'
import { couponRoutes } from './routes/coupons'
import { leadRoutes } from './routes/leads'
import { marketerRoutes } from './routes/marketers'
import { mediaRoutes } from './routes/media'
import { moneyRoutes } from './routes/money'
import { attributionRoutes } from './routes/attribution'
import { payoutAccountRoutes, payoutWebhookRoutes } from './routes/payout-accounts'
import { orderScreenRoutes } from './routes/orders'
import { notificationRoutes } from './routes/notifications'
import { appOrNotFound, pageRoutes } from './routes/pages'
import { emailVerificationRoutes } from './routes/email-verification'
import { passwordResetRoutes } from './routes/password-reset'
import { affiliateLinkRoutes, productRoutes } from './routes/products'
import { serviceRoutes } from './routes/service'
import { v1Routes } from './routes/v1'
import { idempotency } from './middleware/idempotency'
import { storeRoutes, storeWebhookRoutes } from './routes/stores'
import { campaignRoutes } from './routes/campaigns'
import { storefrontRoutes } from './routes/storefront'
import { vendorRoutes } from './routes/vendors'
import { webhookRoutes } from './routes/webhooks'

export const app = new Hono<AppEnv>()

// First, so that it wraps every answer below, errors and 404s included.
app.use('*', securityHeaders)
// A deployed Worker without its public address refuses everything (links would follow the Host header).
app.use('*', requirePublicOrigin)

// Documents (the buy page, product and profile heads, robots.txt, sitemap.xml) come next: a route
// that answers ends the chain before the API's middleware below. The buy form posted without
// JavaScript goes through the API in the same invocation.
app.route(
  '/',
  pageRoutes((request, env, ctx) => app.fetch(request, env, ctx)),
)

// The readable API reference (wrangler.toml runs the Worker first for it: it writes the page's policy).
app.get(API_REFERENCE_PATH, apiReferencePage)

// Every API answer says what it cost in D1 (Server-Timing): first under /api, so everything below
// reads through the one counted binding.
app.use('/api/*', d1ServerTiming)
// Impression tracking answers before the session check below: that check is a D1 read, and the hot
// path reads no storage (the route checks a token's signature itself, for its own-visit rule).
app.route('/', impressionRoutes)
// Store order webhooks carry no token or API key: the store's signature over the raw
// body is the authentication, checked in the route before anything is read or written.
app.route('/', storeWebhookRoutes)
// The payout providers' status webhooks: signed like store webhooks, no token (decision 298).
app.route('/', payoutWebhookRoutes)
// Before the session check, so identical reads in flight share it too.
app.use('/api/*', sharedReads)
// The vendors' API authenticates with API keys, never dashboard sessions: mounted before the
// session check, which never runs for it (a key is not a session). After shared reads, so that its
// writes count as writes there; its reads are never shared (each counts against its key's limit).
app.use('/api/v1/*', requireApiKey)
// Every v1 POST may carry an Idempotency-Key (decision 289).
app.use('/api/v1/*', idempotency)
app.route('/', v1Routes)
app.use(
  '/api/*',
  identify((request, env, ctx) => app.fetch(request, env, ctx)),
)

// Liveness for local tooling and uptime checks, and the OpenAPI document of every /api route.
app.route('/', serviceRoutes)

// Before the resources: /api/admin's routes all need an admin, and these need nobody.
app.route('/', passwordResetRoutes)
app.route('/', emailVerificationRoutes)
app.route('/', adminRoutes)
app.route('/', apiKeyRoutes)
app.route('/', vendorRoutes)
app.route('/', marketerRoutes)
app.route('/', analyticsRoutes)
app.route('/', productRoutes)
app.route('/', leadRoutes)
app.route('/', moneyRoutes)
app.route('/', attributionRoutes)
app.route('/', payoutAccountRoutes)
app.route('/', orderScreenRoutes)
app.route('/', notificationRoutes)
app.route('/', webhookRoutes)
app.route('/', storeRoutes)
app.route('/', storefrontRoutes)
app.route('/', couponRoutes)
app.route('/', campaignRoutes)
// The affiliate links list the catalogue; impression tracking mounts its own routes under the same prefix.
app.route('/', affiliateLinkRoutes)
app.route('/media', mediaRoutes)
// Reached only when no route above answered: a path under /api/admin that names no route is 401
// without a credential and 403 to a vendor or influencer, like every admin route; an admin gets the 404.
app.use('/api/admin/*', requireRole('admin'))

// A page a browser asks for (not the API's, not the media's) is the app or its 404 page; the API
// answers its JSON 404 (decision 261).
const isPageRequest = (method: string, path: string) => (method === 'GET' || method === 'HEAD') && !/^\/(api|media)(\/|$)|^\/__scheduled$/.test(path)
app.notFound((c) => (isPageRequest(c.req.method, c.req.path) ? appOrNotFound(c) : onNotFound(c)))
app.onError(onError)
