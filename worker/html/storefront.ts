// The creator storefront (/@{handle}, /i/{marketerId}) as one server-written document: the card and
// each collection's products, every product a link to the buy page through the creator's own
// affiliate link. No script at all (0 bytes of JavaScript on a first visit); its small stylesheet
// is inlined and allowed by its hash, and every image has its box set, so nothing moves (CLS 0).

import { INDIA_TIME_ZONE } from '../contract/india-date'
import { mediaSize } from '../contract/media'
import { buyPagePath } from '../contract/paths'
import { shareTargets } from '../contract/share'
import { STOREFRONT_PAGE_SIZE } from '../contract/storefront'
import type { StorefrontPage } from '../services/storefront'
import { absoluteUrl, htmlResponse } from './document'
import { headTags, type PageHead, SITE_NAME } from './head'
import { excerpt, rupees } from './heads'

// Colours: slate-900 (#0f172a) text, slate-600 (#475569, 7.6:1 on white) secondary text, indigo-700
// (#4338ca, 7.9:1 on white) links: every text well above AA's 4.5:1.
const CSS = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc;line-height:1.5}a{color:#4338ca}main{max-width:72rem;margin:0 auto;padding:1rem}header.site{background:#fff;border-bottom:1px solid #e2e8f0;padding:.75rem 1rem}header.site a{font-weight:700;text-decoration:none;color:#4338ca}.card{display:flex;gap:1rem;align-items:center;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem}.card img{width:96px;height:96px;border-radius:50%;object-fit:cover;flex:none;background:#e2e8f0}.card>div{min-width:0;overflow-wrap:anywhere}.card h1{margin:0;font-size:1.5rem;line-height:1.2}.muted{color:#475569;margin:.25rem 0 0}.tags{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:.5rem 0 0}.tags li{background:#eef2ff;color:#3730a3;border-radius:999px;padding:0 .6rem;font-size:.875rem}h2{font-size:1.25rem;margin:1.5rem 0 .75rem}.grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.75rem;list-style:none;padding:0;margin:0}@media(min-width:640px){.grid{grid-template-columns:repeat(3,minmax(0,1fr))}}@media(min-width:1024px){.grid{grid-template-columns:repeat(4,minmax(0,1fr))}}.item a{display:block;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;overflow:hidden;text-decoration:none;color:#0f172a;height:100%}.item img{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:cover;background:#e2e8f0}.item span{display:block;padding:0 .75rem}.item .ph{padding:0;aspect-ratio:1;background:#e2e8f0}.item .name{padding-top:.5rem;font-weight:600;overflow-wrap:anywhere}.item .price{padding-bottom:.75rem;color:#0f172a}.more{display:inline-block;margin-top:.75rem;font-weight:600}.empty{color:#475569}.codes{list-style:none;padding:0;margin:0;display:grid;gap:.5rem}.codes li{background:#fff;border:1px dashed #4338ca;border-radius:.75rem;padding:.75rem 1rem;overflow-wrap:anywhere}.codes strong{font-family:ui-monospace,Menlo,monospace;font-size:1.125rem;letter-spacing:.05em;color:#3730a3}.share{margin-top:.75rem}.share summary{display:inline-block;cursor:pointer;list-style:none;border:1px solid #4338ca;border-radius:.5rem;padding:.5rem 1rem;font-weight:600;color:#4338ca;background:#fff}.share summary::-webkit-details-marker{display:none}.share ul{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:.75rem 0}.share li a{display:inline-block;border:1px solid #cbd5e1;border-radius:.5rem;padding:.5rem .75rem;font-weight:600;text-decoration:none}.share label{display:block;font-size:.875rem;color:#475569}.share input{display:block;width:100%;margin-top:.25rem;font:inherit;font-size:.875rem;color:#0f172a;background:#f8fafc;border:1px solid #64748b;border-radius:.5rem;padding:.5rem}footer{max-width:72rem;margin:2rem auto;padding:0 1rem;color:#475569;font-size:.875rem}`

let styleHash: Promise<string> | null = null
function cssHash(): Promise<string> {
  styleHash ??= crypto.subtle.digest('SHA-256', new TextEncoder().encode(CSS)).then((d) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(d)))}'`)
  return styleHash
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The square box every product image is drawn in: width and height set, so the grid never shifts. */
const TILE = 320

