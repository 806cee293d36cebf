// Short link codes (decision 016): random base62, so a code tells nothing about the ids behind it and
// the next one cannot be guessed from the last.

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** 62^8 ≈ 2.2 × 10^14 codes: a collision is rare enough that one retry covers it. */
export const CODE_LENGTH = 8
// 248 = 4 × 62: bytes at or above it are dropped, so every character is equally likely.
const UNBIASED_LIMIT = 248

export function newShortCode(): string {
  let code = ''
  while (code.length < CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(CODE_LENGTH * 2))) {
      if (byte < UNBIASED_LIMIT && code.length < CODE_LENGTH) code += ALPHABET[byte % 62]
    }
  }
  return code
}

/** What a code in a path may look like (7 to 16 base62 characters); anything else is not ours. */
export const isShortCode = (value: string) => /^[0-9A-Za-z]{7,16}$/.test(value)

export const SHORT_LINK_PREFIX = '/s/'

export const shortLinkUrl = (origin: string, code: string) => `${origin}${SHORT_LINK_PREFIX}${code}`

export type ShortTarget = { ProductID: number; VendorID: number; MarketerID: number }

/** The KV value of a code: `product.vendor.influencer`. */
export const packTarget = (t: ShortTarget) => `${t.ProductID}.${t.VendorID}.${t.MarketerID}`

export function unpackTarget(value: string | null): ShortTarget | null {
  const m = value ? /^(\d{1,15})\.(\d{1,15})\.(\d{1,15})$/.exec(value) : null
  if (!m) return null
  return { ProductID: Number(m[1]), VendorID: Number(m[2]), MarketerID: Number(m[3]) }
}
