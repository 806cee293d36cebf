// Store refs (decision 190): the `ck_ref` a buyer carries from a buy page to the vendor's own store.
// Random base62 from the platform's CSPRNG, so a ref tells nothing about the link behind it and the
// next one cannot be guessed from the last; the link is looked up by the ref (db/store-refs.ts).

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** 62^16 ≈ 4.8 × 10^28: guessing a live ref is hopeless, and a collision needs no retry in practice. */
export const REF_LENGTH = 16
// 248 = 4 × 62: bytes at or above it are dropped, so every character is equally likely.
const UNBIASED_LIMIT = 248

/** The query parameter the store keeps until checkout (docs/store-attribution.md). */
export const CK_REF_PARAM = 'ck_ref'

/** How long after the click a store's order still earns the influencer a commission (decision 190). */
export const ATTRIBUTION_DAYS = 30
export const ATTRIBUTION_MS = ATTRIBUTION_DAYS * 24 * 60 * 60_000

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

/** A ref made at `createdAt` (ISO) still attributes an order placed at `at` (ms). */
export const isRefLive = (createdAt: string, at: number) => {
  const made = Date.parse(createdAt)
  return Number.isFinite(made) && at >= made - 60_000 && at - made <= ATTRIBUTION_MS
}

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
