import type { Envelope } from '@contract/envelope'

// The buy page's creator-code check (decision 248), apart from buy.ts, used by the form's rules
// (pages/buy/buyForm.ts).
/**
 * What the public lookup says of a typed code (GET /api/coupons/lookup): usable, with what it
 * gives; not usable, with the buyer's message; or null when it could not say (429 past the
 * network's tries, a network failure): then the lead is sent and the server's notice speaks.
 */
export type CodeCheck = { usable: true; Code: string; BuyerText: string } | { usable: false; message: string } | null

export async function checkMarketerCode(productId: number, code: string): Promise<CodeCheck> {
  try {
    const res = await fetch(`/api/coupons/lookup?productId=${productId}&code=${encodeURIComponent(code)}`, { headers: { accept: 'application/json' } })
    const body = (await res.json().catch(() => null)) as Envelope<{ Code: string; BuyerText: string } | null> | null
    if (res.ok && body?.statusCode === 1 && body.data) return { usable: true, Code: body.data.Code, BuyerText: body.data.BuyerText }
    return res.status === 400 && body?.message ? { usable: false, message: body.message } : null
  } catch {
    return null
  }
}
