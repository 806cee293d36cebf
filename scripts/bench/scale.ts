// npm run bench:scale: what each list, search, report, dashboard and money route costs as the
// marketplace grows. For the default data set (scripts/bench/lib/scale-data.ts: 10,000 products,
// 10,000 influencers, 100,000 leads, 150,000 daily impression rows, a commission entry per
// converted lead and the big vendor's payouts) and for one ten times larger, each generated into
// fresh local D1 state and served by `wrangler dev` (the local runtime with its defaults), it
// reports per route:
//   - rows read, from the answer's Server-Timing header (the first request: a total counted on
//     page 1 is counted there), the cost D1 bills;
//   - the answer's size;
//   - one client's median time (requests sent one at a time);
//   - throughput with 10 clients, as information only (it depends on the machine).
// Verdict: rows read flat as the data grows (at most 1.2x at ten times the data), except for the
// routes marked as counting a total over a growing filter, which are listed with their ratio.
// Env: BENCH_SCALE (the smaller data set as a fraction of the default; default 1), BENCH_FACTOR
// (how much larger the second is; default 10), BENCH_ALONE (requests per median; default 9),
// BENCH_SECONDS (10-client load per route; default 2, 0 skips it), BENCH_TODAY=YYYY-MM-DD,
// BENCH_ONLY=<text> (routes whose name contains it), BENCH_BROWSER=1 (the browser stage on the
// smaller data set: first results, longest task and keystroke times of the big pages).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import path from 'node:path'
import { signToken } from '../../worker/domain/tokens.ts'
import { applyMigrations, CRON_EVERY_MS, fireCron, freePort, npxBin, ROOT, run, startWorker } from '../lib/worker.ts'
import { load, send } from './lib/load.ts'
import { BROWSER_TARGETS, browserStage } from './lib/scale-browser.ts'
import { d1File, generateScaleData, type ScaleIds, scaleOf } from './lib/scale-data.ts'

const SCALE = Number(process.env.BENCH_SCALE ?? 1)
const FACTOR = Number(process.env.BENCH_FACTOR ?? 10)
const ALONE = Number(process.env.BENCH_ALONE ?? 9)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2)
const CLIENTS = 10
const ONLY = process.env.BENCH_ONLY ?? ''
const TODAY = process.env.BENCH_TODAY ? new Date(`${process.env.BENCH_TODAY}T12:00:00Z`) : new Date()
const SECRET = 'bench-scale-secret'
/** Flat: at FACTOR times the data, at most this many times the rows. */
const FLAT = 1.2

type Who = 'anyone' | 'vendor' | 'marketer' | 'admin'
/** `grows`: why the route reads more as the data grows (a total counted over a growing filter). */
type Route = { name: string; path: (ids: ScaleIds) => string; who: Who; page2?: true; grows?: string }

const COUNTED = 'total counted on page 1'
const EVERY_PAGE = 'total counted on every page'

