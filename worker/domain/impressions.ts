// Impression counting rules: who counts (no bots or link previews), who is the same visitor, and
// how accepted impressions are laid out in KV so that concurrent hits never lose a count.
//
// KV has no atomic increment and takes about one write per second per key, so there is no shared
// counter: every accepted impression is its own key, named by the 30-minute slot it fell in plus
// product, vendor, marketer and visitor. The same visitor hitting twice in one slot writes the same
// key (counted once, even in a race); different visitors never touch the same key. A cron rollup
// counts each closed slot's keys into D1.

export const DEDUPE_WINDOW_MS = 30 * 60_000
/** KV keeps impression keys this long: the rollup must have run by then (it runs every 5 minutes). */
export const KEY_TTL_SECONDS = 2 * 24 * 60 * 60
/** Slots still in KV, counted back from the current one. */
export const RETAINED_SLOTS = (KEY_TTL_SECONDS * 1000) / DEDUPE_WINDOW_MS
/** KV list() may lag writes by up to ~60 s: a slot is rolled up only after this much extra time. */
export const ROLLUP_GRACE_MS = 3 * 60_000

export type ImpressionRef = { productId: number; vendorId: number; marketerId: number }

export const slotOf = (ms: number) => Math.floor(ms / DEDUPE_WINDOW_MS)
export const slotDay = (slot: number) => new Date(slot * DEDUPE_WINDOW_MS).toISOString().slice(0, 10)
export const slotPrefix = (slot: number) => `imp:${slot}:`

/** A slot may be rolled up once it has closed and KV listings have caught up with it. */
export const isSlotClosed = (slot: number, now: number) => (slot + 1) * DEDUPE_WINDOW_MS + ROLLUP_GRACE_MS <= now

export const impressionKey = (slot: number, ref: ImpressionRef, visitor: string) =>
  `${slotPrefix(slot)}${ref.productId}:${ref.vendorId}:${ref.marketerId}:${visitor}`

export function parseImpressionKey(key: string): (ImpressionRef & { slot: number }) | null {
  const m = /^imp:(\d+):(\d+):(\d+):(\d+):[0-9a-f]+$/.exec(key)
  if (!m) return null
  return { slot: Number(m[1]), productId: Number(m[2]), vendorId: Number(m[3]), marketerId: Number(m[4]) }
}

/**
 * Whether a hit counts, given what KV holds for this visitor: the key of the current slot (any value
 * means already counted) and the time stored in the previous slot's key. Together they make the
 * 30 minutes a sliding window, not clock-aligned halves of the hour.
 */
export function shouldCount(currentSlotValue: string | null, previousSlotValue: string | null, now: number): boolean {
  if (currentSlotValue !== null) return false
  const previousAt = Number(previousSlotValue)
  return !(previousSlotValue !== null && Number.isFinite(previousAt) && now - previousAt < DEDUPE_WINDOW_MS)
}

// Crawlers, link-preview fetchers (WhatsApp, Slack, Telegram, ... unfurl a shared link), monitoring
// and HTTP libraries, and headless browsers. None of them is a person a brand would pay to reach.
export const BOT_UA = new RegExp(
  [
    // "Googlebot/2.1", "AhrefsBot;", "Slackbot-LinkExpanding", a bare "bot", and the "+http://..." contact
    // URL that crawlers put in their User-Agent. (Not just "bot": a "CUBOT" phone is a person.)
    String.raw`[a-z]bot(?:[\/\-_;)]|$)`,
    String.raw`\bbot\b`,
    String.raw`\+https?:`,
    'crawl', 'spider', 'slurp', 'scrape', 'preview', 'facebookexternalhit', 'facebookcatalog', 'meta-external',
    'whatsapp', 'skypeuripreview', 'embedly', 'iframely', 'quora link', 'pinterest/0\\.', 'vkshare', 'yandex', 'baidu',
    'google-inspectiontool', 'headlesschrome', 'phantomjs', 'lighthouse', 'pagespeed', 'pingdom', 'uptimerobot',
    'statuscake', 'curl/', 'wget/', 'python-', 'aiohttp', 'httpx', 'go-http-client', 'java/', 'okhttp', 'axios/',
    'node-fetch', 'undici', 'libwww', 'httpclient', 'postman', 'insomnia',
  ].join('|'),
  'i',
)

/** Requests that are not a person opening the link: known bots, previews, tools, or no User-Agent at all. */
export function isBot(userAgent: string | null | undefined): boolean {
  const ua = userAgent?.trim() ?? ''
  return ua === '' || BOT_UA.test(ua)
}

const keys = new Map<string, Promise<CryptoKey>>()

/**
 * The visitor's identity: HMAC-SHA256 of the client IP and User-Agent under a server secret, cut
 * to 128 bits. The raw IP is never stored, and without the secret the hash cannot be reversed by
 * trying all IPv4 addresses.
 */
export async function visitorId(ip: string, userAgent: string, secret: string): Promise<string> {
  let key = keys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(`impressions:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
    keys.set(secret, key)
  }
  const mac = await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(`${ip}\n${userAgent}`))
  return [...new Uint8Array(mac, 0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
