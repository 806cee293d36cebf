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
