// The one head writer: every page the Worker answers as HTML (the SPA's index.html for product pages
// and influencer profiles, the buy page's own HTML) gets its title, description, canonical URL and
// Open Graph + Twitter card tags here, for people and link-preview bots alike. Streaming through
// HTMLRewriter: the rest of the document passes untouched.
//
// To give a new path rich previews: build a PageHead (see heads.ts for the existing ones) and pass
// the template response through writeHead, e.g. `writeHead(await loadTemplate(env, url, SPA_SHELL), head)`.

export type HeadImage = {
  /** Absolute URL: chat apps fetch it from their own servers. */
  url: string
  width: number | null
  height: number | null
  alt: string
}

export type PageHead = {
  /** The document title, site name included. */
  title: string
  description: string
  /** Absolute URL of the page as it should be shared and indexed; also og:url. */
  canonical: string
  /** Search engines should not list the page (a missing product, a broken link). */
  noindex?: boolean
  og: {
    type: 'website' | 'product' | 'profile'
    /** The title without the site name (og:site_name carries it). */
    title: string
    image: HeadImage | null
    /** Product pages: the price in rupees with two decimals ("1499.00"). */
    priceRupees?: string
  }
  /** The image the page shows first and large (its LCP): fetched from the head, before any script. */
  preloadImage?: string
}

export const SITE_NAME = 'Collabkart'

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const meta = (key: 'name' | 'property', name: string, content: string | number) => `<meta ${key}="${name}" content="${escapeAttr(String(content))}">`

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' }
const imageType = (url: string) => IMAGE_TYPES[/\.([a-z]+)$/.exec(url)?.[1] ?? '']

/** The tags added to <head>, in the order a reader of the source would look for them. */
export function headTags(head: PageHead): string {
  const { og } = head
  const tags = [
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeAttr(head.canonical)}">`,
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:type', og.type),
    meta('property', 'og:title', og.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
  ]
  if (og.image) {
    const type = imageType(og.image.url)
    tags.push(meta('property', 'og:image', og.image.url))
    if (type) tags.push(meta('property', 'og:image:type', type))
    if (og.image.width && og.image.height) {
      tags.push(meta('property', 'og:image:width', og.image.width), meta('property', 'og:image:height', og.image.height))
    }
    tags.push(meta('property', 'og:image:alt', og.image.alt))
  }
  if (og.priceRupees) {
    tags.push(meta('property', 'product:price:amount', og.priceRupees), meta('property', 'product:price:currency', 'INR'))
  }
  tags.push(
    meta('name', 'twitter:card', og.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', og.title),
    meta('name', 'twitter:description', head.description),
  )
  if (og.image) tags.push(meta('name', 'twitter:image', og.image.url), meta('name', 'twitter:image:alt', og.image.alt))
  return tags.filter(Boolean).join('')
}

const preloadTag = (href: string) => `<link rel="preload" as="image" href="${escapeAttr(href)}" fetchpriority="high">`

const removeElement = { element: (el: Element) => void el.remove() }

/** Rewrites the document's head for `head`; tags of the same kind already in the template are replaced. */
export function writeHead(document: Response, head: PageHead): Response {
  let rewriter = new HTMLRewriter().on('title', { element: (el) => void el.setInnerContent(head.title) })
  // The template's defaults (the home page's own description and preview) give way to the page's,
  // written by headTags with every value escaped.
  const replaced = [
    'meta[name="description"]',
    'link[rel="canonical"]',
    'meta[name="robots"]',
    'meta[property^="og:"]',
    'meta[property^="product:"]',
    'meta[name^="twitter:"]',
  ]
  for (const selector of replaced) {
    rewriter = rewriter.on(selector, removeElement)
  }
  const { preloadImage } = head
  if (preloadImage) rewriter = rewriter.on('meta[name="viewport"]', { element: (el) => void el.after(preloadTag(preloadImage), { html: true }) })
  return rewriter.on('head', { element: (el) => void el.append(headTags(head), { html: true }) }).transform(document)
}