function productItem(p: StorefrontPage['sections'][number]['products'][number], marketerId: number, eager: boolean): string {
  const href = buyPagePath({ productId: p.ProductID, vendorId: p.VendorID, marketerId })
  const img = p.image
    ? `<img src="/media/${esc(p.image)}" alt="${esc(p.ProductName)}" width="${TILE}" height="${TILE}"${eager ? '' : ' loading="lazy"'} decoding="async">`
    : '<span class="ph" aria-hidden="true"></span>'
  return `<li class="item"><a href="${esc(href)}">${img}<span class="name">${esc(p.ProductName)}</span><span class="price">${esc(rupees(p.PricePaise))}</span></a></li>`
}

function sectionHtml(page: StorefrontPage, section: StorefrontPage['sections'][number], expanded: boolean, eagerLeft: { n: number }): string {
  const shown = expanded ? section.products : section.products.slice(0, STOREFRONT_PAGE_SIZE)
  const items = shown
    .map((p) => {
      const eager = eagerLeft.n > 0
      eagerLeft.n--
      return productItem(p, page.owner.MarketerID, eager)
    })
    .join('')
  const more =
    shown.length < section.products.length
      ? `<a class="more" href="${esc(`${page.path}?more=${section.CollectionID}#c${section.CollectionID}`)}">Show all ${section.products.length} products</a>`
      : ''
  // Never empty: services/storefront.ts leaves collections with nothing to show out.
  return `<section id="c${section.CollectionID}" aria-labelledby="h${section.CollectionID}"><h2 id="h${section.CollectionID}">${esc(section.Title)}</h2><ul class="grid">${items}</ul>${more}</section>`
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: INDIA_TIME_ZONE })

/** The creator's codes a buyer can type on the buy page ('Have a creator code?'): what each gives, where, until when. */
function codesHtml(page: StorefrontPage): string {
  if (page.codes.length === 0) return ''
  const items = page.codes
    .map((c) => {
      const where = c.AllProducts
        ? `on every ${c.VendorName} product`
        : `on ${c.ProductIDs.length === 1 ? '1 product' : `${c.ProductIDs.length} products`} from ${c.VendorName}`
      const until = c.endsAt ? `, until ${dateFormat.format(new Date(c.endsAt))}` : ''
      return `<li><strong>${esc(c.Code)}</strong><p class="muted">${esc(c.BuyerText)}: ${esc(where)}${esc(until)}</p></li>`
    })
    .join('')
  return `<section aria-labelledby="codes"><h2 id="codes">Creator codes</h2><ul class="codes">${items}</ul></section>`
}

/**
 * 'Share' without a script: a disclosure that opens each app's share address with the storefront's
 * URL in it, and the URL in a read-only field to select and copy (decision 204).
 */
function shareHtml(page: StorefrontPage, url: string): string {
  const text = `${page.owner.MarketerName}'s storefront on ${SITE_NAME}: ${url}`
  const links = shareTargets(text, url)
    .map((t) => `<li><a href="${esc(t.href)}" target="_blank" rel="noopener noreferrer">${t.name}</a></li>`)
    .join('')
  return `<details class="share"><summary>Share</summary><ul aria-label="Share to">${links}</ul><label for="storefront-url">Storefront link</label><input id="storefront-url" type="url" readonly value="${esc(url)}"></details>`
}