const ROUTES: Route[] = [
  { name: 'products', path: () => '/api/products', who: 'anyone', grows: COUNTED },
  { name: 'products, page 2', path: () => '/api/products', who: 'anyone', page2: true },
  { name: 'products, search "kurta"', path: () => '/api/products?q=kurta', who: 'anyone', grows: COUNTED },
  { name: 'products, search "99" (grams)', path: () => '/api/products?q=99', who: 'anyone', grows: COUNTED },
  { name: "vendor's products (own)", path: (ids) => `/api/products/getProductByVendor/${ids.bigVendor}`, who: 'vendor', grows: COUNTED },
  { name: "vendor's products, search", path: (ids) => `/api/products/getProductByVendor/${ids.bigVendor}?q=silk`, who: 'anyone', grows: COUNTED },
  { name: 'affiliate product-links', path: (ids) => `/api/affiliate/product-links?marketerId=${ids.bigMarketer}`, who: 'marketer' },
  { name: 'directory, home (3)', path: () => '/api/marketers/social-media?limit=3', who: 'anyone', grows: COUNTED },
  { name: 'directory, by followers', path: () => '/api/marketers/social-media?sort=followers', who: 'anyone', grows: COUNTED },
  { name: 'directory, by name, page 2', path: () => '/api/marketers/social-media?sort=name', who: 'anyone', page2: true },
  { name: 'directory, keyword "priya"', path: () => '/api/marketers/social-media?q=priya&sort=followers', who: 'anyone', grows: COUNTED },
  {
    name: 'directory, India+verified+10k+category',
    path: () => '/api/marketers/social-media?sort=followers&countries=India&verified=true&minFollowers=10000&category=fash',
    who: 'anyone',
    grows: COUNTED,
  },
  { name: 'vendor leads', path: (ids) => `/api/leads/leadsbyvendorid/${ids.bigVendor}`, who: 'vendor' },
  { name: 'vendor leads, page 2', path: (ids) => `/api/leads/leadsbyvendorid/${ids.bigVendor}`, who: 'vendor', page2: true },
  { name: 'vendor leads, Pending', path: (ids) => `/api/leads/leadsbyvendorid/${ids.bigVendor}?status=Pending`, who: 'vendor' },
  { name: 'vendor leads, search "sharma"', path: (ids) => `/api/leads/leadsbyvendorid/${ids.bigVendor}?q=sharma`, who: 'vendor', grows: COUNTED },
  { name: 'vendor leads, by price', path: (ids) => `/api/leads/leadsbyvendorid/${ids.bigVendor}?sort=price-high`, who: 'vendor' },
  {
    name: 'vendor leads, one influencer',
    path: (ids) => `/api/leads/leadsbyvendorid/${ids.bigVendor}?marketerId=${ids.bigMarketer}`,
    who: 'vendor',
    grows: COUNTED,
  },
  { name: 'leadsdata', path: () => '/api/leads/leadsdata', who: 'vendor' },
  { name: 'influencer leads', path: (ids) => `/api/leads/leadsbymarketerid/${ids.bigMarketer}`, who: 'marketer' },
  { name: 'influencer leads, Converted', path: (ids) => `/api/leads/leadsbymarketerid/${ids.bigMarketer}?status=Converted`, who: 'marketer' },
  { name: 'vendor dashboard', path: (ids) => `/api/vendors/analytics/${ids.bigVendor}`, who: 'vendor' },
  { name: 'influencer dashboard', path: (ids) => `/api/marketers/analytics/${ids.bigMarketer}`, who: 'marketer' },
  { name: 'daily trend (vendor)', path: () => '/api/analytics/daily', who: 'vendor' },
  { name: 'My Links, 30 days', path: () => '/api/affiliate/my-links?period=30', who: 'marketer' },
  { name: 'My Links, all time, by commission', path: () => '/api/affiliate/my-links?period=all&sort=commission', who: 'marketer' },
  {
    name: 'performance by influencer, 30 days',
    path: () => '/api/vendors/performance/influencers?period=30',
    who: 'vendor',
    grows: "ranks every influencer with figures for the vendor's products",
  },
  { name: 'performance by product, 90 days', path: () => '/api/vendors/performance/products?period=90&sort=revenue', who: 'vendor' },
  // Branch money is making these flat.
  { name: 'money: balance (influencer)', path: () => '/api/money/balance', who: 'marketer' },
  { name: 'money: balance (vendor)', path: () => '/api/money/balance', who: 'vendor' },
  { name: 'money: entries (influencer)', path: () => '/api/money/entries', who: 'marketer' },
  { name: 'money: payouts (vendor)', path: () => '/api/money/payouts', who: 'vendor' },
  { name: 'money: influencers owed', path: () => '/api/money/influencers', who: 'vendor' },
  { name: 'admin influencers', path: () => '/api/admin/influencers', who: 'admin', grows: EVERY_PAGE },
  { name: 'admin products', path: () => '/api/admin/products', who: 'admin', grows: EVERY_PAGE },
  { name: 'admin overview', path: () => '/api/admin/overview', who: 'admin', grows: 'site-wide totals from the rows' },
]

type Figure = { rowsRead: number; bytes: number; aloneMs: number; rps: number | null; status: number }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

function rowsReadOf(header: string | string[] | undefined): number {
  const match = /d1-rows-read;desc="(\d+)"/.exec(String(header ?? ''))
  if (!match) throw new Error(`no d1-rows-read in Server-Timing: ${header}`)
  return Number(match[1])
}

