// Order webhooks from a vendor's Shopify or WooCommerce store (decision 191): how each store signs a
// delivery, where it puts the delivery id and topic, and what an order means for a conversion.
// Pure: no storage; services/store-webhooks.ts does the writing.

import { rupeesToPaise } from '../contract/money'
import { normalizeMobile } from '../contract/phone'
import type { StoreKind } from '../contract/stores'
import { CK_REF_PARAM } from './store-refs'

/** Header names, lower-case as Headers.get() takes them. */
export const STORE_HEADERS: Record<StoreKind, { signature: string; delivery: string; topic: string }> = {
  shopify: { signature: 'x-shopify-hmac-sha256', delivery: 'x-shopify-webhook-id', topic: 'x-shopify-topic' },
  woocommerce: { signature: 'x-wc-webhook-signature', delivery: 'x-wc-webhook-delivery-id', topic: 'x-wc-webhook-topic' },
}

/** The raw body kept with each event: enough to read an order, bounded whatever the store sends. */
export const STORE_BODY_KEPT_BYTES = 64 * 1024

/** A base64 HMAC-SHA256 is 32 bytes: 44 characters with padding. */
function decodeSignature(value: string | null): Uint8Array | null {
  const text = value?.trim() ?? ''
  if (!/^[A-Za-z0-9+/]{43}=$/.test(text)) return null
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0))
}

/**
 * Both stores sign the same way: base64 of HMAC-SHA256 over the raw body, keyed with the webhook
 * secret as UTF-8. WebCrypto's verify compares in constant time, so the check leaks nothing of the
 * expected value through its timing.
 */
export async function verifyStoreSignature(body: ArrayBuffer, signature: string | null, secret: string): Promise<boolean> {
  const mac = decodeSignature(signature)
  if (!mac || secret === '') return false
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])
  return crypto.subtle.verify('HMAC', key, mac, body)
}

/** WooCommerce's unsigned ping when a webhook is saved (`webhook_id=N`): it must get a 200. */
export const isWooPing = (kind: StoreKind, body: string) => kind === 'woocommerce' && /^webhook_id=\d{1,20}$/.test(body.trim())

