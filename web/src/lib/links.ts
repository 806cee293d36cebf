import type { ProductDTO } from '@contract/product'
import { slugify } from './format'

// Where product links point. The affiliate link is the buy page with the three ids of spec 001
// section 2; the API answers it as `Link` for a marketer, and the client builds the same shape for
// visitors (pending share link) and as a fallback.

export const BUY_PATH = '/affiliate/track'

type LinkProduct = Pick<ProductDTO, 'ProductID' | 'VendorID' | 'ProductName' | 'SKU'>

/**
 * The product detail routes: the spec's shape, and the id alone followed by anything. A SKU may
 * hold '/', '.', '..' or '%2F', which the static asset server and the browser turn into extra or
 * fewer path segments ('AB%2F12' comes back as 'AB/12'); the page reads only the id, so every
 * such link still reaches it.
 */
export const PRODUCT_ROUTE = 'product/:productId/:productName/:sku'
export const PRODUCT_BY_ID_ROUTE = 'product/:productId/*'

/** /product/{productId}/{slug-of-title}/{sku}; a missing SKU keeps the route matchable. */
export function productPath(product: LinkProduct): string {
  const sku = product.SKU?.trim() ? encodeURIComponent(product.SKU.trim()) : 'na'
  return `/product/${product.ProductID}/${slugify(product.ProductName) || 'product'}/${sku}`
}

/** The buy page for this product and marketer; `marketerId` null leaves the id empty until someone signs in. */
export function affiliateLink(origin: string, product: Pick<ProductDTO, 'ProductID' | 'VendorID'>, marketerId: number | null): string {
  const params = new URLSearchParams({
    productId: String(product.ProductID),
    vendorId: String(product.VendorID),
    marketerId: marketerId === null ? '' : String(marketerId),
  })
  return `${origin}${BUY_PATH}?${params.toString()}`
}

/** The same link with the marketerId replaced (a visitor's pending link once an influencer signs in). */
export function withMarketerId(link: string, marketerId: number): string {
  try {
    const url = new URL(link)
    url.searchParams.set('marketerId', String(marketerId))
    return url.toString()
  } catch {
    return link
  }
}

export type BuyParams = { productId: number; vendorId: number; marketerId: number }

const positiveId = (value: string | null) => {
  if (!value || !/^\d+$/.test(value)) return null
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

/** The buy page's query: each id a positive integer or null. */
export function readBuyParams(params: URLSearchParams): { productId: number | null; vendorId: number | null; marketerId: number | null } {
  return {
    productId: positiveId(params.get('productId')),
    vendorId: positiveId(params.get('vendorId')),
    marketerId: positiveId(params.get('marketerId')),
  }
}
