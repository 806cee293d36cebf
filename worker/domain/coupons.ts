// When a creator code can be used (decision 210): pure, so the lead, the lookup and the conversion API
// give the same answer. The inserting statement checks the same rules again (db/coupons.ts), so a
// code used up or ended between this check and the insert is not applied.

import type { CodeRefusal } from '../contract/coupons'

export type CodeRules = {
  startsAt: string | null
  endsAt: string | null
  UseLimit: number | null
  Uses: number
  offAt: string | null
}

/** Why the code cannot be used at `nowIso` for a product it does (`covers`) or does not cover; null when it can. */
export function codeRefusal(code: CodeRules | null, covers: boolean, nowIso: string): CodeRefusal | null {
  if (!code) return 'unknown'
  if (code.offAt !== null) return 'switchedOffForBuyer'
  if (code.startsAt !== null && code.startsAt > nowIso) return 'notYetActive'
  if (code.endsAt !== null && code.endsAt <= nowIso) return 'expired'
  if (code.UseLimit !== null && code.Uses >= code.UseLimit) return 'usedUp'
  if (!covers) return 'notForProduct'
  return null
}
