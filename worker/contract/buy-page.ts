// What the Worker hands the buy page (/affiliate/track): the same object renders the HTML at the edge
// (web/src/pages/buy/render.ts through react-dom/server) and is embedded in that HTML as JSON for
// the browser to hydrate from, so the product is never fetched twice. Types and constants only.

/** The id of the <script type="application/json"> element that carries the BuyPageData. */
export const BUY_DATA_ELEMENT_ID = 'buy-data'

/** The heading (and title) of a buy link no lead can come from. */
export const INVALID_LINK_TITLE = 'This link is not valid'

/** The buy link's ids as the Worker read them: each a positive integer, or null when missing or malformed. */
export type BuyIds = {
  productId: number | null
  vendorId: number | null
  marketerId: number | null
  /** A campaign link's campaign; the lead carries it only when the campaign applies. */
  campaignId?: number | null
  /** The creator's sub-ID on the link (decision 291), passed on to the store redirect; absent without one. */
  sub?: string
}

export type BuyImage = { path: string; width: number | null; height: number | null }

export type BuyProduct = {
  ProductID: number
  VendorID: number
  ProductName: string
  Description: string
  /** Rupees with two decimals, as the API answers it ("1499.00"). */
  Price: string
  product_link: string | null
  VendorName: string
  images: BuyImage[]
  /** The product's own page (/product/{id}/{slug}/{sku}). */
  path: string
}

/** The buyer's typed values, sent back with a refused no-script submission so nothing is lost. */
export type BuyFormValues = { ClientName: string; ClientEmail: string; ClientPhone: string; CreatorCode?: string }

/** The link's creator's code usable now for the product, shown in the creator-code field. */
export type BuyLinkCode = { Code: string; BuyerText: string }

/** The buy form's fields, by their names in the form and the lead. */
export type BuyFieldName = 'ClientName' | 'ClientEmail' | 'ClientPhone' | 'CreatorCode'

/**
 * A form posted without JavaScript, answered by the Worker in the page itself. `field`: the field
 * the message is about, marked on the page (decision 249); a creator code that cannot be used is
 * one (the form stays open with a choice to send without it, decision 248).
 */
export type BuySubmission = { done: true; notice?: string | null } | { done: false; message: string; values: BuyFormValues; field?: BuyFieldName | null }

/** The submit button that sends the form without the creator code (its name; its value is '1'). */
export const WITHOUT_CODE_FIELD = 'WithoutCode'

export type BuyPageData = {
  ids: BuyIds
  /**
   * Valid: an active product of that vendor (the product's own ids) and an existing influencer, so
   * a lead can succeed and the form is shown. Invalid: the plain 'not valid' state with no form;
   * `product` is set when the product itself exists and is active (the link only names the wrong
   * vendor or influencer), so the page can point to it.
   */
  link:
    | { valid: true; product: BuyProduct; marketerId: number; code: BuyLinkCode | null }
    | { valid: false; product: Pick<BuyProduct, 'ProductName' | 'path'> | null }
  submission: BuySubmission | null
  /** Whether the browser should report the impression on opening (not on a page that answers a post). */
  track: boolean
}

/**
 * Renders the buy page's body to HTML: the top bar and footer (links only, never hydrated), the
 * contents of #root (the product, HTML only), and the islands the browser hydrates from the same
 * data (the carousel, the form and toasts: decision 272), each to be written into the element of
 * its id inside #root.
 */
export type RenderBuyPage = (data: BuyPageData) => { header: string; root: string; islands: { id: string; html: string }[]; footer: string }
