// Impression counting rules: who counts (no bots or link previews), who is the same visitor, and
// how accepted impressions are laid out in KV so that concurrent hits never lose a count, each hit
// costs a fraction of a KV write, and each account counts its own impressions without listing
// anyone else's.
//
// KV has no atomic increment and takes about one write per second per key, so there is no shared
// counter. Instead an isolate gathers the impressions it accepts for a moment and writes them as
// batches: a key per owner and flush, never written twice, whose metadata lists the visits it holds
// (link and visitor). A visit is counted once per 30-minute slot however many batches, isolates or
// concurrent requests it shows up in, because counting takes the distinct visits of the slot. The
// window is therefore the clock's half hour (hh:00 and hh:30 UTC, also half hours in India), not the
// 30 minutes before each visit.
//
// KV lists by prefix only, and a dashboard must list only its own account's keys, so each batch is
// written for both owner axes, slot first so the rollup lists one slot at a time:
//   imp:<slot>:m:<marketer>:<batch>   the influencer's visits as "<product>.<vendor>" -> visitors; the rollup counts these
//   imp:<slot>:v:<vendor>:<batch>     the vendor's visits as "<product>.<marketer>" -> visitors, for the vendor's dashboard
// The values are empty: list() returns the metadata with the names, so counting never reads a value.
// A cron rollup counts each closed slot's m batches into D1.

import { indiaDay } from '../contract/india-date'

export const DEDUPE_WINDOW_MS = 30 * 60_000
/** KV keeps impression keys this long: the rollup must have run by then (it runs every 5 minutes). */
export const KEY_TTL_SECONDS = 2 * 24 * 60 * 60
/** Slots still in KV, counted back from the current one. */
export const RETAINED_SLOTS = (KEY_TTL_SECONDS * 1000) / DEDUPE_WINDOW_MS
/** KV list() may lag writes by up to ~60 s: a slot is rolled up only after this much extra time. */
export const ROLLUP_GRACE_MS = 3 * 60_000
/** KV's limit on a key's metadata, serialised as JSON. */
export const METADATA_BYTES = 1024
/** A visitor id is this many hex digits (64 bits). */
export const VISITOR_HEX = 16

export type ImpressionRef = { productId: number; vendorId: number; marketerId: number }
/** Whose impressions a dashboard counts: a vendor's products, or an influencer's links. */
export type ImpressionOwner = { VendorID: number } | { MarketerID: number }

export const slotOf = (ms: number) => Math.floor(ms / DEDUPE_WINDOW_MS)
/** India's day of a slot (decision 280): IST is UTC+5:30, so a half-hour slot never straddles India's midnight. */
export const slotDay = (slot: number) => indiaDay(slot * DEDUPE_WINDOW_MS)

/** A slot may be rolled up once it has closed and KV listings have caught up with it. */
export const isSlotClosed = (slot: number, now: number) => (slot + 1) * DEDUPE_WINDOW_MS + ROLLUP_GRACE_MS <= now

/** The cron's rhythm (wrangler.toml `crons`), and how late a run may start before we stop expecting it. */
export const ROLLUP_EVERY_MS = 5 * 60_000
const ROLLUP_LATENESS_MS = 60_000

/** A closed slot the cron has normally rolled up by now: one run has had its chance since it closed. */
export const isSlotLikelyRolledUp = (slot: number, now: number) => (slot + 1) * DEDUPE_WINDOW_MS + ROLLUP_GRACE_MS + ROLLUP_EVERY_MS + ROLLUP_LATENESS_MS <= now

/** The keys the rollup counts: every influencer's batches of the slot. */
export const rollupPrefix = (slot: number) => `imp:${slot}:m:`

/** One account's keys in one slot (the trailing colon keeps account 12 from matching 123). */
export const ownerPrefix = (slot: number, owner: ImpressionOwner) =>
  'VendorID' in owner ? `imp:${slot}:v:${owner.VendorID}:` : `imp:${slot}:m:${owner.MarketerID}:`

