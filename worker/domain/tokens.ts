import { SignJWT, jwtVerify } from 'jose'
import type { Role } from '../types'

/**
 * What a token says: who (`sub`), which role, and `ver`, the account's tokenVersion when it was
 * issued. A signature only proves we issued it; services/session.ts decides whether it still opens
 * the API (the version must still be the account's).
 */
export type TokenClaims = { id: number; role: Role; ver: number }

export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60

const key = (secret: string) => new TextEncoder().encode(secret)

export async function signToken(claims: TokenClaims, secret: string, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000)
  return new SignJWT({ role: claims.role, ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.id))
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(key(secret))
}

// Each signed-in request verifies its token's HMAC through WebCrypto (about 70 us of JavaScript and
// a hop out of the isolate, measured in Node), though a client sends the same token all day. A
// token string verifies the same way under the same secret every time, so the claims of one that
// verified are kept per isolate and only its expiry is checked again; a forged, edited or expired
// token is never kept. Bounded: forgetting only costs a verification.
const MAX_VERIFIED = 1_000
const verified = new Map<string, { secret: string; claims: TokenClaims; exp: number }>()

const nowSeconds = () => Math.floor(Date.now() / 1000)

/** Returns the claims of a valid token, or null for anything missing, expired, malformed or forged. */
export async function verifyToken(token: string, secret: string): Promise<TokenClaims | null> {
  const known = verified.get(token)
  // Expired exactly as jose decides it: no longer valid once `exp` is not after now.
  if (known && known.secret === secret) return known.exp > nowSeconds() ? { ...known.claims } : null
  try {
    // The explicit algorithm list is what rejects `alg: none` and algorithm swaps.
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] })
    const id = Number(payload.sub)
    const role = payload.role
    if (!Number.isSafeInteger(id) || id <= 0) return null
    if (role !== 'vendor' && role !== 'marketer' && role !== 'admin') return null
    // Tokens issued before versions existed carry none: they belong to version 0, the column's default.
    const ver = payload.ver === undefined ? 0 : payload.ver
    if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return null
    const claims: TokenClaims = { id, role, ver }
    if (typeof payload.exp === 'number') {
      if (verified.size >= MAX_VERIFIED) verified.clear()
      verified.set(token, { secret, claims, exp: payload.exp })
    }
    return claims
  } catch {
    return null
  }
}
