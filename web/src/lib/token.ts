/** The token's `exp` claim in milliseconds, or null when it cannot be read. */
export function tokenExpiryMs(token: string): number | null {
  const part = token.split('.')[1]
  if (!part) return null
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'))
    const exp = (JSON.parse(json) as { exp?: unknown }).exp
    return typeof exp === 'number' ? exp * 1000 : null
  } catch {
    return null
  }
}

/** A missing or unreadable token counts as expired (spec 000 section 2). */
export function isTokenExpired(token: string | null, now = Date.now()): boolean {
  if (!token) return true
  const expiry = tokenExpiryMs(token)
  return expiry === null || expiry <= now
}
