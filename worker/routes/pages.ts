// Pages the Worker answers as documents, not JSON (wrangler.toml run_worker_first lists their paths):
// the buy page rendered at the edge, product pages and influencer profiles (the SPA's index.html
// with their own head: title, description, link previews), /robots.txt and /sitemap.xml.

import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cleanSub, SUB_PARAM } from '../contract/attribution'
import { type BuyFieldName, type BuyIds, type BuyPageData, type BuySubmission, INVALID_LINK_TITLE, WITHOUT_CODE_FIELD } from '../contract/buy-page'
import { COUPON_MESSAGES, isCodeShape } from '../contract/coupons'
import type { Envelope } from '../contract/envelope'
import { LEAD_MESSAGES, type LeadCreated, leadProblem } from '../contract/lead'
import { positiveId } from '../contract/fields'
import { isAppPath } from '../contract/app-routes'
import { buyPagePath } from '../contract/paths'
import type { AppDispatch, AppEnv } from '../env'
import { buyPageResponse } from '../html/buy-page'
import { robotsTxt, sitemapResponse } from '../html/crawlers'
import { htmlResponse, loadTemplate, publicOrigin, SPA_SHELL } from '../html/document'
import { type PageHead, writeHead } from '../html/head'
import { buyHead, marketerHead, missingHead, productHead } from '../html/heads'
import { readBuyIds, resolveBuyLink } from '../services/buy-link'
import { resolveShortCode } from '../services/short-links'
import { isShortCode } from '../domain/short-links'
import { isBot, visitorId } from '../domain/impressions'
import { pageMarketer, pageProduct } from '../services/page-data'
import { storeRedirectTarget } from '../services/store-redirect'
import { writeFinished } from '../middleware/shared-reads'
import { makeDb } from '../db/client'
import { storefrontMissingResponse, storefrontMovedResponse, storefrontResponse } from '../html/storefront'
import { findStorefrontOwner, movedStorefrontPath, readStorefrontPage, recordStorefrontView } from '../services/storefront'

type PageContext = Context<AppEnv>

const INVALID_LINK_TEXT = 'This product link is incomplete or no longer offered.'

/** The SPA's index.html with the page's own head. */
async function spaPage(c: PageContext, head: PageHead, status: number): Promise<Response> {
  return htmlResponse(writeHead(await loadTemplate(c.env, c.req.url, SPA_SHELL), head), status)
}

/** When a page's record cannot be read, the app still loads (it shows its own error states). */
async function withPlainFallback(c: PageContext, write: () => Promise<Response>): Promise<Response> {
  try {
    return await write()
  } catch (err) {
    console.error('Page head failed, serving the plain app', c.req.path, err)
    return c.env.ASSETS.fetch(c.req.raw)
  }
}

const APOLOGY = `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Collabkart</title></head><body><h1>Something went wrong</h1><p>This page could not be shown just now. Please try again in a moment.</p><p><a href="/products">Browse products</a></p></body></html>`

/** A document route that fails (the database or the assets unreachable) answers a page, not the API's JSON. */
async function withApology(c: PageContext, write: () => Promise<Response>): Promise<Response> {
  try {
    return await write()
  } catch (err) {
    console.error('Page failed', c.req.method, c.req.path, err)
    return htmlResponse(new Response(APOLOGY), 503)
  }
}

async function buyPage(c: PageContext, ids: BuyIds, submission: BuySubmission | null, answerStatus = 200): Promise<Response> {
  const origin = publicOrigin(c.env, c.req.url)
  const { link, product } = await resolveBuyLink(c.env, ids)
  // A page answering a posted form does not report another visit.
  const data: BuyPageData = { ids, link, submission, track: submission === null }
  if (!link.valid || !product) {
    const path = new URL(c.req.url).pathname + new URL(c.req.url).search
    return buyPageResponse(c.env, c.req.url, data, missingHead(origin, path, INVALID_LINK_TITLE, INVALID_LINK_TEXT), 404)
  }
  const canonical = buyPagePath({ productId: product.ProductID, vendorId: product.VendorID, marketerId: link.marketerId })
  return buyPageResponse(c.env, c.req.url, data, buyHead(origin, product, canonical), answerStatus)
}

