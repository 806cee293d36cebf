// Connected stores (decision 191): a vendor's Shopify or WooCommerce store that reports its orders to
// Collabkart by webhook, and the events it sent. Shared by the Worker and the vendor profile.

import * as z from 'zod/mini'
import { SUPPORT_EMAIL } from './admin'
import { pageQueryShape } from './paging'

export const STORE_KIND_VALUES = ['shopify', 'woocommerce'] as const
export type StoreKind = (typeof STORE_KIND_VALUES)[number]
export const STORE_KIND_LABELS: Record<StoreKind, string> = { shopify: 'Shopify', woocommerce: 'WooCommerce' }

/** A vendor connects a handful of stores at most; each row is read on every list. */
export const MAX_STORES = 5
export const STORE_SECRET_MIN = 8
export const STORE_SECRET_MAX = 256

export const STORE_MESSAGES = {
  kindInvalid: 'Choose Shopify or WooCommerce',
  shopInvalid: 'Enter the store address, e.g. mystore.myshopify.com or shop.example.in',
  secretInvalid: `Enter the webhook secret from your store (${STORE_SECRET_MIN} to ${STORE_SECRET_MAX} characters)`,
  tooMany: `A vendor can connect at most ${MAX_STORES} stores. Remove one first.`,
  notFound: 'Store not found',
  connected: 'Store connected',
  removed: 'Store removed',
  listed: 'Stores fetched successfully',
  eventsListed: 'Store events fetched successfully',
  /** Every refusal of a store's receiving address, whatever the cause, so it tells nothing of which stores exist (decision 258). */
  forged: 'No connected store has this address and signing secret',
  received: 'Received',
  duplicate: 'Already received',
  /** A signed delivery for a suspended (or erased) vendor's store, refused with 403 (decision 241). */
  vendorSuspended: `This store's Collabkart account is suspended, so its orders are not accepted. Please contact support at ${SUPPORT_EMAIL}.`,
} as const

/** A host name as a store address ('mystore.myshopify.com'); a pasted https:// address or trailing slash is fine. */
export function normaliseShop(value: string): string | null {
  if (value.length > 300) return null
  let host = value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
  // A loop, not /\/+$/: that pattern backtracks quadratically on a run of slashes.
  while (host.endsWith('/')) host = host.slice(0, -1)
  return host.length <= 253 && /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(host) ? host : null
}

export const createStoreSchema = z.object({
  kind: z.enum(STORE_KIND_VALUES, { error: STORE_MESSAGES.kindInvalid }),
  shop: z
    .pipe(
      z.string({ error: STORE_MESSAGES.shopInvalid }).check(z.maxLength(300, STORE_MESSAGES.shopInvalid)),
      z.transform((v: string) => normaliseShop(v) ?? ''),
    )
    .check(z.minLength(1, STORE_MESSAGES.shopInvalid)),
  secret: z
    .string({ error: STORE_MESSAGES.secretInvalid })
    .check(z.trim(), z.minLength(STORE_SECRET_MIN, STORE_MESSAGES.secretInvalid), z.maxLength(STORE_SECRET_MAX, STORE_MESSAGES.secretInvalid)),
})
export type CreateStoreInput = z.output<typeof createStoreSchema>

export const storeEventsQuerySchema = z.object(pageQueryShape)

/** A connected store as its vendor sees it: the secret only as a hint, never again in full. */
export type StoreDTO = {
  StoreID: number
  kind: StoreKind
  shop: string
  secretHint: string
  /** The address to paste into the store's webhook settings (absolute). */
  webhookUrl: string
  events: number
  unmatched: number
  createdAt: string
}

export const STORE_OUTCOME_VALUES = ['converted', 'reversed', 'no_ref', 'unknown_ref', 'ignored', 'refused'] as const
export type StoreOutcome = (typeof STORE_OUTCOME_VALUES)[number]

/** How each outcome reads in the vendor's list of events. */
export const STORE_OUTCOME_LABELS: Record<StoreOutcome, string> = {
  converted: 'Converted',
  reversed: 'Reversed',
  no_ref: 'No ck_ref on the order',
  unknown_ref: 'Unknown or expired ck_ref',
  ignored: 'Not an order we act on',
  refused: 'Conversion refused',
}

/** Outcomes that did not change any lead: kept for the vendor to look at. */
export const isUnmatched = (outcome: StoreOutcome) => outcome !== 'converted' && outcome !== 'reversed'

export type StoreEventDTO = {
  EventID: number
  deliveryId: string
  topic: string
  orderId: string | null
  ckRef: string | null
  outcome: StoreOutcome
  detail: string | null
  /**
   * The raw body as received (its first 64 KB) until `rawUntil`; after that, or once the buyer's
   * data is erased, only the order's facts, without the buyer's contact details.
   */
  body: string
  /** When the raw body gives way to the order's facts; null once it has. */
  rawUntil: string | null
  createdAt: string
}

/** The receiving address of a store: no API key, the store's signature authenticates the call. */
export const storeWebhookPath = (kind: StoreKind, storeId: number) => `/api/v1/stores/${kind}/${storeId}`
