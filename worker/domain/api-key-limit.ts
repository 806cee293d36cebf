// The per-key limit of /api/v1 (decision 251): a token bucket of 600 calls that refills at 600 a
// minute (one every 100 ms), so a burst can use what the last minute left unused but crossing a
// clock minute gives nothing extra. The answers say it in the IETF draft's fields
// (draft-ietf-httpapi-ratelimit-headers-11): `RateLimit-Policy` and `RateLimit`.

/** What a full bucket holds, and what it refills in one window. */
export const API_KEY_CALLS = 600
/** The window the quota is stated in, in seconds. */
export const API_KEY_WINDOW_S = 60
/** Tokens back per millisecond. */
export const REFILL_PER_MS = API_KEY_CALLS / (API_KEY_WINDOW_S * 1000)

/** The bucket after one call: the tokens left, and whether the call took one. */
export type Bucket = { tokens: number; granted: boolean }

/** `RateLimit-Policy`: the quota and its window, the same on every answer. */
export const RATE_LIMIT_POLICY = `"default";q=${API_KEY_CALLS};w=${API_KEY_WINDOW_S}`

/** Whole calls left now (what `r` says). */
export const remainingCalls = (b: Bucket) => Math.max(0, Math.floor(b.tokens))

/** Seconds until the bucket is full again (what `t` says): at most the window. */
export const secondsUntilFull = (b: Bucket) => Math.min(API_KEY_WINDOW_S, Math.max(0, Math.ceil((API_KEY_CALLS - b.tokens) / REFILL_PER_MS / 1000)))

/** Seconds until the next call would be taken (`Retry-After` on a 429): at least 1. */
export const secondsUntilNextCall = (b: Bucket) => Math.max(1, Math.ceil((1 - b.tokens) / REFILL_PER_MS / 1000))

/** `RateLimit`: the calls left in the policy and when it is whole again. */
export const rateLimitField = (b: Bucket) => `"default";r=${remainingCalls(b)};t=${secondsUntilFull(b)}`