const NO_IDS: BuyIds = { productId: null, vendorId: null, marketerId: null }
const UNKNOWN_SHORT_LINK_TEXT = 'This short link does not lead anywhere. Ask whoever shared it for a new one.'

/**
 * A short link: a 302 to its pair's buy page, which then behaves exactly as the long link does
 * (a switched-off product or a removed account shows 'This link is not valid' there). Resolving
 * reads the isolate's memory, then KV, and D1 only on a cold code. A link-preview bot gets the buy
 * page itself at the short address (its tags, og:url the long link), as some apps do not follow
 * redirects for previews; it counts no impression (bots never do). An unknown code is the buy
 * page's own 'This link is not valid', 404.
 */
async function shortLink(c: PageContext): Promise<Response> {
  const code = c.req.param('code') ?? ''
  const target = isShortCode(code) ? await resolveShortCode(c.env, code, (p) => c.executionCtx.waitUntil(p)) : null
  if (target && isBot(c.req.header('user-agent'))) {
    return buyPage(c, { productId: target.ProductID, vendorId: target.VendorID, marketerId: target.MarketerID }, null)
  }
  if (target) {
    // A sub-ID on the short link (`/s/k3x9?sub=ig-reel-12`) goes on to the buy page; anything else is dropped.
    const sub = cleanSub(c.req.query(SUB_PARAM))
    const path = `${buyPagePath({ productId: target.ProductID, vendorId: target.VendorID, marketerId: target.MarketerID })}${sub ? `&${SUB_PARAM}=${sub}` : ''}`
    return new Response(null, { status: 302, headers: { Location: path, 'Cache-Control': 'no-store', 'Referrer-Policy': 'strict-origin-when-cross-origin' } })
  }
  const origin = publicOrigin(c.env, c.req.url)
  const data: BuyPageData = { ids: NO_IDS, link: { valid: false, product: null }, submission: null, track: false }
  return buyPageResponse(c.env, c.req.url, data, missingHead(origin, c.req.path, INVALID_LINK_TITLE, UNKNOWN_SHORT_LINK_TEXT), 404)
}

const NO_STORE_TEXT = 'This store link is incomplete or no longer offered.'

/**
 * 'Buy on {vendor}'s store': a 302 to the product's store address with the visitor's ck_ref
 * (services/store-redirect.ts). A product that is switched off or has no store link, or an unknown
 * influencer, answers the buy page's 'This link is not valid', 404.
 */
async function storeRedirect(c: PageContext): Promise<Response> {
  const productId = positiveId(c.req.param('productId'))
  const marketerId = positiveId(c.req.param('marketerId'))
  const visit = { userAgent: c.req.header('user-agent'), ip: c.req.header('cf-connecting-ip'), sub: cleanSub(c.req.query(SUB_PARAM)) }
  const target =
    productId && marketerId
      ? await storeRedirectTarget(c.env, productId, marketerId, visit, (work) => c.executionCtx.waitUntil(work.then(writeFinished)))
      : null
  if (target) {
    // The ref is the visitor's own: no cache may hand it to someone else, and the store sees only our origin.
    return new Response(null, {
      status: 302,
      headers: { Location: target, 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'strict-origin-when-cross-origin' },
    })
  }
  const origin = publicOrigin(c.env, c.req.url)
  const data: BuyPageData = { ids: NO_IDS, link: { valid: false, product: null }, submission: null, track: false }
  return buyPageResponse(c.env, c.req.url, data, missingHead(origin, c.req.path, INVALID_LINK_TITLE, NO_STORE_TEXT), 404)
}

/**
 * A creator's storefront, at /@{handle} or /i/{marketerId}: server HTML, no script.
 * A person's first visit of the day counts one storefront view (after the answer, decision 202);
 * bots, repeats and 'Show all' count none. The products' impressions are counted on the buy page
 * each one opens, as for any link. A handle its creator gave up lately answers a 301 to their
 * storefront while nobody else holds it (decision 203).
 */
