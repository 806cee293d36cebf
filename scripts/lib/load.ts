// A small closed-loop load generator for the benchmarks: N clients, each sending its next request
// as soon as the last one answered, over keep-alive sockets (what autocannon does), for a fixed time.

import { Agent, request } from 'node:http'

export type LoadResult = { requests: number; errors: number; firstError: string | null; rps: number; p50: number; p95: number; p99: number }

export type Target = { url: string; method?: string; headers?: Record<string, string>; okStatus?: number }

/** One request; answers the status and the body's size in bytes. */
export function send(agent: Agent, target: Target): Promise<{ status: number; bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(target.url), { method: target.method ?? 'GET', agent, headers: target.headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const body = Buffer.concat(chunks)
        resolve({ status: res.statusCode ?? 0, bytes: body.length, body })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

export async function load(target: Target, clients: number, seconds: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients })
  const latencies: number[] = []
  let errors = 0
  let firstError: string | null = null
  const started = performance.now()
  const deadline = started + seconds * 1000
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now()
        try {
          const { status } = await send(agent, target)
          if (status !== (target.okStatus ?? 200)) {
            errors++
            firstError ??= `HTTP ${status}`
          }
        } catch (err) {
          errors++
          firstError ??= err instanceof Error ? err.message : String(err)
        }
        latencies.push(performance.now() - t0)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    requests: latencies.length,
    errors,
    firstError,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  }
}
