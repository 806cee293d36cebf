// The public influencer profile (GET /api/marketers/social-media/{id}) and who sees its contact
// details (decision 060). Vendor sign-up is open, so a vendor
// token alone no longer opens an influencer's email and mobile: the vendor must be verified by the
// back office or have worked with the influencer. Every caller is limited in how many profiles
// they open, so the directory cannot be walked by a script.

import { type ContactAccess, MARKETER_NOT_FOUND, type MarketerProfile, PROFILE_VIEWS_LIMITED } from '../contract/marketer'
import type { Db } from '../db/client'
import { findMarketer, toMarketerProfile } from '../db/marketers'
import { PROFILE_VIEWS, takeSlot } from '../db/rate-limit'
import { sharesContacts } from '../db/vendors'
import { NotFound, RateLimited } from '../domain/errors'
import { byRole } from '../domain/roles'
import { linkedStorefrontPath } from './storefront'
import type { Caller } from '../types'

/**
 * Who counts against the profile limit: a signed-in caller by account, anyone else by the address
 * Cloudflare reports (hashed). Null only when there is neither: a local run without Cloudflare in
 * front, where every visitor would share one bucket.
 */
export function viewerKey(caller: Caller | null, ipSubject: string | null): string | null {
  if (caller) return `${caller.role}:${caller.id}`
  return ipSubject === null ? null : `ip:${ipSubject}`
}

async function contactAccessOf(db: Db, caller: Caller | null, marketerId: number): Promise<ContactAccess> {
  if (!caller) return 'hidden'
  return byRole<ContactAccess | Promise<ContactAccess>>(caller, {
    marketer: (id) => (id === marketerId ? 'shared' : 'hidden'),
    vendor: async (id) => ((await sharesContacts(db, id, marketerId)) ? 'shared' : 'after-working-together'),
    // The back office reads contacts through its own audited routes, not the public profile.
    admin: () => 'hidden',
  })
}

/** The profile as `caller` may see it; 429 past the limit, 404 for a missing, suspended or erased influencer. */
export async function readMarketerProfile(db: Db, caller: Caller | null, ipSubject: string | null, marketerId: number | null): Promise<MarketerProfile> {
  const viewer = viewerKey(caller, ipSubject)
  if (viewer !== null && (await takeSlot(db, PROFILE_VIEWS, viewer)) === null) throw new RateLimited(PROFILE_VIEWS_LIMITED)
  const row = marketerId ? await findMarketer(db, marketerId) : undefined
  // A suspended (or erased) influencer's profile answers as if there were none.
  if (!row || row.suspendedAt !== null) throw new NotFound(MARKETER_NOT_FOUND)
  const [access, storefront] = await Promise.all([contactAccessOf(db, caller, row.MarketerID), linkedStorefrontPath(db, row)])
  return toMarketerProfile(row, access, storefront)
}
