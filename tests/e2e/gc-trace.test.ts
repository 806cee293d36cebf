// bench:scale's BENCH_GC=1 reads V8's --trace-gc lines from workerd: the pauses must be read as
// V8 prints them, and counted for the slice they happened in, though the lines arrive late.
import { describe, expect, it } from 'vitest'
import { GcMeter, parseGcLine } from '../../scripts/lib/gc-trace.ts'

const scavenge = '[17970:0x51833fc98000]     4476 ms: Scavenge 12.4 (16.6) -> 9.2 (16.6) MB, pooled: 0.0 MB, 0.73 / 0.00 ms (average mu = 1.000, current mu = 1.000) allocation failure; '
const full =
  '[17711:0x51767fc8e000]    19817 ms: Mark-Compact 33.9 (59.8) -> 4.2 (47.8) MB, pooled: 11.8 MB, 131.83 / 0.00 ms (average mu = 0.993, current mu = 0.993) allocation limit; GC in old space requested'
const reduce = '[17711:0x51767fc8e000]    29008 ms: Mark-Compact (reduce) 32.4 (73.2) -> 2.8 (60.2) MB, pooled: 13.0 MB, 11.78 / 0.00 ms (average mu = 0.992, current mu = 0.988) idle notification'

/** A trace line of isolate 0xa of a pid that is no workerd here (so it counts as the app's). */
const line = (endedAt: number, kind: string, ms: number) => `[1:0xa]  ${endedAt} ms: ${kind} 40.0 (50.0) -> 2.0 (30.0) MB, pooled: 0.0 MB, ${ms} / 0.00 ms (average mu = 0.99) reason`

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
})
