// npm run bench:scale: the lists, searches and analytics at marketplace scale (issue 11), and the
// link performance routes of issue 14 ('My Links', the vendor's 'Performance', its CSV).
//   1. Generates the data set (10k products, 10k influencers, 100k leads, 150k daily impression
//      rows; scripts/lib/scale-data.ts) into fresh local D1 state, straight into its SQLite file.
//   2. Starts the app (wrangler dev, that state, a free port) and, for every list, search and
//      analytics route, keeps 10 clients busy in turns with GET /api/health: BENCH_SLICES slices
//      of BENCH_SLICE_MS each, health then the route, so whatever else the machine does weighs on
//      both alike. It prints each one's p50, p95 and throughput over all its slices, the size of
//      one answer, and the median of one client's requests sent one at a time (what a single
//      request costs, with no other request to share its D1 reads with), against the targets:
//      p95 within 2x health's and throughput at least half of health's, no answer over 100 kB.
//   3. Runs the browser stage (scripts/lib/scale-browser.ts) when one is built.
// Env: PORT (default: a free one), BENCH_SLICES (default 12), BENCH_SLICE_MS (default 1000),
// BENCH_SECONDS (health alone at the start and the end; default 3), BENCH_CLIENTS (default 10),
// BENCH_TODAY=YYYY-MM-DD (dates of the data set; default today), BENCH_ONLY=<text> (routes whose
// name contains it, plus health), BENCH_GC=1 (after the table, the local runtime's garbage
// collection pauses during each route's slices and during health's, from V8's --trace-gc, and how
// many of each side's requests a long pause held, with the p95 of the others).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { signToken } from '../worker/domain/tokens.ts'
import { load, loadInTurn, type LoadResult, send } from './lib/load.ts'
import { BROWSER_TARGETS, browserStage } from './lib/scale-browser.ts'
import { d1File, generateScaleData, type ScaleIds } from './lib/scale-data.ts'
import { performanceSqlStage } from './lib/performance-sql.ts'
import { type GcTally, GcMeter, noPauses, pauseExposure, type Span } from './lib/gc-trace.ts'
import { applyMigrations, CRON_EVERY_MS, fireCron, freePort, localV8Flags, npxBin, ROOT, run, startWorker } from './lib/worker.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const SLICES = Number(process.env.BENCH_SLICES ?? 12)
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 1000)
const ALONE = 15
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10)
const ONLY = process.env.BENCH_ONLY ?? ''
const TODAY = process.env.BENCH_TODAY ? new Date(`${process.env.BENCH_TODAY}T12:00:00Z`) : new Date()
const SECRET = 'bench-scale-secret'
const MAX_BYTES = 100 * 1024
const GC = process.env.BENCH_GC === '1'
/** The pauses whose caught requests BENCH_GC=1 counts: full collections here take 60-200 ms, scavenges at most a few. */
const LONG_PAUSE_MS = 20

/** `control`: not a list; measured beside them for comparison and left out of the verdict. */
type Route = { name: string; path: string; token?: string; control?: boolean }

/** The analytics routes are another part of issue 11; the summary reports them apart from the lists. */
const isAnalytics = (route: Route) => /analytics|daily trend/.test(route.name)

