// Short audience counts as the spec displays them (section 9): 1,000+ as x.xK, 1,000,000+ as x.xM.

export function shortCount(value: number): string {
  const n = Number.isFinite(value) ? value : 0
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`
  if (n >= 1_000) return `${(n / 1_000).toFixed(1)}K`
  return String(n)
}
