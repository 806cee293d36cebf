import { describe, expect, it } from 'vitest'
import { BUY_PAGE_BUDGET_BYTES, BUY_PAGE_MODULE, readManifest, routeWeight } from '../../scripts/lib/bundle-size.ts'

// Reads the build that `npm test` makes before the browser suites (a size check, not a timing one).
describe('buy page JavaScript budget', () => {
  it('keeps the first visit to /affiliate/track within 110 KB of gzipped JavaScript', () => {
    const weight = routeWeight(BUY_PAGE_MODULE)
    expect(weight.files.length).toBeGreaterThan(1)
    expect(weight.totalGzipBytes).toBeLessThanOrEqual(BUY_PAGE_BUDGET_BYTES)
  })

  it('loads the buy page as its own chunk, apart from the other screens', () => {
    const manifest = readManifest()
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)
    expect(entry?.imports ?? []).not.toContain(BUY_PAGE_MODULE)
    const buyFiles = routeWeight(BUY_PAGE_MODULE, manifest).files.map((f) => f.file)
    for (const screen of ['HomePage', 'ProductsPage', 'DirectoryPage', 'VendorDashboardPage', 'MarketerDashboardPage']) {
      expect(buyFiles.some((file) => file.includes(screen))).toBe(false)
    }
  })
})
