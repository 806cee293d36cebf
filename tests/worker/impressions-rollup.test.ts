// The cron rollup from KV into impressions_daily. Its own file (own storage): rolling up marks
// slots as done, which must not reach into the tracking tests' slots.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { MarketerAnalytics } from '../../worker/contract/marketer'
import { makeDb } from '../../worker/db/client'
import { impressionTotal, recordImpression, rolledSlots, rollupImpressions } from '../../worker/db/impressions'
import { impressionRollups, impressionsDaily } from '../../worker/db/schema'
import { DEDUPE_WINDOW_MS, type ImpressionRef, ownerPrefix, RETAINED_SLOTS, slotDay, slotOf } from '../../worker/domain/impressions'
import { call } from '../helpers/api'
import { recordingKv } from '../helpers/recording'
import { makeMarketer, makeVendor, type SignedInMarketer } from '../helpers/factories'
import { insertProduct } from '../helpers/rows'
import { runCron, track } from '../helpers/tracking'

async function setup() {
  const vendor = await makeVendor()
  const marketer = await makeMarketer()
  const product = await insertProduct(vendor.id)
  const ref: ImpressionRef = { productId: product.ProductID, vendorId: vendor.id, marketerId: marketer.id }
  return { vendor, marketer, ref }
}

const shownTo = async (marketer: SignedInMarketer) =>
  (await call<MarketerAnalytics>('GET', `/api/marketers/analytics/${marketer.id}`, { token: marketer.token })).body.data.totalImpressions

const rows = async (MarketerID: number) => (await makeDb(env.DB).select().from(impressionsDaily)).filter((r) => r.MarketerID === MarketerID)

const visitor = (i: number) => i.toString(16).padStart(16, '0')

// Each synthetic test works in its own stretch of future slots, far from the others and from now.
let stretch = 0
const futureSlotStart = () => (slotOf(Date.now()) + 500 * ++stretch) * DEDUPE_WINDOW_MS

