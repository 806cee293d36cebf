// V8's garbage collection pauses in the local runtime, for bench:scale's BENCH_GC=1. workerd runs
// its isolates' collections on the thread that answers requests, so a pause holds every request in
// flight on that thread; reading V8's `--trace-gc` lines (passed to workerd through miniflare's
// MINIFLARE_WORKERD_V8_FLAGS) tells how much of a route's time went there, beside health's.
//
// workerd's standard output is a pipe, so its lines come in bursts, seconds late: a pause is placed
// by the isolate's own clock in the line (milliseconds since the isolate started), moved onto the
// benchmark's clock by the smallest lateness any of that isolate's lines arrived with.
import { readFileSync } from 'node:fs'
import { percentile } from './load.ts'

/** `[pid:isolate]  1234 ms: Scavenge 12.4 (16.6) -> 9.2 (16.6) MB, pooled: 0.0 MB, 0.73 / 0.00 ms ...` */
const LINE =
  /\[(\d+):(0x[0-9a-f]+)\]\s+([\d.]+) ms: ([A-Za-z-]+(?: [A-Za-z-]+)*?)(?: \([a-z ]+\))? [\d.]+ \([\d.]+\) -> [\d.]+ \([\d.]+\) MB.*?, ([\d.]+) \/ [\d.]+ ms/

/** One collection: its process and isolate, when it ended on the isolate's clock, whether it was a full one, its pause. */
export type GcPause = { pid: number; isolate: string; endedAt: number; major: boolean; ms: number }

/** The pause a `--trace-gc` line reports, or null for any other line. */
export function parseGcLine(line: string): GcPause | null {
  const m = LINE.exec(line)
  if (!m) return null
  return { pid: Number(m[1]), isolate: m[2], endedAt: Number(m[3]), major: m[4].startsWith('Mark'), ms: Number(m[5]) }
}

/** Which workerd a pid is: wrangler's proxy listens on the app's address; the other runs the Worker, D1 and KV. */
export type Runtime = 'app' | 'proxy'

export type GcTally = Record<Runtime, { pauseMs: number; majors: number; longestMs: number }>

export const noPauses = (): GcTally => ({ app: { pauseMs: 0, majors: 0, longestMs: 0 }, proxy: { pauseMs: 0, majors: 0, longestMs: 0 } })

type Slice = { label: string; side: 0 | 1; from: number; to: number }

/** A pause on the benchmark's clock (performance.now() of the benchmark's process). */
export type PlacedPause = { from: number; to: number; ms: number; major: boolean; runtime: Runtime }

/** Collects the pauses and the slices they may fall in; `tallies` attributes them once the run is over. */
export class GcMeter {
  private readonly pauses: Array<GcPause & { arrived: number }> = []
  private readonly slices: Slice[] = []
  /** The unfinished last line of each stream: a line may come in two chunks, with the other stream's between them. */
  private readonly pending = new Map<string, string>()
  private readonly roles = new Map<number, Runtime>()
  private readonly port: number
  private readonly clock: () => number

  /** `port`: the address the benchmark talks to, which only wrangler's proxy workerd listens on. */
  constructor(port: number, clock: () => number = () => performance.now()) {
    this.port = port
    this.clock = clock
  }

  private roleOf(pid: number): Runtime {
    let role = this.roles.get(pid)
    if (!role) {
      let cmdline = ''
      try {
        cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      } catch {
        // Gone already: count it with the app.
      }
      role = cmdline.includes(`entry=127.0.0.1:${this.port}`) ? 'proxy' : 'app'
      this.roles.set(pid, role)
    }
    return role
  }

  /** Feeds the runtime's output as it arrives, with the name of the stream it came on. */
  feed(chunk: string, stream = 'stdout'): void {
    const arrived = this.clock()
    const lines = ((this.pending.get(stream) ?? '') + chunk).split('\n')
    this.pending.set(stream, lines.pop() ?? '')
    for (const line of lines) {
      const pause = parseGcLine(line)
      if (pause) {
        this.roleOf(pause.pid) // now, while the process is there to be asked which one it is
        this.pauses.push({ ...pause, arrived })
      }
    }
  }

  /** A slice of `label`'s measurement begins now: side 0 is health's, 1 the route's. Ends the one before. */
  slice(label: string, side: 0 | 1): void {
    this.end()
    const now = this.clock()
    this.slices.push({ label, side, from: now, to: Number.POSITIVE_INFINITY })
  }

  /** The current slice ends now. */
  end(): void {
    const last = this.slices.at(-1)
    if (last && last.to === Number.POSITIVE_INFINITY) last.to = this.clock()
  }

  /** Every pause read so far, moved onto the benchmark's clock. */
  placed(): PlacedPause[] {
    const offset = new Map<string, number>()
    for (const p of this.pauses) {
      const key = `${p.pid}:${p.isolate}`
      offset.set(key, Math.min(offset.get(key) ?? Number.POSITIVE_INFINITY, p.arrived - p.endedAt))
    }
    return this.pauses.map((p) => {
      const to = p.endedAt + (offset.get(`${p.pid}:${p.isolate}`) ?? 0)
      return { from: to - p.ms, to, ms: p.ms, major: p.major, runtime: this.roleOf(p.pid) }
    })
  }

  /** Per label, the pauses that ended inside its health slices and inside its own. */
  tallies(): Map<string, [GcTally, GcTally]> {
    this.end()
    const result = new Map<string, [GcTally, GcTally]>()
    for (const p of this.placed()) {
      const slice = this.slices.find((s) => s.from <= p.to && p.to < s.to)
      if (!slice) continue
      let pair = result.get(slice.label)
      if (!pair) result.set(slice.label, (pair = [noPauses(), noPauses()]))
      const t = pair[slice.side][p.runtime]
      t.pauseMs += p.ms
      if (p.major) t.majors++
      t.longestMs = Math.max(t.longestMs, p.ms)
    }
    return result
  }
}

/** A request as the benchmark saw it: when it was sent and when its answer had arrived. */
export type Span = [sentAt: number, answeredAt: number]

export type PauseExposure = {
  requests: number
  /** How many were in flight while a pause of at least the given length held a workerd. */
  caught: number
  p95: number
  /** The p95 of the requests no such pause touched. */
  p95Untouched: number
}

/**
 * A pause holds every request in flight in that workerd, whichever route it is for. With the same
 * clients kept busy, a slower route sends fewer requests in the same time, so the same pauses
 * catch a larger share of them, and a p95 moves once more than 5 % are caught: this tells how many
 * each side had caught and what its p95 is without them.
 */
export function pauseExposure(requests: Span[], pauses: PlacedPause[], minMs: number): PauseExposure {
  const long = pauses.filter((p) => p.ms >= minMs)
  const touched = (s: Span) => long.some((p) => s[0] < p.to && p.from < s[1])
  const untouched: number[] = []
  for (const s of requests) if (!touched(s)) untouched.push(s[1] - s[0])
  return {
    requests: requests.length,
    caught: requests.length - untouched.length,
    p95: percentile(
      requests.map((s) => s[1] - s[0]).sort((a, b) => a - b),
      95,
    ),
    p95Untouched: percentile(
      untouched.sort((a, b) => a - b),
      95,
    ),
  }
}
