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

/** The origin of a configured public address, or null when it is blank or not an http(s) address. */
export function configuredOrigin(configured: string | undefined): string | null {
  const value = configured?.trim()
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null
  } catch {
    return null
  }
}

/**
 * The origin links are built on: the configured public address, so a request's Host header can
 * never put another site into the links influencers share. The request's own origin only in a
 * local run without one: a deployed Worker without a valid PUBLIC_ORIGIN answers nothing at all
 * (middleware/public-origin.ts).
 */
export function linkOrigin(configured: string | undefined, requestUrl: string): string {
  return configuredOrigin(configured) ?? new URL(requestUrl).origin
}
