// npm run bench:floor: what one local D1 round trip costs under `wrangler dev` on this machine, with
// none of the app in the way. bench:scale holds every list to 'p95 within 2x of /api/health's and
// throughput at least half of health's' (issue 11); health reads no storage, every list reads D1
// once. This starts a bare Worker (no framework, no middleware; written to .tmp) and measures, with
// bench:scale's method (10 clients, slices in turns), its own storage-free /api/health against:
//   - one D1 statement answering one row (`SELECT 1`), and
//   - one D1 statement answering a page: 20 rows of 15 short text columns, about a list page's size.
// If these already sit near the targets, the lists' remaining distance to them is the emulator's:
// in wrangler dev the Worker, local D1 (a Durable Object with SQLite) and KV share one workerd
// thread, so a D1 round trip costs the Worker's own CPU; deployed, it is a network call instead.
// Env: BENCH_SLICES (default 12), BENCH_SLICE_MS (default 1000), BENCH_CLIENTS (default 10).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { loadInTurn } from './lib/load.ts'
import { freePort, ROOT, startWorker } from './lib/worker.ts'

const SLICES = Number(process.env.BENCH_SLICES ?? 12)
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 1000)
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10)

const columns = Array.from({ length: 15 }, (_, i) => `'column ${i} of row ' || x AS c${i}`).join(', ')
const WORKER = `
const page = "WITH RECURSIVE s(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM s WHERE x < 20) SELECT ${columns} FROM s"
export default {
  async fetch(request, env) {
    const path = new URL(request.url).pathname
    if (path === '/api/health') return Response.json({ statusCode: 1, message: 'ok', data: null })
    if (path === '/api/one-row') return Response.json({ statusCode: 1, message: 'ok', data: (await env.DB.prepare('SELECT 1 AS one').all()).results })
    if (path === '/api/page') return Response.json({ statusCode: 1, message: 'ok', data: (await env.DB.prepare(page).all()).results })
    return new Response(null, { status: 404 })
  },
}
`
const CONFIG = `name = "bench-floor"
main = "worker.js"
compatibility_date = "2026-11-01"
[[d1_databases]]
binding = "DB"
database_name = "bench-floor"
database_id = "00000000-0000-0000-0000-000000000000"
`

const ms = (n: number) => n.toFixed(1).padStart(7)
const tmpRoot = path.join(ROOT, '.tmp')
mkdirSync(tmpRoot, { recursive: true })
const dir = mkdtempSync(path.join(tmpRoot, 'bench-floor-'))
let failed = false
try {
  writeFileSync(path.join(dir, 'worker.js'), WORKER)
  writeFileSync(path.join(dir, 'wrangler.toml'), CONFIG)
  const worker = await startWorker({
    port: Number(process.env.PORT ?? 0) || (await freePort()),
    persistTo: path.join(dir, 'state'),
    config: path.join(dir, 'wrangler.toml'),
  })
  try {
    const target = (route: string) => ({ url: `${worker.url}${route}` })
    console.log(
      `\nA bare Worker in wrangler dev, ${CLIENTS} clients, ${SLICES} slices of ${SLICE_MS} ms per pair in turns (figures over all of each one's slices)\n`,
    )
    console.log(
      `${'route'.padEnd(34)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'req/s'.padStart(6)} | health ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'req/s'.padStart(6)} | p95 ratio, share of health's req/s`,
    )
    for (const [name, route] of [
      ['one D1 statement, one row', '/api/one-row'],
      ['one D1 statement, a 20-row page', '/api/page'],
    ] as const) {
      await loadInTurn(target('/api/health'), target(route), CLIENTS, 500, 1) // warm-up
      const [health, r] = await loadInTurn(target('/api/health'), target(route), CLIENTS, SLICE_MS, SLICES)
      failed ||= r.errors > 0 || health.errors > 0
      console.log(
        `${name.padEnd(34)} ${ms(r.p50)} ${ms(r.p95)} ${r.rps.toFixed(0).padStart(6)} |        ${ms(health.p50).slice(1)} ${ms(health.p95).slice(1)} ${health.rps.toFixed(0).padStart(6)} | ` +
          `x${(r.p95 / health.p95).toFixed(2)}, ${((r.rps / health.rps) * 100).toFixed(0)} %${r.errors ? `  (${r.errors} errors, first: ${r.firstError})` : ''}`,
      )
    }
  } finally {
    await worker.stop()
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
