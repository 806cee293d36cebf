// Apart from format-core.ts: the buy page's browser code needs only this (its carousel's photos), and
// its first visit has a 75 kB JavaScript budget (decision 272); the price is formatted by the Worker.

/** Media paths from the API are R2 keys served by the Worker under /media/. */
export function mediaUrl(path: string | null | undefined): string {
  if (!path) return ''
  if (/^(https?:|data:|blob:|\/)/.test(path)) return path
  return `/media/${path}`
}
