// The worker's layers (README's Layout: db/ is "queries: rows in, rows out"; the house style guide
// says the same, and is kept outside the repository): db/ knows nothing of HTTP, so nothing
// under worker/db/ may import from middleware/, routes/ or services/. biome.json says the same
// in the editor (noRestrictedImports); this keeps it true in `npm test`.

import { describe, expect, it } from 'vitest'

const sources = import.meta.glob<string>('../../worker/db/**/*.ts', { query: '?raw', import: 'default', eager: true })
const FORBIDDEN_LAYERS = ['middleware', 'routes', 'services']

/** Every module specifier a file imports or re-exports from. */
function importsOf(source: string): string[] {
  return [...source.matchAll(/(?:^|\s)(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)].map((m) => m[1] ?? m[2])
}

/** The top-level folder of worker/ that `spec`, imported from `file` (a path under worker/), lands in. */
const layerOf = (file: string, spec: string) => new URL(spec, `file:///${file}`).pathname.split('/')[2]

describe('worker/db/', () => {
  it('imports nothing from middleware/, routes/ or services/', () => {
    const files = Object.entries(sources).map(([key, source]) => [key.replace('../../', ''), source] as const)
    expect(files.length).toBeGreaterThan(10)
    const crossings = files.flatMap(([file, source]) =>
      importsOf(source)
        .filter((spec) => spec.startsWith('.') && FORBIDDEN_LAYERS.includes(layerOf(file, spec)))
        .map((spec) => `${file} imports ${spec}`),
    )
    expect(crossings).toEqual([])
  })
})
