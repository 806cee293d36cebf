// Store refs (decisions 190, 291): the `ck_ref` a buyer carries from a buy page to the vendor's own store.
// Random base62 from the platform's CSPRNG, so a ref tells nothing about the link behind it and the
// next one cannot be guessed from the last; the link is looked up by the ref (db/store-refs.ts).

import { ATTRIBUTION_DEFAULTS, MAX_ATTRIBUTION_DAYS } from '../contract/attribution'

const DAY_MS = 24 * 60 * 60_000
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** 62^16 ≈ 4.8 × 10^28: guessing a live ref is hopeless, and a collision needs no retry in practice. */
export const REF_LENGTH = 16
// 248 = 4 × 62: bytes at or above it are dropped, so every character is equally likely.
const UNBIASED_LIMIT = 248

/** The query parameter the store keeps until checkout (docs/store-attribution.md). */
export const CK_REF_PARAM = 'ck_ref'

/** How long after the click a store's order still earns the influencer a commission, unless the vendor chose otherwise (decision 292). */
export const ATTRIBUTION_DAYS = ATTRIBUTION_DEFAULTS.AttributionDays
export const ATTRIBUTION_MS = ATTRIBUTION_DAYS * DAY_MS
/** Refs are kept as long as the longest window a vendor may choose, and a day. */
export const REF_KEEP_MS = (MAX_ATTRIBUTION_DAYS + 1) * DAY_MS
/** An order may be stamped a little before its click (clocks differ). */
export const CLOCK_SKEW_MS = 60_000

/** The redirect's path: the Worker answers it (wrangler.toml run_worker_first lists /go/*). */
export const storeRedirectPath = (productId: number, marketerId: number) => `/go/${productId}/${marketerId}`

export function newStoreRef(): string {
  let ref = ''
  while (ref.length < REF_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(REF_LENGTH * 2))) {
      if (byte < UNBIASED_LIMIT && ref.length < REF_LENGTH) ref += ALPHABET[byte % 62]
    }
  }
  return ref
}

/** What a ref may look like; anything else is not ours and is never looked up. */
export const isStoreRef = (value: string) => value.length === REF_LENGTH && /^[0-9A-Za-z]+$/.test(value)

/**
 * The store address with `ck_ref=<ref>` added to its query: the existing query is kept byte for
 * byte (a store's own parameters, encoded as it wrote them) and the fragment stays last, where a
 * browser expects it. Null for anything but an http(s) address.
 */
export function withCkRef(storeUrl: string, ref: string): string | null {
  let url: URL
  try {
    url = new URL(storeUrl.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const text = url.href
  const hashAt = text.indexOf('#')
  const base = hashAt < 0 ? text : text.slice(0, hashAt)
  const fragment = hashAt < 0 ? '' : text.slice(hashAt)
  const joiner = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&'
  return `${base}${joiner}${CK_REF_PARAM}=${ref}${fragment}`
}
