// Who may do what, by role. A route open to several roles used to pick its branch with
// `role === 'vendor' ? vendor : influencer`, so an admin token read influencer #AdminID's money
//. Dispatching through byRole names every role: adding one to Role fails to compile
// until each dispatch says what the new role gets, and a role with no business there is refused.

import { Forbidden } from './errors'
import type { Role } from '../types'

export const NOT_ALLOWED_MESSAGE = 'You are not allowed to do this'

/** One answer per role, every role named; `refuse` for a role that may not be here. */
export type RoleCases<R> = { readonly [K in Role]: (id: number) => R }

/** The answer for the caller's role, given the caller's id. */
export function byRole<R>(caller: { id: number; role: Role }, cases: RoleCases<R>): R {
  return cases[caller.role](caller.id)
}

/** The case of a role that has no business on the route: 403. */
export function refuse(): never {
  throw new Forbidden(NOT_ALLOWED_MESSAGE)
}

/** Compile-time exhaustiveness for a switch over a union; reaching it at run time is a bug. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${String(value)}`)
}

/** The ledger and lead owner a vendor or an influencer stands for; any other role is refused. */
export const ownerOf = (caller: { id: number; role: Role }): { VendorID: number } | { MarketerID: number } =>
  byRole<{ VendorID: number } | { MarketerID: number }>(caller, {
    vendor: (VendorID) => ({ VendorID }),
    marketer: (MarketerID) => ({ MarketerID }),
    admin: refuse,
  })
