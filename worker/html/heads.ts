// What each Worker-written page says about itself in <head> (titles, descriptions, previews).

import type { BuyImage } from '../contract/buy-page'
import type { PageMarketer, PageProduct } from '../services/page-data'
import { absoluteUrl } from './document'
import { type HeadImage, type PageHead, SITE_NAME } from './head'

const DESCRIPTION_MAX = 160

const rupeeFormats = {
  whole: new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }),
  paise: new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }),
}

/** ₹1,49,999 (en-IN grouping); paise only when there are some, as the web app shows prices. */
export const rupees = (paise: number) => (paise % 100 === 0 ? rupeeFormats.whole : rupeeFormats.paise).format(paise / 100)

/** One line of at most `max` characters, cut at a word with an ellipsis when it is longer. */
export function excerpt(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  let end = space > max / 2 ? space : cut.length
  // A loop, not /[\s.,;:!-]+$/: that pattern retries from every position of a long run of punctuation.
  while (end > 0 && ' .,;:!-'.includes(cut[end - 1] ?? '')) end--
  return `${cut.slice(0, end)}…`
}

const compactCount = (n: number) => (n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)}M` : n >= 1_000 ? `${(n / 1_000).toFixed(1)}K` : String(n))

const titled = (title: string) => `${title} · ${SITE_NAME}`

function headImage(origin: string, image: BuyImage | null | undefined, alt: string): HeadImage | null {
  if (!image) return null
  return { url: absoluteUrl(origin, `/media/${image.path}`), width: image.width, height: image.height, alt }
}

/** The sentence a shared product link previews with: price and seller first, as a buyer scans it. */
function productDescription(product: PageProduct): string {
  const seller = `${rupees(product.PricePaise)} from ${product.VendorName}`
  return excerpt(`${seller}${/[.!?]$/.test(seller) ? '' : '.'} ${product.Description}`)
}

/** A product page (/product/{id}/...): indexed under its own canonical path. */
export function productHead(origin: string, product: PageProduct): PageHead {
  return {
    title: titled(product.ProductName),
    description: productDescription(product),
    canonical: absoluteUrl(origin, product.path),
    og: {
      type: 'product',
      title: product.ProductName,
      image: headImage(origin, product.images[0], product.ProductName),
      priceRupees: product.Price,
    },
  }
}

/**
 * A buy link: the same preview as the product, but the link itself stays the shared URL (og:url),
 * because apps such as Facebook link a post to og:url and the influencer's id must not be lost.
 */
export function buyHead(origin: string, product: PageProduct, buyPath: string): PageHead {
  const head = productHead(origin, product)
  const first = product.images[0]
  return { ...head, canonical: absoluteUrl(origin, buyPath), preloadImage: first ? `/media/${first.path}` : undefined }
}

export function marketerHead(origin: string, marketer: PageMarketer): PageHead {
  const about = [marketer.Category ? `${marketer.Category} creator` : 'Creator', marketer.Location ? `in ${marketer.Location}` : ''].filter(Boolean).join(' ')
  const reach = marketer.totalReachRaw > 0 ? ` with ${compactCount(marketer.totalReachRaw)} followers` : ''
  const summary = `${about}${reach} on ${SITE_NAME}.`
  return {
    title: titled(marketer.MarketerName),
    description: excerpt(marketer.Bio?.trim() ? `${summary} ${marketer.Bio}` : summary),
    canonical: absoluteUrl(origin, marketer.path),
    og: { type: 'profile', title: marketer.MarketerName, image: headImage(origin, marketer.picture, marketer.MarketerName) },
  }
}

/** A page whose record does not exist (or a broken buy link): a plain title, kept out of search results. */
export function missingHead(origin: string, path: string, title: string, description: string): PageHead {
  return { title: titled(title), description, canonical: absoluteUrl(origin, path), noindex: true, og: { type: 'website', title, image: null } }
}
