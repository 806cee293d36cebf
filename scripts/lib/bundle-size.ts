// The buy page's JavaScript budget (issue 5): what a first visit to /affiliate/track downloads,
// the entry chunk plus the buy route's chunk and everything either imports statically, gzipped.
// Read from Vite's manifest so the figure follows the real chunk graph of the last build.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { ROOT } from './worker.ts'

// Decimal kilobytes, the stricter reading of "110 KB".
export const BUY_PAGE_BUDGET_BYTES = 110_000
export const BUY_PAGE_MODULE = 'src/pages/buy/BuyPage.tsx'
const DIST = path.join(ROOT, 'dist', 'web')

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean }
type Manifest = Record<string, ManifestChunk>

export type RouteWeight = { files: { file: string; gzipBytes: number }[]; totalGzipBytes: number }

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest
}

/** Gzipped bytes of the entry and `moduleKey`'s chunk with all their static imports. */
export function routeWeight(moduleKey: string, manifest: Manifest = readManifest()): RouteWeight {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  if (!entry) throw new Error('The Vite manifest has no entry chunk')
  if (!manifest[moduleKey]) throw new Error(`${moduleKey} is not a chunk of the build`)
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const dep of manifest[key].imports ?? []) visit(dep)
  }
  visit(entry)
  visit(moduleKey)
  const files = [...seen].map((key) => {
    const file = manifest[key].file
    return { file, gzipBytes: gzipSync(readFileSync(path.join(DIST, file))).length }
  })
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) }
}
