// Whether a token still opens the API, decided in one place. A valid signature only proves that
// we issued the token; the account must still exist and still be on the token version the token
// was issued with (a password change raises it, so every older token answers 401), and must not be
// suspended or erased by the back office (its tokens stop at once, whatever their version). Admins
// (role `admin`) are checked the same way against their own table.

import { type AccountState, accountState, accountStateStatement, stateOfRow } from '../db/sessions'
import type { Db } from '../db/client'
import { SessionGate } from '../db/session-gate'
import { signToken, type TokenClaims, verifyToken } from '../domain/tokens'
import type { Caller, Refusal, Role } from '../types'

export type Verdict = 'current' | 'suspended' | 'password-changed' | 'stale'

/**
 * The rule itself, on what the token says and what the account holds now: 'current', 'suspended'
 * (a session the back office stopped; the caller is told so, not that it expired),
 * 'password-changed' (issued before the password changed: only a password change raises the
 * version, decision 260) or 'stale'.
 */
export function sessionVerdict(claims: TokenClaims, state: AccountState | undefined): Verdict {
  if (state === undefined || state.erased) return 'stale'
  if (state.suspended) return 'suspended'
  if (claims.ver < state.tokenVersion) return 'password-changed'
  return state.tokenVersion === claims.ver ? 'current' : 'stale'
}

export const sessionIsCurrent = (claims: TokenClaims, state: AccountState | undefined): boolean => sessionVerdict(claims, state) === 'current'

const refusalOf = (verdict: Verdict): Refusal => (verdict === 'suspended' || verdict === 'password-changed' ? verdict : null)

/**
 * The caller a bearer token stands for, or null for a token that is missing, malformed, forged,
 * expired, or no longer current. One indexed D1 read for a token with a valid signature.
 */
export async function sessionOf(db: Db, token: string, secret: string): Promise<{ caller: Caller | null; refusal: Refusal }> {
  const claims = await verifyToken(token, secret)
  if (!claims) return { caller: null, refusal: null }
  const verdict = sessionVerdict(claims, await accountState(db, claims.role, claims.id))
  if (verdict !== 'current') return { caller: null, refusal: refusalOf(verdict) }
  return { caller: { id: claims.id, role: claims.role }, refusal: null }
}

/**
 * For a read: the caller the token's signature vouches for, and a gated D1 binding that checks the
 * session along with the request's first query (db/session-gate.ts). Null when the signature is
 * not valid (no check needed: no caller). The answer may only go out once `gate.current()` is true.
 */
export async function deferredSession(
  d1: D1Database,
  token: string,
  secret: string,
): Promise<{ caller: Caller; gate: SessionGate; refusal: () => Refusal } | null> {
  const claims = await verifyToken(token, secret)
  if (!claims) return null
  let refusal: Refusal = null
  const gate = new SessionGate(d1, accountStateStatement(d1, claims.role, claims.id), (row) => {
    const verdict = sessionVerdict(claims, stateOfRow(row as Parameters<typeof stateOfRow>[0]))
    refusal = refusalOf(verdict)
    return verdict === 'current'
  })
  return { caller: { id: claims.id, role: claims.role }, gate, refusal: () => refusal }
}

/** A token for the account as it is now (its current tokenVersion). */
export function issueToken(role: Role, id: number, tokenVersion: number, secret: string): Promise<string> {
  return signToken({ role, id, ver: tokenVersion }, secret)
}
