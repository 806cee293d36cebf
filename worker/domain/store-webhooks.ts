// Order webhooks from a vendor's Shopify or WooCommerce store (decision 191): how each store signs a
// delivery, where it puts the delivery id and topic, and what of it is kept. What a delivery means
// for an order is domain/store-orders.ts (decision 294). Pure: no storage.

import { normalizeMobile } from '../contract/phone'
import type { StoreKind } from '../contract/stores'

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

/**
 * The order id an order of the store is known by: one vendor may connect several stores, each
 * numbering its orders from 1, so the store is part of it.
 */
export const storeOrderId = (kind: StoreKind, storeId: number, orderId: string) => `${kind}-${storeId}-${orderId}`

// ---- What is kept of a store's order (decision 243) --------------------------------------------

/**
 * Days a store event keeps the raw body as the store sent it. After that (or at once, when its
 * buyer is erased) the body is the order's facts only (domain/store-orders.ts storeOrderFacts):
 * what the order readers act on, none of the buyer's contact details.
 */
export const STORE_RAW_BODY_DAYS = 30

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

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
