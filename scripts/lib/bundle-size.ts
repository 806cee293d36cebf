// The buy page's JavaScript budget: what a first visit to /affiliate/track
// downloads, its own entry (web/affiliate/track.html) and everything it imports statically, gzipped.
// Read from Vite's manifest so the figure follows the real chunk graph of the last build.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { ROOT } from './worker.ts'

// Decimal kilobytes (decision 015). Won back after a stopgap of 76.5 kB (decision 267) by
// hydrating only the page's carousel and form (decision 272).
export const BUY_PAGE_BUDGET_BYTES = 75_000
/** The buy page's entry in the manifest (its HTML, relative to the Vite root web/). */
export const BUY_PAGE_ENTRY = 'affiliate/track.html'
export const APP_ENTRY = 'index.html'
export const DIST = path.join(ROOT, 'dist', 'web')

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean; dynamicImports?: string[] }
export type Manifest = Record<string, ManifestChunk>

export type EntryWeight = { files: { file: string; gzipBytes: number }[]; totalGzipBytes: number }

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest
}

/** Gzipped bytes of an entry's chunk with all its static imports: what a first visit downloads. */
export function entryWeight(entryKey: string, manifest: Manifest = readManifest()): EntryWeight {
  if (!manifest[entryKey]?.isEntry) throw new Error(`${entryKey} is not an entry of the build`)
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const dep of manifest[key].imports ?? []) visit(dep)
  }
  visit(entryKey)
  const files = [...seen].map((key) => {
    const file = manifest[key].file
    return { file, gzipBytes: gzipSync(readFileSync(path.join(DIST, file))).length }
  })
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) }
}
