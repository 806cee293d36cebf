// Public page paths the Worker writes into pages it renders (canonical URLs, link previews, the
// sitemap, the buy page's links). They follow the web app's route table and link builders
// (web/src/lib/links.ts); tests/web/paths.test.ts keeps the two in step.

/** Lowercased title with runs of non-alphanumerics replaced by one hyphen (spec 001 section 2). */
export const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-')

/** /product/{productId}/{slug-of-title}/{sku}; a missing SKU keeps the route matchable. */
export function productPagePath(product: { ProductID: number; ProductName: string; SKU: string | null }): string {
  const sku = product.SKU?.trim() ? encodeURIComponent(product.SKU.trim()) : 'na'
  return `/product/${product.ProductID}/${slugOf(product.ProductName) || 'product'}/${sku}`
}

export const marketerPagePath = (marketerId: number) => `/influencer/${marketerId}`

/** A creator's storefront: /@{handle} when they hold one, else /i/{marketerId}. */
export const storefrontPath = (handle: string | null, marketerId: number) => (handle ? `/@${handle}` : `/i/${marketerId}`)

export const BUY_PAGE_PATH = '/affiliate/track'

/** The buy page of one influencer's link to one product (the spec's three query parameters). */
export const buyPagePath = (ids: { productId: number; vendorId: number; marketerId: number }) =>
  `${BUY_PAGE_PATH}?productId=${ids.productId}&vendorId=${ids.vendorId}&marketerId=${ids.marketerId}`

/** A campaign link: the buy page of the creator's link with the campaign's id added. */
export const campaignLinkPath = (ids: { productId: number; vendorId: number; marketerId: number; campaignId: number }) =>
  `${buyPagePath(ids)}&campaignId=${ids.campaignId}`