function cardHtml(page: StorefrontPage, url: string): string {
  const { owner } = page
  const picture = owner.MarketerProfilePic || owner.PreviewImage1
  // A fixed 96x96 box; the picture's own proportions are cropped by object-fit.
  const img = picture ? `<img src="/media/${esc(picture)}" alt="${esc(owner.MarketerName)}" width="96" height="96" fetchpriority="high">` : ''
  const handle = page.handle ? `<p class="muted">@${esc(page.handle)}</p>` : ''
  const categories = (owner.Category ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
  const tags = categories.length ? `<ul class="tags" aria-label="Categories">${categories.map((c) => `<li>${esc(c)}</li>`).join('')}</ul>` : ''
  const location = owner.Location ? `<p class="muted">${esc(owner.Location)}</p>` : ''
  return `<section class="card">${img}<div><h1>${esc(owner.MarketerName)}</h1>${handle}${location}${tags}<p class="muted"><a href="/influencer/${owner.MarketerID}">View full profile</a></p>${shareHtml(page, url)}</div></section>`
}

export function storefrontHead(origin: string, page: StorefrontPage): PageHead {
  const { owner } = page
  const name = owner.MarketerName
  const count = page.sections.reduce((n, s) => n + s.products.length, 0)
  const picture = owner.MarketerProfilePic || owner.PreviewImage1 || page.sections.find((s) => s.products[0]?.image)?.products[0]?.image || null
  const size = mediaSize(picture)
  const about = owner.Bio?.trim() ? ` ${owner.Bio}` : ''
  return {
    title: `${name}'s storefront · ${SITE_NAME}`,
    description: excerpt(`${count} ${count === 1 ? 'product' : 'products'} ${name} recommends, on ${SITE_NAME}.${about}`),
    canonical: absoluteUrl(origin, page.path),
    og: {
      type: 'profile',
      title: `${name}'s storefront`,
      image: picture ? { url: absoluteUrl(origin, `/media/${picture}`), width: size?.width ?? null, height: size?.height ?? null, alt: name } : null,
    },
  }
}

function documentHtml(head: PageHead, main: string): string {
  return `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#4338ca"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${esc(head.title)}</title>${headTags(head)}<style>${CSS}</style></head><body><header class="site"><a href="/">${SITE_NAME}</a></header><main>${main}</main><footer>Prices and offers are set by each brand. Buying through these links supports the creator.</footer></body></html>`
}

/** The storefront; `expand`: the collection whose 'Show all' was followed. */
export async function storefrontResponse(origin: string, page: StorefrontPage, expand: number | null): Promise<Response> {
  // The first row of products on a phone loads at once; the rest wait until they are near.
  const eagerLeft = { n: 4 }
  const sections = page.sections.map((s) => sectionHtml(page, s, s.CollectionID === expand, eagerLeft)).join('')
  const main = `${cardHtml(page, absoluteUrl(origin, page.path))}${codesHtml(page)}${sections || '<p class="empty">No products pinned yet.</p>'}`
  return htmlResponse(new Response(documentHtml(storefrontHead(origin, page), main)), 200, [await cssHash()])
}

/**
 * A handle its creator gave up lately (decision 203): a permanent move to their storefront, kept by
 * caches for an hour only, since the handle may pass to another creator later.
 */
export function storefrontMovedResponse(path: string, search: string): Response {
  return new Response(null, { status: 301, headers: { Location: `${path}${search}`, 'Cache-Control': 'public, max-age=3600' } })
}

export const STOREFRONT_MISSING_TITLE = 'Influencer Not Found'
const MISSING_TEXT = 'This creator is not on Collabkart.'

/** An unknown or suspended creator: the profile's 'Influencer Not Found', 404, kept out of search results. */
export async function storefrontMissingResponse(origin: string, path: string): Promise<Response> {
  const head: PageHead = {
    title: `${STOREFRONT_MISSING_TITLE} · ${SITE_NAME}`,
    description: MISSING_TEXT,
    canonical: absoluteUrl(origin, path),
    noindex: true,
    og: { type: 'website', title: STOREFRONT_MISSING_TITLE, image: null },
  }
  const main = `<h1>${STOREFRONT_MISSING_TITLE}</h1><p>${MISSING_TEXT}</p><p><a href="/influencer">Browse creators</a></p>`
  return htmlResponse(new Response(documentHtml(head, main)), 404, [await cssHash()])
}