/** The routes measured: every list (first page as the screens ask for it, searches, filters, sorts, a later page) and the analytics. */
function routes(ids: ScaleIds, tokens: { vendor: string; marketer: string }, page2: string, productId: number): Route[] {
  const v = ids.bigVendor
  const m = ids.bigMarketer
  const from = new Date(TODAY.getTime() - 30 * 86_400_000).toISOString().slice(0, 10)
  const to = TODAY.toISOString().slice(0, 10)
  return [
    // The cheapest read the app has (one product, one D1 statement, a small answer): what any route
    // that reads D1 at all costs here, next to the lists (npm run bench:floor has it without the app).
    { name: 'control: one product by id (not a list)', path: `/api/products/${productId}`, control: true },
    { name: 'products', path: '/api/products' },
    { name: 'products, page 2', path: `/api/products?cursor=${page2}` },
    { name: 'products, search "kurta"', path: '/api/products?q=kurta' },
    { name: 'products, search "99" (2 chars, grams)', path: '/api/products?q=99' },
    { name: 'products by vendor (own, 2,000)', path: `/api/products/getProductByVendor/${v}`, token: tokens.vendor },
    { name: 'products by vendor, search "silk"', path: `/api/products/getProductByVendor/${v}?q=silk` },
    { name: 'affiliate product-links', path: `/api/affiliate/product-links?marketerId=${m}`, token: tokens.marketer },
    { name: 'directory, home (3 newest)', path: '/api/marketers/social-media?limit=3' },
    { name: 'directory, by followers', path: '/api/marketers/social-media?sort=followers' },
    { name: 'directory, by engagement', path: '/api/marketers/social-media?sort=engagement' },
    { name: 'directory, by name', path: '/api/marketers/social-media?sort=name' },
    { name: 'directory, keyword "priya"', path: '/api/marketers/social-media?q=priya&sort=followers' },
    {
      name: 'directory, India+verified+10k+category',
      path: '/api/marketers/social-media?sort=followers&countries=India&verified=true&minFollowers=10000&category=fash',
    },
    { name: 'GET /api/marketers (signed in)', path: '/api/marketers', token: tokens.vendor },
    { name: 'vendor leads (50,000)', path: `/api/leads/leadsbyvendorid/${v}`, token: tokens.vendor },
    { name: 'vendor leads, Pending', path: `/api/leads/leadsbyvendorid/${v}?status=Pending`, token: tokens.vendor },
    { name: 'vendor leads, search "sharma"', path: `/api/leads/leadsbyvendorid/${v}?q=sharma`, token: tokens.vendor },
    { name: 'vendor leads, last 30 days', path: `/api/leads/leadsbyvendorid/${v}?from=${from}&to=${to}`, token: tokens.vendor },
    { name: 'vendor leads, by price', path: `/api/leads/leadsbyvendorid/${v}?sort=price-high`, token: tokens.vendor },
    { name: 'vendor leads, one influencer', path: `/api/leads/leadsbyvendorid/${v}?marketerId=${m}`, token: tokens.vendor },
    { name: 'influencer leads (20,000)', path: `/api/leads/leadsbymarketerid/${m}`, token: tokens.marketer },
    { name: 'influencer leads, Converted', path: `/api/leads/leadsbymarketerid/${m}?status=Converted`, token: tokens.marketer },
    { name: 'leadsdata (big vendor)', path: '/api/leads/leadsdata', token: tokens.vendor },
    { name: 'vendor analytics', path: `/api/vendors/analytics/${v}`, token: tokens.vendor },
    { name: 'influencer analytics', path: `/api/marketers/analytics/${m}`, token: tokens.marketer },
    { name: 'daily trend (vendor)', path: '/api/analytics/daily', token: tokens.vendor },
    { name: 'daily trend (influencer)', path: '/api/analytics/daily', token: tokens.marketer },
    // Issue 14: which links perform (aggregated per request from daily impressions and leads).
    { name: 'analytics: My Links, 30 days, by impressions', path: '/api/affiliate/my-links?period=30', token: tokens.marketer },
    { name: 'analytics: My Links, all time, by commission', path: '/api/affiliate/my-links?period=all&sort=commission', token: tokens.marketer },
    { name: 'analytics: performance by influencer, 30 days', path: '/api/vendors/performance/influencers?period=30', token: tokens.vendor },
    { name: 'analytics: performance by product, 90 days, by revenue', path: '/api/vendors/performance/products?period=90&sort=revenue', token: tokens.vendor },
  ]
}

const headersOf = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {})

