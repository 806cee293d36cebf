// Resolving /s/{code}: the isolate's memory, then KV, then D1 (cache-aside). A code's target never
// changes (the pair is fixed, a product never moves to another vendor), so whatever is cached stays
// true; a deleted product's or account's code still redirects to its long link, which then says
// 'This link is not valid', exactly as the long link itself would.

import { makeDb } from '../db/client'
import { shortLinkTarget } from '../db/short-links'
import { packTarget, type ShortTarget, unpackTarget } from '../domain/short-links'
import type { Bindings } from '../env'

const KV_PREFIX = 'sl:'
const MAX_REMEMBERED = 10_000
const remembered = new Map<string, ShortTarget>()

export const shortLinkKvKey = (code: string) => `${KV_PREFIX}${code}`

export async function resolveShortCode(
  env: Pick<Bindings, 'DB' | 'IMPRESSIONS'>,
  code: string,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<ShortTarget | null> {
  const known = remembered.get(code)
  if (known) return known
  let target = unpackTarget(await env.IMPRESSIONS.get(shortLinkKvKey(code), { cacheTtl: 3600 }))
  if (!target) {
    target = await shortLinkTarget(makeDb(env.DB), code)
    // Unknown codes are not cached: KV would keep a "no" even after the code is handed out.
    if (target) waitUntil(env.IMPRESSIONS.put(shortLinkKvKey(code), packTarget(target)))
  }
  if (target) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear()
    remembered.set(code, target)
  }
  return target
}
