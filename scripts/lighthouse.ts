// npm run lighthouse: builds the app, starts it on fresh local state, seeds the demo marketplace and
// runs Lighthouse (mobile emulation, simulated slow 4G and a 4x slower CPU: its defaults) with
// Debian's Chromium on the public pages people arrive at. Prints each page's four category scores
// and its FCP, LCP, TBT and CLS, the median of LIGHTHOUSE_RUNS runs (default 3) by performance.
// Reports are kept as JSON in .tmp/lighthouse/ for a closer look. LIGHTHOUSE_PAGES=buy,home
// measures only those pages (names as printed, spaces as dashes).
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { Envelope } from '../worker/contract/envelope.ts'
import { DEMO_STOREFRONT, seedDemoData } from './seed.ts'
import { applyMigrations, freePort, npxBin, ROOT, run, startWorker } from './lib/worker.ts'

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',')
  .map((name) => name.trim())
  .filter(Boolean)
const slug = (name: string) => name.replace(/\s+/g, '-')
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const REPORTS = path.join(ROOT, '.tmp', 'lighthouse')

type Measured = {
  scores: Record<(typeof CATEGORIES)[number], number>
  fcp: number
  lcp: number
  tbt: number
  cls: number
  failing: string[]
}

async function apiData<T>(base: string, route: string): Promise<T> {
  const res = await fetch(`${base}/api/${route}`)
  const body = (await res.json()) as Envelope<T>
  if (!res.ok) throw new Error(`GET /api/${route} answered ${res.status}: ${body.message}`)
  return body.data
}

/** The pages to measure, with ids taken from what the seed created. */
async function publicPages(base: string): Promise<{ name: string; url: string }[]> {
  const products = await apiData<{ ProductID: number; VendorID: number }[]>(base, 'products')
  const marketers = await apiData<{ MarketerID: number }[]>(base, 'marketers/social-media')
  const product = products[0]
  const marketer = marketers[0]
  if (!product || !marketer) throw new Error('the seed created no product or influencer')
  return [
    { name: 'buy page', url: `${base}/affiliate/track?productId=${product.ProductID}&vendorId=${product.VendorID}&marketerId=${marketer.MarketerID}` },
    { name: 'home', url: `${base}/` },
    { name: 'products', url: `${base}/products` },
    { name: 'directory', url: `${base}/influencer` },
    { name: 'profile', url: `${base}/influencer/${marketer.MarketerID}` },
    // The creator storefront the seed builds (server HTML, no script).
    { name: 'storefront', url: `${base}${DEMO_STOREFRONT.path}` },
  ]
}

async function measure(port: number, url: string, reportName: string): Promise<Measured> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  writeFileSync(path.join(REPORTS, `${reportName}.json`), JSON.stringify(lhr))
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`)
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const failing = Object.values(lhr.categories)
    .filter((category) => category.id !== 'performance')
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]))
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => audit.id)
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Measured['scores'],
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failing,
  }
}

const median = (runs: Measured[]) => [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(runs.length / 2)]
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

run(npxBin('vite'), ['build'])
run(process.execPath, [path.join(ROOT, 'scripts', 'bundle-size.ts')])
mkdirSync(REPORTS, { recursive: true })
const persistTo = mkdtempSync(path.join(ROOT, '.tmp', 'lighthouse-state-'))
applyMigrations(persistTo)
const worker = await startWorker({ port: await freePort(), persistTo, vars: { JWT_SECRET: randomBytes(32).toString('hex') } })
let chrome: chromeLauncher.LaunchedChrome | undefined
try {
  await seedDemoData(worker.url, { persistTo })
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  })
  const rows: string[][] = []
  const pages = (await publicPages(worker.url)).filter((page) => !ONLY || ONLY.some((name) => slug(page.name).startsWith(name)))
  for (const page of pages) {
    const runs: Measured[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await measure(chrome.port, page.url, `${slug(page.name)}-${i + 1}`))
    const m = median(runs)
    const s = m.scores
    rows.push([
      page.name,
      String(s.performance),
      String(s.accessibility),
      String(s['best-practices']),
      String(s.seo),
      seconds(m.fcp),
      seconds(m.lcp),
      `${Math.round(m.tbt)} ms`,
      m.cls.toFixed(3),
    ])
    console.log(`${page.name}: ${page.url}${m.failing.length ? `\n  not passing: ${m.failing.join(', ')}` : ''}`)
  }
  const header = ['Page', 'Perf', 'A11y', 'Best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS']
  console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile, simulated throttling:\n`)
  console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`)
  for (const row of rows) console.log(`| ${row.join(' | ')} |`)
} finally {
  chrome?.kill()
  await worker.stop()
  rmSync(persistTo, { recursive: true, force: true })
}