/** Where one impression goes: the influencer's and the vendor's batches of its slot, each naming the link by the other two ids. */
export const impressionPlaces = (slot: number, ref: ImpressionRef) => [
  { prefix: ownerPrefix(slot, { MarketerID: ref.marketerId }), link: `${ref.productId}.${ref.vendorId}` },
  { prefix: ownerPrefix(slot, { VendorID: ref.vendorId }), link: `${ref.productId}.${ref.marketerId}` },
]

/** The same visitor on the same link in the same slot: one visit, however often it is recorded. */
export const visitId = (slot: number, ref: ImpressionRef, visitor: string) => `${slot}:${ref.productId}:${ref.marketerId}:${visitor}`

/** Batch metadata: link -> the ids of its visitors, concatenated. */
export type BatchMetadata = Record<string, string>

/** Packs one owner's visits (link -> visitors) into as few metadata objects as fit KV's metadata limit. */
export function packBatches(visits: ReadonlyMap<string, Iterable<string>>): BatchMetadata[] {
  const batches: BatchMetadata[] = []
  let current: BatchMetadata = {}
  let bytes = 2 // {}
  for (const [link, visitors] of visits) {
    for (const visitor of visitors) {
      // A new link costs "link":"" and maybe a comma; each visitor its digits.
      const cost = VISITOR_HEX + (link in current ? 0 : link.length + 5 + (bytes > 2 ? 1 : 0))
      if (bytes + cost > METADATA_BYTES) {
        batches.push(current)
        current = {}
        bytes = 2
      }
      if (link in current) {
        current[link] += visitor
        bytes += VISITOR_HEX
      } else {
        bytes += VISITOR_HEX + link.length + 5 + (bytes > 2 ? 1 : 0)
        current[link] = visitor
      }
    }
  }
  if (bytes > 2) batches.push(current)
  return batches
}

/** What visitorId returns: VISITOR_HEX lower-case hex digits. */
export const isVisitorId = (visitor: string) => visitor.length === VISITOR_HEX && /^[0-9a-f]+$/.test(visitor)

const LINK = /^\d+\.\d+$/
const VISITORS = new RegExp(`^(?:[0-9a-f]{${VISITOR_HEX}})+$`)

/** The visits ("<link>:<visitor>") a batch holds; nothing for metadata this code did not write. */
export function visitsOf(metadata: unknown): string[] {
  if (typeof metadata !== 'object' || metadata === null) return []
  const visits: string[] = []
  for (const [link, visitors] of Object.entries(metadata)) {
    if (!LINK.test(link) || typeof visitors !== 'string' || !VISITORS.test(visitors)) continue
    for (let i = 0; i < visitors.length; i += VISITOR_HEX) visits.push(`${link}:${visitors.slice(i, i + VISITOR_HEX)}`)
  }
  return visits
}

/** The influencer of an m batch key (the family the rollup counts); null for anything else. */
export function marketerOfBatch(key: string): number | null {
  const m = /^imp:\d+:m:(\d+):[0-9a-f]+$/.exec(key)
  return m ? Number(m[1]) : null
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
    'crawl',
    'spider',
    'slurp',
    'scrape',
    'preview',
    'facebookexternalhit',
    'facebookcatalog',
    'meta-external',
    'whatsapp',
    'skypeuripreview',
    'embedly',
    'iframely',
    'quora link',
    'pinterest/0\\.',
    'vkshare',
    'yandex',
    'baidu',
    'google-inspectiontool',
    'headlesschrome',
    'phantomjs',
    'lighthouse',
    'pagespeed',
    'pingdom',
    'uptimerobot',
    'statuscake',
    'curl/',
    'wget/',
    'python-',
    'aiohttp',
    'httpx',
    'go-http-client',
    'java/',
    'okhttp',
    'axios/',
    'node-fetch',
    'undici',
    'libwww',
    'httpclient',
    'postman',
    'insomnia',
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
 * to 64 bits (plenty to tell one link's visitors in one half hour apart). The raw IP is never
 * stored, and without the secret the hash cannot be reversed by trying all IPv4 addresses.
 */
export async function visitorId(ip: string, userAgent: string, secret: string): Promise<string> {
  let key = keys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(`impressions:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
    keys.set(secret, key)
  }
  const mac = await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(`${ip}\n${userAgent}`))
  return [...new Uint8Array(mac, 0, VISITOR_HEX / 2)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
