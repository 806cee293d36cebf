import { indiaDay } from '../../worker/contract/india-date'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { MarketerAnalytics } from '../../worker/contract/marketer'
import type { DailyTrend } from '../../worker/contract/trends'
import { impressionTotal, recordImpression } from '../../worker/db/impressions'
import { DEDUPE_WINDOW_MS, isBot, METADATA_BYTES, packBatches, slotOf, visitId, visitsOf } from '../../worker/domain/impressions'
import { call } from '../helpers/api'
import { makeMarketer, makeVendor, type SignedInMarketer } from '../helpers/factories'
import { insertProduct } from '../helpers/rows'
import { BROWSER_UA, type Link, track } from '../helpers/tracking'

async function setup() {
  const vendor = await makeVendor()
  const marketer = await makeMarketer()
  const product = await insertProduct(vendor.id)
  const link: Link = { productId: product.ProductID, vendorId: vendor.id, marketerId: marketer.id }
  return { vendor, marketer, product, link }
}

const shownTo = async (marketer: SignedInMarketer) =>
  (await call<MarketerAnalytics>('GET', `/api/marketers/analytics/${marketer.id}`, { token: marketer.token })).body.data.totalImpressions

const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`

describe('POST /api/affiliate/track/impression', () => {
  it('counts a visitor opening the link, for the marketer and for the vendor', async () => {
    const { vendor, marketer, link } = await setup()
    const res = await track(link)
    expect(res.status).toBe(202)
    expect(res.body).toMatchObject({ statusCode: 1, message: 'Impression received' })
    expect(await shownTo(marketer)).toBe(1)
    expect(await impressionTotal(env, { VendorID: vendor.id })).toBe(1)
  })

  it('needs no sign-in', async () => {
    const { link } = await setup()
    const query = new URLSearchParams({ productId: String(link.productId), vendorId: String(link.vendorId), marketerId: String(link.marketerId) })
    const res = await call('POST', `/api/affiliate/track/impression?${query}`, { headers: { 'user-agent': BROWSER_UA } })
    expect(res.status).toBe(202)
  })

  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['the WhatsApp link preview', 'WhatsApp/2.23.20.0 A'],
    ['the Facebook link preview', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['the Slack unfurler', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    ['the Telegram preview', 'TelegramBot (like TwitterBot)'],
    ['Discord', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
    ['headless Chrome', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0 Safari/537.36'],
    ['curl', 'curl/8.5.0'],
    ['a request without a User-Agent', ''],
  ])('does not count %s, and answers it like anyone else', async (_name, ua) => {
    const { marketer, link } = await setup()
    const res = await track(link, { ua })
    expect(res.status).toBe(202)
    expect(await shownTo(marketer)).toBe(0)
  })

  it('counts a returning visitor once per half hour', async () => {
    const { marketer, link } = await setup()
    for (let i = 0; i < 5; i++) await track(link, { ip: '203.0.113.9' })
    expect(await shownTo(marketer)).toBe(1)
  })

  it('tells visitors apart by IP and by browser', async () => {
    const { marketer, link } = await setup()
    await track(link, { ip: '203.0.113.1' })
    await track(link, { ip: '203.0.113.2' })
    await track(link, { ip: '203.0.113.1', ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1' })
    expect(await shownTo(marketer)).toBe(3)
  })

  it('counts the same visitor again for another marketer’s link to the same product', async () => {
    const { vendor, marketer, link } = await setup()
    const other = await makeMarketer()
    await track(link, { ip: '203.0.113.5' })
    await track({ ...link, marketerId: other.id }, { ip: '203.0.113.5' })
    expect(await shownTo(marketer)).toBe(1)
    expect(await shownTo(other)).toBe(1)
    expect(await impressionTotal(env, { VendorID: vendor.id })).toBe(2)
  })

  it('counts 200 distinct visitors arriving at once, every one of them', async () => {
    const { vendor, marketer, link } = await setup()
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => track(link, { ip: ip(i + 1) })))
    expect(results.every((r) => r.status === 202)).toBe(true)
    expect(await shownTo(marketer)).toBe(200)
    expect(await impressionTotal(env, { VendorID: vendor.id })).toBe(200)
  })

  it('counts a visitor hammering the link concurrently only once', async () => {
    const { marketer, link } = await setup()
    await Promise.all(Array.from({ length: 20 }, () => track(link, { ip: '198.51.100.77' })))
    expect(await shownTo(marketer)).toBe(1)
  })

  it('never stores the visitor’s IP address', async () => {
    const { link } = await setup()
    await track(link, { ip: '192.0.2.123' })
    const { keys } = await env.IMPRESSIONS.list()
    expect(keys.length).toBeGreaterThan(0)
    for (const { name, metadata } of keys) {
      expect(name).not.toContain('192.0.2.123')
      expect(JSON.stringify(metadata)).not.toContain('192.0.2.123')
      expect(await env.IMPRESSIONS.get(name)).not.toContain('192.0.2.123')
    }
  })

  it('refuses ids that do not belong together and counts nothing', async () => {
    const { vendor, marketer, product, link } = await setup()
    const otherVendor = await makeVendor()
    const inactive = await insertProduct(vendor.id, { IsActive: false })
    const cases: Link[] = [
      { ...link, vendorId: otherVendor.id }, // product of another vendor
      { ...link, productId: inactive.ProductID }, // switched off
      { ...link, marketerId: 999_999 }, // no such marketer
      { ...link, productId: 999_999 }, // no such product
    ]
    for (const bad of cases) {
      const res = await track(bad)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ statusCode: 0, message: 'Invalid tracking link', data: null })
    }
    expect(await shownTo(marketer)).toBe(0)
    expect(await impressionTotal(env, { VendorID: vendor.id })).toBe(0)
    expect(product.IsActive).toBe(true)
  })

  it.each([
    ['a missing id', { productId: '', vendorId: '1', marketerId: '1' }],
    ['a word for an id', { productId: 'abc', vendorId: '1', marketerId: '1' }],
    ['a negative id', { productId: '1', vendorId: '-1', marketerId: '1' }],
    ['a fraction', { productId: '1', vendorId: '1', marketerId: '1.5' }],
    ['an exponent', { productId: '1e0', vendorId: '1', marketerId: '1' }],
    ['a hex number', { productId: '1', vendorId: '0x1', marketerId: '1' }],
  ])('refuses %s with 400', async (_name, link) => {
    const res = await track(link)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ statusCode: 0, message: 'Invalid tracking link', data: null })
  })
})

describe('impressions in the dashboards', () => {
  it('shows today’s impressions in the daily trend before any rollup, for the vendor and the influencer', async () => {
    const { vendor, marketer, link } = await setup()
    await track(link, { ip: '203.0.113.50' })
    await track(link, { ip: '203.0.113.51' })
    const today = indiaDay(Date.now())
    for (const token of [vendor.token, marketer.token]) {
      const res = await call<DailyTrend>('GET', '/api/analytics/daily', { token })
      expect(res.body.data.days.at(-1)).toMatchObject({ day: today, impressions: 2 })
    }
  })
})

// Tests that record at chosen times work each in its own stretch of future half hours, far from now
// and from each other.
let stretch = 0
const halfHourStart = () => (slotOf(Date.now()) + 500 * ++stretch) * DEDUPE_WINDOW_MS
const visitor = 'a'.repeat(16)

/** A link, and its influencer's and vendor's totals as the dashboards would show them at a given time. */
async function arrange() {
  const { vendor, marketer, product } = await setup()
  const ref = { productId: product.ProductID, vendorId: vendor.id, marketerId: marketer.id }
  const totals = async (at: number) => [await impressionTotal(env, { MarketerID: marketer.id }, at), await impressionTotal(env, { VendorID: vendor.id }, at)]
  return { ref, totals }
}

/** The impressions KV, with its first `failures` writes failing as a KV outage would. */
function failingWrites(failures: number): KVNamespace {
  let left = failures
  return new Proxy(env.IMPRESSIONS, {
    get(target, prop) {
      if (prop === 'put') {
        return (...args: Parameters<KVNamespace['put']>) => (left-- > 0 ? Promise.reject(new Error('KV unavailable')) : target.put(...args))
      }
      const value: unknown = Reflect.get(target, prop)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

describe('the 30-minute window', () => {
  it('counts a visitor once from the first to the last millisecond of a clock half hour', async () => {
    const { ref, totals } = await arrange()
    const start = halfHourStart()
    for (const at of [start, start + 1, start + 15 * 60_000, start + DEDUPE_WINDOW_MS - 1]) await recordImpression(env.IMPRESSIONS, ref, visitor, at)
    expect(await totals(start + DEDUPE_WINDOW_MS - 1)).toEqual([1, 1])
  })

  it('counts the visitor again from the first millisecond of the next half hour, even a minute after the last count', async () => {
    const { ref, totals } = await arrange()
    const start = halfHourStart()
    await recordImpression(env.IMPRESSIONS, ref, visitor, start + DEDUPE_WINDOW_MS - 60_000)
    await recordImpression(env.IMPRESSIONS, ref, visitor, start + DEDUPE_WINDOW_MS)
    expect(await totals(start + DEDUPE_WINDOW_MS)).toEqual([2, 2])
  })

  it('counts a repeat once even when the isolate no longer remembers writing it', async () => {
    const { ref, totals } = await arrange()
    const start = halfHourStart()
    await recordImpression(env.IMPRESSIONS, ref, visitor, start)
    await recordImpression(env.IMPRESSIONS, ref, visitor, start + DEDUPE_WINDOW_MS) // another half hour: the isolate forgets the first
    expect(await recordImpression(env.IMPRESSIONS, ref, visitor, start + 60_000)).toBe(true) // written to KV again
    expect(await totals(start + DEDUPE_WINDOW_MS)).toEqual([2, 2])
  })

  it('counts one visitor once per half hour when repeats in two half hours race each other', async () => {
    const { ref, totals } = await arrange()
    const start = halfHourStart()
    // Alternating half hours make the isolate forget each time, so every call writes to KV at once.
    const hits = Array.from({ length: 20 }, (_, i) => recordImpression(env.IMPRESSIONS, ref, visitor, start + (i % 2) * DEDUPE_WINDOW_MS + i))
    expect(await Promise.all(hits)).toEqual(Array(20).fill(true))
    expect(await totals(start + DEDUPE_WINDOW_MS)).toEqual([2, 2])
  })

  it('treats the same visitor on the same link in the same half hour as one visit, and anything else as another', () => {
    const ref = { productId: 7, vendorId: 3, marketerId: 12 }
    const start = 1_800_000_000_000 - (1_800_000_000_000 % DEDUPE_WINDOW_MS)
    const at = (ms: number) => visitId(slotOf(ms), ref, visitor)
    expect(at(start + DEDUPE_WINDOW_MS - 1)).toBe(at(start))
    expect(at(start + DEDUPE_WINDOW_MS)).not.toBe(at(start))
    const slot = slotOf(start)
    for (const other of [
      visitId(slot, ref, 'b'.repeat(16)),
      visitId(slot, { ...ref, productId: 8 }, visitor),
      visitId(slot, { ...ref, marketerId: 13 }, visitor),
    ]) {
      expect(other).not.toBe(at(start))
    }
  })
})

describe('when KV fails', () => {
  it('retries a failed write, so a passing outage loses no impression', async () => {
    const { ref, totals } = await arrange()
    const start = halfHourStart()
    expect(await recordImpression(failingWrites(1), ref, visitor, start)).toBe(true)
    expect(await totals(start)).toEqual([1, 1])
  })

  it('reports a write that keeps failing, and records the visit on the visitor’s next hit', async () => {
    const { ref, totals } = await arrange()
    const start = halfHourStart()
    await expect(recordImpression(failingWrites(100), ref, visitor, start)).rejects.toThrow('KV unavailable')
    expect(await totals(start)).toEqual([0, 0])
    expect(await recordImpression(env.IMPRESSIONS, ref, visitor, start + 1000)).toBe(true)
    expect(await totals(start + 1000)).toEqual([1, 1])
  })
})

describe('impression batches', () => {
  it('packs many visits into batches within KV’s metadata limit and reads every visit back', () => {
    const visits = new Map<string, string[]>()
    for (let link = 0; link < 40; link++) {
      visits.set(
        `${1000 + link}.7`,
        Array.from({ length: 1 + ((link * 7) % 60) }, (_, i) => (link * 1000 + i).toString(16).padStart(16, '0')),
      )
    }
    const batches = packBatches(visits)
    for (const batch of batches) expect(JSON.stringify(batch).length).toBeLessThanOrEqual(METADATA_BYTES)
    const expected = [...visits].flatMap(([link, visitors]) => visitors.map((v) => `${link}:${v}`))
    expect(batches.flatMap(visitsOf).sort()).toEqual(expected.sort())
  })

  it('ignores metadata it did not write', () => {
    for (const metadata of [null, 'text', { '7.3': 'not hex digits!!' }, { seven: 'a'.repeat(16) }, { '7.3': 'a'.repeat(15) }]) {
      expect(visitsOf(metadata)).toEqual([])
    }
  })
})

describe('bot detection', () => {
  it.each([
    'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/480.0]',
    BROWSER_UA,
  ])('counts a person on %s', (ua) => {
    expect(isBot(ua)).toBe(false)
  })
})
