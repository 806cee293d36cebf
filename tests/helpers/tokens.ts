// Tokens a caller should never get past the API with, made for a real account so that only the
// token itself is wrong.

import { env } from 'cloudflare:workers'
import { signToken } from '../../worker/domain/tokens'
import type { Role } from '../../worker/types'

export const b64url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')

/** An unsigned token (`alg: none`) claiming to be `role` number `id`. */
export function unsignedToken(role: Role, id: number): string {
  const exp = Math.floor(Date.now() / 1000) + 3600
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: String(id), role, exp })}.`
}

/**
 * No token, an expired one, one signed with another secret, one revoked by a password change (its
 * version is not the account's), one for an account that does not exist, an unsigned one, and garbage.
 */
export async function badTokens(role: Role, id: number): Promise<Array<[string, string | undefined]>> {
  const dayAndAMinuteAgo = Date.now() - (24 * 60 + 1) * 60_000
  return [
    ['no token', undefined],
    ['an expired token', await signToken({ id, role, ver: 0 }, env.JWT_SECRET, dayAndAMinuteAgo)],
    ['a token signed with another secret', await signToken({ id, role, ver: 0 }, 'someone-elses-secret')],
    ['a token from before a password change', await signToken({ id, role, ver: 7 }, env.JWT_SECRET)],
    ['a token of an account that does not exist', await signToken({ id: 987_654_321, role, ver: 0 }, env.JWT_SECRET)],
    ['an alg:none token', unsignedToken(role, id)],
    ['garbage', 'not.a.token'],
  ]
}
