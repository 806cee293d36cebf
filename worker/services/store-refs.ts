// Store attribution (issue 34): a store reports a sale with the `ck_ref` it kept from the buy
// page's 'Buy on {vendor}'s store' redirect. The stores work (branch `stores`) fills this module;
// the conversion API (services/conversions.ts) already sends every `ref` through it.

import { CONVERSION_MESSAGES } from '../contract/v1'
import type { Db } from '../db/client'
import type { Lead } from '../db/schema'
import { InvalidInput } from '../domain/errors'

/**
 * The vendor's lead a `ref` stands for, made from the recorded visit when there is none yet
 * (marked as coming from the store); null when no visit of this vendor matches the ref. Until
 * store references exist, every ref is refused with a message saying so.
 */
export async function resolveStoreRef(_db: Db, _vendorId: number, _ref: string): Promise<Lead | null> {
  throw new InvalidInput(CONVERSION_MESSAGES.refsNotAvailable)
}