async function sizeOf(base: string, route: Route): Promise<{ bytes: number; gzip: number; status: number }> {
  const agent = new Agent()
  const res = await send(agent, { url: base + route.path, headers: headersOf(route.token) })
  agent.destroy()
  return { bytes: res.bytes, gzip: gzipSync(res.body).length, status: res.status }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

/** The median time of one request when nothing else is asked at the same time (one client, one at a time). */
async function alone(base: string, route: Route): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const times: number[] = []
  for (let i = 0; i < ALONE; i++) {
    const t0 = performance.now()
    await send(agent, { url: base + route.path, headers: headersOf(route.token) })
    times.push(performance.now() - t0)
  }
  agent.destroy()
  return median(times)
}

const ms = (n: number) => n.toFixed(1).padStart(7)
const kb = (n: number) => (n / 1024).toFixed(1).padStart(6)
const mark = (ok: boolean) => (ok ? 'ok  ' : 'MISS')
const gcOf = (t: GcTally) =>
  (['app', 'proxy'] as const)
    .map((r) => `${r} ${t[r].pauseMs.toFixed(0).padStart(4)} ms (${t[r].majors} full, longest ${t[r].longestMs.toFixed(0)} ms)`)
    .join(', ')

// wrangler dev refuses to start without the static assets directory.
if (!existsSync(path.join(ROOT, 'dist', 'web'))) run(npxBin('vite'), ['build'])
const tmpRoot = path.join(ROOT, '.tmp')
mkdirSync(tmpRoot, { recursive: true })
const persistTo = mkdtempSync(path.join(tmpRoot, 'bench-scale-'))
let failed = false
try {
  applyMigrations(persistTo)
  const t0 = performance.now()
  const { ids, counts } = generateScaleData(d1File(persistTo), TODAY)
  const generation = (performance.now() - t0) / 1000
  console.log(
    `\nData set generated in ${generation.toFixed(1)} s: ${Object.entries(counts)
      .map(([t, n]) => `${t} ${n.toLocaleString('en-IN')}`)
      .join(', ')}`,
  )

  console.log('\nLink performance statements on SQLite alone (node:sqlite, median of 9), from the kept figures and counted from the rows:')
  for (const r of performanceSqlStage(d1File(persistTo), ids, Date.now()))
    console.log(`  ${r.name.padEnd(52)} ${r.ms.toFixed(1).padStart(7)} ms  (rows: ${r.rowsMs.toFixed(1)} ms; ${r.rows} rows)`)
  const port = Number(process.env.PORT ?? 0) || (await freePort())
  // miniflare hands these flags to workerd's V8; the meter reads the lines it prints.
  if (GC) process.env.MINIFLARE_WORKERD_V8_FLAGS = [localV8Flags(), '--trace-gc'].filter(Boolean).join(' ')
  const meter = GC ? new GcMeter(port) : null
  const worker = await startWorker({
    port,
    persistTo,
    vars: { JWT_SECRET: SECRET },
    testScheduled: true,
    onOutput: meter ? (chunk, stream) => meter.feed(chunk, stream) : undefined,
  })
  // The Cron Trigger on production's rhythm, as npm start runs it: it rolls up each closed half hour,
  // so the dashboards list KV for the slots a deployed app would still hold there, no more.
  await fireCron(worker.url)
  const cron = setInterval(() => void fireCron(worker.url), CRON_EVERY_MS)
  try {
    const tokens = {
      vendor: await signToken({ id: ids.bigVendor, role: 'vendor', ver: 0 }, SECRET),
      marketer: await signToken({ id: ids.bigMarketer, role: 'marketer', ver: 0 }, SECRET),
    }
    const first = (await (await fetch(`${worker.url}/api/products`)).json()) as { data: Array<{ ProductID: number }>; paging: { nextCursor: string } }
    const all = routes(ids, tokens, encodeURIComponent(first.paging.nextCursor), first.data[0].ProductID)
    const chosen = all.filter((r) => r.name.includes(ONLY))
    const health: Route = { name: 'GET /api/health (baseline)', path: '/api/health' }
    const targetOf = (route: Route) => ({ url: worker.url + route.path, headers: headersOf(route.token) })
    const measure = (route: Route): Promise<LoadResult> => load(targetOf(route), CLIENTS, SECONDS)

    console.log(
      `\n${CLIENTS} clients, per route ${SLICES} slices of ${SLICE_MS} ms in turns with health (figures over all of each one's slices), against ${worker.url} (wrangler dev, local D1/KV), ${TODAY.toISOString().slice(0, 10)}\n`,
    )
    // Warm-up: the isolate, the sockets, the SQLite pages each route reads.
    for (const route of [health, ...chosen]) await load(targetOf(route), CLIENTS, Math.min(1, SECONDS))
    // Health alone at the start and the end; each route is compared with the health measured in
    // turns with it (loadInTurn), under the same background load.
    const baseline = await measure(health)
    const header = `${'route'.padEnd(42)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'req/s'.padStart(6)} ${'kB'.padStart(6)} ${'gz kB'.padStart(6)} ${'alone'.padStart(7)} | health ${'p95'.padStart(6)} ${'req/s'.padStart(6)} | p95<=2x rps>=1/2 <=100kB`
    console.log(header)
    console.log('-'.repeat(header.length))
    const line = (name: string, r: LoadResult, size: { bytes: number; gzip: number }, single: number, paired?: LoadResult, checks = '') =>
      console.log(
        `${name.slice(0, 42).padEnd(42)} ${ms(r.p50)} ${ms(r.p95)} ${r.rps.toFixed(0).padStart(6)} ${kb(size.bytes)} ${kb(size.gzip)} ${ms(single)} | ` +
          `${paired ? `${ms(paired.p95)} ${paired.rps.toFixed(0).padStart(6)}` : ' '.repeat(14)}        | ${checks}${r.errors ? `  (${r.errors} errors, first: ${r.firstError})` : ''}`,
      )
    line(health.name, baseline, await sizeOf(worker.url, health), await alone(worker.url, health))
    const ratios: Array<{ p95: number; rps: number; analytics: boolean }> = []
    // BENCH_GC=1: every request's send and answer times, health's and the route's, per route.
    const spans = new Map<string, [Span[], Span[]]>()
    for (const route of chosen) {
      const size = await sizeOf(worker.url, route)
      if (size.status !== 200) throw new Error(`${route.name}: ${route.path} answered ${size.status}`)
      const sides: [Span[], Span[]] = [[], []]
      if (meter) spans.set(route.name, sides)
      const [paired, r] = await loadInTurn(
        targetOf(health),
        targetOf(route),
        CLIENTS,
        SLICE_MS,
        SLICES,
        (side) => meter?.slice(route.name, side),
        meter ? (side, sentAt, answeredAt) => sides[side].push([sentAt, answeredAt]) : undefined,
      )
      meter?.end()
      const ratio = { p95: r.p95 / paired.p95, rps: r.rps / paired.rps }
      const fast = ratio.p95 <= 2
      const busy = ratio.rps >= 0.5
      const small = size.bytes <= MAX_BYTES
      if (!route.control) ratios.push({ ...ratio, analytics: isAnalytics(route) })
      failed ||= ((!fast || !busy || !small) && !route.control) || r.errors > 0
      line(
        route.name,
        r,
        size,
        await alone(worker.url, route),
        paired,
        `${mark(fast)}    ${mark(busy)}     ${mark(small)}  x${ratio.p95.toFixed(2)} ${(ratio.rps * 100).toFixed(0)} %`,
      )
    }
    const after = await measure(health)
    line('GET /api/health (again, at the end)', after, await sizeOf(worker.url, health), await alone(worker.url, health))
    console.log('')
    if (meter) {
      // Health alone at the end has pushed most of the routes' trace lines out of workerd's buffer.
      const tallies = meter.tallies()
      console.log(
        "Garbage collection pauses of the local runtime (V8 --trace-gc), summed over each route's slices and over the health slices in turns with it:",
      )
      for (const route of chosen) {
        const [inHealth, inRoute] = tallies.get(route.name) ?? [noPauses(), noPauses()]
        console.log(`  ${route.name.slice(0, 42).padEnd(42)} route: ${gcOf(inRoute)} | health: ${gcOf(inHealth)}`)
      }
      const pauses = meter.placed()
      console.log(
        `\nRequests in flight while a pause of ${LONG_PAUSE_MS} ms or more held either workerd, and the p95 of the others (route against the health in turns with it):`,
      )
      let worst = 0
      for (const route of chosen) {
        const [h, r] = (spans.get(route.name) ?? [[], []]).map((side) => pauseExposure(side, pauses, LONG_PAUSE_MS))
        const share = (e: typeof h) => `${((100 * e.caught) / Math.max(1, e.requests)).toFixed(1).padStart(4)} %`
        const untouched = r.p95Untouched / h.p95Untouched
        if (!route.control) worst = Math.max(worst, untouched)
        console.log(
          `  ${route.name.slice(0, 42).padEnd(42)} caught: route ${share(r)}, health ${share(h)} | p95 all x${(r.p95 / h.p95).toFixed(2)}, ` +
            `untouched ${ms(r.p95Untouched)} / ${ms(h.p95Untouched)} ms x${untouched.toFixed(2)}`,
        )
      }
      console.log(`  Worst p95 ratio of the requests no such pause touched: x${worst.toFixed(2)} (a diagnosis, not the verdict above)`)
      console.log('')
    }
    for (const [label, analytics] of [
      ['lists and searches', false],
      ['analytics', true],
    ] as const) {
      const group = ratios.filter((r) => r.analytics === analytics)
      if (group.length === 0) continue
      const p95 = Math.max(...group.map((r) => r.p95))
      const rps = Math.min(...group.map((r) => r.rps))
      console.log(
        `Worst of the ${label} against the health measured in turns with it: p95 x${p95.toFixed(2)} (target <= 2), throughput ${(rps * 100).toFixed(0)} % (target >= 50 %)`,
      )
    }
    if (process.env.BENCH_BROWSER !== '0') {
      console.log(
        '\nBrowser stage: Chromium at 360 px, a fresh context per page (targets: first results <= 1000 ms, longest task <= 200 ms, keystroke <= 100 ms)',
      )
      const figures = await browserStage({ baseUrl: worker.url, ids, tokens: { bigVendor: tokens.vendor, bigMarketer: tokens.marketer } })
      for (const f of figures) {
        const ok =
          f.firstResultsMs <= BROWSER_TARGETS.firstResultsMs &&
          f.longestTaskMs <= BROWSER_TARGETS.longestTaskMs &&
          (f.keystrokeMs ?? 0) <= BROWSER_TARGETS.keystrokeMs
        failed ||= !ok
        const task = f.longestTaskMs === 0 ? '    <50' : ms(f.longestTaskMs)
        const filtered = f.filteredMs === null ? '      -' : ms(f.filteredMs)
        console.log(
          `${f.page.padEnd(38)} first results ${ms(f.firstResultsMs)} ms  longest task ${task} ms  keystroke ${f.keystrokeMs === null ? '      -' : f.keystrokeMs === 0 ? '    <16' : ms(f.keystrokeMs)} ms  (filtered ${filtered} ms)  ${mark(ok)}`,
        )
      }
    }
    console.log(`\nTargets ${failed ? 'MISSED (see MISS above)' : 'met'}. Timings depend on the machine: compare routes with health from the same run.\n`)
  } finally {
    clearInterval(cron)
    await worker.stop()
  }
} finally {
  rmSync(persistTo, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
