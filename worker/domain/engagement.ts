// Engagement rate of an influencer. The spec draws it at random by follower tier on every load,
// which makes a profile's number jump between visits; we derive it from the influencer's id
// instead, so it stays inside the spec's tier range and is the same on every load.

type Tier = { min: number; low: number; high: number }

/** Spec 000/001 section 9, highest tier first. */
export const ENGAGEMENT_TIERS: readonly Tier[] = [
  { min: 10_000_000, low: 0.8, high: 2.0 },
  { min: 1_000_000, low: 1.2, high: 3.0 },
  { min: 100_000, low: 2, high: 4 },
  { min: 10_000, low: 3, high: 5.5 },
  { min: 1, low: 4, high: 7 },
]

export function engagementTier(reach: number): Tier | null {
  return ENGAGEMENT_TIERS.find((tier) => reach >= tier.min) ?? null
}

/** A stable number in [0, 1) for an id: FNV-1a, then a murmur3 finaliser so neighbouring ids spread out. */
export function unitHash(value: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return (h >>> 0) / 2 ** 32
}

/** Percent with two decimals, within the tier of `reach`; 0 without reach. */
export function engagementRate(marketerId: number, reach: number): number {
  const tier = engagementTier(reach)
  if (!tier) return 0
  const rate = tier.low + unitHash(`engagement:${marketerId}`) * (tier.high - tier.low)
  return Math.round(rate * 100) / 100
}
