// The storefront handle (decision 200): the profile's display handle without '@', from Instagram, else
// Twitter, else TikTok. Pure rules; who holds a handle two creators share is a database question
// (services/storefront.ts): the earlier account keeps it, decision 200.

/** What the three platforms allow in a username; anything else cannot be a path and gets /i/{id}. */
const HANDLE_PATTERN = /^[A-Za-z0-9._]{1,30}$/

type HandleFields = { InstagramUsername: string | null; TwitterHandle: string | null; TikTokUsername: string | null }

const bare = (value: string | null) => (value ?? '').trim().replace(/^@+/, '')

/**
 * The handle as the creator wrote it (case kept), or null: the first platform with a username
 * decides, as the lookup key does (db/schema.ts storefrontHandleKey), even when it is unusable.
 */
export function storefrontHandleOf(s: HandleFields): string | null {
  const first = [s.InstagramUsername, s.TwitterHandle, s.TikTokUsername].find((v) => (v ?? '').trim() !== '')
  if (first === undefined) return null
  const handle = bare(first)
  return handleKey(handle) ? handle : null
}

/**
 * The lookup key of a handle (typed in a path or given by a profile), or null when it cannot be
 * anyone's handle: lower-cased without trailing dots, as db/schema.ts storefrontHandleKey reads it,
 * so 'Ananya.Weaves.' and 'ananya.weaves' are one handle (decision 247).
 */
export function handleKey(text: string): string | null {
  if (!HANDLE_PATTERN.test(text)) return null
  let end = text.length
  while (end > 0 && text[end - 1] === '.') end--
  return end > 0 ? text.slice(0, end).toLowerCase() : null
}