/** What an order delivery asks of Collabkart. */
export type StoreOrderAction =
  | { action: 'convert'; orderId: string; ref: string | null; codes: string[]; amountPaise: number | null; occurredAt: string | null }
  | { action: 'reverse'; orderId: string }
  | { action: 'ignore'; orderId: string | null; reason: string }

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
// Shopify's ids can pass 2^53 (its own example order is 820982911946154508), where JSON numbers lose
// digits: the exact id is taken from admin_graphql_api_id when the order has one. Otherwise the
// rounded number still names the order the same way in every delivery about it.
const idText = (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? BigInt(v).toString() : typeof v === 'string' && /^\d{1,20}$/.test(v) ? v : null
const gidNumber = (v: unknown) => (typeof v === 'string' ? (/^gid:\/\/shopify\/Order\/(\d{1,20})$/.exec(v)?.[1] ?? null) : null)
const text = (v: unknown) => (typeof v === 'string' ? v : null)

/** A store's timestamp as ISO UTC; WooCommerce's `*_gmt` fields come without a zone. */
function isoTime(value: unknown, assumeUtc = false): string | null {
  const raw = text(value)
  if (!raw) return null
  const ms = Date.parse(assumeUtc && !/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? `${raw}Z` : raw)
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null
}

/** The value of `name` in a list of {name|key, value} pairs (Shopify note_attributes, WooCommerce meta_data). */
function pairValue(list: unknown, names: string[], nameKey: 'name' | 'key'): string | null {
  if (!Array.isArray(list)) return null
  for (const item of list) {
    if (isObject(item) && names.includes(String(item[nameKey])) && typeof item.value === 'string' && item.value.trim()) return item.value.trim()
  }
  return null
}

/** ck_ref in a URL or path the store recorded (Shopify's landing_site keeps the first page's query). */
function refInUrl(value: unknown): string | null {
  const raw = text(value)
  if (!raw) return null
  try {
    return new URL(raw, 'https://store.invalid').searchParams.get(CK_REF_PARAM)
  } catch {
    return null
  }
}

/**
 * The discount codes an order used (Shopify `discount_codes`, WooCommerce `coupon_lines`), at most
 * 5: a creator code among them attributes the order when it has no ck_ref.
 */
function discountCodes(list: unknown): string[] {
  if (!Array.isArray(list)) return []
  const codes: string[] = []
  for (const item of list.slice(0, 5)) {
    const code = isObject(item) ? text(item.code)?.trim() : undefined
    if (code && code.length <= 64) codes.push(code)
  }
  return codes
}

/** Rupees as the store sends them ("1499.00"), in paise; only for INR orders (commissions are in rupees). */
const inrPaise = (currency: unknown, amount: unknown) =>
  currency === 'INR' ? rupeesToPaise(typeof amount === 'number' ? amount.toFixed(2) : text(amount)) : null

function shopifyOrder(order: Json, orderId: string): StoreOrderAction {
  const ref = pairValue(order.note_attributes, [CK_REF_PARAM], 'name') ?? refInUrl(order.landing_site)
  // The subtotal: after discounts, before shipping (and tax, for stores that do not include it in prices).
  const amountPaise = inrPaise(order.currency, order.subtotal_price)
  return {
    action: 'convert',
    orderId,
    ref,
    codes: discountCodes(order.discount_codes),
    amountPaise,
    occurredAt: isoTime(order.processed_at) ?? isoTime(order.created_at),
  }
}

export function readShopifyDelivery(topic: string, payload: unknown): StoreOrderAction {
  if (!isObject(payload)) return { action: 'ignore', orderId: null, reason: 'The body is not a JSON object.' }
  if (topic === 'refunds/create') {
    const orderId = idText(payload.order_id)
    return orderId ? { action: 'reverse', orderId } : { action: 'ignore', orderId: null, reason: 'The refund names no order.' }
  }
  if (!topic.startsWith('orders/')) return { action: 'ignore', orderId: null, reason: `Topic ${topic || '(none)'} is not an order topic.` }
  const orderId = gidNumber(payload.admin_graphql_api_id) ?? idText(payload.id)
  if (!orderId) return { action: 'ignore', orderId: null, reason: 'The order has no id.' }
  const financial = text(payload.financial_status) ?? ''
  if (topic === 'orders/cancelled' || payload.cancelled_at || financial === 'refunded' || financial === 'voided') return { action: 'reverse', orderId }
  if (topic === 'orders/paid' || (['orders/create', 'orders/updated'].includes(topic) && financial === 'paid')) return shopifyOrder(payload, orderId)
  return { action: 'ignore', orderId, reason: `The order is not paid yet (${financial || 'no financial_status'}).` }
}

const WOO_PAID = ['processing', 'completed']
const WOO_UNDONE = ['refunded', 'cancelled']

/** The items' totals: after discounts, before tax and shipping. */
function wooItemsPaise(order: Json): number | null {
  if (order.currency !== 'INR' || !Array.isArray(order.line_items) || order.line_items.length === 0) return null
  let sum = 0
  for (const item of order.line_items) {
    const paise = isObject(item) ? rupeesToPaise(text(item.total)) : null
    if (paise === null) return null
    sum += paise
  }
  return sum
}

export function readWooDelivery(topic: string, payload: unknown): StoreOrderAction {
  if (!isObject(payload)) return { action: 'ignore', orderId: null, reason: 'The body is not a JSON object.' }
  if (topic !== 'order.created' && topic !== 'order.updated')
    return { action: 'ignore', orderId: null, reason: `Topic ${topic || '(none)'} is not an order topic.` }
  const orderId = idText(payload.id)
  if (!orderId) return { action: 'ignore', orderId: null, reason: 'The order has no id.' }
  const status = text(payload.status) ?? ''
  if (WOO_UNDONE.includes(status)) return { action: 'reverse', orderId }
  if (!WOO_PAID.includes(status)) return { action: 'ignore', orderId, reason: `The order is not paid yet (${status || 'no status'}).` }
  return {
    action: 'convert',
    orderId,
    ref: pairValue(payload.meta_data, [`_${CK_REF_PARAM}`, CK_REF_PARAM], 'key'),
    codes: discountCodes(payload.coupon_lines),
    amountPaise: wooItemsPaise(payload),
    occurredAt: isoTime(payload.date_paid_gmt, true) ?? isoTime(payload.date_created_gmt, true),
  }
}

/**
 * The order id the conversion API knows the store's order by: one vendor may connect several
 * stores, each numbering its orders from 1, so the store is part of it.
 */
export const storeOrderId = (kind: StoreKind, storeId: number, orderId: string) => `${kind}-${storeId}-${orderId}`

// ---- What is kept of a store's order (decision 243) --------------------------------------------

/**
 * Days a store event keeps the raw body as the store sent it. After that (or at once, when its
 * buyer is erased) the body is the order's facts only: what `readShopifyDelivery` and
 * `readWooDelivery` act on, none of the buyer's contact details.
 */
export const STORE_RAW_BODY_DAYS = 30

/**
 * The fields of an order its reading needs, nothing of the buyer: the same object read again gives
 * the same action (tested). The ck_ref, wherever the store put it, is kept where the reader looks first.
 */
export function storeOrderFacts(kind: StoreKind, payload: unknown): Record<string, unknown> {
  if (!isObject(payload)) return {}
  const pick = (names: string[]) => Object.fromEntries(names.filter((n) => payload[n] !== undefined).map((n) => [n, payload[n]]))
  const codes = discountCodes(kind === 'shopify' ? payload.discount_codes : payload.coupon_lines).map((code) => ({ code }))
  if (kind === 'shopify') {
    const ref = pairValue(payload.note_attributes, [CK_REF_PARAM], 'name') ?? refInUrl(payload.landing_site)
    return {
      ...pick(['id', 'admin_graphql_api_id', 'order_id', 'financial_status', 'cancelled_at', 'currency', 'subtotal_price', 'processed_at', 'created_at']),
      note_attributes: ref ? [{ name: CK_REF_PARAM, value: ref }] : [],
      discount_codes: codes,
    }
  }
  const ref = pairValue(payload.meta_data, [`_${CK_REF_PARAM}`, CK_REF_PARAM], 'key')
  return {
    ...pick(['id', 'status', 'currency', 'date_paid_gmt', 'date_created_gmt']),
    ...(Array.isArray(payload.line_items) ? { line_items: payload.line_items.map((item) => ({ total: isObject(item) ? item.total : null })) } : {}),
    meta_data: ref ? [{ key: `_${CK_REF_PARAM}`, value: ref }] : [],
    coupon_lines: codes,
  }
}

const CONTACT_KEYS: Record<string, 'email' | 'phone'> = {
  email: 'email',
  contact_email: 'email',
  billing_email: 'email',
  phone: 'phone',
  billing_phone: 'phone',
}

/**
 * The buyer contacts an order holds, wherever the store put them (the order, the customer, the
 * billing and shipping addresses): mobiles as their ten digits, emails in lower case. A buyer's
 * erasure finds the order by them.
 */
export function storeBuyerContacts(payload: unknown): string[] {
  const found = new Set<string>()
  let visited = 0
  const walk = (value: unknown, depth: number) => {
    if (depth > 8 || visited++ > 5000 || found.size >= 20) return
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1)
      return
    }
    if (!isObject(value)) return
    for (const [key, item] of Object.entries(value)) {
      const kind = CONTACT_KEYS[key]
      if (kind && typeof item === 'string') {
        const contact = kind === 'email' ? item.trim().toLowerCase() : normalizeMobile(item)
        if (kind === 'email' ? /^[^@\s]+@[^@\s]+$/.test(contact) && contact.length <= 254 : /^\d{10}$/.test(contact)) found.add(contact)
      } else walk(item, depth + 1)
    }
  }
  walk(payload, 0)
  return [...found]
}