/** Measures every chosen route on `factor` times the default data set. */
async function measure(factor: number, browser: boolean): Promise<Map<string, Figure>> {
  const persistTo = mkdtempSync(path.join(ROOT, '.tmp', 'bench-scale-'))
  try {
    applyMigrations(persistTo)
    const t0 = performance.now()
    const { ids, counts } = generateScaleData(d1File(persistTo), TODAY, factor)
    console.log(
      `\nData set x${factor} generated in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${Object.entries(counts)
        .map(([t, n]) => `${t} ${n.toLocaleString('en-IN')}`)
        .join(', ')}`,
    )
    const worker = await startWorker({
      port: Number(process.env.PORT ?? 0) || (await freePort()),
      persistTo,
      vars: { JWT_SECRET: SECRET },
      testScheduled: true,
    })
    // The Cron Trigger on production's rhythm: the dashboards then list KV only for the slots a
    // deployed app would still hold there.
    await fireCron(worker.url)
    const cron = setInterval(() => void fireCron(worker.url), CRON_EVERY_MS)
    try {
      const tokens: Record<Who, string | undefined> = {
        anyone: undefined,
        vendor: await signToken({ id: ids.bigVendor, role: 'vendor', ver: 0 }, SECRET),
        marketer: await signToken({ id: ids.bigMarketer, role: 'marketer', ver: 0 }, SECRET),
        admin: await signToken({ id: 1, role: 'admin', ver: 0 }, SECRET),
      }
      const headersOf = (who: Who): Record<string, string> => (tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {})
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      const figures = new Map<string, Figure>()
      for (const route of ROUTES.filter((r) => r.name.includes(ONLY))) {
        let url = worker.url + route.path(ids)
        const headers = headersOf(route.who)
        if (route.page2) {
          const first = JSON.parse((await send(agent, { url, headers })).body.toString()) as { paging?: { nextCursor?: string | null } }
          const cursor = first.paging?.nextCursor
          if (!cursor) throw new Error(`${route.name}: no second page`)
          url += `${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`
        }
        const res = await send(agent, { url, headers })
        const rowsRead = rowsReadOf(res.headers['server-timing'])
        const times: number[] = []
        for (let i = 0; i < ALONE; i++) {
          const start = performance.now()
          await send(agent, { url, headers })
          times.push(performance.now() - start)
        }
        const rps = SECONDS > 0 ? (await load({ url, headers }, CLIENTS, SECONDS)).rps : null
        figures.set(route.name, { rowsRead, bytes: res.bytes, aloneMs: median(times), rps, status: res.status })
      }
      agent.destroy()
      if (browser) {
        console.log('\nBrowser stage: Chromium at 360 px, a fresh context per page')
        for (const f of await browserStage({ baseUrl: worker.url, ids, tokens: { bigVendor: tokens.vendor ?? '', bigMarketer: tokens.marketer ?? '' } })) {
          const ok = f.firstResultsMs <= BROWSER_TARGETS.firstResultsMs && f.longestTaskMs <= BROWSER_TARGETS.longestTaskMs
          console.log(
            `  ${f.page.padEnd(38)} first results ${f.firstResultsMs.toFixed(0)} ms, longest task ${f.longestTaskMs.toFixed(0)} ms ${ok ? '' : '(over target)'}`,
          )
        }
      }
      return figures
    } finally {
      clearInterval(cron)
      await worker.stop()
    }
  } finally {
    rmSync(persistTo, { recursive: true, force: true })
  }
}

// wrangler dev refuses to start without the static assets directory.
if (!existsSync(path.join(ROOT, 'dist', 'web'))) run(npxBin('vite'), ['build'])
mkdirSync(path.join(ROOT, '.tmp'), { recursive: true })
const small = scaleOf(SCALE)
const large = scaleOf(SCALE * FACTOR)
console.log(
  `bench:scale on ${TODAY.toISOString().slice(0, 10)}: ${small.leads.toLocaleString('en-IN')} and ${large.leads.toLocaleString('en-IN')} leads ` +
    `(x${SCALE} and x${SCALE * FACTOR} of the default data set)`,
)
const once = await measure(SCALE, process.env.BENCH_BROWSER === '1')
const grown = await measure(SCALE * FACTOR, false)

const header = `${'route'.padEnd(40)} ${'rows'.padStart(7)} ${`rows x${FACTOR}`.padStart(9)} ${'ratio'.padStart(6)}  ${'kB'.padStart(6)} ${'ms'.padStart(6)} ${`ms x${FACTOR}`.padStart(7)} ${'req/s'.padStart(6)} ${`req/s x${FACTOR}`.padStart(10)}  verdict`
console.log(`\n${header}\n${'-'.repeat(header.length)}`)
const notFlat: string[] = []
for (const route of ROUTES) {
  const a = once.get(route.name)
  const b = grown.get(route.name)
  if (!a || !b) continue
  const ratio = b.rowsRead / Math.max(1, a.rowsRead)
  const flat = ratio <= FLAT
  if (!flat && !route.grows) notFlat.push(route.name)
  const verdict = a.status !== 200 || b.status !== 200 ? `HTTP ${a.status}/${b.status}` : flat ? 'flat' : route.grows ? `grows: ${route.grows}` : 'NOT FLAT'
  const rps = (f: Figure) => (f.rps === null ? '-' : f.rps.toFixed(0))
  console.log(
    `${route.name.slice(0, 40).padEnd(40)} ${String(a.rowsRead).padStart(7)} ${String(b.rowsRead).padStart(9)} ${ratio.toFixed(2).padStart(6)}  ` +
      `${(a.bytes / 1024).toFixed(1).padStart(6)} ${a.aloneMs.toFixed(1).padStart(6)} ${b.aloneMs.toFixed(1).padStart(7)} ${rps(a).padStart(6)} ${rps(b).padStart(10)}  ${verdict}`,
  )
}
console.log(
  notFlat.length === 0
    ? `\nRows read flat as the data grows x${FACTOR} on every route not marked as counting a total.`
    : `\nNOT FLAT at x${FACTOR} the data: ${notFlat.join(', ')}`,
)
process.exit(notFlat.length === 0 ? 0 : 1)