async function storefront(c: PageContext, address: { handle: string } | { id: number } | null): Promise<Response> {
  const origin = publicOrigin(c.env, c.req.url)
  const db = makeDb(c.env.DB)
  const owner = address ? await findStorefrontOwner(db, address) : null
  if (!owner) {
    const moved = address && 'handle' in address ? await movedStorefrontPath(db, address.handle) : null
    if (moved) return storefrontMovedResponse(moved, new URL(c.req.url).search)
    return storefrontMissingResponse(origin, c.req.path)
  }
  const page = await readStorefrontPage(db, owner)
  const expand = positiveId(c.req.query('more'))
  const userAgent = c.req.header('user-agent')
  if (expand === null && c.req.method === 'GET' && !isBot(userAgent)) {
    // The visitor as the impressions know them: a keyed hash of address and browser, never the address.
    const counted = visitorId(c.req.header('cf-connecting-ip') ?? '', userAgent ?? '', c.env.JWT_SECRET).then((visitor) =>
      recordStorefrontView(db, owner.MarketerID, visitor),
    )
    c.executionCtx.waitUntil(counted.catch((err: unknown) => console.error('Storefront view not counted', err)))
  }
  return storefrontResponse(origin, page, expand)
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** The field a refused form's message is about, marked on the page (decision 249). */
const FIELD_OF_MESSAGE = new Map<string, BuyFieldName>([
  [LEAD_MESSAGES.nameRequired, 'ClientName'],
  [LEAD_MESSAGES.nameTooShort, 'ClientName'],
  [LEAD_MESSAGES.nameTooLong, 'ClientName'],
  [LEAD_MESSAGES.phoneRequired, 'ClientPhone'],
  [LEAD_MESSAGES.phoneInvalid, 'ClientPhone'],
  [LEAD_MESSAGES.phoneNotIndian, 'ClientPhone'],
  [LEAD_MESSAGES.emailInvalid, 'ClientEmail'],
])

/**
 * Why the typed creator code cannot be used, from the same public lookup the script asks (its
 * limit included), or null when it can or the lookup could not say (then the lead's notice speaks).
 */
async function codeProblem(c: PageContext, api: AppDispatch, productId: number, typed: string, headers: Headers): Promise<string | null> {
  if (!isCodeShape(typed)) return COUPON_MESSAGES.unknown
  const url = new URL(`/api/coupons/lookup?productId=${productId}&code=${encodeURIComponent(typed)}`, c.req.url)
  const res = await api(new Request(url, { headers }), c.env, c.executionCtx)
  if (res.status !== 400) return null
  return ((await res.json()) as Envelope<null>).message
}

const NOT_FOUND_TITLE = 'Page Not Found'
const NOT_FOUND_TEXT = 'The page you are looking for does not exist or has moved.'

/**
 * A path the Worker runs first for but has no document of its own (decision 261): the app, 200, on
 * a path the SPA has a screen for; a static file as the assets serve it; anything else the same
 * app with its 'Page Not Found' head, 404, so that a typo is a 404 to browsers and crawlers alike.
 */
export async function appOrNotFound(c: PageContext): Promise<Response> {
  if (isAppPath(c.req.path)) return c.env.ASSETS.fetch(c.req.raw)
  const asset = await c.env.ASSETS.fetch(c.req.raw)
  // The assets answer an unknown path with index.html (their SPA fallback): only a real file passes.
  if (asset.ok && !(asset.headers.get('content-type') ?? '').startsWith('text/html')) return asset
  await asset.body?.cancel()
  return spaPage(c, missingHead(publicOrigin(c.env, c.req.url), c.req.path, NOT_FOUND_TITLE, NOT_FOUND_TEXT), 404)
}

/**
 * The buy form posted without JavaScript: the lead goes through the very same API route as the
 * script's fetch (rules, messages, rate limit, duplicate check), and the page answers in its next
 * state: 'Thank You!', or the form again with what was typed, the message as a toast and on its
 * field. A creator code that cannot be used keeps the form open, its message under the field and a
 * button to send without it (decision 248), as the script does.
 */
async function submitBuyForm(c: PageContext, api: AppDispatch): Promise<Response> {
  const ids = readBuyIds((name) => c.req.queries(name))
  const form = await c.req.parseBody()
  const withoutCode = text(form[WITHOUT_CODE_FIELD]) === '1'
  const values = {
    ClientName: text(form.ClientName),
    ClientEmail: text(form.ClientEmail),
    ClientPhone: text(form.ClientPhone),
    CreatorCode: text(form.CreatorCode),
  }
  const headers = new Headers({ 'content-type': 'application/json' })
  const ip = c.req.header('cf-connecting-ip')
  if (ip) headers.set('cf-connecting-ip', ip)
  const lead = {
    ProductID: ids.productId ?? 0,
    VendorID: ids.vendorId ?? 0,
    MarketerID: ids.marketerId ?? 0,
    CampaignID: ids.campaignId ?? null,
    ...values,
    CreatorCode: withoutCode ? '' : values.CreatorCode,
  }
  const typedCode = lead.CreatorCode.trim()
  if (typedCode && ids.productId && !leadProblem(lead)) {
    const problem = await codeProblem(c, api, ids.productId, typedCode, headers)
    if (problem) return buyPage(c, ids, { done: false, message: problem, values, field: 'CreatorCode' }, 400)
  }
  const res = await api(new Request(new URL('/api/leads/create', c.req.url), { method: 'POST', headers, body: JSON.stringify(lead) }), c.env, c.executionCtx)
  const envelope = (await res.json()) as Envelope<LeadCreated>
  if (envelope.statusCode === 1) return buyPage(c, ids, { done: true, notice: envelope.data?.CodeNotice ?? null })
  return buyPage(c, ids, { done: false, message: envelope.message, values, field: FIELD_OF_MESSAGE.get(envelope.message) ?? null }, res.status)
}

export function pageRoutes(api: AppDispatch) {
  return (
    new Hono<AppEnv>()
      .get('/robots.txt', (c) => robotsTxt(publicOrigin(c.env, c.req.url)))
      .get('/sitemap.xml', (c) => sitemapResponse(c.env, publicOrigin(c.env, c.req.url)))
      .get('/affiliate/track', (c) =>
        withApology(c, () =>
          buyPage(
            c,
            readBuyIds((name) => c.req.queries(name)),
            null,
          ),
        ),
      )
      // Three short fields: anything bigger is not the buy form.
      .post('/affiliate/track', bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text('The form is too large.', 413) }), (c) =>
        withApology(c, () => submitBuyForm(c, api)),
      )
      .get('/go/:productId/:marketerId', (c) => withApology(c, () => storeRedirect(c)))
      .get('/go/*', (c) => withApology(c, () => storeRedirect(c)))
      .get('/s/:code', (c) => withApology(c, () => shortLink(c)))
      // Anything deeper under /s/ is no code of ours either: the same page, not the API's JSON 404.
      .get('/s/*', (c) => withApology(c, () => shortLink(c)))
      .get('/product/:id/:name/:sku', (c) =>
        withPlainFallback(c, async () => {
          const origin = publicOrigin(c.env, c.req.url)
          const id = positiveId(c.req.param('id'))
          const product = id ? await pageProduct(c.env, id) : null
          if (product) return spaPage(c, productHead(origin, product), 200)
          // The app shows 'Product not found' (or, to its vendor, an inactive product): crawlers get a 404.
          return spaPage(c, missingHead(origin, c.req.path, 'Product not found', 'This product is not on Collabkart.'), 404)
        }),
      )
      .get('/:directory{influencer|Influencer}/:id', (c) =>
        withPlainFallback(c, async () => {
          const origin = publicOrigin(c.env, c.req.url)
          const id = positiveId(c.req.param('id'))
          const marketer = id ? await pageMarketer(c.env, id) : null
          if (marketer) return spaPage(c, marketerHead(origin, marketer), 200)
          return spaPage(c, missingHead(origin, c.req.path, 'Influencer Not Found', 'This creator is not on Collabkart.'), 404)
        }),
      )
      .get('/:at{@[^/]+}', (c) => withApology(c, () => storefront(c, { handle: c.req.param('at').slice(1) })))
      .get('/i/:id', (c) =>
        withApology(c, () => {
          const id = positiveId(c.req.param('id'))
          return storefront(c, id ? { id } : null)
        }),
      )
      // Other paths under the prefixes the Worker runs first for: the app, or its 404.
      .get('/product/*', (c) => withApology(c, () => appOrNotFound(c)))
      .get('/i/*', (c) => withApology(c, () => appOrNotFound(c)))
      .get('/:directory{influencer|Influencer}/*', (c) => withApology(c, () => appOrNotFound(c)))
  )
}
