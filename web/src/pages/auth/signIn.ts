import type { LoginInput } from '@contract/auth'
import { loginMarketer, loginVendor } from '../../api/auth'
import { ApiError } from '../../api/client'
import { hasSocialProfile } from '../../lib/session'
import { withMarketerId } from '../../lib/links'
import { getPendingShareLink, saveMarketerSession, saveVendorSession, setPendingShareLink } from '../../lib/storage'

export type SignInRole = 'vendor' | 'influencer'

export const parseRole = (value: string | null): SignInRole | null => (value === 'vendor' || value === 'influencer' ? value : null)

/**
 * Signs in and stores the session as spec 000 section 4 describes; returns the success message
 * and where to go next. Throws ApiError with the server's message when the login is refused.
 */
export async function signIn(role: SignInRole, credentials: LoginInput): Promise<{ message: string; next: string }> {
  if (role === 'vendor') {
    const res = await loginVendor(credentials)
    if (res.statusCode !== 1) throw new ApiError(res.message)
    saveVendorSession(res.data.token, res.data.vendor)
    return { message: res.message, next: '/vendor' }
  }
  const res = await loginMarketer(credentials)
  if (res.statusCode !== 1) throw new ApiError(res.message)
  saveMarketerSession(res.data.token, res.data.marketer)
  // A link the visitor tried to copy now carries this influencer's id; /products copies it once.
  const pending = getPendingShareLink()
  if (pending?.linkurl) setPendingShareLink(withMarketerId(pending.linkurl, res.data.marketer.MarketerID))
  const next = pending?.linkurl ? '/products' : hasSocialProfile(res.data.marketer) ? '/marketer' : '/marketer/social-media-setup'
  return { message: res.message, next }
}
