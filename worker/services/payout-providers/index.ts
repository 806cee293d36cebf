// The provider for a vendor's connected account: the real host from configuration (wrangler.toml
// vars RAZORPAYX_BASE_URL, CASHFREE_PAYOUTS_BASE_URL; production hosts when blank), or the
// in-process stand-in when PAYOUT_STAND_IN is "1" (tests and `npm start`, decision 298).

import type { Bindings } from '../../env'
import { cashfree } from './cashfree'
import { razorpayx } from './razorpayx'
import { DEMO_RAZORPAYX } from './demo-account'
import { STAND_IN_BASE, standIn } from './stand-in'
import type { Credentials, Fetcher, PayoutProvider } from './types'

export const PRODUCTION_BASE = {
  razorpayx: 'https://api.razorpay.com',
  cashfree: 'https://api.cashfree.com/payout',
} as const

export function providerFor(env: Bindings, creds: Credentials, vendorId: number): PayoutProvider {
  const local = env.PAYOUT_STAND_IN === '1'
  if (local && creds.provider === 'razorpayx' && creds.keyId === DEMO_RAZORPAYX.KeyID) standIn.openDemo(vendorId)
  const fetcher: Fetcher = local ? standIn.fetch : (request) => fetch(request)
  if (creds.provider === 'razorpayx') return razorpayx(creds, local ? STAND_IN_BASE.razorpayx : env.RAZORPAYX_BASE_URL || PRODUCTION_BASE.razorpayx, fetcher)
  return cashfree(creds, local ? STAND_IN_BASE.cashfree : env.CASHFREE_PAYOUTS_BASE_URL || PRODUCTION_BASE.cashfree, fetcher)
}