describe('rollup into impressions_daily', () => {
  it('leaves the open slot in KV, moves it once closed, and counts it exactly once when run twice', async () => {
    const { vendor, marketer, ref } = await setup()
    for (let i = 0; i < 3; i++) await track(ref, { ip: `198.51.100.${i + 1}` })
    const now = Date.now()

    expect(await rollupImpressions(env, now)).not.toContain(slotOf(now)) // still open
    expect(await rows(marketer.id)).toEqual([])
    expect(await shownTo(marketer)).toBe(3)

    const later = now + 2 * DEDUPE_WINDOW_MS
    expect(await rollupImpressions(env, later)).toContain(slotOf(now))
    expect(await rows(marketer.id)).toEqual([{ day: slotDay(slotOf(now)), ProductID: ref.productId, VendorID: vendor.id, MarketerID: marketer.id, n: 3 }])
    expect(await rollupImpressions(env, later)).toEqual([])
    expect((await rows(marketer.id))[0].n).toBe(3)

    // Rolled-up plus not-yet-rolled-up: the totals neither drop nor double after the rollup.
    expect(await shownTo(marketer)).toBe(3)
    expect(await impressionTotal(env, { VendorID: vendor.id }, later)).toBe(3)
  })

  it('counts a slot once when several rollups run at the same time', async () => {
    const { marketer, ref } = await setup()
    const start = futureSlotStart()
    for (let i = 0; i < 4; i++) await recordImpression(env.IMPRESSIONS, ref, visitor(i), start + i * 1000)
    const later = start + 2 * DEDUPE_WINDOW_MS
    await Promise.all([rollupImpressions(env, later), rollupImpressions(env, later), rollupImpressions(env, later)])
    expect((await rows(marketer.id)).map((r) => r.n)).toEqual([4])
    expect(await impressionTotal(env, { MarketerID: marketer.id }, later)).toBe(4)
  })

  it('rolls up a visit that reached KV in two batches once', async () => {
    const { marketer, ref } = await setup()
    const start = futureSlotStart()
    await recordImpression(env.IMPRESSIONS, ref, visitor(1), start)
    await recordImpression(env.IMPRESSIONS, ref, visitor(1), start + DEDUPE_WINDOW_MS) // the next half hour: the isolate forgets the first
    await recordImpression(env.IMPRESSIONS, ref, visitor(1), start + 1000) // so this repeat is written in a second batch
    await recordImpression(env.IMPRESSIONS, ref, visitor(2), start + 2000)
    const later = start + 3 * DEDUPE_WINDOW_MS
    await rollupImpressions(env, later)
    // Two visitors in the first half hour, one in the second.
    expect((await rows(marketer.id)).reduce((t, r) => t + r.n, 0)).toBe(3)
    expect(await impressionTotal(env, { MarketerID: marketer.id }, later)).toBe(3)
  })

  it('runs from the Worker’s cron handler, and a second cron run changes nothing', async () => {
    const { marketer, ref } = await setup()
    const start = futureSlotStart()
    await recordImpression(env.IMPRESSIONS, ref, visitor(1), start)
    await recordImpression(env.IMPRESSIONS, ref, visitor(2), start)
    await runCron(start + 2 * DEDUPE_WINDOW_MS)
    await runCron(start + 2 * DEDUPE_WINDOW_MS)
    expect((await rows(marketer.id)).map((r) => r.n)).toEqual([2])
  })

  it('adds a later slot of the same day on top of what was rolled up, and totals stay right in between', async () => {
    const { vendor, marketer, ref } = await setup()
    const start = futureSlotStart()
    await recordImpression(env.IMPRESSIONS, ref, visitor(1), start)
    await recordImpression(env.IMPRESSIONS, ref, visitor(2), start + DEDUPE_WINDOW_MS)
    const between = start + DEDUPE_WINDOW_MS + 10 * 60_000 // the first slot has closed, the second is open
    await rollupImpressions(env, between)
    expect((await rows(marketer.id)).map((r) => r.n)).toEqual([1])
    expect(await impressionTotal(env, { MarketerID: marketer.id }, between)).toBe(2)

    const after = start + 3 * DEDUPE_WINDOW_MS
    await rollupImpressions(env, after)
    const daily = await rows(marketer.id)
    // Both slots fall on one day unless the stretch crosses India's midnight.
    expect(daily.reduce((t, r) => t + r.n, 0)).toBe(2)
    expect(await impressionTotal(env, { MarketerID: marketer.id }, after)).toBe(2)
    expect(await impressionTotal(env, { VendorID: vendor.id }, after)).toBe(2)
  })

  it('catches up on a long-stopped cron over several runs, 24 slots at a time, losing nothing', async () => {
    const { marketer, ref } = await setup()
    const start = futureSlotStart()
    for (let i = 0; i < 30; i++) await recordImpression(env.IMPRESSIONS, ref, visitor(i), start + i * DEDUPE_WINDOW_MS)
    const later = start + 31 * DEDUPE_WINDOW_MS
    const first = await rollupImpressions(env, later)
    expect(first.filter((slot) => slot >= slotOf(start))).toHaveLength(24) // the empty slots before cost no transaction
    expect(await impressionTotal(env, { MarketerID: marketer.id }, later)).toBe(30)
    await rollupImpressions(env, later)
    expect((await rows(marketer.id)).reduce((t, r) => t + r.n, 0)).toBe(30)
    expect(await impressionTotal(env, { MarketerID: marketer.id }, later)).toBe(30)
  })

  it('reads which retained slots are rolled up: gaps in the markers stay open, and so does the open slot', async () => {
    const now = futureSlotStart() + 5 * 60_000
    const open = slotOf(now)
    const gaps = [open - RETAINED_SLOTS, open - 40, open - 1]
    const markers = []
    // One marker before the retained slots too: it is not a retained slot, rolled up or not.
    for (let slot = open - RETAINED_SLOTS - 1; slot < open; slot++) if (!gaps.includes(slot)) markers.push({ slot, impressions: 0 })
    for (let i = 0; i < markers.length; i += 30)
      await makeDb(env.DB)
        .insert(impressionRollups)
        .values(markers.slice(i, i + 30))

    const done = await rolledSlots(makeDb(env.DB), now)
    const expected = markers.map((m) => m.slot).filter((slot) => slot >= open - RETAINED_SLOTS)
    expect([...done].sort((a, b) => a - b)).toEqual(expected)
    for (const slot of [...gaps, open]) expect(done.has(slot)).toBe(false)
  })

  it('lists the last closed half hour only until the cron has had its run, and still counts it when the cron is late', async () => {
    const { marketer, ref } = await setup()
    const start = futureSlotStart()
    await recordImpression(env.IMPRESSIONS, ref, visitor(1), start)
    const slot = slotOf(start)
    const closedAt = (slot + 1) * DEDUPE_WINDOW_MS
    const owner = { MarketerID: marketer.id }
    const listedSlots = async (now: number) => {
      const kv = recordingKv(env.IMPRESSIONS)
      const total = await impressionTotal({ DB: env.DB, IMPRESSIONS: kv.kv }, owner, now)
      const slots = [slot, slot + 1].filter((s) => kv.accesses.some((a) => a.op === 'list' && a.key === ownerPrefix(s, owner)))
      return { total, slots }
    }
    // Closed 4 minutes ago: the cron may not have rolled it up yet, so it is listed beside the D1 read.
    expect(await listedSlots(closedAt + 4 * 60_000)).toEqual({ total: 1, slots: [slot, slot + 1] })
    // 20 minutes on with no cron run (a late cron): the D1 read shows it open, and it is listed after.
    expect(await listedSlots(closedAt + 20 * 60_000)).toEqual({ total: 1, slots: [slot, slot + 1] })
    // Rolled up: from then on only the open half hour is listed, and the visit is counted once, from D1.
    await rollupImpressions(env, closedAt + 8 * 60_000)
    expect(await listedSlots(closedAt + 20 * 60_000)).toEqual({ total: 1, slots: [slot + 1] })
  })
})
