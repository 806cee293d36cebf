// Lead rules: what counts as the same enquiry twice, and what an influencer may see of the buyer.

/** The same phone for the same product through the same influencer within this window is one lead. */
export const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000

export const duplicateCutoff = (now: number): string => new Date(now - DUPLICATE_WINDOW_MS).toISOString()

/**
 * Keeps the first 2 and last 2 characters (spec 001: the influencer's lead table). The buyer gave
 * their contact details to the vendor; the influencer only needs to recognise the lead.
 */
export function maskContact(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length)
  return `${value.slice(0, 2)}${'*'.repeat(value.length - 4)}${value.slice(-2)}`
}
