// A small closed-loop load generator for the benchmarks: N clients, each sending its next request
// as soon as the last one answered, over keep-alive sockets (what autocannon does), for a fixed time.

import { Agent, type IncomingHttpHeaders, request } from 'node:http'

export type LoadResult = { requests: number; errors: number; firstError: string | null; rps: number; p50: number; p95: number; p99: number }

export type Target = { url: string; method?: string; headers?: Record<string, string>; okStatus?: number }

/** One request; answers the status, the headers and the body with its size in bytes. */
export function send(agent: Agent, target: Target): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(target.url), { method: target.method ?? 'GET', agent, headers: target.headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const body = Buffer.concat(chunks)
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: body.length, body })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

/** The p-th percentile of ascending values (0 when there are none). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/** What one target's clients have seen so far, over one or more stretches of time. */
type Tally = { latencies: number[]; errors: number; firstError: string | null; busyMs: number }

const newTally = (): Tally => ({ latencies: [], errors: 0, firstError: null, busyMs: 0 })

/** Keeps `clients` requests to the target in flight for `ms`, adding what they see to the tally. */
async function drive(target: Target, agent: Agent, clients: number, ms: number, tally: Tally): Promise<void> {
  const started = performance.now()
  const deadline = started + ms
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now()
        try {
          const { status } = await send(agent, target)
          if (status !== (target.okStatus ?? 200)) {
            tally.errors++
            tally.firstError ??= `HTTP ${status}`
          }
        } catch (err) {
          tally.errors++
          tally.firstError ??= err instanceof Error ? err.message : String(err)
        }
        tally.latencies.push(performance.now() - t0)
      }
    }),
  )
  tally.busyMs += performance.now() - started
}

function resultOf(tally: Tally): LoadResult {
  const latencies = [...tally.latencies].sort((a, b) => a - b)
  return {
    requests: latencies.length,
    errors: tally.errors,
    firstError: tally.firstError,
    rps: latencies.length / (tally.busyMs / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  }
}

export async function load(target: Target, clients: number, seconds: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients })
  const tally = newTally()
  await drive(target, agent, clients, seconds * 1000, tally)
  agent.destroy()
  return resultOf(tally)
}
