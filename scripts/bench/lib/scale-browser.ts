// The second stage of `npm run bench:scale`: the pages in Chromium (the browser targets: time
// to first results, the longest main-thread task, and the time a filter keystroke takes on /products,
// /influencer and the dashboards' leads tabs for the big vendor and the big influencer).
//
// Debian's Chromium through playwright-core (never a downloaded browser), a 360 px phone viewport
// with 4x CPU throttling off: the figures are this machine's, beside the API stage's. For each page:
// - first results: from the navigation's start to the first paint after the first result element
//   appeared (a MutationObserver notes the moment, the next animation frame is the paint);
// - longest task: the longest 'longtask' entry (tasks over 50 ms; none means under 50 ms) from the
//   navigation until the typed filter has answered;
// - keystroke: the Event Timing API's duration of the typed keys (keydown to the next paint, what
//   Chrome's INP reports), the longest of the word typed into the page's search box. The list then
//   asks the server after the 300 ms typing pause; that wait is printed apart, as 'filtered'.

import { chromium, type Page } from 'playwright-core'
import type { ScaleIds } from './scale-data.ts'

export type ScaleContext = {
  /** The running app (wrangler dev on a free port, the generated data set). */
  baseUrl: string
  ids: ScaleIds
  /** Tokens the pages' session storage can take (24 hours), for the big vendor and the big influencer. */
  tokens: { bigVendor: string; bigMarketer: string }
}

export type BrowserFigure = {
  page: string
  firstResultsMs: number
  longestTaskMs: number
  keystrokeMs: number | null
  /** From the last key to the filtered rows on screen (debounce and the server's answer included). */
  filteredMs: number | null
}

export const BROWSER_TARGETS = { firstResultsMs: 1000, longestTaskMs: 200, keystrokeMs: 100 } as const

type Probe = { firstResults: number | null; longTasks: number[]; keys: number[]; changedAt: number | null }

/** Runs before the app's code: records long tasks, key event durations and the first result's paint. */
function installProbe(selector: string) {
  const probe: Probe = { firstResults: null, longTasks: [], keys: [], changedAt: null }
  ;(window as unknown as { __probe: Probe }).__probe = probe
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push(e.duration)
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name.startsWith('key') || e.name === 'input') probe.keys.push(e.duration)
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit)
  const watch = new MutationObserver(() => {
    if (probe.firstResults === null && document.querySelector(selector)) {
      watch.disconnect()
      requestAnimationFrame(() => {
        probe.firstResults = performance.now()
      })
    }
  })
  document.addEventListener('DOMContentLoaded', () => watch.observe(document.body, { childList: true, subtree: true }))
}

type PageCase = {
  name: string
  path: string
  storage?: Record<string, string>
  /** An element that only a result (a card, a row) has. */
  result: string
  /** The search box's label, and what to type into it. */
  search: string
  typed: string
  /** A button that shows the search box first (the directory's filter panel on a phone). */
  reveal?: RegExp
}

async function measure(browserPage: Page, c: PageCase, baseUrl: string): Promise<BrowserFigure> {
  await browserPage.addInitScript(installProbe, c.result)
  await browserPage.goto(baseUrl + c.path, { waitUntil: 'domcontentloaded' })
  await browserPage.waitForFunction(() => (window as unknown as { __probe: Probe }).__probe.firstResults !== null, undefined, { timeout: 60_000 })
  const firstResultsMs = await browserPage.evaluate(() => (window as unknown as { __probe: Probe }).__probe.firstResults ?? -1)

  // Type the word as a person does, then wait for the list to change on the server's answer.
  const before = await browserPage.locator(c.result).first().textContent()
  if (c.reveal) await browserPage.getByRole('button', { name: c.reveal }).click()
  const box = browserPage.getByLabel(c.search, { exact: true })
  await box.click()
  await box.pressSequentially(c.typed, { delay: 120 })
  const typedAt = Date.now()
  let filteredMs: number | null = null
  try {
    await browserPage.waitForFunction(
      ([selector, text]) => {
        const first = document.querySelector(selector as string)
        return first === null || first.textContent !== text
      },
      [c.result, before] as const,
      { timeout: 15_000 },
    )
    filteredMs = Date.now() - typedAt
  } catch {
    filteredMs = null // the word matched the same first row: nothing visible changed
  }
  const probe = await browserPage.evaluate(() => (window as unknown as { __probe: Probe }).__probe)
  return {
    page: c.name,
    firstResultsMs,
    longestTaskMs: Math.max(0, ...probe.longTasks),
    keystrokeMs: probe.keys.length > 0 ? Math.max(...probe.keys) : 0,
    filteredMs,
  }
}

async function selfRecord(baseUrl: string, path: string, token: string): Promise<unknown> {
  const res = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${token}` } })
  const body = (await res.json()) as { data: unknown }
  if (!res.ok) throw new Error(`${path} answered ${res.status}`)
  return body.data
}

/** Runs the browser stage after the API stage, on the same server and data set. */
export async function browserStage(context: ScaleContext): Promise<BrowserFigure[]> {
  const { baseUrl, ids, tokens } = context
  const vendorData = await selfRecord(baseUrl, `/api/vendors/${ids.bigVendor}`, tokens.bigVendor)
  const marketerData = await selfRecord(baseUrl, `/api/marketers/${ids.bigMarketer}`, tokens.bigMarketer)
  const cases: PageCase[] = [
    { name: '/products', path: '/products', result: '[data-testid="product-card"]', search: 'Search products', typed: 'silk' },
    { name: '/influencer', path: '/influencer', result: '[data-testid="influencer-card"]', search: 'Search by Keyword', typed: 'priya', reveal: /Filters/ },
    {
      name: 'vendor leads tab (50,000 leads)',
      path: '/vendor?tab=leads',
      storage: { token: tokens.bigVendor, isLoggedIn: 'true', vendorData: JSON.stringify(vendorData) },
      result: '[data-lead-row]',
      search: 'Search buyers',
      typed: 'sharma',
    },
    {
      name: 'influencer leads tab (20,000 leads)',
      path: '/marketer?tab=leads',
      storage: { token: tokens.bigMarketer, isLoggedIn: 'true', marketerData: JSON.stringify(marketerData), marketerID: String(ids.bigMarketer) },
      result: '[data-lead-row]',
      search: 'Search buyers',
      typed: 'sharma',
    },
  ]
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  })
  try {
    const figures: BrowserFigure[] = []
    for (const c of cases) {
      // One warm-up visit (the server's isolate and the SQLite pages the page reads), then the
      // measured one in a fresh context: nothing cached in the browser, as a first visit.
      for (const round of ['warm-up', 'measured']) {
        const ctx = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
        if (c.storage) {
          await ctx.addInitScript((entries: Record<string, string>) => {
            for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
          }, c.storage)
        }
        const figure = await measure(await ctx.newPage(), c, baseUrl)
        await ctx.close()
        if (round === 'measured') figures.push(figure)
      }
    }
    return figures
  } finally {
    await browser.close()
  }
}
