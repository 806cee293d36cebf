// The affiliate link a marketer shares: it opens the public buy page of the SPA (/affiliate/track),
// which records the impression and carries the three ids into the lead.

export type LinkTarget = { ProductID: number; VendorID: number }

export function affiliateLink(origin: string, product: LinkTarget, marketerId: number): string {
  const query = new URLSearchParams({
    productId: String(product.ProductID),
    vendorId: String(product.VendorID),
    marketerId: String(marketerId),
  })
  return `${origin}/affiliate/track?${query}`
}

/**
 * The origin links are built on: the configured public address when there is one, so a request's
 * Host header can never put another site into the links influencers share; the request's own
 * origin only when none is configured (local runs). A configured value that is not an address is
 * reported and ignored.
 */
export function linkOrigin(configured: string | undefined, requestUrl: string): string {
  const value = configured?.trim()
  if (value) {
    try {
      const url = new URL(value)
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin
    } catch {
      // reported below
    }
    console.error('PUBLIC_ORIGIN is not an http(s) address; using the request origin', value)
  }
  return new URL(requestUrl).origin
}
