// bench:scale's BENCH_GC=1 reads V8's --trace-gc lines from workerd: the pauses must be read as
// V8 prints them, and counted for the slice they happened in, though the lines arrive late.
import { describe, expect, it } from 'vitest'
import { GcMeter, type PlacedPause, parseGcLine, pauseExposure, type Span } from '../../scripts/lib/gc-trace.ts'

const scavenge =
  '[17970:0x51833fc98000]     4476 ms: Scavenge 12.4 (16.6) -> 9.2 (16.6) MB, pooled: 0.0 MB, 0.73 / 0.00 ms (average mu = 1.000, current mu = 1.000) allocation failure; '
const full =
  '[17711:0x51767fc8e000]    19817 ms: Mark-Compact 33.9 (59.8) -> 4.2 (47.8) MB, pooled: 11.8 MB, 131.83 / 0.00 ms (average mu = 0.993, current mu = 0.993) allocation limit; GC in old space requested'
const reduce =
  '[17711:0x51767fc8e000]    29008 ms: Mark-Compact (reduce) 32.4 (73.2) -> 2.8 (60.2) MB, pooled: 13.0 MB, 11.78 / 0.00 ms (average mu = 0.992, current mu = 0.988) idle notification'

/** A trace line of isolate 0xa of a pid that is no workerd here (so it counts as the app's). */
const line = (endedAt: number, kind: string, ms: number) =>
  `[1:0xa]  ${endedAt} ms: ${kind} 40.0 (50.0) -> 2.0 (30.0) MB, pooled: 0.0 MB, ${ms} / 0.00 ms (average mu = 0.99) reason`

describe('the GC trace reader of bench:scale', () => {
  it('reads the pid, the isolate, its clock, the kind and the pause of V8 trace lines, and nothing else', () => {
    expect(parseGcLine(scavenge)).toEqual({ pid: 17970, isolate: '0x51833fc98000', endedAt: 4476, major: false, ms: 0.73 })
    expect(parseGcLine(full)).toEqual({ pid: 17711, isolate: '0x51767fc8e000', endedAt: 19817, major: true, ms: 131.83 })
    expect(parseGcLine(reduce)).toMatchObject({ major: true, ms: 11.78 })
    expect(parseGcLine('[wrangler:info] GET /api/health 200 OK (3ms)')).toBeNull()
  })

  it("places each pause by its isolate's clock, not by when its line arrived, across chunk boundaries and streams", () => {
    let now = 0
    const meter = new GcMeter(1, () => now)
    // The isolate started at 900 on the benchmark's clock; health's slice runs 1000-2000, the route's 2000-3000.
    now = 1000
    meter.slice('products', 0)
    now = 2000
    meter.slice('products', 1)
    // At 2600 a buffer flush brings a scavenge of 2550 and half of the next line.
    now = 2600
    const early = line(1650, 'Scavenge', 4)
    meter.feed(`${early}\n${line(1600, 'Mark-Compact', 120).slice(0, 30)}`) // arrives 50 ms late: the best estimate
    meter.feed('[wrangler:info] GET /api/health 200 OK (3ms)\n', 'stderr') // the other stream, between the halves
    now = 3000
    meter.end()
    // Seconds later the rest arrives: a full collection at 1600 (route) and one at 700, in health's slice.
    now = 6000
    meter.feed(`${line(1600, 'Mark-Compact', 120).slice(30)}\n${line(700, 'Mark-Compact', 90)}\n`)
    const [health, route] = meter.tallies().get('products') ?? []
    expect(health?.app).toEqual({ pauseMs: 90, majors: 1, longestMs: 90 })
    expect(route?.app).toEqual({ pauseMs: 124, majors: 1, longestMs: 120 })
    expect(route?.proxy.pauseMs).toBe(0)
  })

  it('counts the requests in flight during a long pause, and the p95 of those no long pause touched', () => {
    const pause = (from: number, ms: number): PlacedPause => ({ from, to: from + ms, ms, major: ms > 20, runtime: 'app' })
    // 100 requests of 10 ms back to back from 0 to 1000, and 10 more of 150 ms held by a 140 ms pause at 1000-1140.
    const quick: Span[] = Array.from({ length: 100 }, (_, i) => [i * 10, i * 10 + 9.5])
    const held: Span[] = Array.from({ length: 10 }, () => [1000, 1150])
    const pauses = [pause(1000, 140), pause(500, 5)] // the 5 ms scavenge is too short to count
    const exposure = pauseExposure([...quick, ...held], pauses, 20)
    expect(exposure).toEqual({ requests: 110, caught: 10, p95: 150, p95Untouched: 9.5 })
    // The same pause catches the same 10 requests of a side that sent only 50 quick ones: 17 %, not 9 %.
    expect(pauseExposure([...quick.slice(0, 50), ...held], pauses, 20).caught / 60).toBeCloseTo(1 / 6)
    // A request that ended as the pause began, or began as it ended, was not held by it.
    expect(
      pauseExposure(
        [
          [900, 1000],
          [1140, 1150],
        ],
        pauses,
        20,
      ).caught,
    ).toBe(0)
  })

  it("moves each isolate's pauses onto the benchmark's clock by the earliest any of its lines arrived", () => {
    let now = 0
    const meter = new GcMeter(1, () => now)
    now = 5000
    meter.feed(`${line(4000, 'Mark-Compact', 100)}\n`) // the isolate's clock runs 1000 behind the benchmark's
    now = 9000
    meter.feed(`${line(4500, 'Scavenge', 2)}\n`) // this one came 3.5 s late
    expect(meter.placed()).toEqual([
      { from: 4900, to: 5000, ms: 100, major: true, runtime: 'app' },
      { from: 5498, to: 5500, ms: 2, major: false, runtime: 'app' },
    ])
  })
})
