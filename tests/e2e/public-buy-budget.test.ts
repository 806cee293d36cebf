import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_ENTRY, BUY_PAGE_BUDGET_BYTES, BUY_PAGE_ENTRY, DIST, entryWeight, readManifest } from '../../scripts/lib/bundle-size.ts'

// Reads the build that `npm test` makes before the browser suites (a size check, not a timing one).
describe('buy page JavaScript budget', () => {
  it('keeps the first visit to /affiliate/track within its budget of gzipped JavaScript (75 kB)', () => {
    const weight = entryWeight(BUY_PAGE_ENTRY)
    expect(weight.files.length).toBeGreaterThan(1)
    expect(BUY_PAGE_BUDGET_BYTES).toBe(75_000)
    expect(weight.totalGzipBytes).toBeLessThanOrEqual(BUY_PAGE_BUDGET_BYTES)
  })

  it('hydrates only the carousel and the form: the product column and the invalid-link notice are HTML only', () => {
    const manifest = readManifest()
    const read = (files: string[]) => files.map((file) => readFileSync(path.join(DIST, file), 'utf8')).join('\n')
    const buyFiles = entryWeight(BUY_PAGE_ENTRY, manifest).files.map((f) => f.file)
    const code = read(buyFiles)
    // The islands' code is there (decision 272) ...
    expect(code).toContain('Fill the Form to Buy the Product')
    expect(code).toContain('Show photo ')
    // ... what the Worker writes once is not: the price line, its fallback, the invalid-link notice.
    for (const text of ['No payment now: the seller calls you', 'Price not available', 'Browse products', 'It may have been copied incompletely']) {
      expect(code).not.toContain(text)
    }
    // The buy page's own calls stay in its own chunk, out of what the app downloads too.
    const shared = entryWeight(APP_ENTRY, manifest).files.filter((f) => buyFiles.includes(f.file))
    expect(read(shared.map((f) => f.file))).not.toContain('leads/create')
  })

  it('loads its own entry: React and the buy page, without the router, the other screens or the app toasts', () => {
    const manifest = readManifest()
    const buyFiles = entryWeight(BUY_PAGE_ENTRY, manifest).files.map((f) => f.file)
    const appOnly = entryWeight(APP_ENTRY, manifest)
      .files.map((f) => f.file)
      .filter((file) => !buyFiles.includes(file))
    expect(appOnly.length).toBeGreaterThan(0)
    const code = buyFiles.map((file) => readFileSync(path.join(DIST, file), 'utf8')).join('\n')
    // React Router's own messages, and the app's toast store (subscribeToasts) and session watch.
    expect(code).not.toContain('<Router>')
    expect(code).not.toContain('Your session has expired')
    for (const screen of ['HomePage', 'ProductsPage', 'DirectoryPage', 'VendorDashboardPage', 'MarketerDashboardPage', 'Modal']) {
      expect(buyFiles.some((file) => file.includes(screen))).toBe(false)
    }
    // The app never loads the buy page's code.
    const appCode = appOnly.map((file) => readFileSync(path.join(DIST, file), 'utf8')).join('\n')
    expect(appCode).not.toContain('Fill the Form to Buy the Product')
  })
})
