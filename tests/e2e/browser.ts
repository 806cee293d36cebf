import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { type Browser, type BrowserContext, chromium, type Download, type Locator, type Page } from 'playwright-core'
import { afterEach, expect, inject } from 'vitest'

/**
 * The Worker of this file's slot (global-setup.ts): files that run at the same time never share one,
 * so a test that counts a list the whole marketplace shares sees no file running beside it.
 */
function slotWorker() {
  const workers = inject('workers')
  const slot = Number(process.env.VITEST_POOL_ID ?? 1)
  return workers[(slot - 1) % workers.length]
}
export const baseURL = () => slotWorker().baseURL
/** That Worker's local state, for what has no API (back-office accounts: admin:create writes D1). */
export const persistTo = () => slotWorker().persistTo
export const WIDTHS = [360, 1280] as const

/**
 * A connection to the run's one Chromium (global-setup.ts), so the files do not each start a
 * browser. Every test still gets fresh contexts (openPage), which share nothing with the others.
 * Closing it (afterAll) closes this file's contexts and leaves the browser to the next file.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'))
}

// Pages a test opened are closed when it ends: left open they keep polling and rendering in the
// background (on two cores that slows every later test of the file). Tests open their pages
// themselves, never in a hook, so nothing outlives the test that made it.
const opened = new Set<BrowserContext>()
afterEach(async () => {
  const contexts = [...opened]
  opened.clear()
  await Promise.all(contexts.map((context) => context.close().catch(() => {})))
})

export type OpenPage = { page: Page; problems: string[] }

/**
 * A fresh browser context at the given width. Collects uncaught errors and console errors so each
 * test can assert the page ran cleanly (HTTP error statuses the test provoked are expected noise).
 */
export async function openPage(browser: Browser, width: number, storage: Record<string, string> = {}): Promise<OpenPage> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 780 : 900 }, baseURL: baseURL() })
  opened.add(context)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() })
  if (Object.keys(storage).length > 0) {
    await context.addInitScript((entries: Record<string, string>) => {
      if (sessionStorage.getItem('__seeded')) return
      sessionStorage.setItem('__seeded', '1')
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
    }, storage)
  }
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`))
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return
    if (/Failed to load resource: the server responded with a status of (4\d\d)/.test(msg.text())) return
    problems.push(`console.error: ${msg.text()}`)
  })
  return { page, problems }
}

const SHOTS = path.join(import.meta.dirname, 'screenshots')

/**
 * Saves a full-page screenshot for human review (tests/e2e/screenshots, not committed) when the run
 * asks for them with E2E_SCREENSHOTS=1. They check nothing, and the suites take about 200 of them.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return
  mkdirSync(SHOTS, { recursive: true })
  const width = page.viewportSize()?.width ?? 0
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true })
}

/**
 * The bytes of a file the page downloaded. Read through the connection: a browser reached with
 * `connect` (launchBrowser) keeps its downloads on its own side, where `download.path()` is refused.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/** Text of every toast currently shown. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('[data-toast-type]').allInnerTexts()
}

/**
 * Closes every toast shown with its own dismiss button, for a test that looks at the page under
 * them (axe, overflow) rather than at the toasts: the same page as after their five seconds, without
 * waiting for them. The click is the element's own (no pointer at the toast's place), so an open
 * dialog's outside-click handler and focus trap see nothing.
 */
export async function dismissToasts(page: Page): Promise<void> {
  await page.locator('[data-toast-type] button[aria-label="Dismiss notification"]').evaluateAll((buttons) => {
    for (const button of buttons) (button as HTMLButtonElement).click()
  })
  await expect.poll(() => toastTexts(page)).toEqual([])
}

/** How many CSS pixels the page is wider than the viewport (0 when nothing sticks out sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth))
}

/**
 * Text that does not fit its box: every block holding text (in the top bar and the page) whose
 * content is wider than the block, unless it is cut with an ellipsis on purpose. Catches a long
 * unbroken name running over a table column or being clipped by its card. Returns a short
 * description of each offender (empty when all text wraps or truncates).
 */
export async function overflowingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>()
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue
      let block = node.parentElement
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement
      if (!block?.closest('header, main')) continue
      const style = getComputedStyle(block)
      if (style.textOverflow === 'ellipsis' || block.clientWidth <= 1 || style.visibility === 'hidden') continue
      if (block.scrollWidth > block.clientWidth + 1) {
        found.add(
          `<${block.tagName.toLowerCase()} class="${block.className}"> ${block.scrollWidth}px in ${block.clientWidth}px: ${block.textContent?.trim().slice(0, 40)}`,
        )
      }
    }
    return [...found]
  })
}

/** The page's cumulative layout shift so far, counted from before it started loading. */
export async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number }
    w.__shift = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.__shift += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return () => page.evaluate(() => (window as unknown as { __shift: number }).__shift)
}

export type FieldMark = { invalid: boolean; message: string; below: boolean; focused: boolean }

/**
 * What a form field tells a screen reader and shows about a problem: `aria-invalid`, the text of the
 * field messages it names in `aria-describedby`, whether that message sits below the input, and
 * whether the field has the focus.
 */
export async function fieldMark(field: Locator): Promise<FieldMark> {
  return field.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
    const messages = ids.map((id) => document.getElementById(id)).filter((n): n is HTMLElement => Boolean(n?.hasAttribute('data-field-error')))
    const bottom = el.getBoundingClientRect().bottom
    return {
      invalid: el.getAttribute('aria-invalid') === 'true',
      message: messages.map((n) => n.innerText.trim()).join(' '),
      below: messages.length > 0 && messages.every((n) => n.getBoundingClientRect().top >= bottom - 1),
      focused: document.activeElement === el,
    }
  })
}
